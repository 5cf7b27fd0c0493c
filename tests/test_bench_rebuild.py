"""The benchmarks' bulk marts rebuild (tools/bench_common.rebuild_marts) computes what the daily assets do.

Benchmark 2 times that bulk path; if it drifted from the assets, its figure would describe other work.
A small simulated warehouse is built twice: once by running the price_daily, gpu_value, budget_picks and
deals assets day after day, once by the bulk rebuild in chunks of 5 days (so the 30-day carry between
chunks is exercised); the marts must agree.
"""

import shutil
from datetime import date, timedelta

import dagster as dg
import polars as pl
from polars.testing import assert_frame_equal

from pipelines.assets import marts_prices, marts_value
from pipelines.resources.warehouse import WarehouseResource
from tools.bench_common import build_warehouse, rebuild_marts
from warehouse.connection import connect

START, DAYS = date(2026, 10, 1), 12
SORT = {"price_daily": ["snapshot_date", "model_id", "condition", "source"],
        "gpu_value": ["snapshot_date", "model_id", "condition"],
        "budget_picks": ["snapshot_date", "budget_usd", "use_case", "condition", "pick_rank"],
        "deals": ["snapshot_date", "source", "listing_id"]}


def _marts(db) -> dict[str, pl.DataFrame]:
    with connect(db, read_only=True) as con:
        return {t: con.execute(f"SELECT * FROM marts.{t}").pl().sort(keys) for t, keys in SORT.items()}


def test_bulk_rebuild_equals_the_daily_assets(tmp_path):
    daily, bulk = tmp_path / "daily.duckdb", tmp_path / "bulk.duckdb"
    build_warehouse(daily, START, DAYS, 400, log=lambda _: None)
    shutil.copyfile(daily, bulk)

    res = {"warehouse": WarehouseResource(db_path=str(daily))}
    for i in range(DAYS):
        key = (START + timedelta(days=i)).isoformat()
        marts_prices.price_daily(dg.build_asset_context(partition_key=key), config=marts_prices.PriceConfig(), **res)
        for asset in (marts_value.gpu_value, marts_value.budget_picks, marts_value.deals):
            asset(dg.build_asset_context(partition_key=key), **res)
    with connect(bulk) as con:
        counts = rebuild_marts(con, chunk_days=5, with_picks=True, memory_limit=None)

    by_assets, by_bulk = _marts(daily), _marts(bulk)
    assert counts["price_daily"] == by_assets["price_daily"].height > DAYS * 20
    assert by_assets["deals"].height > 0 and by_assets["budget_picks"].height > 0
    for table in SORT:
        assert_frame_equal(by_bulk[table], by_assets[table], check_exact=False, rel_tol=1e-9,
                           check_column_order=False)
