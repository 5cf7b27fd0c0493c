"""The kept US listings, as every US mart and the dashboard read them: classified to a model, not excluded,
from a US store or marketplace, with their price condition bucket (transforms.conditions).

The US market: price_daily, deals and everything built on them answer a US buyer; every region's market,
the US included, is in the region marts (pipelines/defs/marts/regions.py)."""

import duckdb
import polars as pl

from transforms.conditions import price_condition_sql
from warehouse.writes import read_frame

COLUMNS = "snapshot_date, source, listing_id, model_id, condition, unit_price, title, url, source_mode"


def kept_sql(open_box_as_new: bool = True, col_list: str = COLUMNS) -> str:
    """The SELECT of the kept US listings dated between two parameters (first, last), with the columns `col_list`
    (condition is the price bucket; listings without one are left out)."""
    bucket_sql = price_condition_sql("l.condition", open_box_as_new)
    return f"""
    SELECT * FROM (
        SELECT * REPLACE ({bucket_sql} AS condition)
        FROM (SELECT {col_list} FROM staging.listings
              WHERE snapshot_date BETWEEN $first AND $last AND exclude_reason IS NULL
                AND model_id IS NOT NULL AND coalesce(region, 'US') = 'US') l
    ) WHERE condition IS NOT NULL"""


def kept_listings(con: duckdb.DuckDBPyConnection, day, open_box_as_new: bool = True) -> pl.DataFrame:
    """The day's kept listings with their price condition bucket (open box -> new unless configured)."""
    return read_frame(con, kept_sql(open_box_as_new), {"first": day, "last": day})
