"""marts.price_daily for a range of days: the kept US listings screened and summarized in DuckDB
(transforms/price_daily.py), with the 7-day rolling median and the 7/30-day changes read across the range
and the 30 days before it."""

from datetime import date

import duckdb

from transforms.price_daily import HISTORY_DAYS, PRICE_BASIS, price_daily_sql
from warehouse.kept_listings import kept_sql
from warehouse.marts.days import day_parts, replace_days_sql
from warehouse.source_runs import DAY_MODES_SQL, UNKNOWN

# a seller's only listing of the model that day (staging.listings.seller_listings = 1) is a voice by itself: its
# key is left out, so that the statistics group only the listings of sellers with several (transforms/price_daily.py;
# the same figures bit for bit, as tests/warehouse/test_seller_listings.py checks, and over benchmark 2's 1,660,971
# rows). Benchmark 2's five years, where 97% of the sellers' listings are their only one of the model that day:
# price_daily 8.4 -> 6.3 s
PRICE_COLUMNS = (
    "snapshot_date, source, CASE WHEN seller_listings = 1 THEN NULL ELSE seller_key END AS seller_key, model_id, "
    "condition, unit_price"
)
HISTORY_SQL = f"""
SELECT snapshot_date, model_id, condition, source, median FROM marts.price_daily
WHERE snapshot_date BETWEEN $first - INTERVAL {HISTORY_DAYS} DAYS AND $first - INTERVAL 1 DAYS"""


# a long range is computed this many days at a time, oldest first, each part reading the parts before it as its
# history: the statistics over sellers hold each group's asks in memory, and five years at once (8.3 million
# listings, benchmark 2) ran out of DuckDB's memory limit (1.3 GB on 2 cores). Measured over those five years:
# 92 days a part 14.7 s, 183 days 10.6 s, 365 days 9.5 s, 730 days 9.8 s
CHUNK_DAYS = 365


def build_price_daily(con: duckdb.DuckDBPyConnection, first: date, last: date, open_box_as_new: bool) -> int:
    """Replace marts.price_daily's rows dated first..last, CHUNK_DAYS at a time; how many were written."""
    return sum(
        _build_part(con, start, end, open_box_as_new) for start, end in day_parts(first, last, CHUNK_DAYS)
    )


def _build_part(con: duckdb.DuckDBPyConnection, first: date, last: date, open_box_as_new: bool) -> int:
    rows_sql = price_daily_sql(kept_sql(open_box_as_new, PRICE_COLUMNS), HISTORY_SQL)
    # sorted by date (warehouse/marts/days.py) before the day's source mode and the constant basis join the
    # rows: the sort then moves no text columns (sorting and writing 1.66 M rows, benchmark 2: 1.22-1.44 s
    # -> 1.17-1.26 s in one sitting, within the noise in another)
    select_sql = f"""
    SELECT p.*, $basis AS price_basis, coalesce(m.source_mode, $unknown) AS source_mode
    FROM ({rows_sql} ORDER BY snapshot_date) p LEFT JOIN ({DAY_MODES_SQL}) m USING (snapshot_date)"""
    params = {"first": first, "last": last, "basis": PRICE_BASIS, "unknown": UNKNOWN}
    return replace_days_sql(con, "marts.price_daily", first, last, select_sql, params)
