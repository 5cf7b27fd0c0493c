"""marts.deals judges a listing's earlier price against the bar of that earlier day (cut_to_deal), so a one-day run
reads the price history that day's 30-day window needs: the same events as a range run over the days before it
(code review, 2026-11-28: the history began 29 days before the first day, and a one-day run judged the day before
on a 29-day window)."""

from datetime import date, timedelta

import polars as pl

from tests.support.staging_rows import staging_row
from transforms.deals import EVENT_LOOKBACK_DAYS
from transforms.price_daily import PRICE_BASIS
from warehouse.connection import connect
from warehouse.marts.deals import build_deals

D = date(2026, 11, 20)


def price_history(days: int) -> pl.DataFrame:
    """The used RTX 3090's pooled prices for `days` days up to D: a median of 1,000 and a low of 900, except one low
    of 800 thirty days before D, which only the day before D's full window holds."""
    dates = [D - timedelta(days=k) for k in range(days)]
    return pl.DataFrame(
        {
            "snapshot_date": dates,
            "model_id": "rtx-3090",
            "condition": "used",
            "source": "all",
            "listing_count": 5,
            "screened_out": 0,
            "median": 1000.0,
            "screen_median": 1000.0,
            "min_price": [800.0 if d == D - timedelta(days=30) else 900.0 for d in dates],
            "distinct_sellers": 5,
            "confidence": "A",
            "price_basis": PRICE_BASIS,
            "source_mode": "sample",
        }
    )


def test_a_one_day_run_judges_the_earlier_days_as_a_range_run_does(tmp_path):
    # the day before D, its bar is 850 with the low of 800 in its window (15% under the median), 945 without it:
    # 900 was no deal that day, and 890 today (a 1.1% cut, under today's bar of 945) is a cut to a deal
    events = {}
    for first in (D - timedelta(days=EVENT_LOOKBACK_DAYS), D):
        with connect(tmp_path / f"{first}.duckdb") as con:
            con.register("history_df", price_history(45))
            con.execute("INSERT INTO marts.price_daily BY NAME SELECT * FROM history_df")
            rows = [staging_row(D - timedelta(days=1), "x", 900.0), staging_row(D, "x", 890.0)]
            con.register("rows_df", pl.DataFrame(rows))
            con.execute("INSERT INTO staging.listings BY NAME SELECT * FROM rows_df")
            build_deals(con, first, D, open_box_as_new=True)
            events[first] = con.execute(
                "SELECT listing_id, event, previous_price FROM marts.deals WHERE snapshot_date = ?", [D]
            ).fetchall()
    assert events[D - timedelta(days=EVENT_LOOKBACK_DAYS)] == [("x", "cut_to_deal", 900.0)]
    assert events[D] == events[D - timedelta(days=EVENT_LOOKBACK_DAYS)]
