"""Robust asking-price statistics per date, model, condition and source.

Outlier screen (per date, model and condition, all sources pooled; only from 3 listings up): a listing is
screened out when its unit price is below 40% or above 250% of the group median. Median-relative rather than
MAD-based because MAD collapses to 0 when a few sellers ask the same price, which would screen out
every other listing; 40% catches $1 placeholders and mislabelled parts, 250% catches absurd asks.
"""

import polars as pl

SCREEN_MIN_LISTINGS = 3
SCREEN_LOW, SCREEN_HIGH = 0.4, 2.5
PRICE_BASIS = "asking prices of active listings, shipping included, after outlier screen"
GROUP = ["snapshot_date", "model_id", "condition"]


def screen_outliers(listings: pl.DataFrame) -> pl.DataFrame:
    """Add `kept_by_screen` (bool) to listings with snapshot_date, model_id, condition, unit_price."""
    median = pl.col("unit_price").median().over(GROUP)
    count = pl.len().over(GROUP)
    inside = pl.col("unit_price").is_between(median * SCREEN_LOW, median * SCREEN_HIGH)
    return listings.with_columns(kept_by_screen=(count < SCREEN_MIN_LISTINGS) | inside)


def _stats(frame: pl.DataFrame, keys: list[str]) -> pl.DataFrame:
    return (
        frame.group_by(keys)
        .agg(
            listing_count=pl.col("unit_price").filter(pl.col("kept_by_screen")).len().cast(pl.Int32),
            screened_out=(~pl.col("kept_by_screen")).sum().cast(pl.Int32),
            min_price=pl.col("unit_price").filter(pl.col("kept_by_screen")).min(),
            low3_mean=pl.col("unit_price").filter(pl.col("kept_by_screen")).sort().head(3).mean(),
            p25=pl.col("unit_price").filter(pl.col("kept_by_screen")).quantile(0.25, "linear"),
            median=pl.col("unit_price").filter(pl.col("kept_by_screen")).median(),
            p75=pl.col("unit_price").filter(pl.col("kept_by_screen")).quantile(0.75, "linear"),
        )
        .filter(pl.col("listing_count") > 0)
    )


def daily_price_stats(listings: pl.DataFrame) -> pl.DataFrame:
    """Stats per source and for all sources together (source = 'all').

    `listings`: snapshot_date, source, model_id, condition (price bucket), unit_price; kept listings only.
    """
    screened = screen_outliers(listings.filter(pl.col("unit_price").is_not_null() & (pl.col("unit_price") > 0)))
    per_source = _stats(screened, [*GROUP, "source"])
    pooled = _stats(screened, GROUP).with_columns(source=pl.lit("all"))
    return pl.concat([per_source, pooled.select(per_source.columns)]).sort([*GROUP, "source"])


def add_history(today: pl.DataFrame, history: pl.DataFrame) -> pl.DataFrame:
    """Rolling 7-day median and changes against 7 and 30 days earlier.

    `history`: earlier price_daily rows (snapshot_date, model_id, condition, source, median). The rolling
    median is the median of daily medians over the 7 dates ending on this one; a change needs a snapshot
    on exactly that earlier date, else it is null.
    """
    keys = ["model_id", "condition", "source"]
    both = pl.concat([history.select("snapshot_date", *keys, "median"),
                      today.select("snapshot_date", *keys, "median")]).unique(["snapshot_date", *keys], keep="last")
    rolled = []
    for day in today["snapshot_date"].unique().to_list():
        window = both.filter(pl.col("snapshot_date").is_between(day - _days(6), day))
        rolling = window.group_by(keys).agg(rolling_7d_median=pl.col("median").median())
        ago7 = both.filter(pl.col("snapshot_date") == day - _days(7)).select(*keys, median_7=pl.col("median"))
        ago30 = both.filter(pl.col("snapshot_date") == day - _days(30)).select(*keys, median_30=pl.col("median"))
        part = (today.filter(pl.col("snapshot_date") == day)
                .join(rolling, on=keys, how="left").join(ago7, on=keys, how="left").join(ago30, on=keys, how="left"))
        rolled.append(part)
    out = pl.concat(rolled) if rolled else today.with_columns(
        rolling_7d_median=pl.lit(None, pl.Float64), median_7=pl.lit(None, pl.Float64), median_30=pl.lit(None, pl.Float64))
    return out.with_columns(
        change_7d_pct=(pl.col("median") / pl.col("median_7") - 1) * 100,
        change_30d_pct=(pl.col("median") / pl.col("median_30") - 1) * 100,
    ).drop("median_7", "median_30")


def _days(n: int):
    from datetime import timedelta

    return timedelta(days=n)
