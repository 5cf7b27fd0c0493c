"""Deals: kept listings at least 15% under their model's 30-day median, or within 5% of the lowest price
the warehouse had seen for that model and condition before that day (that rule needs 7 earlier days).
Listings removed by the outlier screen (transforms/price_stats.py) are never deals.

One definition, in SQL over relations by name: `kept` (the kept listings: snapshot_date, source, listing_id,
model_id, condition, title, unit_price, url, source_mode) and `history` (marts.price_daily rows of source
'all': snapshot_date, model_id, condition, median, min_price, screen_median, listing_count, screened_out,
covering the 30 dates up to each listing date). A listing is screened with its day's screen_median and
group size from price_daily (the screen's rule, transforms.price_stats.SCREEN_KEEPS), not by recomputing
every group's median. It runs on a range of days in the warehouse (warehouse/marts/deals.py) and on frames
in memory."""

import polars as pl

from transforms.day_series import DAY_NUMBER_SQL, every_day_cte
from transforms.price_stats import SCREEN_KEEPS, run_sql

UNDER_MEDIAN = 0.85
NEAR_LOWEST = 1.05
MIN_HISTORY_DAYS = 7
WINDOW_DAYS = 30  # the 30-day median spans the listing's date and the 29 dates before it
WINDOW_PRECEDING = WINDOW_DAYS - 1

DEAL_COLUMNS = [
    "snapshot_date",
    "source",
    "listing_id",
    "model_id",
    "condition",
    "title",
    "unit_price",
    "median_30d",
    "discount_pct",
    "lowest_seen",
    "reason",
    "url",
    "source_mode",
]

# per date, model and condition: the median of the daily medians over the date and the 29 before it, the
# lowest price and the number of dates among the 29 before it, and the day's screen; each series filled to
# every day (transforms/day_series.py) so that these are ROWS frames (a filled day counts no date)
DAILY_HISTORY_CTES = every_day_cte("daily_history", "dated", "model_id, condition")
WINDOWS_CTES = f"""
dated AS (SELECT *, {DAY_NUMBER_SQL} AS day_number FROM history),{DAILY_HISTORY_CTES},
windows AS (
    SELECT * FROM (
        SELECT snapshot_date, model_id, condition, screen_median AS group_median,
               listing_count + screened_out AS group_listings,
               median(median) OVER (w ROWS BETWEEN {WINDOW_PRECEDING} PRECEDING AND CURRENT ROW) AS median_30d,
               min(min_price) OVER (w ROWS BETWEEN {WINDOW_PRECEDING} PRECEDING AND 1 PRECEDING) AS lowest_seen,
               count(snapshot_date) OVER (w ROWS BETWEEN {WINDOW_PRECEDING} PRECEDING AND 1 PRECEDING) AS history_days
        FROM daily_history
        WINDOW w AS (PARTITION BY series ORDER BY day_number)
    ) WHERE snapshot_date IS NOT NULL
),
judged AS (
    SELECT k.*, w.median_30d, w.lowest_seen,
           coalesce(k.unit_price <= w.median_30d * {UNDER_MEDIAN}, false) AS under,
           coalesce(w.history_days >= {MIN_HISTORY_DAYS} AND k.unit_price <= w.lowest_seen * {NEAR_LOWEST}, false)
               AS near
    FROM kept k JOIN (
        SELECT *, greatest(median_30d * {UNDER_MEDIAN},
                           CASE WHEN history_days >= {MIN_HISTORY_DAYS} THEN lowest_seen * {NEAR_LOWEST} END)
                      AS deal_ceiling
        FROM windows
    ) w
    -- a listing over both thresholds is no deal: the join drops it, before its title and URL go any further
    ON k.snapshot_date = w.snapshot_date AND k.model_id = w.model_id AND k.condition = w.condition
       AND k.unit_price <= w.deal_ceiling AND k.unit_price > 0 AND {SCREEN_KEEPS}
)"""
DEALS_SELECT = """
SELECT snapshot_date, source, listing_id, model_id, condition, title, unit_price, median_30d,
       (1 - unit_price / median_30d) * 100 AS discount_pct, lowest_seen,
       CASE WHEN under AND near THEN 'both' WHEN under THEN 'under_30d_median' ELSE 'near_lowest_seen' END
           AS reason,
       url, source_mode
FROM judged WHERE under OR near
"""


def deals_sql(kept_sql: str, history_sql: str) -> str:
    """The deals statement, given the SELECTs of `kept` and `history`."""
    return f"WITH kept AS ({kept_sql}), history AS ({history_sql}),{WINDOWS_CTES}{DEALS_SELECT}"


def find_deals(listings: pl.DataFrame, history: pl.DataFrame) -> pl.DataFrame:
    """marts.deals rows for the kept `listings` of one day or many, `history` as above."""
    statement_sql = deals_sql("SELECT * FROM _listings", "SELECT * FROM _history")
    found = run_sql(statement_sql, listings=listings, history=history).select(DEAL_COLUMNS)
    return found.sort(
        ["snapshot_date", "discount_pct", "source", "listing_id"], descending=[False, True, False, False]
    )
