"""Asset marts/budget_builds: the best whole machine per budget. Computation: transforms/tiers/budget_builds.py."""

import dagster as dg
import polars as pl

from pipelines.defs.marts.machine_inputs import MACHINE_INPUT_KEYS, day_inputs, llm_context
from pipelines.defs.marts.run_config import TierRunConfig
from pipelines.partitions import daily_partitions, partition_date
from pipelines.resources.warehouse import WarehouseResource
from pipelines.tables import table_asset, table_key
from transforms.tiers.budget_builds import budget_builds as budget_build_rows
from warehouse.writes import replace_slice


@table_asset(
    "marts.budget_builds",
    partitions_def=daily_partitions,
    kinds={"duckdb", "polars"},
    deps=[table_key("marts.gpu_value"), *MACHINE_INPUT_KEYS],
)
def budget_builds(
    context: dg.AssetExecutionContext, config: TierRunConfig, warehouse: WarehouseResource
) -> dg.MaterializeResult:
    """Budget mode: for purchase budgets from 500 to 30,000 USD (at 500 no whole machine fits), per use case and condition, the whole
    machine (1 to 8 GPUs) a buyer can get and run (for sale in the numbers it needs; on the outlet up to 4
    GPUs): among the machines that fit the budget and are within 20% of the best value that fits (G5 lifted
    from cards to machines), the one with the most of what counts: per card for vision and beginner (data-parallel), for LLM the largest workload of the catalog the
    machine runs at a usable speed, then its tokens/s (the build tiers' model). Value is in the use case's
    performance index (`perf_index`)."""
    day = partition_date(context)
    with warehouse.connect() as con:
        inputs = day_inputs(con, day)
        builds = budget_build_rows(*inputs, config.tier_config(), llm=llm_context(inputs[1], config))
        replace_slice(con, "marts.budget_builds", builds, {"snapshot_date": day})
    return dg.MaterializeResult(
        metadata={
            "dagster/row_count": builds.height,
            "budgets_with_a_machine": builds.filter(pl.col("model_id").is_not_null()).height,
        }
    )
