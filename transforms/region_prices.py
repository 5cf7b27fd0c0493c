"""marts.region_prices: price statistics per date, region, model and condition, pooled over the region's sources,
in USD and in the region's currency: transforms/price_daily.py by parameter (transforms/regions.py)."""

import polars as pl

from transforms.price_daily import daily_price_stats
from transforms.regions import KEY, per_region

LOCAL_STATS = ("min_price", "p25", "median", "p75")


def _pooled(listings: pl.DataFrame) -> pl.DataFrame:
    """daily_price_stats pooled over every source (source 'all'), without the source column."""
    return daily_price_stats(listings).filter(pl.col("source") == "all").drop("source")


def _region_stats(part: pl.DataFrame) -> pl.DataFrame:
    currencies = part["currency"].drop_nulls().unique().to_list()
    rates = (
        part.filter(pl.col("fx_rate_to_usd").is_not_null())
        .group_by("snapshot_date")
        .agg(fx_rate_to_usd=pl.col("fx_rate_to_usd").first(), fx_rate_date=pl.col("fx_rate_date").first())
    )
    one = len(currencies) == 1
    out = _pooled(part).with_columns(currency=pl.lit(currencies[0] if one else None, pl.String))
    if one:
        local = _pooled(part.with_columns(unit_price=pl.col("unit_price_local")))
        out = out.join(
            local.select(*KEY, *[pl.col(c).alias(f"{c}_local") for c in LOCAL_STATS]), on=KEY, how="left"
        )
    else:
        out = out.with_columns(*[pl.lit(None, pl.Float64).alias(f"{c}_local") for c in LOCAL_STATS])
    return out.join(rates, on="snapshot_date", how="left").join(_business_share(part), on=KEY, how="left")


def _business_share(part: pl.DataFrame) -> pl.DataFrame:
    """Per KEY, the share of the kept listings, per listing and before the outlier screen (not per seller, as the
    median), whose eBay seller registered as a business, among those whose seller type eBay states (its European
    sites; thirty-fourth review: a business seller's price usually includes VAT and comes with the right to cancel and
    the legal guarantee, a private seller's usually with neither, and the regional medians mixed both unsaid); NULL
    where none states it."""
    if "seller_account_type" not in part.columns:  # listings read without it
        return part.select(KEY).unique().with_columns(business_share=pl.lit(None, pl.Float64))
    account = pl.col("seller_account_type")
    stated = account.is_in(["BUSINESS", "INDIVIDUAL"])
    return part.group_by(KEY).agg(
        business_share=pl.when(stated.sum() > 0).then(
            (account == "BUSINESS").sum().cast(pl.Float64) / stated.sum().cast(pl.Float64)
        )
    )


def region_prices(kept: pl.DataFrame) -> pl.DataFrame:
    """Price statistics per date, region, model and condition, pooled over the region's sources, in USD and
    in the region's currency. `kept`: classified listings with region, currency, unit_price (USD),
    unit_price_local, fx_rate_to_usd, fx_rate_date. A region whose listings come in more than one currency
    (not the case for a marketplace: its search filters one) gets no local figures."""
    out = per_region(kept, _region_stats)
    return out.sort("snapshot_date", "region", "model_id", "condition") if out.height else out
