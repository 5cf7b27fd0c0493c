"""Deals: kept listings at least 15% under their model's 30-day median, or within 5% of the lowest price
the warehouse had seen for that model and condition before that day (that rule needs 7 earlier days, and the
listing at least 5% under the 30-day median: NEAR_LOWEST_MIN_DISCOUNT). The 30-day median is of the days priced by
at least 3 sellers (the screen's minimum, counted in sellers: one seller, one voice) and not grade D.
Listings removed by the outlier screen (transforms/price_daily.py) are never deals, nor is a listing less than 5% under
its model's median of that day (marts.price_daily: in a falling market the 30-day median lags). Sellers below the
trust floor never reach them: their listings are excluded as low_feedback at classification.

A deal is an event only when something happened (issue 37): `event` is `new_listing` when the listing was not
listed in the EVENT_LOOKBACK_DAYS before (or is listed for the first time), `price_drop` when it is at least
MIN_PRICE_DROP cheaper than its last earlier price, `cut_to_deal` when a smaller cut brings it under the bar from a
price that was no deal on its day (against that day's bar); a drop or a cut is news only under every price the listing
asked in the look-back (a price_drop MIN_PRICE_DROP under the lowest): a raise trimmed back is no news. Every deal is
at least 5% under the day's own median (UNDER_DAY_MEDIAN), news or still listed. A listing resting at a price it had before is no new deal:
marts.deals holds events only (`deals_sql`'s default), so a deal is one row on the day it happens, not one row
a day for as long as it is listed (on the sample, half the rows of a day repeated the day before). The
dashboard's deals, the export and deal alerts read marts.deals; the dashboard and the export list apart the
listings under the bar today that are no news (`events_only=False`, dashboards/report_data.resting_deals_sql).

One seller, one voice: of one seller's listings of a card on a day, only the cheapest can be a deal.

One definition, in SQL over relations by name: `kept` (the kept listings: snapshot_date, source, listing_id,
model_id, condition, title, unit_price, url, source_mode, seller_key, seller_listings, shipping_stated, open_box) and `history`
(marts.price_daily rows of source 'all': snapshot_date, model_id, condition, median, min_price, screen_median,
listing_count, screened_out, distinct_sellers, confidence, covering the 30 dates up to each listing date). A listing is screened with its day's screen_median and
group size from price_daily (the screen's rule, transforms.price_daily.SCREEN_KEEPS), not by recomputing
every group's median. It runs on a range of days in the warehouse (warehouse/marts/deals.py) and on frames
in memory."""

import polars as pl

from transforms.day_series import DAY_NUMBER_SQL, every_day_cte
from transforms.frame_sql import run_sql
from transforms.price_daily import GRADE_D, SCREEN_KEEPS, SCREEN_MIN_LISTINGS

UNDER_MEDIAN = 0.85
NEAR_LOWEST = 1.05
MIN_HISTORY_DAYS = 7
WINDOW_DAYS = 30  # the 30-day median spans the listing's date and the 29 dates before it
WINDOW_PRECEDING = WINDOW_DAYS - 1
EVENT_LOOKBACK_DAYS = 7  # a listing unseen for longer is new again (relisted, or its source was down)
# the days of price_daily before a day that its deals read: the 30-day windows of the day and of the look-back days
# before it (a listing's earlier price is judged against the bar of its own day: cut_to_deal)
PRICE_DAYS_BEFORE = WINDOW_PRECEDING + EVENT_LOOKBACK_DAYS
# ASSUMPTION: a drop of at least 3% is news; smaller moves are rounding, shipping quotes or noise (the sample
# moves each price by up to 1.5% a day, and 58 of 126 deals of one day were "drops" of 0.1-1.4% without it)
MIN_PRICE_DROP = 0.03
# but a smaller cut that brings a listing under the bar, from a price that was no deal on its day, is news too
# (twenty-fourth review: a used RTX 4080 SUPER cut from 843 to 741 USD in 13 steps of under 3% was never news, so a
# watchlist's deal alert never fired for it at 14.5% under its median)
CUT_TO_DEAL = "cut_to_deal"
# ASSUMPTION: "near the lowest price seen" is a deal only at least this far under the 30-day median, and never
# without one: where prices are flat the lowest seen is the median, and a listing at the going price was called a
# deal 0.0% under it (twelfth review: a refurbished GTX 1080 Ti at 261.64 against a median of 262); a window with no
# day that sets the median (every day priced on fewer than SCREEN_MIN_LISTINGS listings, or grade D) judged against
# the day's own median instead, the mean of two asks the 30-day median leaves out (thirteenth review: a new GTX 1080
# Ti at 333 USD "near the lowest seen" against a day median of 801 from 2 listings)
NEAR_LOWEST_MIN_DISCOUNT = 0.05
# ASSUMPTION: and every deal, news or still listed, is at least this far under the day's own median (thirtieth
# review: news only had to be at or under it, while the listings still listed needed 5% under it, "the same bar" in the
# export's words; a used RTX 5090 was news "8.8% under" its 30-day median at 0.6% under the going price, which a
# falling market had brought down to it)
UNDER_DAY_MEDIAN = 1 - NEAR_LOWEST_MIN_DISCOUNT

