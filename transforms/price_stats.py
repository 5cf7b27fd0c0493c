"""Robust asking-price statistics per date, model, condition and source: one definition, in SQL.

Outlier screen (per date, model and condition, all sources pooled; only from 3 listings up): a listing is
screened out when its unit price is below 40% or above 250% of the group median. Median-relative rather than
MAD-based because MAD collapses to 0 when a few sellers ask the same price, which would screen out
every other listing; 40% catches $1 placeholders and mislabelled parts, 250% catches absurd asks. Only
listings with a positive unit price are screened and counted; one without a price is never kept.

The statements below read relations by name (`kept`: snapshot_date, source, model_id, condition (price
bucket), unit_price, and any other columns; `history`: earlier marts.price_daily rows). The same text runs
on a whole range of days inside the warehouse (warehouse/marts/, what the assets and a bulk rebuild run)
and, through the functions at the end, on Polars frames in an in-memory DuckDB (tests, the region marts,
the dashboard). Why SQL: over a range of days the listings never leave DuckDB (no frames of millions of
rows cross into Python and back), and one text serves the warehouse and the frames alike (a Polars version
of the statistics measured 1.9 s to read the listings out and 3.7 s to compute, against about 3 s here).

The statistics take shortcuts, exact by construction and checked against the rule written out plainly
(tests/transforms/test_price_stats_properties.py): the pass that finds the screen's median gives every group
the screen keeps whole its pooled row, and its source's row when it has one source; from the other groups'
listings (two in five) only the rows still missing are summarized (STATS_CTES). Measured over 1,826 days
(8.3 million priced listings, 2 cores): the statement took 6.5 s with every row summarized from the
listings, 4.9 s with the first shortcut; the second halved the CPU time of the second summary (2.5 -> 1.3
s). The look-back windows run over series filled to every day (transforms/day_series.py).
"""

import duckdb
import polars as pl

from transforms.day_series import DAY_NUMBER_SQL, every_day_cte

SCREEN_MIN_LISTINGS = 3
SCREEN_LOW, SCREEN_HIGH = 0.4, 2.5
PRICE_BASIS = "asking prices of active listings, shipping included, after outlier screen"
GROUP = ["snapshot_date", "model_id", "condition"]

HISTORY_DAYS = 30  # the longest look-back of price_daily: the change against 30 days earlier
ROLLING_DAYS = 7
ROLLING_PRECEDING = ROLLING_DAYS - 1  # the window is the date and the 6 before it

# the screen's rule, on a listing's unit_price and its group's group_median and group_listings
SCREEN_KEEPS = f"""(group_listings < {SCREEN_MIN_LISTINGS}
    OR unit_price BETWEEN group_median * {SCREEN_LOW} AND group_median * {SCREEN_HIGH})"""
# the same rule on a whole group: it keeps every listing when its lowest and highest prices pass
SCREEN_KEEPS_ALL = f"""(group_listings < {SCREEN_MIN_LISTINGS}
    OR (group_lowest >= group_median * {SCREEN_LOW} AND group_highest <= group_median * {SCREEN_HIGH}))"""

# `kept` -> `groups`: one pass over every priced listing per date, model and condition (the screen's group):
# its size, quartiles (the median is the screen's), lowest and highest, three lowest, and first and last source.
# A group the screen keeps whole and whose listings come from one source (`simple`, about two groups in three)
# has its statistics here already: its pooled row and its one source's row are these figures.
GROUP_CTES = f"""
priced AS NOT MATERIALIZED (SELECT * FROM kept WHERE unit_price > 0),
group_figures AS (
    SELECT snapshot_date, model_id, condition, count(*) AS group_listings,
           quantile_cont(unit_price, [0.25, 0.5, 0.75]) AS group_quartiles,
           min(unit_price) AS group_lowest, max(unit_price) AS group_highest, min(unit_price, 3) AS group_low3,
           min(source) AS first_source, max(source) AS last_source
    FROM priced GROUP BY snapshot_date, model_id, condition
),
groups AS (
    SELECT *, keeps_all AND one_source AS simple FROM (
        SELECT *, {SCREEN_KEEPS_ALL} AS keeps_all, first_source = last_source AS one_source
        FROM (SELECT *, group_quartiles[2] AS group_median FROM group_figures)
    )
)"""


