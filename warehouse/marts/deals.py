"""marts.deals for a range of days: the kept US listings screened, against the 30-day windows of
marts.price_daily, each with its event against the listing's earlier prices in staging.listings
(transforms/deals.py)."""

from datetime import date

import duckdb

from transforms.deals import EVENT_LOOKBACK_DAYS, PRICE_DAYS_BEFORE, deals_sql
from warehouse.kept_listings import COLUMNS, kept_sql
from warehouse.marts.days import replace_days_sql

# the 30-day windows of the range's days, and of the look-back days before it: a listing's earlier price is judged
# against the bar of its own day (cut_to_deal), whose window a one-day run must read whole as a range run does (code
# review: the history began 29 days before the first day, and the day before it was judged on a 29-day window)
HISTORY_SQL = f"""
SELECT snapshot_date, model_id, condition, median, min_price, screen_median, listing_count, screened_out,
       distinct_sellers, confidence
FROM marts.price_daily
WHERE source = 'all'
  AND snapshot_date BETWEEN $first - INTERVAL {PRICE_DAYS_BEFORE} DAYS AND $last"""


# every earlier price of the listings, far enough back to tell a new listing from one resting at its price
PREVIOUS_SQL = f"""
SELECT source, listing_id, snapshot_date, unit_price FROM staging.listings
WHERE snapshot_date BETWEEN $first - INTERVAL {EVENT_LOOKBACK_DAYS} DAYS AND $last - INTERVAL 1 DAY
  AND listing_id IS NOT NULL"""


# whether a listing's unit_price holds its shipping (marts.deals.shipping_stated): a stated cost, free included
SHIPPING_STATED_SQL = "shipping_cost IS NOT NULL AS shipping_stated"
# whether the listing is an open-box unit (marts.deals.open_box), read before its condition is bucketed with new
# (thirty-fourth review: a SQL user read an open-box deal as a new card's; the export said it from staging)
OPEN_BOX_SQL = "condition = 'open_box' AS open_box"


def deals_select_sql(open_box_as_new: bool, events_only: bool = True) -> str:
    """The deals of the days between the parameters first and last, from the warehouse: the events (marts.deals'
    rows) or, with `events_only=False`, every listing under the thresholds, a resting one with event NULL (the
    export's and the dashboard's deals still listed, dashboards/report_data.py)."""
    return deals_sql(
        kept_sql(
            open_box_as_new, f"{COLUMNS}, seller_key, seller_listings, {SHIPPING_STATED_SQL}, {OPEN_BOX_SQL}"
        ),
        HISTORY_SQL,
        PREVIOUS_SQL,
        events_only,
    )


def build_deals(con: duckdb.DuckDBPyConnection, first: date, last: date, open_box_as_new: bool) -> int:
    """Replace marts.deals' rows dated first..last; how many were written."""
    select_sql = deals_select_sql(open_box_as_new)
    return replace_days_sql(con, "marts.deals", first, last, select_sql, {"first": first, "last": last})