# what makes a deal news, in words, for the export, the dashboard and the README's query (code review: the words kept
# "a drop of 3% or more" after the look-back's lowest became the bar)
NEWS_RULE = (
    f"a new listing (not listed in the {EVENT_LOOKBACK_DAYS} days before), a price at least {MIN_PRICE_DROP:.0%} under "
    f"every price it asked in the {EVENT_LOOKBACK_DAYS} days before, or a smaller cut under all of them from a price "
    "over its day's bar"
)

# the rule in words, for the export and the dashboard (code review: their sentences had kept the rules before)
DEAL_RULE = (
    f"at least {1 - UNDER_MEDIAN:.0%} under the card's 30-day median (the median of its days' medians, of the days "
    f"priced by at least {SCREEN_MIN_LISTINGS} sellers and not grade D), or within {NEAR_LOWEST - 1:.0%} of the "
    f"lowest price seen before the day (after {MIN_HISTORY_DAYS} days of history) and at least "
    f"{NEAR_LOWEST_MIN_DISCOUNT:.0%} under that median; and at least {1 - UNDER_DAY_MEDIAN:.0%} under the day's own "
    "median"
)

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
    "event",
    "previous_price",
    "shipping_stated",
    "open_box",
]

# a deal whose listing does not state its shipping (calculated at checkout, or a store tile that names none): its price
# counts the shipping as 0, as every price statistic does (thirtieth review: "shipping included" was untrue for a sixth
# of the eBay deals, a used RTX 4090 at 1,539.99 and a new RX 7800 XT at 418 among them), so its caveat says so
SHIPPING_UNSTATED = "+ shipping (not stated)"
# stores whose cards are sold for pickup at the store (Micro Center's tiles state no shipping; its price is the store's
# price at the counter): no shipping to add, so no words
PICKUP_SOURCES = ("microcenter",)


def shipping_unstated() -> pl.Expr:
    """Whether a deal row's price leaves out a shipping cost the buyer will pay: its listing states none
    (shipping_stated false; NULL, rows written before it was kept, is not held against it) and it is no pickup store's."""
    return pl.col("shipping_stated").eq(False).fill_null(False) & ~pl.col("source").is_in(PICKUP_SOURCES)