# `kept` -> `screened`: every priced listing with its group's median and size, and kept_by_screen
SCREENED_CTE = f"""
screened AS (
    SELECT p.*, g.group_median, g.group_listings, {SCREEN_KEEPS} AS kept_by_screen
    FROM priced p JOIN groups g USING (snapshot_date, model_id, condition)
)"""
SCREEN_CTES = f"{GROUP_CTES},{SCREENED_CTE}"
# `groups` -> `stats`: per source and for every source together (source 'all'), groups with a kept listing.
# A group the screen keeps whole has its pooled row from `groups`, and so has its one source's row when it
# has one source. The other rows are summarized from the listings, screened: the per-source rows of a group
# with several sources, and the pooled row of a group the screen does not keep whole (which is also its one
# source's row when it has one). So each listing of the groups that are not simple (two in five listings) is
# summarized once or twice, under the `stats_source` rows it counts in: 3.9 of 8.3 million listing rows
# summarized over benchmark 2's five years, against 6.6 million with every row of those groups computed
# (grouping sets per source and pooled).
STATS_CTES = f"""
mixed AS (
    SELECT p.snapshot_date, p.model_id, p.condition, p.unit_price, g.group_median, g.one_source, g.first_source,
           {SCREEN_KEEPS} AS kept_by_screen,
           unnest(CASE WHEN g.one_source THEN ['all'] WHEN g.keeps_all THEN [p.source] ELSE [p.source, 'all'] END)
               AS stats_source
    FROM priced p
    JOIN (SELECT snapshot_date, model_id, condition, group_median, group_listings, keeps_all, one_source,
                 first_source
          FROM groups WHERE NOT simple) g USING (snapshot_date, model_id, condition)
),
mixed_stats AS (
    SELECT snapshot_date, model_id, condition, stats_source,
           any_value(one_source) AS one_source, any_value(first_source) AS first_source,
           CAST(count(*) FILTER (kept_by_screen) AS INTEGER) AS listing_count,
           CAST(count(*) FILTER (NOT kept_by_screen) AS INTEGER) AS screened_out,
           min(unit_price) FILTER (kept_by_screen) AS min_price,
           list_avg(min(unit_price, 3) FILTER (kept_by_screen)) AS low3_mean,
           quantile_cont(unit_price, [0.25, 0.5, 0.75]) FILTER (kept_by_screen) AS quartiles,
           any_value(group_median) AS screen_median
    FROM mixed
    GROUP BY snapshot_date, model_id, condition, stats_source
    HAVING count(*) FILTER (kept_by_screen) > 0
),
stats_lists AS (
    SELECT snapshot_date, model_id, condition,
           unnest(CASE WHEN one_source THEN [first_source, 'all'] ELSE [stats_source] END) AS source,
           listing_count, screened_out, min_price, low3_mean, quartiles, screen_median
    FROM mixed_stats
    UNION ALL
    SELECT snapshot_date, model_id, condition,
           unnest(CASE WHEN one_source THEN [first_source, 'all'] ELSE ['all'] END) AS source,
           CAST(group_listings AS INTEGER) AS listing_count, 0 AS screened_out, group_lowest AS min_price,
           list_avg(group_low3) AS low3_mean, group_quartiles AS quartiles, group_median AS screen_median
    FROM groups WHERE keeps_all
),
stats AS (
    SELECT snapshot_date, model_id, condition, source, listing_count, screened_out, min_price, low3_mean,
           quartiles[1] AS p25, quartiles[2] AS median, quartiles[3] AS p75, screen_median
    FROM stats_lists
)"""

