"""The fault suite: the live eBay and retailer clients, through the Dagster ingestion assets, against a
loopback server that answers 429 with Retry-After, 5xx, slow responses past the client timeout, connection
resets, truncated bodies, malformed JSON/HTML, an expired token mid-run, a `next` link that loops, empty and
oversized pages. Proves, against the server's own log: every item it served in a good response lands exactly
once, every fault it injected ends as a retry that succeeded or a row in raw.ingest_errors, and the run
finishes."""

import dagster as dg
import pytest

from pipelines.defs.raw.ebay_listings import ebay_listings
from pipelines.defs.raw.retailer_listings import retailer_listings
from tests.support.fake_market import FakeMarket
from tests.support.live import DAY, fast_retries, fetch, live_resources, queries_by_model

INGEST = [ebay_listings, retailer_listings]


def ingest(market, db, **kwargs) -> dg.ExecuteInProcessResult:
    return dg.materialize(INGEST, partition_key=DAY, resources=live_resources(market, db, **kwargs))


def error_rows(db) -> dict[tuple[str, str], tuple]:
    rows = fetch(
        db,
        "SELECT source, target, error_kind, http_status, attempts, reason FROM raw.ingest_errors "
        "WHERE snapshot_date = ?",
        [DAY],
    )
    assert len(rows) == len({(r[0], r[1]) for r in rows}), rows
    return {(r[0], r[1]): r[2:] for r in rows}


def target_of(market, endpoint: str, key: str | None) -> tuple[str, str]:
    """The raw.ingest_errors (source, target) a failure at this endpoint is recorded under."""
    first_paths = {
        "newegg": "/p/pl",
        "microcenter": "/category/4294966937/video-cards",
        "bestbuy": "/v1/products(categoryPath.id=abcat0507002)",
    }
    if endpoint in ("search", "token"):
        return "ebay", key or ""
    return endpoint, market.base_url + first_paths[endpoint]


def assert_every_fault_resolved(market, errors) -> None:
    """Each injected fault was followed by a good answer on the same URL (a retry that succeeded), or its
    query/store has a row in raw.ingest_errors."""
    for endpoint, key, path, kind, at in market.injected:
        # (the fault's own log entry is never a 200: unusable 200s are logged as "malformed" / "empty")
        later_ok = (
            any(r.path == path and r.outcome == 200 for r in market.log[at:]) if kind != "loop" else False
        )
        recorded = target_of(market, endpoint, key) in errors
        assert later_ok or recorded, (endpoint, key, kind)


@pytest.fixture
def fast(monkeypatch):
    fast_retries(monkeypatch)


