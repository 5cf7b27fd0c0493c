"""Asset marts/region_value: value per USD per region, the US mart's code by parameter. Computation:
transforms/region_value.py -> transforms/gpu_value.py."""

import dagster as dg
import polars as pl

from pipelines.partitions import daily_partitions, partition_date
from pipelines.resources.warehouse import WarehouseResource
from pipelines.tables import table_asset, table_key
from transforms.region_value import region_value as region_value_rows
from warehouse.source_runs import day_source_mode
from warehouse.writes import read_frame, replace_day


@table_asset(
    "marts.region_value",
    partitions_def=daily_partitions,
    kinds={"duckdb", "polars"},
    deps=[table_key("marts.region_prices"), table_key("marts.gpu_specs")],
)
def region_value(context: dg.AssetExecutionContext, warehouse: WarehouseResource) -> dg.MaterializeResult:
    """marts.gpu_value per region: performance per USD in every index, ranks within the region, and the
    median in the region's currency beside the USD one."""
    day = partition_date(context)
    with warehouse.connect() as con:
        prices = read_frame(con, "SELECT * FROM marts.region_prices WHERE snapshot_date = ?", [day])
        specs = read_frame(con, "SELECT * FROM marts.gpu_specs")
        value = region_value_rows(prices.with_columns(source_mode=pl.lit(day_source_mode(con, day))), specs)
        replace_day(con, "marts.region_value", value, day)
    return dg.MaterializeResult(metadata={"dagster/row_count": value.height})
