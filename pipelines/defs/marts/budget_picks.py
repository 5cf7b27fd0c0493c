"""Asset marts/budget_picks: the card to buy per budget, use case and condition (rule G5). Computation:
warehouse/marts/budget_picks.py (build_budget_picks) -> transforms/budget_picks.py."""

import dagster as dg

from pipelines.defs.marts.run_config import PickRunConfig
from pipelines.partitions import daily_partitions, partition_days, rows_metadata
from pipelines.resources.warehouse import WarehouseResource
from pipelines.tables import table_asset, table_key
from warehouse.marts.budget_picks import build_budget_picks, llm_workload_ranks


@table_asset(
    "marts.budget_picks",
    partitions_def=daily_partitions,
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
