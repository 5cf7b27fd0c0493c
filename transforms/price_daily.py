"""marts.price_daily: robust asking-price statistics per date, model, condition and source, one definition in SQL.

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

One seller, one voice (issue 37): the screen judges each listing, then a seller's kept listings of a date,
model, condition and source count as one value, the seller's median ask (a listing without a seller key is its
own seller), so that twenty identical listings of one seller move the median as one. listing_count still
counts listings; distinct_sellers, top_seller_share, days_priced_7d and the confidence grade say how far the
price can be trusted. Checked against the rule written out plainly (tests/transforms/test_price_daily_properties.py).
The earlier shortcut (a group the screen keeps whole took its figures from the pass that finds the screen's
median) does not hold once figures are over sellers, so every row is summarized from the voices. The
look-back windows run over series filled to every day (transforms/day_series.py).
"""

import polars as pl

from transforms.day_series import DAY_NUMBER_SQL, every_day_cte
from transforms.frame_sql import run_sql

SCREEN_MIN_LISTINGS = 3
SCREEN_LOW, SCREEN_HIGH = 0.4, 2.5
PRICE_BASIS = (
    "asking prices of active listings, shipping included where stated (else 0), after outlier screen"
)
GROUP = ["snapshot_date", "model_id", "condition"]

HISTORY_DAYS = 30  # the longest look-back of price_daily: the change against 30 days earlier
ROLLING_DAYS = 7
ROLLING_PRECEDING = ROLLING_DAYS - 1  # the window is the date and the 6 before it

# the screen's rule, on a listing's unit_price and its group's group_median and group_listings
SCREEN_KEEPS = f"""(group_listings < {SCREEN_MIN_LISTINGS}
    OR unit_price BETWEEN group_median * {SCREEN_LOW} AND group_median * {SCREEN_HIGH})"""

# `kept` -> `groups`: one pass over every priced listing per date, model and condition (the screen's group,
# every source pooled): its size and median, what the screen judges each listing against, and whether more
# than one source lists it (group_multi: the statistics below summarize 'all' anew only for those)
GROUP_CTES = """
priced AS NOT MATERIALIZED (SELECT * FROM kept WHERE unit_price > 0),
groups AS (
    SELECT snapshot_date, model_id, condition, count(*) AS group_listings, median(unit_price) AS group_median,
           min(source) <> max(source) AS group_multi
    FROM priced GROUP BY snapshot_date, model_id, condition
)"""


# `kept` -> `screened`: every priced listing with its group's median and size, and kept_by_screen
SCREENED_CTE = f"""
screened AS (
    SELECT p.*, g.group_median, g.group_listings, g.group_multi, {SCREEN_KEEPS} AS kept_by_screen
    FROM priced p JOIN groups g USING (snapshot_date, model_id, condition)
)"""
SCREEN_CTES = f"{GROUP_CTES},{SCREENED_CTE}"

# `screened` -> `voices` -> `stats`: one seller, one voice (issue 37). The screen judges each listing; then
# each seller's kept listings of a date, model, condition and source become one voice: its median ask (its
# lowest beside it). The quartiles and the median are those of the voices, so twenty identical listings of
# one seller move the median as one; listing_count still counts listings, distinct_sellers the voices and
# top_seller_share the part of the listings the largest seller holds. Per source and for every source
# together (source 'all'), groups with a kept listing. A group one source lists alone (most of them: on
# benchmark 2's market 80% of the listings) has an 'all' row equal to its source's row, so only the groups
# of several sources are summarized again (benchmark 2, one 365-day part: 1.06-1.12 s -> 1.02-1.05 s, 12% less
# CPU, against grouping sets over every voice).
STATS_AGGREGATES = """CAST(sum(kept) AS INTEGER) AS listing_count, CAST(sum(dropped) AS INTEGER) AS screened_out,
           min(voice_lowest) AS min_price, list_avg(min(voice_lowest, 3) FILTER (kept > 0)) AS low3_mean,
           quantile_cont(voice_price, [0.25, 0.5, 0.75]) FILTER (kept > 0) AS quartiles,
           any_value(screen_median) AS screen_median,
           CAST(count(*) FILTER (kept > 0) AS INTEGER) AS distinct_sellers,
           max(kept) / sum(kept) AS top_seller_share"""
