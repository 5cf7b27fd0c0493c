"""Asset marts/region_picks: budget picks per region, the US mart's code by parameter (the same LLM workload
ranks). Computation: transforms/region_picks.py -> transforms/budget_picks.py."""

import dagster as dg

from pipelines.defs.marts.run_config import PickRunConfig
from pipelines.partitions import daily_partitions, partition_date
from pipelines.resources.warehouse import WarehouseResource
from pipelines.tables import table_asset, table_key
from transforms.region_picks import region_picks as region_pick_rows
from warehouse.marts.budget_picks import llm_workload_ranks
from warehouse.writes import read_frame, replace_day


@table_asset(
    "marts.region_picks",
    partitions_def=daily_partitions,
    kinds={"duckdb", "polars"},
    deps=[table_key("marts.region_value"), table_key("marts.gpu_specs")],
)
def region_picks(
    context: dg.AssetExecutionContext, config: PickRunConfig, warehouse: WarehouseResource
) -> dg.MaterializeResult:
    """marts.budget_picks per region: the same rule (G5, each use case by its own index, LLM by workload) on the
    region's cards and prices; budgets in USD so regions compare, the pick's price in the region's currency beside."""
    day = partition_date(context)
    with warehouse.connect() as con:
        value = read_frame(con, "SELECT * FROM marts.region_value WHERE snapshot_date = ?", [day])
        picks = region_pick_rows(value, config.horizon_years, config.legacy(), llm_workload_ranks(con))
        replace_day(con, "marts.region_picks", picks, day)
    return dg.MaterializeResult(metadata={"dagster/row_count": picks.height})
