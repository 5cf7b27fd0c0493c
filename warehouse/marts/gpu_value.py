"""marts.gpu_value for a range of days (transforms/gpu_value.py computes every day of its input at once)."""

from datetime import date

import duckdb
import polars as pl

from transforms.gpu_value import VALUE_CONDITIONS_SQL, gpu_value
from warehouse.marts.days import by_parts, replace_days_frame
from warehouse.writes import read_frame

# only what transforms.gpu_value reads: the pooled prices of new and used cards
PRICES_SQL = f"""
SELECT snapshot_date, model_id, condition, source, p25, median, low3_mean, listing_count, distinct_sellers, confidence,
       source_mode
FROM marts.price_daily
WHERE source = 'all' AND condition IN {VALUE_CONDITIONS_SQL} AND snapshot_date BETWEEN $first AND $last"""


def build_gpu_value(con: duckdb.DuckDBPyConnection, first: date, last: date) -> pl.DataFrame:
    """Replace marts.gpu_value's rows dated first..last (computed a part at a time: by_parts); the rows written."""
    specs = read_frame(con, "SELECT * FROM marts.gpu_specs")
    value = by_parts(
        first,
        last,
        lambda start, end: gpu_value(read_frame(con, PRICES_SQL, {"first": start, "last": end}), specs),
    )
    replace_days_frame(con, "marts.gpu_value", first, last, value)
    return value
