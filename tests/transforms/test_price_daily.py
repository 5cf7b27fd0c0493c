"""Price statistics on small frames with known answers: outliers, a single listing, ties, history."""

from datetime import date, timedelta

import duckdb
import polars as pl
import pytest

from transforms.conditions import ebay_condition, price_condition_sql
from transforms.price_daily import daily_price_stats, price_daily_rows, screen_outliers

D = date(2026, 11, 20)


def listings(prices, model="m", condition="used", source="ebay", day=D):
    return pl.DataFrame(
        {
            "snapshot_date": [day] * len(prices),
            "source": [source] * len(prices),
            "model_id": [model] * len(prices),
            "condition": [condition] * len(prices),
            "unit_price": [float(p) for p in prices],
        }
    )


def row(stats, source="all", model="m", condition="used"):
    return stats.filter(
        (pl.col("source") == source) & (pl.col("model_id") == model) & (pl.col("condition") == condition)
    ).row(0, named=True)


def test_known_answers_without_outliers():
    r = row(daily_price_stats(listings([200, 250, 300, 350, 400])))
    assert r["listing_count"] == 5 and r["screened_out"] == 0
    assert r["min_price"] == 200 and r["low3_mean"] == 250 and r["median"] == 300
    assert r["p25"] == 250 and r["p75"] == 350


def test_outliers_are_screened_relative_to_the_median():
    r = row(daily_price_stats(listings([1, 700, 750, 800, 820, 5000])))
    assert r["screened_out"] == 2 and r["listing_count"] == 4
    assert r["min_price"] == 700 and r["median"] == 775
    assert r["low3_mean"] == pytest.approx((700 + 750 + 800) / 3)


def test_screen_applies_only_from_three_listings():
    flagged = screen_outliers(listings([1, 1000]))
    assert flagged["kept_by_screen"].all()
    r = row(daily_price_stats(listings([1, 1000])))
    assert r["listing_count"] == 2 and r["min_price"] == 1 and r["median"] == 500.5


def test_single_listing():
    r = row(daily_price_stats(listings([450])))
    assert (r["listing_count"], r["min_price"], r["low3_mean"], r["p25"], r["median"], r["p75"]) == (
        1,
        450,
        450,
        450,
        450,
        450,
    )


def test_ties():
    r = row(daily_price_stats(listings([500, 500, 500, 500])))
    assert r["screened_out"] == 0 and r["median"] == 500 and r["p25"] == 500 and r["low3_mean"] == 500


def test_per_source_and_all_rows():
    frame = pl.concat([listings([100, 110, 120], source="ebay"), listings([130, 140], source="newegg")])
    stats = daily_price_stats(frame)
    assert row(stats, "ebay")["listing_count"] == 3
    assert row(stats, "newegg")["median"] == 135
    assert row(stats, "all")["listing_count"] == 5 and row(stats, "all")["median"] == 120


def test_new_and_used_prices_are_kept_apart():
    frame = pl.concat(
        [listings([1000, 1010, 1020], condition="new"), listings([600, 610, 620], condition="used")]
    )
    stats = daily_price_stats(frame)
    assert row(stats, condition="new")["median"] == 1010
    assert row(stats, condition="used")["median"] == 610


def price_condition(condition, open_box_as_new=True):
    return duckdb.execute(
        f"SELECT {price_condition_sql('c', open_box_as_new)} FROM (SELECT ? AS c)", [condition]
    ).fetchone()[0]


def test_open_box_counts_as_new_unless_configured():
    assert price_condition("open_box") == "new"
    assert price_condition("open_box", open_box_as_new=False) == "open_box"
    assert price_condition("for_parts") is None and price_condition(None) is None
    assert price_condition("used") == "used" and price_condition("refurbished") == "refurbished"
    assert (
        ebay_condition(1500) == "open_box"
        and ebay_condition(2500) == "refurbished"
        and ebay_condition(7000) == "for_parts"
    )


def test_rolling_median_and_changes_against_7_and_30_days():
    keys = {"model_id": "m", "condition": "used", "source": "all"}
    history = pl.DataFrame(
        [{"snapshot_date": D - timedelta(days=k), **keys, "median": 100.0 + k} for k in range(1, 31)]
    )
    today = listings([90.0], source="ebay")  # one listing: the day's median is 90
    r = row(price_daily_rows(today, history))
    assert r["rolling_7d_median"] == pytest.approx(sorted([90.0] + [100.0 + k for k in range(1, 7)])[3])
    assert r["change_7d_pct"] == pytest.approx((90 / 107 - 1) * 100)
    assert r["change_30d_pct"] == pytest.approx((90 / 130 - 1) * 100)


def test_changes_are_null_without_a_snapshot_on_that_day():
    keys = {"model_id": "m", "condition": "used", "source": "all"}
    no_history = pl.DataFrame(
        schema={"snapshot_date": pl.Date, **dict.fromkeys(keys, pl.String), "median": pl.Float64}
    )
    r = row(price_daily_rows(listings([90.0]), no_history))
    assert r["change_7d_pct"] is None and r["change_30d_pct"] is None and r["rolling_7d_median"] == 90
