"""Settings read from the environment, checked on the way in: a malformed value is a UserError naming the
variable and the form expected (never a `ValueError: invalid literal for int()` from deep inside).

Secrets (EBAY_CLIENT_SECRET, BESTBUY_API_KEY) are not read here: they reach the resources as Dagster
`EnvVar`s and are never echoed in a message.
"""

import os
import re

from pipelines.user_errors import UserError

SAMPLE, LIVE = "sample", "live"


def _raw(name: str) -> str | None:
    value = os.environ.get(name)
    return value.strip() if value and value.strip() else None


def _bad(name: str, value: str, expected: str, example: str) -> UserError:
    return UserError(f"{name}={value!r} is not valid: expected {expected}, e.g. {name}={example}")


def env_int(name: str, default: int, minimum: int = 0) -> int:
    value = _raw(name)
    if value is None:
        return default
    if not re.fullmatch(r"\d+", value) or int(value) < minimum:
        raise _bad(name, value, f"a whole number >= {minimum}", str(default))
    return int(value)


def env_float(name: str, default: float, minimum: float = 0.0) -> float:
    value = _raw(name)
    if value is None:
        return default
    try:
        number = float(value)
    except ValueError:
        number = None
    if number is None or number != number or number < minimum or number == float("inf"):
        raise _bad(name, value, f"a number >= {minimum:g}", f"{default:g}")
    return number


def env_bool(name: str, default: bool) -> bool:
    value = _raw(name)
    if value is None:
        return default
    if value.lower() not in ("true", "false", "1", "0", "yes", "no"):
        raise _bad(name, value, "true or false", str(default).lower())
    return value.lower() in ("true", "1", "yes")


def env_url(name: str, default: str) -> str:
    value = _raw(name)
    if value is None:
        return default
    if not re.fullmatch(r"https?://[^\s/?#]+(/[^\s?#]*)?", value):
        raise _bad(name, value, "an http(s) base URL without query", default)
    return value.rstrip("/")


def env_pattern(name: str, default: str, pattern: str, expected: str) -> str:
    value = _raw(name)
    if value is None:
        return default
    if not re.fullmatch(pattern, value):
        raise _bad(name, value, expected, default)
    return value


def env_list(name: str, default: tuple[str, ...], item_pattern: str, expected: str) -> list[str]:
    """A comma-separated list, each item matching item_pattern."""
    value = _raw(name)
    if value is None:
        return list(default)
    items = [item.strip() for item in value.split(",") if item.strip()]
    if not items or not all(re.fullmatch(item_pattern, item) for item in items):
        raise _bad(name, value, expected, ",".join(default))
    return items


def source_mode() -> str:
    """`GPU_MARKET_SOURCE=sample|live`; without it, live when both eBay keys are set, else sample."""
    explicit = _raw("GPU_MARKET_SOURCE")
    has_keys = bool(_raw("EBAY_CLIENT_ID") and _raw("EBAY_CLIENT_SECRET"))
    if explicit is None:
        return LIVE if has_keys else SAMPLE
    if explicit.lower() not in (SAMPLE, LIVE):
        raise _bad("GPU_MARKET_SOURCE", explicit, "sample or live", SAMPLE)
    if explicit.lower() == LIVE and not has_keys:
        raise UserError(
            "GPU_MARKET_SOURCE=live needs EBAY_CLIENT_ID and EBAY_CLIENT_SECRET in the environment"
        )
    return explicit.lower()
