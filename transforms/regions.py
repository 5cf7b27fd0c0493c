"""Per region: prices in local currency and USD, value, and whole machines sized for the region's mains.

A region is where a buyer lives: a marketplace's country (EBAY_GB -> GB), US for the US stores. The region
marts run the same code as the US marts (transforms.price_daily, transforms.gpu_value, transforms.tiers) on each
region's listings; what differs is the input: its listings, its currency (kept beside USD), its outlet and its
electricity price (warehouse/catalog/regions.csv).

Why separate region marts rather than a region column on every mart: the US marts have many readers (the
export, the dashboard, the checks, alerts, the benchmarks) that would each need a region filter, for one answer
they already give. The region marts add the dimension where it is new, through the same functions, so the US
rows of marts.region_prices equal marts.price_daily's by construction (tested).

Each region mart's computation is the module of its name (transforms/region_prices.py, region_value.py,
region_picks.py, region_tiers.py); this module holds what they share.
"""

import polars as pl


def region_of(marketplace_id: pl.Expr) -> pl.Expr:
    """EBAY_GB -> GB; a row without a marketplace (a US store) is US."""
    return marketplace_id.fill_null("EBAY_US").str.strip_prefix("EBAY_")


KEY = ["snapshot_date", "model_id", "condition"]


def per_region(frame: pl.DataFrame, build) -> pl.DataFrame:
    """`build(rows of one region without the region column)` for every region, the region put back, stacked."""
    frames = [
        build(part.drop("region")).with_columns(region=pl.lit(region))
        for (region,), part in frame.group_by("region", maintain_order=True)
    ]
    return pl.concat(frames, how="diagonal_relaxed") if frames else pl.DataFrame()
