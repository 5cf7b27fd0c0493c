"""Picks per budget and use case, by the 2023 multi-GPU build guide's rule.

The guide's rule: among the cards with the best performance per USD, buy the one with the most memory the
budget allows. Here "the best performance per USD" means within 25% of the best perf-per-USD among the cards
that fit the budget and the use case's VRAM floor and whose price rests on at least 3 listings. Ties in memory
go to the higher perf per USD. The alternatives are the next two cards in the same order.
"""

import polars as pl

BUDGETS_USD = (300, 500, 750, 1_000, 1_500, 2_000, 3_000, 5_000, 10_000)
USE_CASES = {"llm": 24, "vision": 12, "beginner": 8}  # VRAM floors in GB (build guide)
NEAR_BEST = 0.75
RULE = "within 25% of the best perf/USD that fits budget and VRAM floor, then most VRAM, then perf/USD"


def budget_picks(value: pl.DataFrame, budgets=BUDGETS_USD, use_cases=USE_CASES) -> pl.DataFrame:
    rows = []
    for (day, condition), group in value.filter(pl.col("enough_listings")).group_by(
            "snapshot_date", "condition", maintain_order=True):
        for budget in budgets:
            for use_case, floor in use_cases.items():
                fits = group.filter((pl.col("price_median") <= budget) & (pl.col("vram_gb") >= floor))
                if fits.is_empty():
                    continue
                best = fits["perf_per_1k_usd"].max()
                near = fits.with_columns(near=pl.col("perf_per_1k_usd") >= best * NEAR_BEST).sort(
                    ["near", "vram_gb", "perf_per_1k_usd"], descending=True)
                for rank, r in enumerate(near.head(3).iter_rows(named=True), start=1):
                    rows.append({
                        "snapshot_date": day, "budget_usd": budget, "use_case": use_case, "condition": condition,
                        "pick_rank": rank, "model_id": r["model_id"], "name": r["name"], "vram_gb": r["vram_gb"],
                        "price_usd": r["price_median"], "relative_perf": r["relative_perf"],
                        "perf_per_1k_usd": r["perf_per_1k_usd"], "listing_count": r["listing_count"],
                        "rule": RULE, "source_mode": r["source_mode"],
                    })
    schema = {"snapshot_date": pl.Date, "budget_usd": pl.Int32, "use_case": pl.String, "condition": pl.String,
              "pick_rank": pl.Int32, "model_id": pl.String, "name": pl.String, "vram_gb": pl.Float64,
              "price_usd": pl.Float64, "relative_perf": pl.Float64, "perf_per_1k_usd": pl.Float64,
              "listing_count": pl.Int32, "rule": pl.String, "source_mode": pl.String}
    return pl.DataFrame(rows, schema=schema)
