"""Resources configured from the environment (secrets through EnvVar, never logged)."""

import os

import dagster as dg

from pipelines.resources.ebay import EbayResource
from pipelines.resources.retailers import RetailersResource
from pipelines.resources.spec_pages import SpecPagesResource
from pipelines.resources.warehouse import WarehouseResource
from pipelines.source_mode import source_mode
from warehouse.paths import db_path


def _secret(name: str) -> str | dg.EnvVar:
    """EnvVar when set (Dagster then never shows the value); empty otherwise (sample mode needs none)."""
    return dg.EnvVar(name) if os.environ.get(name) else ""


def build_resources() -> dict:
    mode = source_mode()
    env = os.environ.get
    return {
        "warehouse": WarehouseResource(db_path=str(db_path())),
        "ebay": EbayResource(
            mode=mode, client_id=_secret("EBAY_CLIENT_ID"), client_secret=_secret("EBAY_CLIENT_SECRET"),
            marketplace_id=env("EBAY_MARKETPLACE_ID") or "EBAY_US",
            base_url=env("EBAY_BASE_URL") or "https://api.ebay.com",
            daily_call_budget=int(env("EBAY_DAILY_CALL_BUDGET") or 5000),
            max_calls_per_second=float(env("EBAY_MAX_CALLS_PER_SECOND") or 4.0),
        ),
        "retailers": RetailersResource(
            mode=mode, bestbuy_api_key=_secret("BESTBUY_API_KEY"),
            newegg_base_url=env("NEWEGG_BASE_URL") or "https://www.newegg.com",
            microcenter_base_url=env("MICROCENTER_BASE_URL") or "https://www.microcenter.com",
            microcenter_store_id=env("MICROCENTER_STORE_ID") or "131",
            bestbuy_base_url=env("BESTBUY_BASE_URL") or "https://api.bestbuy.com",
            requests_per_second=float(env("RETAILER_REQUESTS_PER_SECOND") or 1.0),
        ),
        "spec_pages_source": SpecPagesResource(mode=mode),
    }
