"""Assets marts/gpu_value, marts/budget_picks and marts/deals: value per USD, picks per budget, deals."""

import dagster as dg
import polars as pl

from pipelines.defs.marts.run_config import PickRunConfig
from pipelines.partitions import DEALS_WINDOW, RANGE_RUNS, daily_partitions, partition_days, rows_metadata
from pipelines.resources.market_rules import MarketRulesResource
from pipelines.resources.warehouse import WarehouseResource
from pipelines.tables import table_asset, table_dep, table_key
from warehouse import day_writes
from warehouse.marts.deals import build_deals
from warehouse.marts.value import build_budget_picks, build_gpu_value, llm_workload_ranks


def _top(value: pl.DataFrame, day) -> str:
    top = (
        value.filter((pl.col("snapshot_date") == day) & pl.col("enough_listings"))
        .sort("perf_per_1k_usd", descending=True)
        .head(5)
    )
    return "\n".join(
        f"- {r['name']} ({r['condition']}): {r['perf_per_1k_usd']:.2f} per 1,000 USD at {r['price_median']:,.0f} USD"
        for r in top.iter_rows(named=True)
    )


@table_asset(
    "marts.gpu_value",
    partitions_def=daily_partitions,
    backfill_policy=RANGE_RUNS,
    kinds={"duckdb", "polars"},
    deps=[table_key("marts.price_daily"), table_key("marts.gpu_specs")],
)
def gpu_value(context: dg.AssetExecutionContext, warehouse: WarehouseResource) -> dg.MaterializeResult:
    """Performance per USD, new and used: median asking price (and robust low), relative performance
    (dl_index_v1), perf per 1,000 USD, USD per GB of VRAM, per FP16 TFLOP and per GB/s, ranks overall and
    within the VRAM class, and whether the price rests on at least 3 listings."""
    first, last = partition_days(context)
    with warehouse.connect() as con:
        value = build_gpu_value(con, first, last)
    return dg.MaterializeResult(
        metadata={
            **rows_metadata(first, last, value.height),
            "top_by_perf_per_usd": dg.MetadataValue.md(f"{last}:\n" + _top(value, last)),
        }
    )


@table_asset(
    "marts.budget_picks",
    partitions_def=daily_partitions,
    backfill_policy=RANGE_RUNS,
    kinds={"duckdb", "polars"},
    deps=[table_key("marts.gpu_value"), table_key("marts.gpu_specs")],
)
def budget_picks(
    context: dg.AssetExecutionContext, config: PickRunConfig, warehouse: WarehouseResource
) -> dg.MaterializeResult:
    """The pick and two alternatives for budgets from 300 to 10,000 USD and the use cases LLM (>= 24 GB),
    vision (>= 12 GB) and beginner (>= 8 GB), new and used, by the build guide's rule: among the best
    performance-per-USD cards, the one with the most memory the budget buys. Each use case ranks by its own
    performance index (LLM inference, vision, training), named with its basis on every row. Only cards
    whose software support is current over the horizon (S1) and that have the use case's precision (S2),
    unless the run config's allow_legacy_cards admits them. LLM picks take the largest catalog workload one
    card runs at a usable speed in place of the most VRAM (the tiers' model, issue 35)."""
    first, last = partition_days(context)
    with warehouse.connect() as con:
        picks = build_budget_picks(
            con, first, last, config.horizon_years, config.legacy(), llm_workload_ranks(con)
        )
    return dg.MaterializeResult(metadata=rows_metadata(first, last, picks.height))


@table_asset(
    "marts.deals",
    partitions_def=daily_partitions,
    backfill_policy=RANGE_RUNS,
    kinds={"duckdb", "sql"},
    deps=[table_dep("staging.listings", DEALS_WINDOW), table_dep("marts.price_daily", DEALS_WINDOW)],
)
def deals(
    context: dg.AssetExecutionContext, rules: MarketRulesResource, warehouse: WarehouseResource
) -> dg.MaterializeResult:
    """Today's listings at least 15% under their model's 30-day median, or within 5% of the lowest price
    seen for that model and condition before today (needs 7 earlier days). Listings removed by the outlier
    screen are never deals."""
    first, last = partition_days(context)
    with warehouse.connect() as con:
        written = build_deals(con, first, last, rules.open_box_as_new)
        day_writes.note(con, "marts.deals", first, last, context.run_id)  # the stale-day rule reads it
    return dg.MaterializeResult(metadata=rows_metadata(first, last, written))
