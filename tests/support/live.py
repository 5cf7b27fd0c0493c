"""Helpers for running the live clients against the loopback FakeMarket: resources pointed at it, retries
without long waits, and reading the warehouse back."""

import socket
from functools import partial

import duckdb

from pipelines.resources import EbayResource, RetailersResource
from pipelines.sources.http_session import RetryPolicy
from tests.conftest import sample_resources
from warehouse.catalog import load_catalog

DAY = "2026-11-20"


def fast_retries(monkeypatch, base_delay_s: float = 0.005, max_delay_s: float = 2.0, **policy) -> None:
    """Every RetryPolicy the resources build backs off for milliseconds (Retry-After still wins)."""
    fast = partial(RetryPolicy, base_delay_s=base_delay_s, max_delay_s=max_delay_s, **policy)
    for module in (
        "pipelines.resources.ebay",
        "pipelines.resources.retailers",
        "pipelines.resources.spec_pages",
        "pipelines.resources.cloud_catalog",
        "pipelines.resources.fx_rates",
    ):
        monkeypatch.setattr(f"{module}.RetryPolicy", fast)


def live_resources(
    market,
    db_path,
    *,
    client_id: str = "fake-id",
    client_secret: str = "fake-secret",
    bestbuy_key: str = "fake-bestbuy-key",
    timeout_s: float = 0.5,
    **ebay,
) -> dict:
    """Live-mode eBay and stores against the loopback market; the other sources stay on the bundled sample (no
    network)."""
    return {
        **sample_resources(db_path),
        "ebay": EbayResource(
            mode="live",
            client_id=client_id,
            client_secret=client_secret,
            base_url=market.base_url,
            max_calls_per_second=0,
            timeout_s=timeout_s,
            **ebay,
        ),
        "retailers": RetailersResource(
            mode="live",
            newegg_base_url=market.base_url,
            microcenter_base_url=market.base_url,
            bestbuy_base_url=market.base_url,
            bestbuy_api_key=bestbuy_key,
            requests_per_second=0,
            timeout_s=timeout_s,
        ),
    }


def queries_by_model() -> dict[str, str]:
    return dict(load_catalog().select("model_id", "search_query").iter_rows())


def fetch(db_path, sql: str, params=None) -> list[tuple]:
    with duckdb.connect(str(db_path), read_only=True) as con:
        return con.execute(sql, params or []).fetchall()


def dead_base_url() -> str:
    """An http://127.0.0.1 URL on a port nothing listens on: every connection is refused."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return f"http://127.0.0.1:{probe.getsockname()[1]}"
