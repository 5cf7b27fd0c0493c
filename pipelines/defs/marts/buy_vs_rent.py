"""Asset marts/buy_vs_rent: when owning a machine beats renting its cards in the cloud. Computation:
transforms/buy_vs_rent.py."""

import dagster as dg

from pipelines.defs.marts.machine_inputs import llm_context
from pipelines.defs.marts.run_config import TierRunConfig
from pipelines.partitions import daily_partitions, partition_date
from pipelines.resources.warehouse import WarehouseResource
from pipelines.tables import table_asset, table_key
from transforms.buy_vs_rent import buy_vs_rent as buy_vs_rent_rows
from warehouse.writes import read_frame, replace_slice


@table_asset(
    "marts.buy_vs_rent",
    partitions_def=daily_partitions,
    kinds={"duckdb", "polars"},
    deps=[table_key("marts.build_tiers"), table_key("marts.cloud_prices")],
)
def buy_vs_rent(context: dg.AssetExecutionContext, warehouse: WarehouseResource) -> dg.MaterializeResult:
    """Per tier, use case and condition: the hours of use per month above which owning the recommended
    machine (its build cost, less the GPUs' resale value after the horizon, plus electricity per hour) costs
    less than renting the same throughput from the cheapest cloud GPU that meets the use case's VRAM floor
    (D16: the cloud for large or occasional work); an LLM machine against the cheapest whole cloud GPUs that hold
    its workload and decode it at least as fast (rule R1). The resale basis is observed from today's used prices
    of older cards, or a labelled assumption."""
    day = partition_date(context)
    with warehouse.connect() as con:
        tiers = read_frame(
            con, "SELECT * FROM marts.build_tiers WHERE snapshot_date = ? AND is_default", [day]
        )
        value = read_frame(con, "SELECT * FROM marts.gpu_value WHERE snapshot_date = ?", [day])
        specs = read_frame(con, "SELECT * FROM marts.gpu_specs")
        cloud = read_frame(con, "SELECT * FROM marts.cloud_prices WHERE snapshot_date = ?", [day])
        # the machines' own workload model (R1 reads decode speeds, not the usable speed the config sets)
        rows = buy_vs_rent_rows(tiers, value, specs, cloud, llm_context(specs, TierRunConfig()))
        replace_slice(con, "marts.buy_vs_rent", rows, {"snapshot_date": day})
    context.log.info(f"buy or rent: {rows.height} machines")
    return dg.MaterializeResult(
        metadata={
            "dagster/row_count": rows.height,
            "verdicts": dg.MetadataValue.md(
                "\n".join(
                    f"- {r['tier']} / {r['use_case']} ({r['condition']}): {r['verdict']}"
                    for r in rows.iter_rows(named=True)
                )
                or "no machines"
            ),
        }
    )
