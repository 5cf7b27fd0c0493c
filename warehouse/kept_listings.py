"""The day's kept US listings, as every US mart and the dashboard read them: classified to a model, not
excluded, from a US store or marketplace, with their price condition bucket.

The US market: price_daily, deals and everything built on them answer a US buyer; every region's market,
the US included, is in the region marts (pipelines/assets/marts_regions.py)."""

import duckdb
import polars as pl

from transforms.conditions import price_condition_expr
from warehouse.writes import read_frame

KEPT_SQL = """SELECT snapshot_date, source, listing_id, model_id, condition, unit_price, title, url, source_mode
              FROM staging.listings WHERE snapshot_date = ? AND exclude_reason IS NULL AND model_id IS NOT NULL
              AND coalesce(region, 'US') = 'US'"""


def kept_listings(con: duckdb.DuckDBPyConnection, day, open_box_as_new: bool = True) -> pl.DataFrame:
    """The day's kept listings with their price condition bucket (open box -> new unless configured)."""
    frame = read_frame(con, KEPT_SQL, [day])
    return frame.with_columns(condition=price_condition_expr(pl.col("condition"), open_box_as_new)).filter(
        pl.col("condition").is_not_null()
    )
