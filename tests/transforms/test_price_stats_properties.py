"""The price statistics (transforms/price_stats.py) against the rule written out plainly, on drawn listings.

price_stats takes a shortcut: a group the screen keeps whole and whose listings come from one source gets its
figures from the single pass that finds the screen's median. The reference here has no shortcut: every
listing is screened against its group's median (a window), then every group is summarized per source and
pooled. Hypothesis draws days of listings with several sources, outliers on both sides, groups of one and
two listings (the screen starts at three), ties and prices without a value; both must agree to the last bit."""

from datetime import date, timedelta

import polars as pl
from hypothesis import example, given, settings
from hypothesis import strategies as st

from transforms.price_stats import (
    GROUP,
    SCREEN_HIGH,
    SCREEN_LOW,
    SCREEN_MIN_LISTINGS,
    daily_price_stats,
    run_sql,
    screen_outliers,
)

DAY = date(2026, 11, 20)

REFERENCE_SQL = f"""
WITH priced AS (SELECT * FROM _listings WHERE unit_price > 0),
screened AS (
    SELECT *, (group_listings < {SCREEN_MIN_LISTINGS}
               OR unit_price BETWEEN group_median * {SCREEN_LOW} AND group_median * {SCREEN_HIGH}) AS kept_by_screen
    FROM (SELECT *, median(unit_price) OVER g AS group_median, count(*) OVER g AS group_listings
          FROM priced WINDOW g AS (PARTITION BY snapshot_date, model_id, condition))
)
SELECT snapshot_date, model_id, condition,
       CASE WHEN grouping(source) = 1 THEN 'all' ELSE source END AS source,
       CAST(count(*) FILTER (kept_by_screen) AS INTEGER) AS listing_count,
       CAST(count(*) FILTER (NOT kept_by_screen) AS INTEGER) AS screened_out,
       min(unit_price) FILTER (kept_by_screen) AS min_price,
       list_avg(min(unit_price, 3) FILTER (kept_by_screen)) AS low3_mean,
       quantile_cont(unit_price, 0.25) FILTER (kept_by_screen) AS p25,
       quantile_cont(unit_price, 0.5) FILTER (kept_by_screen) AS median,
       quantile_cont(unit_price, 0.75) FILTER (kept_by_screen) AS p75
FROM screened
GROUP BY GROUPING SETS ((snapshot_date, model_id, condition, source), (snapshot_date, model_id, condition))
HAVING count(*) FILTER (kept_by_screen) > 0
"""

listing = st.fixed_dictionaries(
    {
        "day": st.integers(0, 1),
        "model_id": st.sampled_from(["a", "b"]),
        "condition": st.sampled_from(["new", "used"]),
        "source": st.sampled_from(["ebay", "ebay", "ebay", "newegg", "bestbuy"]),
        "unit_price": st.one_of(
            st.sampled_from([0.0, 1.0, 99.99, 400.0, 400.0, 410.5, 1_000.0, 5_000.0]),
            st.floats(min_value=0.01, max_value=10_000, allow_nan=False),
        ),
    }
)


def group(*prices: float, source: str = "ebay") -> list[dict]:
    return [
        {"day": 0, "model_id": "a", "condition": "used", "source": source, "unit_price": p} for p in prices
    ]


# the screen's edges: exactly at 250% and 40% of the median (kept), just past them (screened out)
EDGES = [
    group(400.0, 400.0, 1_000.0),
    group(400.0, 400.0, 1_020.0),
    group(1_000.0, 1_000.0, 400.0),
    group(1_000.0, 1_000.0, 390.0),
    group(400.0, 400.0, 1_020.0, source="newegg") + group(410.0),
]


def frame(rows: list[dict]) -> pl.DataFrame:
    return pl.DataFrame(
        [
            {**{k: v for k, v in r.items() if k != "day"}, "snapshot_date": DAY + timedelta(days=r["day"])}
            for r in rows
        ],
        schema={
            "model_id": pl.String,
            "condition": pl.String,
            "source": pl.String,
            "unit_price": pl.Float64,
            "snapshot_date": pl.Date,
        },
    )


@settings(max_examples=200, deadline=None, derandomize=True)
@given(st.lists(listing, min_size=1, max_size=40))
@example(EDGES[0])
@example(EDGES[1])
@example(EDGES[2])
@example(EDGES[3])
@example(EDGES[4])
def test_statistics_equal_the_plain_rule(rows):
    listings = frame(rows)
    got = daily_price_stats(listings)
    want = run_sql(REFERENCE_SQL, listings=listings).sort([*GROUP, "source"])
    assert got.select(want.columns).rows() == want.rows()


@settings(max_examples=100, deadline=None, derandomize=True)
@given(st.lists(listing, min_size=1, max_size=40))
def test_screen_keeps_the_listings_the_plain_rule_keeps(rows):
    listings = frame(rows)
    got = screen_outliers(listings)
    want = run_sql(
        REFERENCE_SQL.split("\nSELECT snapshot_date, model_id, condition,\n")[0]
        + " SELECT * FROM screened ORDER BY ALL",
        listings=listings,
    )
    assert got.sort(pl.all()).select(want.columns).rows() == want.rows()
