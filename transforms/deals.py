"""Deals: today's kept listings at least 15% under their model's 30-day median, or within 5% of the lowest
price the warehouse had seen for that model and condition before today (that rule needs 7 earlier days)."""

import polars as pl

UNDER_MEDIAN = 0.85
NEAR_LOWEST = 1.05
MIN_HISTORY_DAYS = 7
WINDOW_DAYS = 30  # the 30-day median spans the listing's date and the 29 dates before it

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


def _windows(listings: pl.DataFrame, history: pl.DataFrame) -> pl.DataFrame:
    """Per listing date, model and condition: the median of the daily medians over the 30 dates ending on
    that date, and the lowest min_price and the number of dates among the 29 dates before it.

    One rolling pass per model and condition over history plus a probe row per listing date (so a date
    without its own history row still gets its window); linear in rows, whatever the number of dates."""
    keys = ["model_id", "condition"]
    probes = (
        listings.select("snapshot_date", *keys)
        .unique()
        .with_columns(
            median=pl.lit(None, pl.Float64), min_price=pl.lit(None, pl.Float64), _real=pl.lit(False)
        )
    )
    rows = pl.concat(
        [
            history.select(
                "snapshot_date",
                *keys,
                pl.col("median").cast(pl.Float64),
                pl.col("min_price").cast(pl.Float64),
                _real=pl.lit(True),
            ),
            probes,
        ],
        how="vertical_relaxed",
    ).sort(*keys, "snapshot_date")
    real = pl.col("_real")
    month = rows.rolling("snapshot_date", period=f"{WINDOW_DAYS}d", group_by=keys).agg(
        median_30d=pl.col("median").median()
    )
    before = rows.rolling(
        "snapshot_date", period=f"{WINDOW_DAYS - 1}d", offset=f"-{WINDOW_DAYS}d", group_by=keys
    ).agg(
        lowest_seen=pl.col("min_price").filter(real).min(),
        history_days=pl.col("snapshot_date").filter(real).n_unique(),
    )
    on = [*keys, "snapshot_date"]
    wanted = probes.select(on)
    # rows on the same date share their window: one row per (date, model, condition), the listings' ones
    month = month.join(wanted, on=on, how="semi").unique(on, keep="first")
    before = before.join(wanted, on=on, how="semi").unique(on, keep="first")
    return month.join(before, on=on, how="left")


def mark_deals(listings: pl.DataFrame, history: pl.DataFrame) -> pl.DataFrame:
    """The deals among `listings`, keeping all their columns, with median_30d, lowest_seen, discount_pct
    and reason added. `listings`: screened listings (snapshot_date, model_id, condition, unit_price, ...)
    of one day or of many (a bulk rebuild). `history`: price_daily rows, source 'all' (snapshot_date,
    model_id, condition, median, min_price) covering the 30 days up to and including each listing date;
    rows outside a listing date's window do not count for it."""
    keys = ["snapshot_date", "model_id", "condition"]
    joined = listings.join(_windows(listings, history), on=keys, how="left", maintain_order="left")
    under = pl.col("unit_price") <= pl.col("median_30d") * UNDER_MEDIAN
    near = (pl.col("history_days") >= MIN_HISTORY_DAYS) & (
        pl.col("unit_price") <= pl.col("lowest_seen") * NEAR_LOWEST
    )
    return (
        joined.with_columns(under=under.fill_null(False), near=near.fill_null(False))
        .filter(pl.col("under") | pl.col("near"))
        .with_columns(
            discount_pct=(1 - pl.col("unit_price") / pl.col("median_30d")) * 100,
            reason=pl.when(pl.col("under") & pl.col("near"))
            .then(pl.lit("both"))
            .when(pl.col("under"))
            .then(pl.lit("under_30d_median"))
            .otherwise(pl.lit("near_lowest_seen")),
        )
        .drop("under", "near", "history_days")
    )


def find_deals(listings: pl.DataFrame, history: pl.DataFrame) -> pl.DataFrame:
    """marts.deals rows. `listings`: screened listings (source, listing_id, model_id, condition, title,
    unit_price, url, snapshot_date, source_mode), one day or many; `history` as for `mark_deals`."""
    return (
        mark_deals(listings, history)
        .select(DEAL_COLUMNS)
        .sort(["snapshot_date", "discount_pct"], descending=[False, True])
    )
