"""Secrets: the eBay client secret, the Best Buy key, the alert target and the issued access token never appear in Python logs,
stdout/stderr, the Dagster event log or run record, the warehouse, the exports, the dashboard or exceptions.

The run is the whole daily job in live mode, configured the way production is: EBAY_BASE_URL and the
retailer base URL env vars read by `build_resources()`, secrets through Dagster EnvVar; the loopback server
answers with a few faults so that error rows, retry logs and a token refresh all happen."""

import base64
import logging

import dagster as dg
import duckdb
import polars as pl
import pytest

from pipelines.definitions import project_defs
from pipelines.resources import CloudCatalogResource, FxRatesResource, SpecPagesResource, build_resources
from pipelines.sources.ebay.auth import EbayTokenProvider
from pipelines.sources.http_session import FetchError, HttpSession, RetryPolicy
from tests.support.fake_market import FakeMarket
from tests.support.live import DAY, fast_retries, queries_by_model

EBAY_ID = "ebay-app-id-4410"
EBAY_SECRET = "EBAYSECRET-7f3a9c21d0"
BESTBUY_KEY = "BBYKEY-52e1d0aa9f"
TOKEN_PREFIX = "ACCESSTOKEN-91b2e6-"
ALERT_SECRET = "ALERTHOOK-3c8d0e5b12"  # the alert target (GPU_MARKET_ALERT_URLS): a port nothing listens on


def forbidden(market) -> list[str]:
    basic = base64.b64encode(f"{EBAY_ID}:{EBAY_SECRET}".encode()).decode()
    return [EBAY_SECRET, BESTBUY_KEY, basic, TOKEN_PREFIX, ALERT_SECRET, *market.issued_tokens]


def assert_clean(where: str, text: str, market) -> None:
    for secret in forbidden(market):
        assert secret not in text, f"{secret!r} leaked into {where}"


def text_columns_of_every_table(con) -> str:
    """Every row of every table, as text (a byte scan alone could miss compressed strings)."""
    out = []
    for schema, table in con.execute("SELECT schema_name, table_name FROM duckdb_tables()").fetchall():
        out.append(repr(con.execute(f'SELECT * FROM "{schema}"."{table}"').fetchall()))
    return "\n".join(out)


@pytest.fixture
def live_env(tmp_path, monkeypatch):
    fast_retries(monkeypatch)
    q = queries_by_model()
    market = FakeMarket(
        items_per_query={q["rtx-3090"]: 12, q["rtx-4090"]: 8},
        default_items=1,
        page_size=5,
        token_prefix=TOKEN_PREFIX,
        bestbuy_key=BESTBUY_KEY,
        retailer_pages=True,
        max_requests=2000,
        max_seconds=90,
    )
    (tmp_path / "watchlist.yaml").write_text(
        "watch:\n  - name: any-3090\n    model_id: rtx-3090\n    max_price_usd: 5000\n"
    )
    with market:
        for name, value in {
            "GPU_MARKET_SOURCE": "live",
            "EBAY_CLIENT_ID": EBAY_ID,
            "EBAY_CLIENT_SECRET": EBAY_SECRET,
            "BESTBUY_API_KEY": BESTBUY_KEY,
            "EBAY_BASE_URL": market.base_url,
            "NEWEGG_BASE_URL": market.base_url,
            "MICROCENTER_BASE_URL": market.base_url,
            "BESTBUY_BASE_URL": market.base_url,
            "EBAY_MAX_CALLS_PER_SECOND": "0",
            "RETAILER_REQUESTS_PER_SECOND": "0",
            "GPU_MARKET_DB": str(tmp_path / "live.duckdb"),
            "GPU_MARKET_EXPORT_DIR": str(tmp_path / "exports"),
            "GPU_MARKET_DASHBOARD": str(tmp_path / "site" / "index.html"),
            "GPU_MARKET_WATCHLIST": str(tmp_path / "watchlist.yaml"),
            "GPU_MARKET_ALERT_URLS": f"json://127.0.0.1:9/{ALERT_SECRET}",
        }.items():
            monkeypatch.setenv(name, value)
        market.add_faults("search", ("status", 429, 0), ("expired_token",))  # a retry and a token refresh
        market.add_faults(
            "search",
            ("ok",),
            ("status", 500, None),
            ("status", 500, None),
            ("status", 500, None),
            ("status", 500, None),
            ("status", 500, None),
            key=q["rtx-4090"],
        )  # fails, URL in the reason
        market.add_faults("bestbuy", *[("status", 503, None)] * 4, key=2)  # fails, apiKey in its URL
        yield market, tmp_path


