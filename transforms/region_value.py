"""marts.region_value: value per USD per region, transforms/gpu_value.py by parameter (transforms/regions.py)."""

import polars as pl

from transforms.gpu_value import gpu_value
from transforms.regions import KEY, per_region


def region_value(prices: pl.DataFrame, specs: pl.DataFrame) -> pl.DataFrame:
    """marts.gpu_value per region (USD, so regions compare), with the local median beside it."""
    return per_region(
        prices,
        # every card at its median: the region marts carry no price_usd, and their picks and machines buy at the
        # median (rule B1 is the US marts'; code review of 2026-11-28: ranks on B1's price beside median prices)
        lambda part: gpu_value(part.with_columns(source=pl.lit("all")), specs, buy_rule=False).join(
            part.select(*KEY, "currency", "median_local"), on=KEY, how="left"
        ),
    )