# per date, model and condition: the median of the daily medians over the date and the 29 before it (a day whose
# price is grade D, one seller or nearly, sets none: the ninth review found a new RTX 2080 Ti "72% under" a
# 30-day median of 1,300 that one 1,606 USD listing had set; a D price never sets a pick either; nor does a day
# priced by fewer sellers than the screen judges listings, SCREEN_MIN_LISTINGS: the median of two asks is their mean,
# and the twelfth review found the same 2080 Ti "61% under" a 994 USD median of two-listing days, one ask 1,605;
# counted in sellers since the twenty-first review: a seller's second listing made a day of two sellers count, and
# that seller's dearer listing was then a deal 7.8% under the two sellers' mean), the
# lowest price and the number of dates among the 29 before it, and the day's screen; each series filled to
# every day (transforms/day_series.py) so that these are ROWS frames (a filled day counts no date)
DAILY_HISTORY_CTES = every_day_cte("daily_history", "dated", "model_id, condition")
WINDOWS_CTES = f"""
dated AS (SELECT *, {DAY_NUMBER_SQL} AS day_number FROM history),{DAILY_HISTORY_CTES},
windows AS (
    SELECT * FROM (
        SELECT snapshot_date, model_id, condition, screen_median AS group_median,
               listing_count + screened_out AS group_listings, median AS day_median,
               median(CASE WHEN confidence IS DISTINCT FROM '{GRADE_D}' AND coalesce(distinct_sellers, listing_count) >= {SCREEN_MIN_LISTINGS}
                           THEN median END)
                   OVER (w ROWS BETWEEN {WINDOW_PRECEDING} PRECEDING AND CURRENT ROW) AS median_30d,
               min(min_price) OVER (w ROWS BETWEEN {WINDOW_PRECEDING} PRECEDING AND 1 PRECEDING) AS lowest_seen,
               count(snapshot_date) OVER (w ROWS BETWEEN {WINDOW_PRECEDING} PRECEDING AND 1 PRECEDING) AS history_days
        FROM daily_history
        WINDOW w AS (PARTITION BY series ORDER BY day_number)
    ) WHERE snapshot_date IS NOT NULL
),
ceilings AS (
    SELECT *, greatest(median_30d * {UNDER_MEDIAN},
                       CASE WHEN history_days >= {MIN_HISTORY_DAYS}
                            THEN least(lowest_seen * {NEAR_LOWEST},
                                       median_30d * (1 - {NEAR_LOWEST_MIN_DISCOUNT})) END)
                  AS deal_ceiling
    FROM windows
),
judged AS (
    SELECT k.*, w.median_30d, w.lowest_seen,
           coalesce(k.unit_price <= w.median_30d * {UNDER_MEDIAN}, false) AS under,
           coalesce(w.history_days >= {MIN_HISTORY_DAYS} AND k.unit_price <= w.lowest_seen * {NEAR_LOWEST}
                    AND k.unit_price <= w.median_30d * (1 - {NEAR_LOWEST_MIN_DISCOUNT}),
                    false) AS near
    FROM kept k JOIN ceilings w
    -- a listing over both thresholds is no deal: the join drops it, before its title and URL go any further
    ON k.snapshot_date = w.snapshot_date AND k.model_id = w.model_id AND k.condition = w.condition
       AND k.unit_price <= w.deal_ceiling AND k.unit_price > 0 AND {SCREEN_KEEPS}
       -- at least 5% under the day's own median: in a falling market a listing under the 30-day median may be
       -- the going rate, or above it (third review: a used L4 at 2,180 shown as 23.5% under a 30-day median of
       -- 2,850 that one listing had set, on a day whose median was 2,130; thirtieth: 0.6% under it was news)
       AND k.unit_price <= w.day_median * {UNDER_DAY_MEDIAN}
)"""
DEALS_SELECT = f""",
earlier AS (
    -- the earlier prices of the deals' listings only: a semi join first, so the ASOF join sorts a few rows
    -- instead of every listing of the range (benchmark 2: 9 s over 10 million rows without it)
    SELECT p.* FROM previous p
    SEMI JOIN (SELECT DISTINCT source, listing_id FROM judged WHERE under OR near) d
      ON p.source = d.source AND p.listing_id = d.listing_id
),
evented AS (
SELECT j.snapshot_date, j.source, j.listing_id, j.model_id, j.condition, j.title, j.unit_price, j.median_30d,
       (1 - j.unit_price / j.median_30d) * 100 AS discount_pct, j.lowest_seen,
       CASE WHEN j.under AND j.near THEN 'both' WHEN j.under THEN 'under_30d_median' ELSE 'near_lowest_seen' END
           AS reason,
       j.url, j.source_mode, j.shipping_stated, j.open_box,
       CASE WHEN p.snapshot_date IS NULL OR p.snapshot_date < j.snapshot_date - INTERVAL {EVENT_LOOKBACK_DAYS} DAYS
                THEN 'new_listing'
            WHEN j.unit_price <= p.unit_price * (1 - {MIN_PRICE_DROP}) THEN 'price_drop'
            -- a smaller cut that brings it under the bar, from a price over that day's bar (a day with a bar)
            WHEN j.unit_price < p.unit_price
                 AND (p.unit_price > c.deal_ceiling OR p.unit_price > c.day_median * {UNDER_DAY_MEDIAN})
                 THEN '{CUT_TO_DEAL}' END AS event,
       CASE WHEN p.snapshot_date >= j.snapshot_date - INTERVAL {EVENT_LOOKBACK_DAYS} DAYS THEN p.unit_price END
           AS previous_price,
       -- from a price over its day's bar: a drop that is no news under the look-back's lowest may still be a cut to a
       -- deal (code review: a larger cut from a higher price was silenced where a smaller one was news)
       coalesce(p.unit_price > c.deal_ceiling OR p.unit_price > c.day_median * {UNDER_DAY_MEDIAN}, false)
           AS from_over_bar
FROM (
    SELECT * FROM judged WHERE (under OR near) AND coalesce(seller_listings, 1) <= 1
    UNION ALL BY NAME
    -- one seller, one voice: of a seller's listings of a card on a day under the thresholds, the cheapest alone
    -- (twenty-first review: a seller's second listing, dearer than its first, was a new deal 7.8% under the median);
    -- only a seller with several listings of the card that day (staging.listings.seller_listings) has any to set
    -- aside, so only those are ranked (benchmark 2: ranking all 726,962 candidates of five years cost 0.5 s)
    SELECT * FROM judged WHERE (under OR near) AND seller_listings > 1
    QUALIFY row_number() OVER (
        PARTITION BY snapshot_date, model_id, condition, coalesce(seller_key, source || ' ' || listing_id)
        ORDER BY unit_price, source, listing_id) = 1
) j ASOF LEFT JOIN earlier p
  ON j.source = p.source AND j.listing_id = p.listing_id AND j.snapshot_date > p.snapshot_date
LEFT JOIN ceilings c ON c.snapshot_date = p.snapshot_date AND c.model_id = j.model_id AND c.condition = j.condition
),
-- a cut is news only where the listing is cheaper than every price it asked in the look-back: a price_drop at least
-- MIN_PRICE_DROP under the lowest, a cut_to_deal under it (thirtieth review: the day's only two news items had raised
-- their price the day before and trimmed it back, one to a price over what it had asked on 12 of the 13 days before,
-- while a cheaper listing of the card sat among those still listed); of the events only, so few rows
lows AS (
    SELECT e.source, e.listing_id, e.snapshot_date, min(q.unit_price) AS prior_low
    FROM (SELECT source, listing_id, snapshot_date FROM evented WHERE event IN ('price_drop', '{CUT_TO_DEAL}')) e
    JOIN earlier q ON q.source = e.source AND q.listing_id = e.listing_id
         AND q.snapshot_date BETWEEN e.snapshot_date - INTERVAL {EVENT_LOOKBACK_DAYS} DAYS
                                 AND e.snapshot_date - INTERVAL 1 DAY
    GROUP BY ALL
)
SELECT e.* EXCLUDE (from_over_bar) REPLACE (
    CASE WHEN e.event IN ('price_drop', '{CUT_TO_DEAL}') THEN
             CASE WHEN e.unit_price <= l.prior_low * (1 - {MIN_PRICE_DROP}) THEN 'price_drop'
                  WHEN e.unit_price < l.prior_low AND e.from_over_bar THEN '{CUT_TO_DEAL}' END
         ELSE e.event END AS event)
FROM evented e
LEFT JOIN lows l ON l.source = e.source AND l.listing_id = e.listing_id AND l.snapshot_date = e.snapshot_date
"""
# no earlier prices given: every deal is a new listing
NO_PREVIOUS_SQL = (
    "SELECT NULL::VARCHAR AS source, NULL::VARCHAR AS listing_id, NULL::DATE AS snapshot_date, "
    "NULL::DOUBLE AS unit_price WHERE false"
)


