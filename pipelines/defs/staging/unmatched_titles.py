"""Asset staging/unmatched_titles: titles the classifier could not place, for review. Computation:
transforms/unmatched_titles.py."""

import dagster as dg
import polars as pl

from pipelines.partitions import daily_partitions, partition_date
from pipelines.resources.warehouse import WarehouseResource
from pipelines.tables import table_asset, table_key
from transforms.unmatched_titles import unmatched_summary
from warehouse.source_runs import day_source_mode
from warehouse.writes import read_frame, replace_slice


@table_asset(
    "staging.unmatched_titles",
    partitions_def=daily_partitions,
    kinds={"duckdb", "polars"},
    deps=[table_key("staging.listings")],
)
def unmatched_titles(context: dg.AssetExecutionContext, warehouse: WarehouseResource) -> dg.MaterializeResult:
    """The most frequent titles and tokens of listings no single model could be named for: where the
    catalog needs a new model or alias."""
    day = partition_date(context)
    with warehouse.connect() as con:
        unclear = read_frame(
            con,
            "SELECT title FROM staging.listings WHERE snapshot_date = ? AND exclude_reason = 'unclear'",
            [day],
        )
        summary = unmatched_summary(unclear, day, day_source_mode(con, day))
        replace_slice(con, "staging.unmatched_titles", summary, {"snapshot_date": day})
    top = summary.filter(pl.col("kind") == "token").head(10)
    return dg.MaterializeResult(
        metadata={
            "dagster/row_count": summary.height,
            "unclear_listings": unclear.height,
            "top_tokens": ", ".join(f"{t} ({n})" for t, n in top.select("text", "listings").iter_rows())
            or "none",
        }
    )