def test_every_fault_ends_as_a_successful_retry_or_an_ingest_error(tmp_path, fast):
    q = queries_by_model()
    qa, qb, qc, qd, qe, qf = (
        q["rtx-3090"],
        q["rtx-4090"],
        q["tesla-p40"],
        q["rtx-a6000"],
        q["rtx-3060-12gb"],
        q["rtx-4070"],
    )
    sizes = {qa: 250, qb: 30, qc: 20, qd: 150, qe: 10, qf: 120}
    db = tmp_path / "faults.duckdb"
    with FakeMarket(
        items_per_query=sizes,
        default_items=2,
        page_size=100,
        retailer_pages=True,
        max_requests=1000,
        max_seconds=60,
    ) as market:
        market.add_faults("token", ("status", 503, None))  # first token: retried
        market.add_faults("search", ("reset",))  # first search of all: retried
        market.add_faults(
            "search",
            ("status", 429, 1),
            ("status", 500, None),
            ("ok",),  # page 1: 429, 500, ok
            ("reset",),
            ("ok",),  # page 2: reset, ok
            ("truncated",),
            key=qa,
        )  # page 3: truncated, ok
        market.add_faults(
            "search", *[("status", s, None) for s in (502, 503, 502, 503, 502)], key=qb
        )  # gives up
        market.add_faults("search", ("slow", 0.8), key=qc)  # past the 0.5 s timeout, retried
        market.add_faults("search", ("ok",), ("malformed",), key=qd)  # page 2 is not JSON
        market.add_faults("search", ("expired_token",), key=qe)  # 401 mid-run: new token
        market.add_faults("search", ("loop",), key=qf)  # `next` points at itself
        market.add_faults("newegg", ("status", 503, None), key=1)
        market.add_faults("newegg", ("reset",), key=2)
        market.add_faults("microcenter", ("slow", 0.8), key=1)  # past the timeout, retried
        market.add_faults("microcenter", *[("truncated",)] * 4, key=2)  # 4 attempts, all cut short
        market.add_faults("bestbuy", ("status", 403, None), key=1)  # Best Buy's rate limit: retried
        market.add_faults("bestbuy", ("malformed",), key=2)
        result = ingest(market, db)

    assert result.success  # the run finishes
    # every item served in a good response lands exactly once (raw tables have primary keys; compare as lists)
    stored_items = [
        r[0] for r in fetch(db, "SELECT item_id FROM raw.ebay_listings WHERE snapshot_date = ?", [DAY])
    ]
    assert sorted(stored_items) == sorted(set(market.served_items))
    assert (
        len(set(market.served_items)) == 2 * 136 + 250 + 20 + 100 + 10 + 100
    )  # qb never, qd and qf page 1 only
    stored_listings = fetch(
        db, "SELECT store, sku, condition FROM raw.retailer_listings WHERE snapshot_date = ?", [DAY]
    )
    assert sorted(stored_listings) == sorted(set(market.served_listings))
    assert {s for s, _, _ in stored_listings} == {"newegg", "microcenter", "bestbuy"}

    errors = error_rows(db)
    assert {k: v[0] for k, v in errors.items()} == {
        ("ebay", qb): "http_status",
        ("ebay", qd): "malformed_json",
        ("ebay", qf): "page_loop",
        target_of(market, "microcenter", None): "transport",
        target_of(market, "bestbuy", None): "malformed_json",  # not JSON: no selector to update
    }
    assert errors[("ebay", qb)][1:3] == (502, 5)  # last status, every attempt used
    assert errors[target_of(market, "microcenter", None)][2] == 4
    assert "not JSON" in errors[target_of(market, "bestbuy", None)][3]  # the reason says what was wrong
    assert "selectors" not in errors[target_of(market, "bestbuy", None)][3]
    assert_every_fault_resolved(market, errors)
    assert len(market.injected) == 1 + 1 + 4 + 5 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 4 + 1 + 1

    # Retry-After was honoured: the retry after the 429 came at least a second later
    after_429 = [i for i, r in enumerate(market.log) if r.outcome == 429]
    assert len(after_429) == 1
    i = after_429[0]
    retry = next(r for r in market.log[i + 1 :] if r.path == market.log[i].path)
    assert retry.at - market.log[i].at >= 0.95
    # the expired token was replaced once; every eBay call counted against the daily budget
    assert market.tokens_issued == 2
    ebay_requests = sum(1 for r in market.log if r.endpoint in ("token", "search"))
    assert fetch(db, "SELECT calls FROM raw.api_calls WHERE source = 'ebay'") == [(ebay_requests,)]


def test_empty_and_oversized_pages_become_errors_not_data(tmp_path, monkeypatch):
    fast_retries(monkeypatch, max_bytes=1_000_000)
    q = queries_by_model()
    db = tmp_path / "caps.duckdb"
    with FakeMarket(default_items=1, retailer_pages=True, max_requests=1000, max_seconds=60) as market:
        market.add_faults("search", ("huge", 3_000_000, True), key=q["rtx-3090"])  # declared too large
        market.add_faults("search", ("huge", 3_000_000, False), key=q["rtx-4090"])  # streams past the cap
        market.add_faults("search", ("empty",), key=q["tesla-p40"])
        market.add_faults("newegg", ("huge", 3_000_000, False), key=1)
        market.add_faults("microcenter", ("empty",), key=1)
        market.add_faults("bestbuy", ("huge", 3_000_000, True), key=1)
        result = ingest(market, db)
    assert result.success
    errors = {k: v[0] for k, v in error_rows(db).items()}
    assert errors == {
        ("ebay", q["rtx-3090"]): "too_large",
        ("ebay", q["rtx-4090"]): "too_large",
        ("ebay", q["tesla-p40"]): "malformed_json",
        target_of(market, "newegg", None): "too_large",
        target_of(market, "microcenter", None): "layout_changed",
        target_of(market, "bestbuy", None): "too_large",
    }
    # an oversized answer is not retried (it would be as large again); the other queries' items still land
    assert sum(1 for r in market.log if r.path.startswith("/p/pl")) == 1
    stored = [r[0] for r in fetch(db, "SELECT item_id FROM raw.ebay_listings")]
    assert sorted(stored) == sorted(set(market.served_items)) and len(stored) == 142 - 3
    assert fetch(db, "SELECT count(*) FROM raw.retailer_listings") == [(0,)]