def deals_sql(
    kept_sql: str, history_sql: str, previous_sql: str = NO_PREVIOUS_SQL, events_only: bool = True
) -> str:
    """The deals statement, given the SELECTs of `kept`, `history` and `previous` (every earlier price of a
    listing: source, listing_id, snapshot_date, unit_price): the deal events (marts.deals), or with
    `events_only=False` every listing under the thresholds, a resting one with event NULL."""
    statement_sql = (
        f"WITH kept AS ({kept_sql}), history AS ({history_sql}), previous AS ({previous_sql}),"
        f"{WINDOWS_CTES}{DEALS_SELECT}"
    )
    return f"SELECT * FROM ({statement_sql}) WHERE event IS NOT NULL" if events_only else statement_sql


def find_deals(
    listings: pl.DataFrame,
    history: pl.DataFrame,
    previous: pl.DataFrame | None = None,
    events_only: bool = True,
) -> pl.DataFrame:
    """marts.deals rows for the kept `listings` of one day or many, `history` and `previous` as above
    (without `previous`, every deal is a new listing); `events_only=False`: the resting ones too."""
    if "confidence" not in history.columns:  # history without grades: every day counts
        history = history.with_columns(confidence=pl.lit(None, pl.String))
    if "distinct_sellers" not in history.columns:  # history without sellers: each listing its own seller
        history = history.with_columns(distinct_sellers=pl.col("listing_count"))
    if "seller_key" not in listings.columns:  # listings without sellers: each its own seller
        listings = listings.with_columns(seller_key=pl.lit(None, pl.String))
    if "shipping_stated" not in listings.columns:  # listings without shipping: not known either way
        listings = listings.with_columns(shipping_stated=pl.lit(None, pl.Boolean))
    if "open_box" not in listings.columns:  # listings without their condition before the bucket: not known
        listings = listings.with_columns(open_box=pl.lit(None, pl.Boolean))
    if "seller_listings" not in listings.columns:  # each seller's listings of the card that day
        listings = listings.with_columns(
            seller_listings=pl.when(pl.col("seller_key").is_not_null())
            .then(pl.len().over("snapshot_date", "model_id", "condition", "seller_key"))
            .otherwise(1)
        )
    frames = {"listings": listings, "history": history}
    previous_sql = NO_PREVIOUS_SQL
    if previous is not None:
        frames["previous"], previous_sql = previous, "SELECT * FROM _previous"
    statement_sql = deals_sql("SELECT * FROM _listings", "SELECT * FROM _history", previous_sql, events_only)
    found = run_sql(statement_sql, **frames).select(DEAL_COLUMNS)
    return found.sort(
        ["snapshot_date", "discount_pct", "source", "listing_id"], descending=[False, True, False, False]
    )
