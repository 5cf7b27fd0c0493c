"""Source mode: `GPU_MARKET_SOURCE=sample|live`; default live when eBay credentials are set, else sample."""

import os

SAMPLE, LIVE = "sample", "live"


def source_mode() -> str:
    explicit = (os.environ.get("GPU_MARKET_SOURCE") or "").strip().lower()
    if explicit in (SAMPLE, LIVE):
        return explicit
    if explicit:
        raise ValueError(f"GPU_MARKET_SOURCE must be 'sample' or 'live', not {explicit!r}")
    has_keys = os.environ.get("EBAY_CLIENT_ID") and os.environ.get("EBAY_CLIENT_SECRET")
    return LIVE if has_keys else SAMPLE