# A seller's voice is the median of its kept asks. Almost every seller has one or two listings in a group (on
# benchmark 2's simulated market, 99.97% of them), whose median is (lowest + highest) / 2, bit for bit what
# median() gives (checked on 200,000 random pairs; one ask: x + x is exact); so the sellers are grouped with
# fixed-size sums only, and the median of the asks is taken for the few sellers with three or more kept
# asks (benchmark 2, one 365-day part: 1.48-1.66 s -> 1.35-1.47 s, 18% less CPU, against a median per seller).
STATS_CTES = f"""{SCREENED_CTE},
seller_asks AS (
    SELECT snapshot_date, model_id, condition, source, group_multi, seller_key,
           count(*) FILTER (kept_by_screen) AS kept, count(*) FILTER (NOT kept_by_screen) AS dropped,
           min(unit_price) FILTER (kept_by_screen) AS voice_lowest,
           max(unit_price) FILTER (kept_by_screen) AS voice_highest, any_value(group_median) AS screen_median
    FROM screened WHERE seller_key IS NOT NULL
    GROUP BY snapshot_date, model_id, condition, source, group_multi, seller_key
),
voices AS MATERIALIZED (
    -- a listing without a seller key is a voice by itself: no grouping (and no group state) for those rows
    SELECT snapshot_date, model_id, condition, source, group_multi, CAST(kept_by_screen AS BIGINT) AS kept,
           CAST(NOT kept_by_screen AS BIGINT) AS dropped,
           CASE WHEN kept_by_screen THEN unit_price END AS voice_price,
           CASE WHEN kept_by_screen THEN unit_price END AS voice_lowest, group_median AS screen_median
    FROM screened WHERE seller_key IS NULL
    UNION ALL
    SELECT snapshot_date, model_id, condition, source, group_multi, kept, dropped,
           (voice_lowest + voice_highest) / 2 AS voice_price, voice_lowest, screen_median
    FROM seller_asks WHERE kept <= 2
    UNION ALL
    SELECT s.snapshot_date, s.model_id, s.condition, s.source, any_value(s.group_multi), any_value(a.kept),
           any_value(a.dropped), median(s.unit_price) FILTER (s.kept_by_screen), any_value(a.voice_lowest),
           any_value(a.screen_median)
    FROM screened s JOIN (SELECT * FROM seller_asks WHERE kept > 2) a
      ON s.snapshot_date = a.snapshot_date AND s.model_id = a.model_id AND s.condition = a.condition
         AND s.source = a.source AND s.seller_key = a.seller_key
    GROUP BY s.snapshot_date, s.model_id, s.condition, s.source, s.seller_key
),
per_source AS (
    SELECT snapshot_date, model_id, condition, source, any_value(group_multi) AS group_multi, {STATS_AGGREGATES}
    FROM voices GROUP BY snapshot_date, model_id, condition, source HAVING sum(kept) > 0
),
stats_lists AS (
    SELECT * EXCLUDE (group_multi) FROM per_source
    UNION ALL
    SELECT * EXCLUDE (group_multi) REPLACE ('all' AS source) FROM per_source WHERE NOT group_multi
    UNION ALL
    SELECT snapshot_date, model_id, condition, 'all' AS source, {STATS_AGGREGATES}
    FROM voices WHERE group_multi GROUP BY snapshot_date, model_id, condition HAVING sum(kept) > 0
),
stats AS (
    SELECT snapshot_date, model_id, condition, source, listing_count, screened_out, min_price, low3_mean,
           quartiles[1] AS p25, quartiles[2] AS median, quartiles[3] AS p75, screen_median, distinct_sellers,
           top_seller_share
    FROM stats_lists
)"""

