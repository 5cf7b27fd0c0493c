"""Retailer fetching: robots.txt, honest User-Agent, per-host rate limit, retries (Best Buy's 403), layout
changes as errors, and one failing store leaving the others' rows."""

from datetime import date

import dagster as dg
import duckdb
import httpx
import pytest

from pipelines.defs.raw.retailer_checks import retailer_store_counts
from pipelines.resources import RetailersResource, WarehouseResource
from pipelines.sources.http_session import FetchError, HttpSession, RetryPolicy, Throttle
from pipelines.sources.retailers import replay
from pipelines.sources.retailers.client import USER_AGENT, RetailerClient
from pipelines.sources.retailers.stores import bestbuy_spec, newegg_spec

PAGES = replay.SAMPLE_DIR


def client_for(spec, handler, sleeps=None, per_second=0.0, clock=None):
    http = httpx.Client(transport=httpx.MockTransport(handler))
    throttle = Throttle(
        per_second,
        **({"clock": clock} if clock else {}),
        sleep=(sleeps.append if sleeps is not None else (lambda s: None)),
    )
    policy = RetryPolicy(
        max_attempts=3,
        base_delay_s=0.01,
        retry_statuses=frozenset({500, 502, 503, 504}) | spec.rate_limit_statuses,
    )
    return RetailerClient(spec, HttpSession(http, policy, throttle, sleep=lambda s: None))


def newegg_pages(request: httpx.Request) -> httpx.Response:
    if request.url.path == "/robots.txt":
        return httpx.Response(200, text="User-agent: *\nDisallow: /cart\n")
    n = request.url.params.get("page", "1")
    return httpx.Response(200, content=(PAGES / "newegg" / f"search-page-{n}.html").read_bytes())


def test_pages_are_followed_with_an_honest_user_agent():
    seen = []

    def handler(request):
        seen.append(request)
        return newegg_pages(request)

    client = client_for(newegg_spec("https://shop.test"), handler)
    pages = list(client.pages())
    assert len(pages) == 2 and sum(len(p.page.listings) for p in pages) == 19
    assert seen[0].url.path == "/robots.txt"
    assert all(r.headers["User-Agent"] == USER_AGENT and "gpu-market" in USER_AGENT for r in seen)


def test_robots_txt_disallow_is_honoured():
    requested = []

    def handler(request):
        requested.append(request.url.path)
        if request.url.path == "/robots.txt":
            return httpx.Response(200, text="User-agent: *\nDisallow: /p/\n")
        return httpx.Response(200, text="should never be fetched")

    client = client_for(newegg_spec("https://shop.test"), handler)
    with pytest.raises(FetchError) as err:
        list(client.pages())
    assert err.value.kind == "robots_disallowed"
    assert requested == ["/robots.txt"]


def test_per_host_rate_limit_spaces_requests():
    now, sleeps = [0.0], []

    def sleep(s):
        sleeps.append(s)
        now[0] += s

    http = httpx.Client(transport=httpx.MockTransport(newegg_pages))
    throttle = Throttle(2.0, clock=lambda: now[0], sleep=sleep)
    client = RetailerClient(newegg_spec("https://shop.test"), HttpSession(http, RetryPolicy(), throttle))
    list(client.pages())
    assert sleeps == [pytest.approx(0.5)] * 2  # robots, page 1, page 2: two waits of 1/2 s


def test_bestbuy_403_is_its_rate_limit_and_is_retried():
    answers = [httpx.Response(403, text="Over quota"), None]

    def handler(request):
        answer = answers.pop(0) if answers else None
        if answer is not None:
            return answer
        cursor = request.url.params.get("cursorMark")
        n = 1 if cursor == "*" else 2
        return httpx.Response(200, content=(PAGES / "bestbuy" / f"products-page-{n}.json").read_bytes())

    client = client_for(bestbuy_spec("k", "https://bb.test"), handler)
    pages = list(client.pages())
    assert [len(p.page.listings) for p in pages] == [6, 4]


def test_a_changed_layout_is_an_error_not_an_empty_result():
    def handler(request):
        if request.url.path == "/robots.txt":
            return httpx.Response(404)
        return httpx.Response(200, content=(PAGES / "newegg" / "layout-changed.html").read_bytes())

    with pytest.raises(FetchError) as err:
        list(client_for(newegg_spec("https://shop.test"), handler).pages())
    assert err.value.kind == "layout_changed" and "no item cells" in err.value.reason


