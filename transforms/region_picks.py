"""marts.region_picks: budget picks per region, transforms/budget_picks.py by parameter (transforms/regions.py)."""

import polars as pl

from transforms.budget_picks import budget_picks
from transforms.regions import KEY, per_region
from transforms.tiers.config import TierConfig


def region_picks(
    value: pl.DataFrame,
    horizon_years: float = TierConfig.horizon_years,
    allow_legacy_cards: bool = False,
    llm_rank: dict[str, float] | None = None,
) -> pl.DataFrame:
    """marts.budget_picks per region (same rule and the same LLM workload ranks, budgets in USD so regions
    compare), with the pick's median in the region's currency."""
    return per_region(
        value,
        lambda part: budget_picks(
            part, horizon_years=horizon_years, allow_legacy_cards=allow_legacy_cards, llm_rank=llm_rank
        ).join(part.select(*KEY, "currency", price_local=pl.col("median_local")), on=KEY, how="left"),
    )
