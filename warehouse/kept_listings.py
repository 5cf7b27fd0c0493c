"""The kept US listings, as every US mart and the dashboard read them: classified to a model, not excluded,
from a US store or marketplace, with their price condition bucket (transforms.conditions).

The US market: price_daily, deals and everything built on them answer a US buyer; every region's market,
the US included, is in the region marts (pipelines/defs/marts/region_prices.py)."""

import duckdb
import polars as pl

from transforms.conditions import OPEN_BOX_AS_NEW, price_condition_sql
from warehouse.writes import read_frame

COLUMNS = "snapshot_date, source, listing_id, model_id, condition, unit_price, title, url, source_mode"


US_ONLY = "coalesce(region, 'US') = 'US'"
EVERY_REGION = "true"


def kept_sql(open_box_as_new: bool = OPEN_BOX_AS_NEW, col_list: str = COLUMNS, us_only: bool = True) -> str:
    """The SELECT of the kept listings dated between two parameters (first, last), with the columns `col_list`
    (condition is the price bucket; listings without one are left out): the US market's, or with
    `us_only=False` every region's (the region marts)."""
    bucket_sql = price_condition_sql("l.condition", open_box_as_new)
    region_sql = US_ONLY if us_only else EVERY_REGION
    return f"""
    SELECT * FROM (
        SELECT * REPLACE ({bucket_sql} AS condition)
        FROM (SELECT {col_list} FROM staging.listings
              WHERE snapshot_date BETWEEN $first AND $last AND exclude_reason IS NULL
                AND model_id IS NOT NULL AND {region_sql}) l
    ) WHERE condition IS NOT NULL"""


def kept_listings(
    con: duckdb.DuckDBPyConnection, day, open_box_as_new: bool = OPEN_BOX_AS_NEW, col_list: str = COLUMNS
) -> pl.DataFrame:
    """The day's kept listings with their price condition bucket (open box -> new unless configured), with the
    columns `col_list` (kept_sql's)."""
    return read_frame(con, kept_sql(open_box_as_new, col_list), {"first": day, "last": day})
