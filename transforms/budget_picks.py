"""Picks per budget and use case, by the 2023 multi-GPU build guide's rule.

The guide's rule: among the cards with the best performance per USD, buy the one with the most memory the
budget allows. Here "the best performance per USD" means within 25% of the best perf-per-USD among the cards
that fit the budget and the use case's VRAM floor and whose price rests on at least 3 listings. Ties in memory
go to the higher perf per USD. The alternatives are the next two cards in the same order. Only PCIe cards
are picked: an SXM or OAM module needs a server board (the build tiers use them for 8-GPU servers).
"""

import polars as pl

from transforms.value import PLUG_IN

BUDGETS_USD = (300, 500, 750, 1_000, 1_500, 2_000, 3_000, 5_000, 10_000)
USE_CASES = {"llm": 24, "vision": 12, "beginner": 8}  # VRAM floors in GB (build guide)
NEAR_BEST = 0.75
RULE = "PCIe cards within 25% of the best perf/USD that fit budget and VRAM floor, then most VRAM, then perf/USD"


SCHEMA = {"snapshot_date": pl.Date, "budget_usd": pl.Int32, "use_case": pl.String, "condition": pl.String,
          "pick_rank": pl.Int32, "model_id": pl.String, "name": pl.String, "vram_gb": pl.Float64,
          "price_usd": pl.Float64, "relative_perf": pl.Float64, "perf_per_1k_usd": pl.Float64,
          "listing_count": pl.Int32, "rule": pl.String, "source_mode": pl.String}


def budget_picks(value: pl.DataFrame, budgets=BUDGETS_USD, use_cases=USE_CASES) -> pl.DataFrame:
    """Up to three picks per date, condition, budget and use case (one or many dates at once).

    Vectorized: every eligible card is paired with every (budget, use case), the ones that fit are ranked
    within their group. Rows come grouped by (date, condition) in order of first appearance in `value`,
    then by budget and use case in the order given, then by rank."""
    plug_in = PLUG_IN if "form_factor" in value.columns else pl.lit(True)
    eligible = value.filter(pl.col("enough_listings") & plug_in).with_row_index("_row")
    if eligible.is_empty() or not budgets or not use_cases:
        return pl.DataFrame(schema=SCHEMA)
    groups = eligible.select("snapshot_date", "condition").unique(maintain_order=True).with_row_index("_group")
    grid = pl.DataFrame({"budget_usd": list(budgets), "_b": range(len(budgets))}).join(
        pl.DataFrame({"use_case": list(use_cases), "_floor": [float(f) for f in use_cases.values()],
                      "_u": range(len(use_cases))}), how="cross")
    group = ["_group", "_b", "_u"]
    fits = (eligible.join(groups, on=["snapshot_date", "condition"], how="left").join(grid, how="cross")
            .filter((pl.col("price_median") <= pl.col("budget_usd")) & (pl.col("vram_gb") >= pl.col("_floor"))))
    ranked = (fits.with_columns(near=pl.col("perf_per_1k_usd") >= pl.col("perf_per_1k_usd").max().over(group) * NEAR_BEST)
              .sort([*group, "near", "vram_gb", "perf_per_1k_usd", "_row"],
                    descending=[False, False, False, True, True, True, False])
              .with_columns(pick_rank=pl.int_range(1, pl.len() + 1).over(group))
              .filter(pl.col("pick_rank") <= 3))
    return ranked.select(
        "snapshot_date", "budget_usd", "use_case", "condition", "pick_rank", "model_id", "name", "vram_gb",
        price_usd=pl.col("price_median"), relative_perf=pl.col("relative_perf"),
        perf_per_1k_usd=pl.col("perf_per_1k_usd"), listing_count=pl.col("listing_count"),
        rule=pl.lit(RULE), source_mode=pl.col("source_mode"),
    ).cast(SCHEMA)
