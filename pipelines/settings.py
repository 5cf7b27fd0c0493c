"""The pipeline's source mode, read from the environment through warehouse/environment.py (the one home of
environment reads, with the checked readers the resources use).

Secrets (EBAY_CLIENT_SECRET, BESTBUY_API_KEY) are only tested for presence: their values reach the resources
as Dagster `EnvVar`s and are never echoed in a message.
"""

from warehouse.environment import UserError, bad_setting, env_int, env_set, env_text

SAMPLE, LIVE = "sample", "live"
DEFAULT_SAMPLE_DAYS = (
    14  # days the offline sample shows, the sample day included (pipelines/defs/sample_days.py)
)


def sample_days() -> int:
    """GPU_MARKET_SAMPLE_DAYS: how many days the offline sample shows (1: the sample day alone)."""
    return env_int("GPU_MARKET_SAMPLE_DAYS", DEFAULT_SAMPLE_DAYS, minimum=1)


# S1/S2's switch (transforms/tiers/rules.py): the default of the machine and pick assets' allow_legacy_cards
LEGACY_SETTING = "GPU_MARKET_ALLOW_LEGACY_CARDS"


def source_mode() -> str:
    """`GPU_MARKET_SOURCE=sample|live`; without it, live when both eBay keys are set, else sample."""
    explicit = env_text("GPU_MARKET_SOURCE")
    has_keys = env_set("EBAY_CLIENT_ID") and env_set("EBAY_CLIENT_SECRET")
    if explicit is None:
        return LIVE if has_keys else SAMPLE
    if explicit.lower() not in (SAMPLE, LIVE):
        raise bad_setting("GPU_MARKET_SOURCE", explicit, "sample or live", SAMPLE)
    if explicit.lower() == LIVE and not has_keys:
        raise UserError(
            "GPU_MARKET_SOURCE=live needs EBAY_CLIENT_ID and EBAY_CLIENT_SECRET in the environment"
        )
    return explicit.lower()