# How far a price can be trusted (issue 37), from the sellers it rests on, the largest seller's share, the
# spread of the sellers' asks and the days the series was priced in the last 7 (NULL: unknown, not held
# against it). ASSUMPTION: the thresholds are the project's; rule in docs/method.md. A D price never sets a
# pick or a machine (transforms/budget_picks.py, transforms/tiers/machine.py).
CONFIDENCE_SQL = """CASE
    WHEN distinct_sellers >= 5 AND top_seller_share <= 0.4 AND p75 - p25 <= 0.35 * median
         AND coalesce(days_priced_7d, 7) >= 5 THEN 'A'
    WHEN distinct_sellers >= 3 AND top_seller_share <= 0.6 AND p75 - p25 <= 0.6 * median
         AND coalesce(days_priced_7d, 7) >= 3 THEN 'B'
    WHEN distinct_sellers >= 2 AND top_seller_share <= 0.8 THEN 'C'
    ELSE 'D' END"""
GRADE_D = "D"
# the grade of a price without a known age (the region marts, frames without history)
CONFIDENCE_NO_AGE_SQL = CONFIDENCE_SQL.replace("days_priced_7d", "NULL")

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
           lag(median, {HISTORY_DAYS}) OVER w AS median_30,
           count(median) OVER (w ROWS BETWEEN {ROLLING_PRECEDING} PRECEDING AND CURRENT ROW) AS days_priced_7d
    FROM daily_medians
    WINDOW w AS (PARTITION BY series ORDER BY day_number)
)"""
PRICE_DAILY_SELECT = f"""
SELECT snapshot_date, model_id, condition, source, listing_count, screened_out, min_price, low3_mean, p25,
       median, p75, screen_median, rolling_7d_median,
       (median / median_7 - 1) * 100 AS change_7d_pct,
       (median / median_30 - 1) * 100 AS change_30d_pct,
       distinct_sellers, top_seller_share, CAST(days_priced_7d AS INTEGER) AS days_priced_7d,
       {CONFIDENCE_SQL} AS confidence
FROM windowed WHERE current
"""


def price_daily_sql(kept_sql: str, history_sql: str) -> str:
    """The price_daily statement, given the SELECTs of `kept` (with seller_key) and `history`."""
    return (
        f"WITH kept AS NOT MATERIALIZED ({kept_sql}), history AS ({history_sql}),{GROUP_CTES},{STATS_CTES},{HISTORY_CTES}"
        f"{PRICE_DAILY_SELECT}"
    )


def screened_sql(kept_sql: str) -> str:
    """The screened listings (every column of `kept` plus kept_by_screen), given the SELECT of `kept`."""
    return f"WITH kept AS ({kept_sql}),{SCREEN_CTES} SELECT * FROM screened"


# ------------------------------------------------------------------------------------ on Polars frames
def with_voices(listings: pl.DataFrame) -> pl.DataFrame:
    """`listings` with a seller_key column: a frame without seller keys makes each listing its own seller."""
    if "seller_key" in listings.columns:
        return listings
    return listings.with_columns(pl.lit(None, pl.String).alias("seller_key"))


def screen_outliers(listings: pl.DataFrame) -> pl.DataFrame:
    """The priced listings of `listings` (snapshot_date, source, model_id, condition, unit_price, ...) with
    `kept_by_screen` added, in their order."""
    numbered = listings.with_row_index("_row")
    return run_sql(screened_sql("SELECT * FROM _listings"), listings=numbered).sort("_row").drop("_row")


def daily_price_stats(listings: pl.DataFrame) -> pl.DataFrame:
    """Stats per source and for all sources together (source = 'all'), sorted by date, model, condition,
    source. `listings`: snapshot_date, source, model_id, condition (price bucket), unit_price."""
    sql = (
        f"WITH kept AS (SELECT * FROM _listings),{GROUP_CTES},{STATS_CTES} "
        f"SELECT * EXCLUDE (screen_median), {CONFIDENCE_NO_AGE_SQL} AS confidence FROM stats"
    )
    return run_sql(sql, listings=with_voices(listings)).sort([*GROUP, "source"])


def price_daily_rows(listings: pl.DataFrame, history: pl.DataFrame) -> pl.DataFrame:
    """marts.price_daily's figures for the dates of `listings`, with `history` (earlier price_daily rows:
    snapshot_date, model_id, condition, source, median) for the rolling median and the changes."""
    sql = price_daily_sql(
        "SELECT * FROM _listings", "SELECT snapshot_date, model_id, condition, source, median FROM _history"
    )
    return run_sql(sql, listings=with_voices(listings), history=history).sort([*GROUP, "source"])
