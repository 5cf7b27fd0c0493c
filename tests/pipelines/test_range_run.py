"""One computation per mart: a range run (many days in one call, what `make rebuild` does and benchmark 2
times) writes exactly what the daily runs write.

A small simulated warehouse is built twice: once by materializing the listing marts day after day, once by
one range run over all the days; the marts must be equal. Then a range run over a sub-range replaces only
those days, and again agrees."""

import shutil
from datetime import date, timedelta
from pathlib import Path

import dagster as dg
import polars as pl
import pytest
from polars.testing import assert_frame_equal

from pipelines.partitions import range_tags
from pipelines.range_run import listing_mart_assets, run_listing_marts
from pipelines.resources.market_rules import MarketRulesResource
from pipelines.resources.warehouse import WarehouseResource
from tools.bench_common import build_warehouse
from warehouse.connection import connect
from warehouse.writes import read_frame

START, DAYS = date(2026, 10, 1), 12
# the simulated listings the days draw from: 2,000 (0.7 s to simulate) rather than the benchmark's 20,000 (6.6 s),
# well over a day's 400; which listings they are does not matter to a range run agreeing with daily runs
POOL = 2_000
SORT = {
    "price_daily": ["snapshot_date", "model_id", "condition", "source"],
    "gpu_value": ["snapshot_date", "model_id", "condition"],
    "budget_picks": ["snapshot_date", "budget_usd", "use_case", "condition", "pick_rank"],
    "deals": ["snapshot_date", "source", "listing_id"],
}


@pytest.fixture(scope="module")
def simulated(tmp_path_factory) -> Path:
    """DAYS days of 400 simulated listings, built once for the module; each test works on its own copy."""
    db = tmp_path_factory.mktemp("range_template") / "w.duckdb"
    build_warehouse(db, START, DAYS, 400, log=lambda _: None, pool_size=POOL)
    return db


def _marts(db) -> dict[str, pl.DataFrame]:
    with connect(db, read_only=True) as con:
        return {t: read_frame(con, f"SELECT * FROM marts.{t}").sort(keys) for t, keys in SORT.items()}


def test_a_range_run_writes_what_the_daily_runs_write(tmp_path, monkeypatch, simulated):
    daily, ranged = tmp_path / "daily.duckdb", tmp_path / "range.duckdb"
    shutil.copyfile(simulated, daily)
    shutil.copyfile(simulated, ranged)

    resources = {"warehouse": WarehouseResource(db_path=str(daily)), "rules": MarketRulesResource()}
    for i in range(DAYS):
        day = (START + timedelta(days=i)).isoformat()
        assert dg.materialize(listing_mart_assets(), partition_key=day, resources=resources).success
    import warehouse.marts.days as days_builder
    import warehouse.marts.price_daily as price_daily_builder

    # the range's prices in three parts, oldest first, and gpu_value's and budget_picks' frames in three parts
    monkeypatch.setattr(price_daily_builder, "CHUNK_DAYS", 5)
    monkeypatch.setattr(days_builder, "FRAME_PART_DAYS", 5)
    result = run_listing_marts(ranged, START, START + timedelta(days=DAYS - 1))
    assert result.success
    events = result.get_asset_materialization_events()
    assert len({e.step_key for e in events}) == len(SORT)  # one run, one step per asset for the whole range
    assert len(events) == len(SORT) * DAYS  # each day of the range recorded as materialized

    by_day, by_range = _marts(daily), _marts(ranged)
    assert by_day["price_daily"].height > DAYS * 20
    assert by_day["deals"].height > 0 and by_day["budget_picks"].height > 0
    assert by_day["price_daily"]["change_7d_pct"].drop_nulls().len() > 0  # the history was read
    for table in SORT:
        assert_frame_equal(by_range[table], by_day[table], check_exact=False, rel_tol=1e-9)

    # a sub-range is replaced in place, the days outside it untouched
    run_listing_marts(ranged, START + timedelta(days=4), START + timedelta(days=8))
    again = _marts(ranged)
    for table in SORT:
        assert_frame_equal(again[table], by_day[table], check_exact=False, rel_tol=1e-9)


def test_price_daily_and_deals_bucket_open_box_the_same_way(tmp_path, simulated):
    """One setting (MarketRulesResource.open_box_as_new) for every mart: with open box as its own bucket,
    price_daily has open_box rows and every deal's bucket is one price_daily has for its day."""
    db = tmp_path / "w.duckdb"
    shutil.copyfile(simulated, db)
    run_listing_marts(db, START, START + timedelta(days=DAYS - 1), MarketRulesResource(open_box_as_new=False))
    with connect(db, read_only=True) as con:
        buckets = {r[0] for r in con.execute("SELECT DISTINCT condition FROM marts.price_daily").fetchall()}
        orphan_deals = con.execute(
            "SELECT count(*) FROM marts.deals d ANTI JOIN marts.price_daily p "
            "ON p.snapshot_date = d.snapshot_date AND p.model_id = d.model_id AND p.condition = d.condition "
            "AND p.source = 'all'"
        ).fetchone()[0]
    assert "open_box" in buckets and orphan_deals == 0


