"""The one home of environment reads: every environment variable the project reads (pipelines, warehouse,
dashboards) goes through these functions, checked on the way in. A malformed value is a UserError naming the
variable and the form expected (never a `ValueError: invalid literal for int()` from deep inside).

Below `pipelines/` so that the warehouse and the dashboards, which also run without Dagster, read their file
locations and DuckDB's memory cap here too. Secrets are only tested for presence here (`env_set`): their values
reach the resources as Dagster `EnvVar`s and are never echoed in a message. tests/warehouse/test_environment.py
fails when a module reads the environment anywhere else.
"""

import os
import re
from pathlib import Path

from transforms.conditions import OPEN_BOX_AS_NEW


class UserError(ValueError):
    """Bad input from the user (a day, an environment variable); its message is the whole story."""


def env_text(name: str) -> str | None:
    """The variable's value with surrounding blanks removed; None when unset or blank."""
    value = os.environ.get(name)
    return value.strip() if value and value.strip() else None


def env_set(name: str) -> bool:
    """Whether the variable holds a value (a secret's presence, never its value)."""
    return env_text(name) is not None


def env_path(name: str, default: Path | str) -> Path:
    """A file or folder location: the variable's value, else `default`."""
    return Path(env_text(name) or default)


def bad_setting(name: str, value: str, expected: str, example: str) -> UserError:
    """The error for a malformed value: the variable, the value, the form expected and an example."""
    return UserError(f"{name}={value!r} is not valid: expected {expected}, e.g. {name}={example}")


def env_int(name: str, default: int, minimum: int = 0) -> int:
    value = env_text(name)
    if value is None:
        return default
    if not re.fullmatch(r"\d+", value) or int(value) < minimum:
        raise bad_setting(name, value, f"a whole number >= {minimum}", str(default))
    return int(value)


def env_float(name: str, default: float, minimum: float = 0.0, maximum: float | None = None) -> float:
    """A number from the environment, `minimum` to `maximum` (thirty-sixth review: a feedback floor of 150% was
    taken, and the day failed later for a price coverage it could not have)."""
    value = env_text(name)
    if value is None:
        return default
    try:
        number = float(value)
    except ValueError:
        number = None
    too_big = maximum is not None and number is not None and number > maximum
    if number is None or number != number or number < minimum or number == float("inf") or too_big:
        expected = (
            f"a number from {minimum:g} to {maximum:g}" if maximum is not None else f"a number >= {minimum:g}"
        )
        raise bad_setting(name, value, expected, f"{default:g}")
    return number


def env_bool(name: str, default: bool) -> bool:
    value = env_text(name)
    if value is None:
        return default
    if value.lower() not in ("true", "false", "1", "0", "yes", "no"):
        raise bad_setting(name, value, "true or false", str(default).lower())
    return value.lower() in ("true", "1", "yes")


def open_box_as_new() -> bool:
    """Whether open-box units are priced with new ones (GPU_MARKET_OPEN_BOX_AS_NEW): the run's market rule
    (pipelines/resources/market_rules.py)."""
    return env_bool("GPU_MARKET_OPEN_BOX_AS_NEW", OPEN_BOX_AS_NEW)


def env_url(name: str, default: str) -> str:
    value = env_text(name)
    if value is None:
        return default
    if not re.fullmatch(r"https?://[^\s/?#]+(/[^\s?#]*)?", value):
        raise bad_setting(name, value, "an http(s) base URL without query", default)
    return value.rstrip("/")


def env_pattern(name: str, default: str, pattern: str, expected: str) -> str:
    value = env_text(name)
    if value is None:
        return default
    if not re.fullmatch(pattern, value):
        raise bad_setting(name, value, expected, default)
    return value


def env_list(name: str, default: tuple[str, ...], item_pattern: str, expected: str) -> list[str]:
    """A comma-separated list, each item matching item_pattern."""
    value = env_text(name)
    if value is None:
        return list(default)
    items = [item.strip() for item in value.split(",") if item.strip()]
    if not items or not all(re.fullmatch(item_pattern, item) for item in items):
        raise bad_setting(name, value, expected, ",".join(default))
    return items
