"""eBay sold items (Marketplace Insights): ingested apart from asking prices for a key with access; a key
without it is told so once and the source is recorded as skipped; sample mode skips it."""

import dagster as dg
import duckdb

from pipelines.defs.raw.ebay_sold_items import ebay_sold_items
from pipelines.sources.ebay.sold import split_filter
from tests.support.fake_market import FakeMarket
from tests.support.live import DAY, fetch, live_resources, queries_by_model


def sold(item_id: str, price: str, quantity: int = 1) -> dict:
    return {
        "itemId": item_id,
        "title": f"RTX 3090 24GB sold {item_id}",
        "lastSoldPrice": {"value": price, "currency": "USD"},
        "lastSoldDate": "2026-11-18T14:03:11.000Z",
        "totalSoldQuantity": quantity,
        "conditionId": "3000",
        "itemWebUrl": f"https://www.ebay.com/itm/{item_id}",
    }


def ingest(market, db):
    resources = {k: v for k, v in live_resources(market, db).items() if k in ("ebay", "warehouse")}
    return dg.materialize([ebay_sold_items], partition_key=DAY, resources=resources)


def test_a_key_with_access_ingests_sale_prices_apart_from_asking_prices(tmp_path):
    q = queries_by_model()["rtx-3090"]
    with FakeMarket(
        insights_access=True,
        page_size=2,
        sold_items={q: [sold("v1|1|0", "655.00"), sold("v1|2|0", "702.50", 2), sold("v1|3|0", "690.00")]},
    ) as market:
        assert ingest(market, tmp_path / "w.duckdb").success
        sold_requests = [r for r in market.log if r.endpoint == "sold"]
        scope = market.last_token_request["body"]
    rows = fetch(
        tmp_path / "w.duckdb",
        "SELECT item_id, last_sold_price, total_sold_quantity, last_sold_date::VARCHAR, "
        "query_model_id FROM raw.ebay_sold_items ORDER BY item_id",
    )
    assert rows == [
        ("v1|1|0", 655.0, 1, "2026-11-18 14:03:11", "rtx-3090"),
        ("v1|2|0", 702.5, 2, "2026-11-18 14:03:11", "rtx-3090"),
        ("v1|3|0", 690.0, 1, "2026-11-18 14:03:11", "rtx-3090"),
    ]  # paged through `next`
    assert "buy.marketplace.insights" in scope and len(sold_requests) > 100
    assert "buyingOptions" not in sold_requests[0].path  # an auction's sale counts
    with duckdb.connect(str(tmp_path / "w.duckdb"), read_only=True) as con:
        assert con.execute("SELECT outcome FROM raw.source_runs WHERE source = 'ebay_sold'").fetchone() == (
            "ok",
        )
        assert con.execute("SELECT count(*) FROM raw.ebay_listings").fetchone() == (
            0,
        )  # asking prices untouched


def test_a_key_without_access_is_told_once_and_skipped(tmp_path):
    with FakeMarket() as market:
        result = ingest(market, tmp_path / "w.duckdb")
        token_requests = [r for r in market.log if r.endpoint == "token"]
    assert result.success and len(token_requests) == 1
    ((outcome, message),) = fetch(
        tmp_path / "w.duckdb", "SELECT outcome, message FROM raw.source_runs WHERE source = 'ebay_sold'"
    )
    assert outcome == "skipped" and message.startswith(
        "this key has no access to eBay's Marketplace Insights API"
    )
    assert "invalid_scope" in message
    assert fetch(tmp_path / "w.duckdb", "SELECT count(*) FROM raw.ebay_sold_items") == [(0,)]
    assert fetch(tmp_path / "w.duckdb", "SELECT count(*) FROM raw.ingest_errors") == [(0,)]


def test_filters_keep_their_braces():
    assert split_filter("buyingOptions:{FIXED_PRICE},conditionIds:{1000|3000},priceCurrency:USD") == [
        "buyingOptions:{FIXED_PRICE}",
        "conditionIds:{1000|3000}",
        "priceCurrency:USD",
    ]


def test_sample_mode_skips_and_says_so(sample_run):
    assert fetch(
        sample_run["db"], "SELECT outcome, message FROM raw.source_runs WHERE source = 'ebay_sold'"
    ) == [("skipped", "sample mode: there is no sample of sold data")]
