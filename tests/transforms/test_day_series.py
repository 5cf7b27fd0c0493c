"""The look-back windows over filled daily series (transforms/day_series.py) against the rules written out
plainly as RANGE frames over the rows as they are, on drawn series with missing days.

price_daily's rolling 7-day median and its changes against 7 and 30 days earlier, and deals' 30-day median,
lowest price seen and count of earlier days, run as ROWS frames and lags over series filled to every day.
Hypothesis draws series with gaps of every length (a missing 7th or 30th day, a gap longer than the window,
a single day) over two models and sources; both must agree to the last bit."""

from datetime import date, timedelta

import polars as pl
from hypothesis import given, settings
from hypothesis import strategies as st

from transforms.deals import (
    MIN_HISTORY_DAYS,
    NEAR_LOWEST,
    NEAR_LOWEST_MIN_DISCOUNT,
    UNDER_DAY_MEDIAN,
    UNDER_MEDIAN,
    WINDOW_PRECEDING,
    find_deals,
)
from transforms.frame_sql import run_sql
from transforms.price_daily import (
    HISTORY_DAYS,
    ROLLING_DAYS,
    ROLLING_PRECEDING,
    SCREEN_MIN_LISTINGS,
    price_daily_rows,
)

START = date(2026, 9, 1)

PRICE_DAILY_REFERENCE = f"""
SELECT snapshot_date, model_id, condition, source,
       median(median) OVER (w RANGE BETWEEN INTERVAL {ROLLING_PRECEDING} DAYS PRECEDING AND CURRENT ROW)
           AS rolling_7d_median,
       (median / min(median) OVER (w RANGE BETWEEN INTERVAL {ROLLING_DAYS} DAYS PRECEDING
                                     AND INTERVAL {ROLLING_DAYS} DAYS PRECEDING) - 1) * 100 AS change_7d_pct,
       (median / min(median) OVER (w RANGE BETWEEN INTERVAL {HISTORY_DAYS} DAYS PRECEDING
                                     AND INTERVAL {HISTORY_DAYS} DAYS PRECEDING) - 1) * 100 AS change_30d_pct
FROM _rows WINDOW w AS (PARTITION BY model_id, condition, source ORDER BY snapshot_date)
"""

DEALS_REFERENCE = f"""
SELECT snapshot_date, model_id, condition, median AS own_median,
       median(CASE WHEN distinct_sellers >= {SCREEN_MIN_LISTINGS} THEN median END)
           OVER (w RANGE BETWEEN INTERVAL {WINDOW_PRECEDING} DAYS PRECEDING AND CURRENT ROW) AS median_30d,
       min(min_price) OVER (w RANGE BETWEEN INTERVAL {WINDOW_PRECEDING} DAYS PRECEDING
                              AND INTERVAL 1 DAYS PRECEDING) AS lowest_seen,
       count(*) OVER (w RANGE BETWEEN INTERVAL {WINDOW_PRECEDING} DAYS PRECEDING
                        AND INTERVAL 1 DAYS PRECEDING) AS history_days
FROM _history WINDOW w AS (PARTITION BY model_id, condition ORDER BY snapshot_date)
"""

# a series: the days (out of 75) it has a row on, with a median each
series = st.fixed_dictionaries(
    {
        "model_id": st.sampled_from(["a", "b"]),
        "source": st.sampled_from(["ebay", "newegg"]),
        "days": st.sets(st.integers(0, 74), min_size=1, max_size=75),
        "seed": st.integers(0, 10_000),
    }
)


def history_rows(drawn: list[dict]) -> pl.DataFrame:
    """Earlier price_daily rows, one per day of each drawn series (a later draw of a series wins)."""
    rows = {}
    for s in drawn:
        for day in s["days"]:
            median = float(100 + (s["seed"] * 7 + day * 13) % 90)
            rows[(s["model_id"], s["source"], day)] = {
                "snapshot_date": START + timedelta(days=day),
                "model_id": s["model_id"],
                "condition": "used",
                "source": s["source"],
                "median": median,
                "min_price": median - (day % 5),
                "screen_median": median,
                # a day of two sellers sets no 30-day median, however many listings they have
                "listing_count": 3 if day % 8 == 0 else (2 if day % 4 == 0 else 3),
                "distinct_sellers": 2 if day % 4 == 0 else 3,
                "screened_out": 0,
            }
    return pl.DataFrame(list(rows.values()))


