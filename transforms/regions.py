"""Per region: prices in local currency and USD, value, and whole machines sized for the region's mains.

A region is where a buyer lives: a marketplace's country (EBAY_GB -> GB), US for the US stores. The region
marts run the same code as the US marts (transforms.price_daily, transforms.gpu_value, transforms.tiers) on each
region's listings; what differs is the input: its listings, its currency (kept beside USD), its outlet and its
electricity price (warehouse/catalog/regions.csv).

Why separate region marts rather than a region column on every mart: the US marts have many readers (the
export, the dashboard, the checks, alerts, the benchmarks) that would each need a region filter, for one answer
they already give. The region marts add the dimension where it is new, through the same functions, so the US
rows of marts.region_prices equal marts.price_daily's by construction (tested).
"""

from dataclasses import replace

import polars as pl

from transforms.budget_picks import budget_picks
from transforms.gpu_value import gpu_value
from transforms.price_daily import daily_price_stats
from transforms.tiers.build_tiers import build_tiers
from transforms.tiers.config import TierConfig

LOCAL_STATS = ("min_price", "p25", "median", "p75")


def region_of(marketplace_id: pl.Expr) -> pl.Expr:
    """EBAY_GB -> GB; a row without a marketplace (a US store) is US."""
    return marketplace_id.fill_null("EBAY_US").str.strip_prefix("EBAY_")


KEY = ["snapshot_date", "model_id", "condition"]


def _per_region(frame: pl.DataFrame, build) -> pl.DataFrame:
    """`build(rows of one region without the region column)` for every region, the region put back, stacked."""
    frames = [
        build(part.drop("region")).with_columns(region=pl.lit(region))
        for (region,), part in frame.group_by("region", maintain_order=True)
    ]
    return pl.concat(frames, how="diagonal_relaxed") if frames else pl.DataFrame()


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
    return out.join(rates, on="snapshot_date", how="left")


def region_prices(kept: pl.DataFrame) -> pl.DataFrame:
    """Price statistics per date, region, model and condition, pooled over the region's sources, in USD and
    in the region's currency. `kept`: classified listings with region, currency, unit_price (USD),
    unit_price_local, fx_rate_to_usd, fx_rate_date. A region whose listings come in more than one currency
    (not the case for a marketplace: its search filters one) gets no local figures."""
    out = _per_region(kept, _region_stats)
    return out.sort("snapshot_date", "region", "model_id", "condition") if out.height else out


def region_value(prices: pl.DataFrame, specs: pl.DataFrame) -> pl.DataFrame:
    """marts.gpu_value per region (USD, so regions compare), with the local median beside it."""
    return _per_region(
        prices,
        lambda part: gpu_value(part.with_columns(source=pl.lit("all")), specs).join(
            part.select(*KEY, "currency", "median_local"), on=KEY, how="left"
        ),
    )


def region_picks(
    value: pl.DataFrame,
    horizon_years: float = TierConfig.horizon_years,
    allow_legacy_cards: bool = False,
    llm_rank: dict[str, float] | None = None,
) -> pl.DataFrame:
    """marts.budget_picks per region (same rule and the same LLM workload ranks, budgets in USD so regions
    compare), with the pick's median in the region's currency."""
    return _per_region(
        value,
        lambda part: budget_picks(
            part, horizon_years=horizon_years, allow_legacy_cards=allow_legacy_cards, llm_rank=llm_rank
        ).join(part.select(*KEY, "currency", price_local=pl.col("median_local")), on=KEY, how="left"),
    )


def region_config(region: dict, base: TierConfig, usd_per_unit: float | None) -> TierConfig | None:
    """The tiers' config for a region: its outlet (volts, amps, continuous share) and its electricity price
    in USD. None when the region has no sourced electricity price or no exchange rate for it."""
    price, currency = region.get("electricity_price"), region.get("electricity_currency")
    if price is None:
        return None
    rate = 1.0 if currency == "USD" else usd_per_unit
    if rate is None:
        return None
    return replace(  # the region's mains and electricity; every other setting is the run's
        base,
        usd_per_kwh=price * rate,
        mains_volts=float(region["mains_volts"]),
        mains_amps=float(region["outlet_amps"]),
        continuous_fraction=float(region["continuous_amps"]) / float(region["outlet_amps"]),
    )


def region_tiers(
    value: pl.DataFrame,
    specs: pl.DataFrame,
    platforms: pl.DataFrame,
    parts: pl.DataFrame,
    scaling: pl.DataFrame,
    regions: pl.DataFrame,
    usd_per_unit: dict[str, float],
    base: TierConfig | None = None,
    llm=None,
) -> tuple[pl.DataFrame, list[str]]:
    """marts.build_tiers per region: that region's cards and prices, outlet and electricity price. Returns
    the rows and, per region left out, why."""
    base = base or TierConfig()
    by_region = {r["region"]: r for r in regions.iter_rows(named=True)}
    frames, skipped = [], []
    for (region,), part in value.group_by("region", maintain_order=True):
        info = by_region.get(region)
        if info is None:
            skipped.append(f"{region}: not in regions.csv")
            continue
        cfg = region_config(info, base, usd_per_unit.get(info["electricity_currency"]))
        if cfg is None:
            skipped.append(
                f"{region}: no sourced electricity price or exchange rate ({info['electricity_source']})"
            )
            continue
        tiers = build_tiers(part.drop("region"), specs, platforms, parts, scaling, cfg, llm=llm)
        currency = part["currency"].drop_nulls().first() if "currency" in part.columns else None
        rate = 1.0 if currency in (None, "USD") else usd_per_unit.get(currency)
        local = {
            f"{c}_local": (pl.col(f"{c}_usd") / rate) if rate else pl.lit(None, pl.Float64)
            for c in ("total_build_cost", "tco")
        }
        frames.append(
            tiers.with_columns(
                currency=pl.lit(currency or "USD"),
                **local,
                region=pl.lit(region),
                mains=pl.lit(
                    f"{info['mains_volts']:g} V, {info['outlet_amps']:g} A outlet "
                    f"({info['continuous_amps']:g} A continuous), {info['plug']}"
                ),
                usd_per_kwh=pl.lit(cfg.usd_per_kwh),
            )
        )
    return (pl.concat(frames, how="diagonal_relaxed") if frames else pl.DataFrame()), skipped
