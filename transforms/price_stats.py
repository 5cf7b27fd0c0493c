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

HISTORY_DAYS = 30  # the longest look-back of price_daily: the change against 30 days earlier


def screen_outliers(listings: pl.DataFrame) -> pl.DataFrame:
    """Add `kept_by_screen` (bool) to listings with snapshot_date, model_id, condition, unit_price."""
    groups = listings.group_by(GROUP).agg(_median=pl.col("unit_price").median(), _count=pl.len())
    median = pl.col("_median")
    inside = pl.col("unit_price").is_between(median * SCREEN_LOW, median * SCREEN_HIGH)
    return (
        listings.join(groups, on=GROUP, how="left", nulls_equal=True, maintain_order="left")
        .with_columns(kept_by_screen=(pl.col("_count") < SCREEN_MIN_LISTINGS) | inside)
        .drop("_median", "_count")
    )


def _stats(frame: pl.DataFrame, keys: list[str]) -> pl.DataFrame:
    price = pl.col("unit_price")
    kept = frame.filter(pl.col("kept_by_screen"))  # once, not once per statistic
    stats = kept.group_by(keys).agg(
        listing_count=pl.len().cast(pl.Int32),
        min_price=price.min(),
        low3_mean=price.sort().head(3).mean(),
        p25=price.quantile(0.25, "linear"),
        median=price.median(),
        p75=price.quantile(0.75, "linear"),
    )
    out = frame.filter(~pl.col("kept_by_screen")).group_by(keys).agg(screened_out=pl.len().cast(pl.Int32))
    return (
        stats.join(out, on=keys, how="left")
        .with_columns(pl.col("screened_out").fill_null(0))
        .select(*keys, "listing_count", "screened_out", "min_price", "low3_mean", "p25", "median", "p75")
    )


def daily_price_stats(listings: pl.DataFrame) -> pl.DataFrame:
    """Stats per source and for all sources together (source = 'all').

    `listings`: snapshot_date, source, model_id, condition (price bucket), unit_price; kept listings only.
    """
    return stats_of_screened(screen_outliers(priced(listings)))


def priced(listings: pl.DataFrame) -> pl.DataFrame:
    """The listings that have a positive unit price (the only ones statistics are computed on)."""
    return listings.filter(pl.col("unit_price").is_not_null() & (pl.col("unit_price") > 0))


def stats_of_screened(screened: pl.DataFrame) -> pl.DataFrame:
    """daily_price_stats for listings already through `screen_outliers(priced(...))` (so a caller that
    also needs the screened listings, e.g. for deals, screens once)."""
    per_source = _stats(screened, [*GROUP, "source"])
    pooled = _stats(screened, GROUP).with_columns(source=pl.lit("all"))
    return pl.concat([per_source, pooled.select(per_source.columns)]).sort([*GROUP, "source"])


def add_history(today: pl.DataFrame, history: pl.DataFrame) -> pl.DataFrame:
    """Rolling 7-day median and changes against 7 and 30 days earlier.

    `history`: earlier price_daily rows (snapshot_date, model_id, condition, source, median). The rolling
    median is the median of daily medians over the 7 dates ending on this one; a change needs a snapshot
    on exactly that earlier date, else it is null.

    Vectorized: `today` may hold any number of dates (a bulk rebuild passes years at once): one rolling
    pass per model, condition and source, and the 7- and 30-day lookups are joins, so the cost is linear
    in rows, not rows x dates. Rows come back in `today`'s order.
    """
    keys = ["model_id", "condition", "source"]
    date = pl.col("snapshot_date")
    both = pl.concat(
        [history.select("snapshot_date", *keys, "median"), today.select("snapshot_date", *keys, "median")],
        how="vertical_relaxed",
    ).unique(["snapshot_date", *keys], keep="last")
    on = ["snapshot_date", *keys]
    rolling = (
        both.sort(*keys, "snapshot_date")
        .rolling("snapshot_date", period="7d", group_by=keys)
        .agg(rolling_7d_median=pl.col("median").median())
        .join(today.select(on), on=on, how="semi")
    )
    ago7 = both.select(date + pl.duration(days=7), *keys, median_7=pl.col("median"))
    ago30 = both.select(date + pl.duration(days=HISTORY_DAYS), *keys, median_30=pl.col("median"))
    out = (
        today.join(rolling, on=on, how="left", maintain_order="left")
        .join(ago7, on=on, how="left", maintain_order="left")
        .join(ago30, on=on, how="left", maintain_order="left")
    )
    return out.with_columns(
        change_7d_pct=(pl.col("median") / pl.col("median_7") - 1) * 100,
        change_30d_pct=(pl.col("median") / pl.col("median_30") - 1) * 100,
    ).drop("median_7", "median_30")
