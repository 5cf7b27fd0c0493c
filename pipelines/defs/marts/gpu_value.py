"""Asset marts/gpu_value: performance per USD of every priced card, per day and condition. Computation:
warehouse/marts/gpu_value.py (build_gpu_value) -> transforms/gpu_value.py."""

import dagster as dg
import polars as pl

from pipelines.partitions import daily_partitions, partition_days, rows_metadata
from pipelines.resources.warehouse import WarehouseResource
from pipelines.tables import table_asset, table_key
from warehouse.marts.gpu_value import build_gpu_value


def _top(value: pl.DataFrame, day) -> str:
    top = (
        value.filter((pl.col("snapshot_date") == day) & pl.col("enough_listings"))
        .sort("perf_per_1k_usd", descending=True)
        .head(5)
    )
    return "\n".join(
        f"- {r['name']} ({r['condition']}): {r['perf_per_1k_usd']:.2f} per 1,000 USD at {r['price_usd']:,.0f} USD"
        for r in top.iter_rows(named=True)
    )


@table_asset(
    "marts.gpu_value",
    partitions_def=daily_partitions,
    kinds={"duckdb", "polars"},
    deps=[table_key("marts.price_daily"), table_key("marts.gpu_specs")],
)
def gpu_value(context: dg.AssetExecutionContext, warehouse: WarehouseResource) -> dg.MaterializeResult:
    """Performance per USD, new and used: the price a card is bought at (price_usd, rule B1: a new card's first
    quartile of its sellers' asks with 8 or more of them, the median with 4 or fewer; a used card's median), the
    median asking price and robust low beside it, relative performance (dl_index_v1), perf per 1,000 USD of
    price_usd, USD per GB of VRAM, per FP16 TFLOP and per GB/s, ranks overall and
    within the VRAM class, and whether the price rests on at least 3 listings."""
    first, last = partition_days(context)
    with warehouse.connect() as con:
        value = build_gpu_value(con, first, last)
    return dg.MaterializeResult(
        metadata={
            **rows_metadata(first, last, value.height),
            "top_by_perf_per_usd": dg.MetadataValue.md(f"{last}:\n" + _top(value, last)),
        }
    )
