"""marts.region_tiers: machines sized for each region's mains and electricity, transforms/tiers/build_tiers.py by
parameter (transforms/regions.py)."""

from dataclasses import replace

import polars as pl

from transforms.tiers.build_tiers import build_tiers
from transforms.tiers.config import TierConfig


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
        continuous_limit=region["continuous_limit"],
        fused_plug=str(region.get("plug") or "").startswith("BS 1363"),
    )


def with_vat(parts: pl.DataFrame, vat_rate: float | None) -> pl.DataFrame:
    """The platform parts (US estimates before sales tax) as bought in a region: new parts with the region's VAT
    added, as its shops' prices and its card prices from business sellers include it; used parts as they are (a
    private seller charges none). Without a VAT rate, unchanged."""
    if not vat_rate:
        return parts
    return parts.with_columns(
        unit_price_usd=pl.when(pl.col("condition") == "new")
        .then(pl.col("unit_price_usd") * (1 + vat_rate))
        .otherwise(pl.col("unit_price_usd"))
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
        currency = part["currency"].drop_nulls().first() if "currency" in part.columns else None
        rate = 1.0 if currency in (None, "USD") else usd_per_unit.get(currency)
        if rate:  # the notes name prices in the region's currency
            cfg = replace(cfg, currency=currency or "USD", usd_per_unit=rate)
        tiers = build_tiers(
            part.drop("region"),
            specs,
            platforms,
            with_vat(parts, info.get("vat_rate")),
            scaling,
            cfg,
            llm=llm,
        )
        local = {
            f"{c}_local": (pl.col(f"{c}_usd") / rate) if rate else pl.lit(None, pl.Float64)
            for c in ("total_build_cost", "tco")
        }
        local["unit_price_local"] = (pl.col("unit_price") / rate) if rate else pl.lit(None, pl.Float64)
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