def same(left: pl.DataFrame, right: pl.DataFrame, keys: list[str]) -> None:
    assert left.sort(keys).to_dicts() == right.sort(keys).select(left.columns).to_dicts()


@settings(max_examples=60, deadline=None)
@given(st.lists(series, min_size=1, max_size=4), st.integers(0, 74))
def test_price_daily_windows_match_range_frames(drawn, first_day):
    """The rolling median and changes of the listings from `first_day` on (one day or a range, as a daily run
    or a rebuild computes them), with the earlier days as history."""
    rows = history_rows(drawn)
    first = START + timedelta(days=first_day)
    history = rows.filter(pl.col("snapshot_date") < first)
    listings = rows.filter(pl.col("snapshot_date") >= first).select(
        "snapshot_date", "model_id", "condition", "source", unit_price="median"
    )
    got = price_daily_rows(
        listings, history.select("snapshot_date", "model_id", "condition", "source", "median")
    )
    got = got.filter(pl.col("source") != "all")  # the drawn rows are per source; 'all' pools them
    keys = ["snapshot_date", "model_id", "condition", "source"]
    expected = run_sql(
        f"SELECT * FROM ({PRICE_DAILY_REFERENCE}) WHERE snapshot_date >= DATE '{first}'",
        rows=pl.concat([history.select(*keys, "median"), got.select(*keys, "median")]),
    )
    same(got.select(*keys, "rolling_7d_median", "change_7d_pct", "change_30d_pct"), expected, keys)


@settings(max_examples=60, deadline=None)
@given(st.lists(series, min_size=1, max_size=4))
def test_deals_windows_match_range_frames(drawn):
    """Every listing priced exactly at its day's lowest seen, 30-day median and a little above, and its own
    median: which are deals and the figures they carry follow the RANGE frames over the history as it is (a day on
    fewer sellers than the screen judges listings sets no 30-day median; near the lowest seen needs 5% under that median),
    and every one is at least 5% under its day's median."""
    history = history_rows([{**s, "source": "all"} for s in drawn]).drop("source")
    windows = run_sql(DEALS_REFERENCE, history=history)
    listings = []
    for w in windows.iter_rows(named=True):
        median_30d = w["median_30d"]  # none where no day of the window counts
        at_median = (median_30d * UNDER_MEDIAN, median_30d) if median_30d is not None else ()
        # and the day's own median: every day has a listing, whether its window has a median or not
        for n, price in enumerate(p for p in (w["lowest_seen"], *at_median, w["own_median"]) if p):
            listings.append(
                {
                    "snapshot_date": w["snapshot_date"],
                    "source": "ebay",
                    "listing_id": f"{w['model_id']}-{w['snapshot_date']}-{n}",
                    "model_id": w["model_id"],
                    "condition": "used",
                    "title": "t",
                    "unit_price": price,
                    "url": None,
                    "source_mode": "sample",
                }
            )
    deals = find_deals(pl.DataFrame(listings), history)
    day_medians = history.select(
        "snapshot_date", "model_id", "condition", pl.col("median").alias("day_median")
    )
    reference = (
        pl.DataFrame(listings)
        .join(windows, on=["snapshot_date", "model_id", "condition"])
        .join(day_medians, on=["snapshot_date", "model_id", "condition"])
        .filter(
            (
                (pl.col("unit_price") <= pl.col("median_30d") * UNDER_MEDIAN)
                | (
                    (pl.col("history_days") >= MIN_HISTORY_DAYS)
                    & (pl.col("unit_price") <= pl.col("lowest_seen") * NEAR_LOWEST)
                    # and at least NEAR_LOWEST_MIN_DISCOUNT under the 30-day median; none without one
                    & (pl.col("unit_price") <= pl.col("median_30d") * (1 - NEAR_LOWEST_MIN_DISCOUNT))
                )
            )
            # and at least 5% under the day's own median (thirtieth review: one bar for news and still listed)
            & (pl.col("unit_price") <= pl.col("day_median") * UNDER_DAY_MEDIAN)
        )
    )
    keys = ["listing_id"]
    same(
        deals.select("listing_id", "median_30d", "lowest_seen"),
        reference.select("listing_id", "median_30d", "lowest_seen"),
        keys,
    )