def test_secrets_never_leave_the_process(live_env, caplog, capfd, dagster_instance):
    market, root = live_env
    caplog.set_level(logging.DEBUG)  # every logger, httpx and httpcore included
    resources = build_resources()
    assert isinstance(resources["ebay"].client_secret, dg.EnvVar)  # the secret reaches Dagster as a reference
    assert isinstance(resources["retailers"].bestbuy_api_key, dg.EnvVar)
    assert isinstance(resources["alerts"].urls, dg.EnvVar)
    resources["spec_pages_source"] = SpecPagesResource(mode="sample")  # spec sites are not faked: no network
    resources["cloud_catalog"] = CloudCatalogResource(mode="sample")  # nor is the cloud price catalog
    resources["fx"] = FxRatesResource(mode="sample")  # nor the ECB
    instance = dagster_instance
    result = dg.materialize(project_defs().assets, partition_key=DAY, resources=resources, instance=instance)
    assert result.success

    # the run really used the secrets and the fake served what was asked
    assert market.tokens_issued == 2 and market.last_token_request["authorization"].startswith("Basic ")
    db = root / "live.duckdb"
    with duckdb.connect(str(db), read_only=True) as con:
        assert con.execute("SELECT count(*) FROM raw.ebay_listings").fetchone()[0] == len(
            set(market.served_items)
        )
        assert con.execute("SELECT count(DISTINCT store) FROM raw.retailer_listings").fetchone()[0] == 3
        reasons = con.execute("SELECT source, reason FROM raw.ingest_errors ORDER BY source").fetchall()
        assert [s for s, _ in reasons] == ["bestbuy", "ebay"]
        assert (
            "apiKey=%2A%2A%2A" in reasons[0][1] or "apiKey=***" in reasons[0][1]
        )  # the URL is there, redacted
        # an alert was matched and its delivery to the secret target tried and failed, without the target
        assert con.execute(
            "SELECT count(*), max(attempts), any_value(last_error) FROM marts.alerts"
        ).fetchone()[1:] == (1, "target 1 of 1 did not accept it")
        assert_clean("the warehouse tables", text_columns_of_every_table(con), market)

    # Python logs (every logger, every level), stdout/stderr
    assert_clean(
        "Python logging", "\n".join(f"{r.name} {r.getMessage()} {r.args!r}" for r in caplog.records), market
    )
    out, err = capfd.readouterr()
    assert_clean("stdout/stderr", out + err, market)
    # the Dagster event log, run record and job snapshot
    events = instance.all_logs(result.run_id)
    assert any("retry" in (e.user_message or "") for e in events)  # the retry logs are there, and clean
    assert_clean("the Dagster event log", "\n".join(dg.serialize_value(e) for e in events), market)
    run = instance.get_run_by_id(result.run_id)
    assert_clean("the Dagster run record", dg.serialize_value(run), market)
    assert_clean(
        "the job snapshot", dg.serialize_value(instance.get_job_snapshot(run.job_snapshot_id)), market
    )
    # the warehouse file's bytes, the exports and the dashboard
    for path in [db, *root.glob("*.wal"), *(root / "exports").rglob("*"), *(root / "site").rglob("*")]:
        if path.is_file():
            assert_clean(str(path), path.read_bytes().decode("latin-1"), market)
            if path.suffix == ".parquet":
                assert_clean(str(path), repr(pl.read_parquet(path).rows()), market)


def test_auth_failures_do_not_show_credentials_in_exceptions(monkeypatch):
    with FakeMarket(max_requests=50, max_seconds=30) as market:
        market.add_faults("token", ("status", 401, None))
        market.add_faults("token", *[("status", 503, None)] * 3)
        import httpx

        http = httpx.Client(timeout=2)
        session = HttpSession(http, RetryPolicy(max_attempts=3, base_delay_s=0.001), sleep=lambda s: None)
        provider = EbayTokenProvider(session, market.base_url, EBAY_ID, EBAY_SECRET)
        for _ in range(2):
            with pytest.raises(FetchError) as caught:
                provider.token()
            shown = "".join(
                [str(caught.value), repr(caught.value), repr(provider), repr(caught.value.__cause__)]
            )
            assert (
                EBAY_SECRET not in shown
                and base64.b64encode(f"{EBAY_ID}:{EBAY_SECRET}".encode()).decode() not in shown
            )
        http.close()