def test_the_blocking_price_checks_judge_every_day_of_a_range_run(tmp_path, simulated):
    from pipelines.defs.marts.price_daily import price_coverage, price_plausible

    db = tmp_path / "w.duckdb"
    shutil.copyfile(simulated, db)
    last = START + timedelta(days=DAYS - 1)
    result = dg.materialize(
        [listing_mart_assets()[0], price_coverage, price_plausible],
        resources={"warehouse": WarehouseResource(db_path=str(db)), "rules": MarketRulesResource()},
        tags=range_tags(START, last),
        raise_on_error=False,
    )
    evaluations = {e.check_name: e for e in result.get_asset_check_evaluations()}
    assert set(evaluations) == {"price_coverage", "price_plausible"}
    assert evaluations["price_coverage"].passed  # every simulated day prices enough models

    # a day without listings in the range fails coverage, and the check names it
    with connect(db) as con:
        con.execute("DELETE FROM staging.listings WHERE snapshot_date = ?", [START + timedelta(days=3)])
    again = dg.materialize(
        [listing_mart_assets()[0], price_coverage],
        resources={"warehouse": WarehouseResource(db_path=str(db)), "rules": MarketRulesResource()},
        tags=range_tags(START, last),
        raise_on_error=False,
    )
    coverage = again.get_asset_check_evaluations()[0]
    assert (
        not coverage.passed
        and f"1 of {DAYS} days fail, the first {START + timedelta(days=3)}" in coverage.description
    )


def test_make_rebuild_runs_the_range_and_refuses_bad_input(tmp_path, monkeypatch, capsys):
    from pipelines.range_run import main

    db = tmp_path / "w.duckdb"
    build_warehouse(db, START, DAYS, 200, log=lambda _: None, pool_size=POOL)
    monkeypatch.setenv("GPU_MARKET_DB", str(db))
    monkeypatch.delenv("DAGSTER_HOME", raising=False)
    last = START + timedelta(days=DAYS - 1)
    assert main(["range_run", START.isoformat(), last.isoformat()]) == 0
    out = capsys.readouterr().out
    assert f"for {START}..{last}" in out
    # thirty-sixth review: what it leaves as it was, said (the published copy and the export kept the old rule)
    assert "not rebuilt: the marts built from these" in out and "published copy" in out
    with connect(db, read_only=True) as con:
        days = con.execute("SELECT count(DISTINCT snapshot_date) FROM marts.price_daily").fetchone()[0]
    assert days == DAYS
    assert main(["range_run", last.isoformat(), START.isoformat()]) == 2
    assert "is before the first day" in capsys.readouterr().err
    assert main(["range_run", "yesterday"]) == 2


def test_llm_workload_fit_over_a_range_writes_what_its_daily_runs_write(tmp_path, monkeypatch):
    """Issue 35 item 10: marts.llm_workload_fit computes a range of days in one run, a few days per write
    (CHUNK_DAYS, set to 2 here so that the range spans several writes), and writes what its daily runs write."""
    from pipelines.defs.marts import llm_workload_fit as module

    daily, ranged = tmp_path / "daily.duckdb", tmp_path / "range.duckdb"
    build_warehouse(daily, START, 5, 300, log=lambda _: None, pool_size=POOL)
    last = START + timedelta(days=4)
    run_listing_marts(daily, START, last)
    shutil.copyfile(daily, ranged)
    asset = module.llm_workload_fit
    for i in range(5):
        day = (START + timedelta(days=i)).isoformat()
        resources = {"warehouse": WarehouseResource(db_path=str(daily))}
        assert dg.materialize([asset], partition_key=day, resources=resources).success
    monkeypatch.setattr(module, "CHUNK_DAYS", 2)
    result = dg.materialize(
        [asset], tags=range_tags(START, last), resources={"warehouse": WarehouseResource(db_path=str(ranged))}
    )
    assert result.success and len(result.get_asset_materialization_events()) == 2 * 5  # both tables, each day
    keys = ["snapshot_date", "workload", "condition", "model_id", "gpu_count"]
    frames = []
    for db in (daily, ranged):
        with connect(db, read_only=True) as con:
            frames.append(read_frame(con, "SELECT * FROM marts.llm_workload_fit").sort(keys))
    assert frames[0]["snapshot_date"].n_unique() == 5 and frames[0].filter(pl.col("fits")).height > 0
    assert_frame_equal(frames[1], frames[0], check_exact=False, rel_tol=1e-9)


def test_the_benchmark_invoking_the_assets_directly_writes_what_the_range_run_writes(tmp_path, simulated):
    """Benchmark 2 (tools/bench_common.listing_mart_assets_over) calls the listing marts' assets outside any
    run, each in a context with resources; it must keep working and compute what `make rebuild` computes."""
    from tools.bench_common import listing_mart_assets_over

    direct, ranged = tmp_path / "direct.duckdb", tmp_path / "range.duckdb"
    shutil.copyfile(simulated, direct)
    shutil.copyfile(simulated, ranged)
    last = START + timedelta(days=DAYS - 1)
    laps, written, _ = listing_mart_assets_over(direct, START, last)
    assert set(laps) == set(written) == set(SORT) and all(written.values())
    assert run_listing_marts(ranged, START, last).success
    by_direct, by_range = _marts(direct), _marts(ranged)
    for table in SORT:
        assert_frame_equal(by_direct[table], by_range[table], check_exact=False, rel_tol=1e-9)
