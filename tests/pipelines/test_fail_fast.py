"""Issue 22's proof, through the daily job and the `run_daily` CLI code against a loopback server: wrong eBay
credentials end the eBay asset in under 5 s with one error row and a failed run; an unreachable eBay ends in
under 60 s with the real retry policy; in both the retailers still load, `exports/latest` stays on the
previous good day, the day is recorded as live (never labelled sample) and the run says why in one sentence."""

import shutil
from datetime import date, timedelta
from pathlib import Path
from types import SimpleNamespace

import dagster as dg
import pytest

from pipelines.definitions import definitions_with
from pipelines.run_daily import run
from pipelines.sources.ebay.queries import queries_for_catalog
from tests.conftest import DAY as GOOD_DAY
from tests.conftest import redirect_outputs
from tests.support.fake_market import FakeMarket
from tests.support.live import dead_base_url, fetch, live_resources
from warehouse.catalog import load_catalog
from warehouse.connection import connect

DAY = (date.fromisoformat(GOOD_DAY) + timedelta(days=1)).isoformat()  # the live day, after the good one
QUERIES = len(queries_for_catalog(load_catalog()))


@pytest.fixture
def warehouse_with_a_good_day(sample_run, tmp_path, monkeypatch):
    """A warehouse, export and site holding one good day (GOOD_DAY, the session's sample run, its eBay rows labelled
    live), this test's own copy, its outputs pointed at the copy."""
    shutil.copytree(sample_run["root"], tmp_path, symlinks=True, dirs_exist_ok=True)
    redirect_outputs(monkeypatch, tmp_path)
    monkeypatch.delenv("DAGSTER_HOME", raising=False)  # an ephemeral instance, not the checkout's
    assert (tmp_path / "exports" / "LATEST").read_text().strip() == GOOD_DAY
    assert (tmp_path / "exports" / "latest").resolve().parent == tmp_path / "exports"  # the copy's own
    db = tmp_path / sample_run["db"].name
    monkeypatch.setenv("GPU_MARKET_DB", str(db))  # the run's lock and paths: the copy's, not the checkout's
    # a live day never follows the sample in one warehouse (pipelines/defs/sample_days.py): the good day's eBay rows
    # stand for a good live day's
    with connect(db) as con:
        con.execute("UPDATE raw.ebay_listings SET source_mode = 'live'")
    return db


def run_live(db, ebay_base, retailer_market, capsys) -> tuple[int, str]:
    resources = live_resources(retailer_market, db, timeout_s=2.0)
    resources["ebay"] = live_resources(SimpleNamespace(base_url=ebay_base), db, timeout_s=2.0)["ebay"]
    defs = definitions_with(resources)
    code = run(["run_daily", DAY], defs=defs)
    captured = capsys.readouterr()
    return code, captured.out + captured.err


def assert_failed_day_left_latest_alone(db, root, output: str, kinds: list[str], not_run: int) -> None:
    assert (root / "exports" / "LATEST").read_text().strip() == GOOD_DAY
    assert (root / "exports" / "latest").resolve().name == GOOD_DAY
    assert not (root / "exports" / DAY).exists() and "sample" not in output.lower()
    errors = fetch(
        db,
        "SELECT error_kind, reason FROM raw.ingest_errors WHERE snapshot_date = ? AND source = 'ebay' "
        "ORDER BY recorded_at, error_kind DESC",
        [DAY],
    )
    assert [e[0] for e in errors] == kinds and errors[-1][1].endswith(f"; {not_run} queries not run")
    runs = dict(
        ((s, (m, o)))
        for s, m, o in fetch(
            db, "SELECT source, source_mode, outcome FROM raw.source_runs WHERE snapshot_date = ?", [DAY]
        )
    )
    assert runs["ebay"] == ("live", "failed") and runs["retailers"] == (
        "live",
        "ok",
    )  # the other source went on
    assert fetch(db, "SELECT count(*) FROM raw.retailer_listings WHERE snapshot_date = ?", [DAY])[0][0] > 0
    assert fetch(db, "SELECT count(*) FROM marts.gpu_value WHERE snapshot_date = ?", [DAY])[0][0] == 0