def test_a_store_whose_next_link_loops_stops_with_an_error_and_keeps_its_pages(tmp_path, fast):
    db = tmp_path / "loop.duckdb"
    with FakeMarket(retailer_pages=True, max_requests=1000, max_seconds=60) as market:
        for store in ("newegg", "microcenter", "bestbuy"):
            market.add_faults(
                store, ("loop",), key=2
            )  # page 2 answers with page 1, whose next link is page 2
        result = dg.materialize([retailer_listings], partition_key=DAY, resources=live_resources(market, db))
    assert result.success
    errors = {k: v[0] for k, v in error_rows(db).items()}
    assert errors == {target_of(market, s, None): "page_loop" for s in ("newegg", "microcenter", "bestbuy")}
    stored = fetch(db, "SELECT store, sku, condition FROM raw.retailer_listings")
    assert sorted(stored) == sorted(set(market.served_listings))
    # each store asked for page 2 once: a loop is detected, not followed
    assert sum(1 for r in market.log if r.endpoint in ("newegg", "microcenter", "bestbuy")) == 6


def test_a_rerun_cut_short_by_the_call_budget_keeps_the_stored_day(tmp_path, fast):
    db = tmp_path / "budget.duckdb"
    with FakeMarket(default_items=3, retailer_pages=True, max_requests=2000, max_seconds=60) as market:
        first = dg.materialize([ebay_listings], partition_key=DAY, resources=live_resources(market, db))
        stored = fetch(db, "SELECT item_id FROM raw.ebay_listings ORDER BY 1")
        calls = fetch(db, "SELECT calls FROM raw.api_calls")[0][0]
        again = dg.materialize(
            [ebay_listings],
            partition_key=DAY,
            resources=live_resources(market, db, daily_call_budget=calls + 20),
        )
    assert first.success and again.success and len(stored) == 3 * 142
    assert fetch(db, "SELECT item_id FROM raw.ebay_listings ORDER BY 1") == stored  # not 19 queries' worth
    assert fetch(db, "SELECT error_kind FROM raw.ingest_errors") == [("budget_exhausted",)]
    assert fetch(db, "SELECT calls FROM raw.api_calls") == [(calls + 20,)]


def test_a_search_that_raises_leaves_no_spill_folder_for_the_garbage_collector(tmp_path, monkeypatch):
    """The eBay asset's rows spill to a temporary folder; when the searches raise (a bug, not a fault the
    client records), the folder goes at once, not when the garbage collector finds it ("Implicitly cleaning
    up", a ResourceWarning in whichever test runs then)."""
    import gc
    import tempfile
    import warnings

    from tests.conftest import sample_resources

    def broken(*args, **kwargs):
        raise RuntimeError("a bug in the searches")

    monkeypatch.setattr("pipelines.defs.raw.ebay_listings.run_searches", broken)
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        result = dg.materialize(
            [ebay_listings],
            partition_key=DAY,
            resources=sample_resources(tmp_path / "w.duckdb"),
            raise_on_error=False,
        )
        del result
        gc.collect()
    assert not list(tmp_path.glob("ebay-spill-*"))
    assert [str(w.message) for w in caught if str(tmp_path) in str(w.message)] == []
