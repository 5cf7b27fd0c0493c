"""Asset marts/build_tiers: the recommended whole machines per tier, use case and condition. Computation:
transforms/tiers/build_tiers.py (build_tiers)."""

import dagster as dg
import polars as pl

from pipelines.defs.marts.machine_inputs import MACHINE_INPUT_KEYS, day_inputs, llm_context
from pipelines.defs.marts.run_config import TierRunConfig
from pipelines.partitions import daily_partitions, partition_date
from pipelines.resources.warehouse import WarehouseResource
from pipelines.tables import table_asset, table_key
from transforms.tiers.build_tiers import build_tiers as build_tier_rows
from warehouse.writes import replace_slice


@table_asset(
    "marts.build_tiers",
    partitions_def=daily_partitions,
    kinds={"duckdb", "polars"},
    deps=[table_key("marts.gpu_value"), *MACHINE_INPUT_KEYS],
)
def build_tiers(
    context: dg.AssetExecutionContext, config: TierRunConfig, warehouse: WarehouseResource
) -> dg.MaterializeResult:
    """Whole machines for today's prices, per tier (beginner, 1, 2, 4, 8 GPUs), use case (llm, vision,
    beginner) and condition: the GPU model and platform whose machine gives the most throughput per USD of
    total cost of ownership (GPUs + platform sized for them + energy over the horizon), with the runner-up and
    the machine the single-card perf-per-USD rule would have built. Sized by the seed rules (D1-D16,
    G1-G17): CPU cores and lanes, RAM 1x VRAM, PSU +10%, slot fit with risers, cables, both outlet readings
    and the power cap that fits each."""
    day = partition_date(context)
    cfg = config.tier_config()
    with warehouse.connect() as con:
        inputs = day_inputs(con, day)
        tiers = build_tier_rows(*inputs, cfg, llm=llm_context(inputs[1], config))
        replace_slice(con, "marts.build_tiers", tiers, {"snapshot_date": day})
    chosen = tiers.filter(pl.col("model_id").is_not_null())
    context.log.info(f"{chosen.height} of {tiers.height} tier rows have a machine")
    return dg.MaterializeResult(
        metadata={
            "dagster/row_count": tiers.height,
            "machines": chosen.height,
            "tiers": dg.MetadataValue.md(
                "\n".join(
                    f"- {r['tier']} / {r['use_case']} ({r['condition']}): {r['gpu_count']} x {r['gpu_name']} on "
                    f"{r['platform_id']}, {r['total_build_cost_usd']:,.0f} USD, {r['perf_per_1k_usd_tco']:.3f} per 1,000 USD TCO"
                    for r in chosen.iter_rows(named=True)
                )
                or "no tier could be filled"
            ),
        }
    )
