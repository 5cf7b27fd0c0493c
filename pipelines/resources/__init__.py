"""Resources configured from the environment (secrets through EnvVar, never logged)."""

import dagster as dg

from pipelines.resources.alerts import DEFAULT_WATCHLIST, AlertsResource
from pipelines.resources.cloud_catalog import CloudCatalogResource
from pipelines.resources.ebay import EbayResource
from pipelines.resources.fx_rates import FxRatesResource
from pipelines.resources.market_rules import DEFAULT_MIN_SELLER_FEEDBACK_PCT, MarketRulesResource
from pipelines.resources.retailers import RetailersResource
from pipelines.resources.spec_pages import SpecPagesResource
from pipelines.resources.warehouse import WarehouseResource
from pipelines.settings import LEGACY_SETTING, LIVE, sample_days, source_mode
from pipelines.sources.circuit_breaker import DEFAULT_MAX_CONSECUTIVE_FAILURES
from pipelines.sources.cloud.gpuhunt_catalog import CATALOG_URL, PROVIDERS
from pipelines.sources.ebay.marketplaces import MARKETPLACES
from pipelines.sources.ebay.replay import sample_marketplaces
from pipelines.sources.ecb_rates import ECB_URL
from pipelines.user_errors import UserError
from warehouse.connection import memory_limit
from warehouse.environment import (
    env_bool,
    env_float,
    env_int,
    env_list,
    env_pattern,
    env_set,
    env_text,
    env_url,
    open_box_as_new,
)
from warehouse.paths import db_path, read_db_path


def _secret(name: str) -> str | dg.EnvVar:
    """EnvVar when set (Dagster then never shows the value); empty otherwise (sample mode needs none)."""
    return dg.EnvVar(name) if env_set(name) else ""


def marketplace_ids(mode: str = "live") -> list[str]:
    """EBAY_MARKETPLACES (comma separated; EBAY_MARKETPLACE_ID, one id, is still read), each one eBay knows.
    Unset: EBAY_US live, and every marketplace the bundled sample has in sample mode."""
    default = ("EBAY_US",) if mode == LIVE else tuple(sample_marketplaces())
    legacy = env_pattern(
        "EBAY_MARKETPLACE_ID", "", r"EBAY_[A-Z_]{2,10}", "an eBay marketplace id such as EBAY_US"
    )
    ids = env_list(
        "EBAY_MARKETPLACES",
        (legacy,) if legacy else default,
        r"EBAY_[A-Z_]{2,10}",
        "eBay marketplace ids such as EBAY_US,EBAY_GB",
    )
    unknown = [m for m in ids if m not in MARKETPLACES]
    if unknown:
        # the variable the user set (thirty-sixth review: EBAY_MARKETPLACE_ID=EBAY_JP was named EBAY_MARKETPLACES)
        named = "EBAY_MARKETPLACES" if env_text("EBAY_MARKETPLACES") is not None else "EBAY_MARKETPLACE_ID"
        raise UserError(
            f"{named}: unknown marketplace {', '.join(unknown)}; known are {', '.join(MARKETPLACES)}"
        )
    return list(dict.fromkeys(ids))


def build_resources() -> dict:
    """Every resource, configured from the environment; a malformed value raises a one-line UserError."""
    mode = source_mode()
    failures = env_int("SOURCE_MAX_CONSECUTIVE_FAILURES", DEFAULT_MAX_CONSECUTIVE_FAILURES, minimum=1)
    sample_days()  # read by run_daily, checked here with every other setting
    env_bool(LEGACY_SETTING, False)  # read by the machine and pick assets' run config (S1/S2)
    try:
        memory_limit()  # read by every warehouse connection
    except ValueError as exc:
        raise UserError(str(exc)) from None
    return {
        "warehouse": WarehouseResource(db_path=str(db_path()), read_db_path=str(read_db_path())),
        "rules": MarketRulesResource(
            min_seller_feedback_pct=env_float(
                "GPU_MARKET_MIN_SELLER_FEEDBACK_PCT", DEFAULT_MIN_SELLER_FEEDBACK_PCT, maximum=100.0
            ),
            open_box_as_new=open_box_as_new(),
        ),
        "ebay": EbayResource(
            mode=mode,
            client_id=_secret("EBAY_CLIENT_ID"),
            client_secret=_secret("EBAY_CLIENT_SECRET"),
            marketplace_ids=marketplace_ids(mode),
            base_url=env_url("EBAY_BASE_URL", "https://api.ebay.com"),
            daily_call_budget=env_int("EBAY_DAILY_CALL_BUDGET", 5000),
            max_calls_per_second=env_float("EBAY_MAX_CALLS_PER_SECOND", 4.0),
            max_consecutive_failures=failures,
        ),
        "retailers": RetailersResource(
            mode=mode,
            bestbuy_api_key=_secret("BESTBUY_API_KEY"),
            newegg_base_url=env_url("NEWEGG_BASE_URL", "https://www.newegg.com"),
            microcenter_base_url=env_url("MICROCENTER_BASE_URL", "https://www.microcenter.com"),
            microcenter_store_id=env_pattern(
                "MICROCENTER_STORE_ID", "131", r"\d{1,5}", "a Micro Center store number"
            ),
            bestbuy_base_url=env_url("BESTBUY_BASE_URL", "https://api.bestbuy.com"),
            requests_per_second=env_float("RETAILER_REQUESTS_PER_SECOND", 1.0),
            max_consecutive_failures=failures,
        ),
        "spec_pages_source": SpecPagesResource(mode=mode, max_consecutive_failures=failures),
        "fx": FxRatesResource(mode=mode, url=env_url("ECB_RATES_URL", ECB_URL)),
        "cloud_catalog": CloudCatalogResource(
            mode=mode,
            base_url=env_url("GPUHUNT_CATALOG_URL", CATALOG_URL),
            providers=env_list(
                "GPUHUNT_PROVIDERS", PROVIDERS, r"[a-z0-9]+", "gpuhunt provider ids such as aws,gcp"
            ),
            max_consecutive_failures=failures,
        ),
        "alerts": AlertsResource(
            watchlist_path=env_text("GPU_MARKET_WATCHLIST") or str(DEFAULT_WATCHLIST),
            urls=_secret("GPU_MARKET_ALERT_URLS"),
        ),
    }
