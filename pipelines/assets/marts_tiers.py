"""Assets: marts.platform_parts and marts.build_tiers."""

from pathlib import Path

import dagster as dg
import polars as pl

from pipelines.partitions import daily_partitions, partition_date
from pipelines.resources.warehouse import WarehouseResource
from transforms.budget_picks import USE_CASES
from transforms.tiers.build import TierConfig
from transforms.tiers.build import build_tiers as build_tier_rows
from transforms.tiers.rules import DEFAULT_VENDORS
from transforms.tiers.scaling import scaling_table
from warehouse.writes import read_frame, replace_slice

PARTS_CSV = Path(__file__).resolve().parents[2] / "warehouse" / "catalog" / "platform_parts.csv"


class TierRunConfig(dg.Config):
    """Set from the Dagster launchpad: use case (VRAM floor), whole-build budget, electricity price, utilization."""

    use_case: str = "vision"  # llm (>= 24 GB), vision (>= 12 GB), beginner (>= 8 GB)
    budget_usd: float | None = None
    usd_per_kwh: float = 0.16
    utilization: float = 0.20
    allow_water_cooling: bool = False
    any_vendor: bool = False  # default NVIDIA only (D2L: CUDA framework support); True admits AMD and Intel


@dg.asset(group_name="marts", kinds={"duckdb"}, metadata={"dagster/table_name": "marts.platform_parts"})
def platform_parts(warehouse: WarehouseResource) -> dg.MaterializeResult:
    """Curated CPU, motherboard, RAM, PSU, SSD, chassis and network prices per tier (estimated, not tracked
    listings), so each tier has an estimated total build cost beside its GPU cost."""
    parts = pl.read_csv(PARTS_CSV, schema_overrides={"unit_price_usd": pl.Float64, "quantity": pl.Int32})
    with warehouse.connect() as con:
        replace_slice(con, "marts.platform_parts", parts)
    totals = parts.group_by("tier").agg((pl.col("quantity") * pl.col("unit_price_usd")).sum().alias("usd"))
    return dg.MaterializeResult(metadata={"dagster/row_count": parts.height,
                                          "estimated_platform_usd": {t: float(u) for t, u in totals.iter_rows()}})


@dg.asset(partitions_def=daily_partitions, group_name="marts", kinds={"duckdb", "polars"},
          deps=["gpu_value", platform_parts, "gpu_benchmarks"], metadata={"dagster/table_name": "marts.build_tiers"})
def build_tiers(context: dg.AssetExecutionContext, config: TierRunConfig, warehouse: WarehouseResource) -> dg.MaterializeResult:
    """Whole machines for today's prices (Dive into Deep Learning appendix and the 2023 multi-GPU build
    guide): Beginner, 1, 2, 4 and 8 GPUs, new and used. GPU = best perf per USD meeting the tier's rules;
    then CPU cores, PCIe lanes, RAM kit, PSU with 10% headroom, 8-pin cables, the 15 A outlet check, the
    power cap that would fit it, yearly energy cost and the Gold-over-Bronze saving."""
    if config.use_case not in USE_CASES:
        raise dg.Failure(f"use_case must be one of {sorted(USE_CASES)}, not {config.use_case!r}")
    day = partition_date(context)
    cfg = TierConfig(vram_floor_gb=USE_CASES[config.use_case], budget_usd=config.budget_usd,
                     usd_per_kwh=config.usd_per_kwh, utilization=config.utilization,
                     allow_water_cooling=config.allow_water_cooling,
                     vendors=None if config.any_vendor else DEFAULT_VENDORS)
    with warehouse.connect() as con:
        value = read_frame(con, "SELECT * FROM marts.gpu_value WHERE snapshot_date = ?", [day])
        specs = read_frame(con, "SELECT * FROM marts.gpu_specs")
        bench = read_frame(con, "SELECT * FROM staging.gpu_benchmarks")
        costs = dict(con.execute("SELECT tier, sum(quantity * unit_price_usd) FROM marts.platform_parts GROUP BY tier").fetchall())
        tiers = build_tier_rows(value, specs, scaling_table(bench), costs, cfg)
        replace_slice(con, "marts.build_tiers", tiers, {"snapshot_date": day})
    chosen = tiers.filter(pl.col("model_id").is_not_null())
    return dg.MaterializeResult(metadata={
        "dagster/row_count": tiers.height, "use_case": config.use_case,
        "tiers": dg.MetadataValue.md("\n".join(
            f"- {r['tier']} ({r['condition']}): {r['gpu_count']} x {r['gpu_name']}, {r['total_build_cost_usd']:,.0f} USD, PSU {r['psu_watts']} W"
            for r in chosen.iter_rows(named=True)) or "no tier could be filled"),
    })