# `stats` + `history` -> price_daily rows: the 7-day rolling median of daily medians (the dates d-6..d), and
# the change against exactly 7 and 30 days earlier (NULL without a row on that date); one window pass per
# model, condition and source over the range and the history before it, each series filled to every day
# (transforms/day_series.py) so that these are ROWS frames and lags
DAILY_MEDIANS_CTES = every_day_cte("daily_medians", "medians", "model_id, condition, source")
HISTORY_CTES = f"""
medians AS NOT MATERIALIZED (
    SELECT *, {DAY_NUMBER_SQL} AS day_number FROM (
        SELECT *, true AS current FROM stats
        UNION ALL BY NAME
        SELECT h.snapshot_date, h.model_id, h.condition, h.source, h.median, false AS current FROM history h
        WHERE NOT EXISTS (SELECT 1 FROM stats s WHERE s.snapshot_date = h.snapshot_date)
    )
),{DAILY_MEDIANS_CTES},
windowed AS (
    SELECT *,
           median(median) OVER (w ROWS BETWEEN {ROLLING_PRECEDING} PRECEDING AND CURRENT ROW) AS rolling_7d_median,
           lag(median, {ROLLING_DAYS}) OVER w AS median_7,
           lag(median, {HISTORY_DAYS}) OVER w AS median_30
    FROM daily_medians
    WINDOW w AS (PARTITION BY series ORDER BY day_number)
)"""
PRICE_DAILY_SELECT = """
SELECT snapshot_date, model_id, condition, source, listing_count, screened_out, min_price, low3_mean, p25,
       median, p75, screen_median, rolling_7d_median,
       (median / median_7 - 1) * 100 AS change_7d_pct,
       (median / median_30 - 1) * 100 AS change_30d_pct
FROM windowed WHERE current
"""


def price_daily_sql(kept_sql: str, history_sql: str) -> str:
    """The price_daily statement, given the SELECTs of `kept` and `history`."""
    return (
        f"WITH kept AS NOT MATERIALIZED ({kept_sql}), history AS ({history_sql}),{GROUP_CTES},{STATS_CTES},{HISTORY_CTES}"
        f"{PRICE_DAILY_SELECT}"
    )


def screened_sql(kept_sql: str) -> str:
    """The screened listings (every column of `kept` plus kept_by_screen), given the SELECT of `kept`."""
    return f"WITH kept AS ({kept_sql}),{SCREEN_CTES} SELECT * FROM screened"


# ------------------------------------------------------------------------------------ on Polars frames
def run_sql(statement_sql: str, **frames: pl.DataFrame) -> pl.DataFrame:
    """Run a statement in an in-memory DuckDB with each frame registered as `_<name>`."""
    con = duckdb.connect()
    try:
        for name, frame in frames.items():
            con.register(f"_{name}", frame)
        return con.sql(statement_sql).pl()
    finally:
        con.close()


def screen_outliers(listings: pl.DataFrame) -> pl.DataFrame:
    """The priced listings of `listings` (snapshot_date, model_id, condition, unit_price, ...) with
    `kept_by_screen` added, in their order."""
    numbered = listings.with_row_index("_row")
    return run_sql(screened_sql("SELECT * FROM _listings"), listings=numbered).sort("_row").drop("_row")


def daily_price_stats(listings: pl.DataFrame) -> pl.DataFrame:
    """Stats per source and for all sources together (source = 'all'), sorted by date, model, condition,
    source. `listings`: snapshot_date, source, model_id, condition (price bucket), unit_price."""
    sql = f"WITH kept AS (SELECT * FROM _listings),{GROUP_CTES},{STATS_CTES} SELECT * EXCLUDE (screen_median) FROM stats"
    return run_sql(sql, listings=listings).sort([*GROUP, "source"])


def price_daily_rows(listings: pl.DataFrame, history: pl.DataFrame) -> pl.DataFrame:
    """marts.price_daily's figures for the dates of `listings`, with `history` (earlier price_daily rows:
    snapshot_date, model_id, condition, source, median) for the rolling median and the changes."""
    sql = price_daily_sql(
        "SELECT * FROM _listings", "SELECT snapshot_date, model_id, condition, source, median FROM _history"
    )
    return run_sql(sql, listings=listings, history=history).sort([*GROUP, "source"])