def test_one_store_failing_keeps_the_other_stores_rows(tmp_path, monkeypatch):
    from pipelines.defs.raw.retailer_listings import retailer_listings

    monkeypatch.setitem(replay.HTML_PAGES, "newegg", "layout-changed.html")
    db = tmp_path / "r.duckdb"
    result = dg.materialize(
        [retailer_listings],
        partition_key="2026-11-20",
        resources={
            "warehouse": WarehouseResource(db_path=str(db)),
            "retailers": RetailersResource(mode="sample"),
        },
    )
    assert result.success
    with duckdb.connect(str(db), read_only=True) as con:
        per_store = dict(
            con.execute("SELECT store, count(*) FROM raw.retailer_listings GROUP BY store").fetchall()
        )
        errors = con.execute("SELECT source, error_kind FROM raw.ingest_errors").fetchall()
    assert "newegg" not in per_store and per_store["microcenter"] > 0 and per_store["bestbuy"] > 0
    assert errors == [("newegg", "layout_changed")]


def seed_counts(db, rows, errors=()):
    with duckdb.connect(str(db)) as con:
        from warehouse.migrations import apply_migrations

        apply_migrations(con)
        for day, store, n in rows:
            for i in range(n):
                con.execute(
                    "INSERT INTO raw.retailer_listings (snapshot_date, store, sku, condition, source_mode) "
                    "VALUES (?, ?, ?, 'new', 'sample')",
                    [day, store, f"s{i}"],
                )
        for day, store in errors:
            con.execute(
                "INSERT INTO raw.ingest_errors (snapshot_date, source, error_kind, reason, recorded_at, source_mode) "
                "VALUES (?, ?, 'http_status', 'down', now(), 'sample')",
                [day, store],
            )


def test_check_fails_when_a_store_that_answered_yields_nothing(tmp_path):
    db = tmp_path / "c.duckdb"
    d1, d2 = date(2026, 11, 19), date(2026, 11, 20)
    seed_counts(
        db,
        [
            (d1, "newegg", 10),
            (d1, "microcenter", 10),
            (d1, "bestbuy", 10),
            (d2, "microcenter", 10),
            (d2, "bestbuy", 10),
        ],
    )
    result = retailer_store_counts(WarehouseResource(db_path=str(db)), RetailersResource())
    assert not result.passed and "newegg" in result.description


def test_check_does_not_blame_a_store_that_did_not_answer_but_warns_on_a_halving(tmp_path):
    db = tmp_path / "c.duckdb"
    d1, d2 = date(2026, 11, 19), date(2026, 11, 20)
    seed_counts(
        db,
        [
            (d1, "newegg", 10),
            (d1, "microcenter", 10),
            (d1, "bestbuy", 10),
            (d2, "microcenter", 4),
            (d2, "bestbuy", 10),
        ],
        errors=[(d2, "newegg")],
    )
    result = retailer_store_counts(WarehouseResource(db_path=str(db)), RetailersResource())
    assert not result.passed and result.severity == dg.AssetCheckSeverity.WARN
    assert "microcenter" in result.description


def test_check_passes_when_every_store_holds_steady(tmp_path):
    db = tmp_path / "c.duckdb"
    d1, d2 = date(2026, 11, 19), date(2026, 11, 20)
    seed_counts(db, [(d, s, 10) for d in (d1, d2) for s in ("newegg", "microcenter", "bestbuy")])
    assert retailer_store_counts(WarehouseResource(db_path=str(db)), RetailersResource()).passed


def test_check_leaves_out_a_store_the_run_does_not_read(tmp_path):
    """An operator's re-test: live without BESTBUY_API_KEY, Best Buy is skipped, and the check failed every day with
    "stores answered but yielded nothing: ['bestbuy']"; in sample mode (Best Buy read) its silence still fails."""
    db = tmp_path / "c.duckdb"
    d1, d2 = date(2026, 11, 19), date(2026, 11, 20)
    seed_counts(db, [(d, s, 10) for d in (d1, d2) for s in ("newegg", "microcenter")])
    assert retailer_store_counts(WarehouseResource(db_path=str(db)), RetailersResource(mode="live")).passed
    blamed = retailer_store_counts(WarehouseResource(db_path=str(db)), RetailersResource())
    assert not blamed.passed and "bestbuy" in blamed.description
