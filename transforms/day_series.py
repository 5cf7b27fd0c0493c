"""Daily series with every day present, so that "the n days up to this one" is a ROWS frame, in SQL.

price_daily's rolling median and changes (transforms/price_daily.py) and deals' 30-day windows
(transforms/deals.py) look back a number of days along a series (a model, condition and maybe source). On
the rows as stored, a day without a row makes that a RANGE frame over day numbers, which DuckDB evaluates
far slower than a ROWS frame: measured over benchmark 2's 1.66 million price_daily rows (2 cores), the
three RANGE windows took 2.0 s, the same three as ROWS frames and lags over the filled series 1.4-1.7 s,
filling included, with identical output (EXCEPT ALL both ways), on DuckDB 1.5; on DuckDB 2.0.1, 1.7-2.4 s
against 1.2-1.9 s. So each series is filled from its first to its last day: a day it lacks gets a row whose
other columns are NULL, which aggregates skip. Then the n days up to a day are the n rows up to it, and the
value of exactly k days earlier is `lag(x, k)`.
"""

# a row's day number, counted from 2000-01-01 (an integer orders and subtracts faster than a date)
DAY_NUMBER_SQL = "(snapshot_date - DATE '2000-01-01')"


def every_day_cte(name: str, rows_sql: str, keys_sql: str) -> str:
    """CTEs ending in `name`: the rows of the relation named `rows_sql` (which has an integer `day_number`,
    one row per day and series) with a row added for every day missing between a series' first and last day,
    its other columns NULL, and an integer `series` numbering the series. A series is the rows sharing the
    columns of `keys_sql` (a comma-separated list); windows partition by `series`, one integer instead of
    the key's text columns."""
    return f"""
{name}_spans AS (
    SELECT {keys_sql}, min(day_number) AS first_day, max(day_number) AS last_day, row_number() OVER () AS series
    FROM {rows_sql} GROUP BY {keys_sql}
),
{name}_keyed AS (
    SELECT r.*, s.series FROM {rows_sql} r JOIN {name}_spans s USING ({keys_sql})
),
{name} AS (
    SELECT * FROM (SELECT series, unnest(range(first_day, last_day + 1)) AS day_number FROM {name}_spans)
    LEFT JOIN {name}_keyed USING (series, day_number)
)"""