def ebay_seconds(db) -> float:
    (seconds,) = fetch(
        db,
        "SELECT epoch(finished_at - started_at) FROM raw.source_runs "
        "WHERE snapshot_date = ? AND source = 'ebay'",
        [DAY],
    )[0]
    return seconds


def test_wrong_credentials_fail_the_day_at_once(warehouse_with_a_good_day, tmp_path, capsys):
    db = warehouse_with_a_good_day
    with FakeMarket(retailer_pages=True, max_seconds=60) as market:
        market.add_faults("token", *[("invalid_client",)] * 200)
        code, output = run_live(db, market.base_url, market, capsys)
        token_requests = [r for r in market.log if r.endpoint == "token"]
        searches = [r for r in market.log if r.endpoint == "search"]
    # one token request per eBay source (listings, sold items), then nothing: before, one per search (142)
    assert code == 1 and len(token_requests) == 2 and not searches
    assert (
        f"daily_refresh failed for {DAY} (live mode): raw.ebay_listings: eBay refused the credentials "
        f"(401 invalid_client): check EBAY_CLIENT_ID / EBAY_CLIENT_SECRET; {QUERIES} searches not run"
    ) in output
    assert f"exports/latest still points at {GOOD_DAY}" in output
    assert ebay_seconds(db) < 5
    assert_failed_day_left_latest_alone(db, tmp_path, output, ["auth_refused"], QUERIES)
    assert "fake-secret" not in output


def test_an_unreachable_ebay_fails_the_day_within_a_minute(
    warehouse_with_a_good_day, tmp_path, capsys, monkeypatch
):
    db = warehouse_with_a_good_day
    # the real policy's waits between attempts are added up, not slept (15 s of an idle test worker): the day's
    # time is its own running time plus every wait it would have slept
    waits: list[float] = []
    monkeypatch.setattr("pipelines.sources.http_session.wait_before_retry", waits.append)
    with FakeMarket(retailer_pages=True, max_seconds=90) as market:
        code, output = run_live(db, dead_base_url(), market, capsys)
    assert code == 1
    assert "raw.ebay_listings: eBay could not be reached (10 failures in a row on 127.0.0.1:" in output
    # the first search failed on its own (5 attempts, recorded); the second reached 10 failures in a row
    assert f"check the network and EBAY_BASE_URL; {QUERIES - 1} searches not run" in output
    # each eBay source (listings, sold items) waits 4 times between its first search's 5 attempts, then 4 times
    # in its second search, up to the 10th failure in a row
    assert len(waits) >= 8 and all(0 <= w <= 30 for w in waits)
    assert ebay_seconds(db) + sum(waits) < 60
    assert_failed_day_left_latest_alone(db, tmp_path, output, ["transport", "host_down"], QUERIES - 1)


def test_a_bug_names_its_root_cause_in_one_line_and_logs_its_traceback(tmp_path, monkeypatch, capsys):
    from pipelines.partitions import daily_partitions
    from pipelines.resources import EbayResource

    redirect_outputs(monkeypatch, tmp_path)
    monkeypatch.delenv("DAGSTER_HOME", raising=False)
    monkeypatch.setenv("GPU_MARKET_DB", str(tmp_path / "w.duckdb"))

    @dg.asset(partitions_def=daily_partitions)
    def broken() -> None:
        raise RuntimeError("a bug")

    @dg.asset(partitions_def=daily_partitions)
    def refused() -> None:
        raise dg.Failure(description="the source said no")

    job = dg.define_asset_job("daily_refresh")
    defs = dg.Definitions(
        assets=[broken, refused], jobs=[job], resources={"ebay": EbayResource(mode="sample")}
    )
    code = run(["run_daily", DAY], defs=defs)
    err = capsys.readouterr().err
    assert code == 1
    failed = [line for line in err.splitlines() if line.startswith("daily_refresh failed")]
    assert len(failed) == 1 and failed[0].startswith(f"daily_refresh failed for {DAY} (sample mode): ")
    assert "broken: RuntimeError: a bug: this is a bug: the traceback is in the log (traceback: " in err
    log = Path(err.split("(traceback: ")[1].split(")")[0])
    assert log.parent == tmp_path / "logs"
    assert (
        'raise RuntimeError("a bug")' in log.read_text() and "Stack Trace" not in err
    )  # the whole traceback
    assert "the source said no" in err and 'raise dg.Failure(description="the source said no")' not in err
