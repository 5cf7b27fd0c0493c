"""Deals: today's kept listings at least 15% under their model's 30-day median, or within 5% of the lowest
price the warehouse had seen for that model and condition before today (that rule needs 7 earlier days)."""

import polars as pl

UNDER_MEDIAN = 0.85
NEAR_LOWEST = 1.05
MIN_HISTORY_DAYS = 7


def find_deals(listings: pl.DataFrame, history: pl.DataFrame) -> pl.DataFrame:
    """`listings`: today's screened listings (source, listing_id, model_id, condition, title, unit_price,
    url, snapshot_date, source_mode). `history`: price_daily rows, source 'all', last 30 days incl. today."""
    day = listings["snapshot_date"].max()
    keys = ["model_id", "condition"]
    median_30d = history.group_by(keys).agg(median_30d=pl.col("median").median())
    earlier = history.filter(pl.col("snapshot_date") < day).group_by(keys).agg(
        lowest_seen=pl.col("min_price").min(), history_days=pl.col("snapshot_date").n_unique())
    joined = listings.join(median_30d, on=keys, how="left").join(earlier, on=keys, how="left")
    under = pl.col("unit_price") <= pl.col("median_30d") * UNDER_MEDIAN
    near = (pl.col("history_days") >= MIN_HISTORY_DAYS) & (pl.col("unit_price") <= pl.col("lowest_seen") * NEAR_LOWEST)
    return (joined.with_columns(under=under.fill_null(False), near=near.fill_null(False))
            .filter(pl.col("under") | pl.col("near"))
            .with_columns(
                discount_pct=(1 - pl.col("unit_price") / pl.col("median_30d")) * 100,
                reason=pl.when(pl.col("under") & pl.col("near")).then(pl.lit("both"))
                .when(pl.col("under")).then(pl.lit("under_30d_median")).otherwise(pl.lit("near_lowest_seen")),
            )
            .select("snapshot_date", "source", "listing_id", "model_id", "condition", "title", "unit_price",
                    "median_30d", "discount_pct", "lowest_seen", "reason", "url", "source_mode")
            .sort("discount_pct", descending=True))
