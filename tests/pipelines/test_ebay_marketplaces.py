"""eBay marketplaces as config: each marketplace's search request in eBay's documented form (header, language,
category, currency and location filters), the queries interleaved over the marketplaces, rows that keep their
marketplace and currency, and a clear error for a marketplace eBay does not have."""

from datetime import date
from urllib.parse import parse_qs

import httpx
import polars as pl
import pytest

from pipelines.resources import marketplace_ids
from pipelines.sources.ebay.ingest import SpilledRows, run_searches
from pipelines.sources.ebay.marketplaces import MARKETPLACES
from pipelines.sources.ebay.queries import queries_for_catalog
from pipelines.user_errors import UserError
from tests.pipelines.test_ebay_client import Recorder, make_client, page
from warehouse.catalog import load_catalog

EXPECTED = {  # marketplace: (currency, item location, Accept-Language)
    "EBAY_US": ("USD", "US", "en-US"),
    "EBAY_GB": ("GBP", "GB", "en-GB"),
    "EBAY_DE": ("EUR", "DE", "de-DE"),
    "EBAY_FR": ("EUR", "FR", "fr-FR"),
    "EBAY_IT": ("EUR", "IT", "it-IT"),
    "EBAY_ES": ("EUR", "ES", "es-ES"),
    "EBAY_CA": ("CAD", "CA", "en-CA"),
    "EBAY_AU": ("AUD", "AU", "en-AU"),
}


@pytest.mark.parametrize("market_id", sorted(EXPECTED))
def test_each_marketplace_sends_its_header_language_category_and_filters(market_id):
    currency, country, language = EXPECTED[market_id]
    recorder = Recorder([page([])])
    client, _ = make_client(recorder)
    [query] = queries_for_catalog(load_catalog(), ["rtx-3090"], marketplaces=[market_id])
    list(client.search(query))
    [search] = recorder.searches
    assert search.headers["X-EBAY-C-MARKETPLACE-ID"] == market_id
    assert search.headers["Accept-Language"] == language
    params = parse_qs(search.url.query.decode())
    assert params["category_ids"] == ["27386"] and params["limit"] == ["200"]
    assert params["filter"] == [
        f"buyingOptions:{{FIXED_PRICE}},conditionIds:{{1000|1500|2000|2010|2020|2030|2500|3000|7000}},"
        f"priceCurrency:{currency},itemLocationCountry:{country}"
    ]
    assert MARKETPLACES[market_id].currency == currency and MARKETPLACES[market_id].region == country


def test_every_configured_marketplace_is_documented_with_its_vat_and_category_basis():
    for market in MARKETPLACES.values():
        assert market.vat_included == (market.country not in ("US", "CA"))
        assert market.category_basis.startswith(("seen in", "ASSUMPTION"))
    assert MARKETPLACES["EBAY_CA"].browse_search == "unconfirmed"


def test_queries_go_model_by_model_over_the_marketplaces_so_a_short_budget_covers_each():
    queries = queries_for_catalog(
        load_catalog(), ["rtx-3090", "rtx-4090"], marketplaces=["EBAY_US", "EBAY_DE"]
    )
    assert [(q.model_id, q.marketplace_id) for q in queries] == [
        ("rtx-3090", "EBAY_US"),
        ("rtx-3090", "EBAY_DE"),
        ("rtx-4090", "EBAY_US"),
        ("rtx-4090", "EBAY_DE"),
    ]
    assert [q.target for q in queries][:2] == ["RTX 3090", "EBAY_DE: RTX 3090"]


def test_rows_keep_their_marketplace_and_currency_and_one_item_may_show_on_two(tmp_path):
    item = {"itemId": "v1|111|0", "title": "RTX 3090 24GB", "conditionId": "3000"}

    def answer(request: httpx.Request) -> httpx.Response:
        currency = {"EBAY_GB": "GBP", "EBAY_DE": "EUR"}[request.headers["X-EBAY-C-MARKETPLACE-ID"]]
        return page([{**item, "price": {"value": "600.00", "currency": currency}}])

    client, _ = make_client(Recorder([answer, answer]))
    queries = queries_for_catalog(load_catalog(), ["rtx-3090"], marketplaces=["EBAY_GB", "EBAY_DE"])
    sink = SpilledRows(tmp_path)
    errors = run_searches(client, queries, date(2026, 11, 20), "live", lambda m: None, sink)
    rows = pl.read_parquet(sink.files).select("marketplace_id", "item_id", "currency", "price").rows()
    assert not errors and rows == [
        ("EBAY_GB", "v1|111|0", "GBP", 600.0),
        ("EBAY_DE", "v1|111|0", "EUR", 600.0),
    ]


def test_an_unknown_marketplace_is_a_clear_error_and_the_old_single_variable_still_works(monkeypatch):
    monkeypatch.setenv("EBAY_MARKETPLACES", "EBAY_US,EBAY_XX")
    with pytest.raises(UserError, match="unknown marketplace EBAY_XX; known are EBAY_US, EBAY_GB"):
        marketplace_ids()
    monkeypatch.delenv("EBAY_MARKETPLACES")
    monkeypatch.setenv("EBAY_MARKETPLACE_ID", "EBAY_GB")
    assert marketplace_ids() == ["EBAY_GB"]


def test_progress_is_logged_every_ten_seconds_and_at_the_end(tmp_path, monkeypatch):
    """A live day's searches take minutes (eBay's rate, retries): a progress line every PROGRESS_EVERY_S, and
    one at the end; an instant replay logs only the last."""
    from pipelines.sources.ebay import ingest

    item = {
        "itemId": "v1|111|0",
        "title": "RTX 3090 24GB",
        "conditionId": "3000",
        "price": {"value": "600.00"},
    }
    queries = queries_for_catalog(
        load_catalog(), ["rtx-3090", "rtx-4090", "rtx-4080"], marketplaces=["EBAY_US"]
    )
    clock = iter([0.0, 4.0, 11.0, 12.0, 13.0])  # the start, then one reading after each query (and a reset)
    monkeypatch.setattr(ingest, "_clock", lambda: next(clock))
    said: list[str] = []
    client, _ = make_client(Recorder([lambda r: page([item])] * 3))
    assert run_searches(client, queries, date(2026, 11, 20), "live", said.append, SpilledRows(tmp_path)) == []
    # after query 1 (4 s): nothing; after query 2 (11 s): a line; after query 3: the last line
    assert said == [
        "eBay: 2/3 queries, 1 distinct items so far",
        "eBay: 3/3 queries, 1 distinct items so far",
    ]
