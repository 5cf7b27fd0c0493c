"""Assets: marts.platforms and marts.platform_parts (the curated platform catalog), marts.build_tiers (the
recommended whole machines) and marts.budget_builds (the best machine per budget)."""

import dagster as dg
import polars as pl

from pipelines.defs.marts.run_config import TierRunConfig
from pipelines.partitions import daily_partitions, partition_date
from pipelines.resources.warehouse import WarehouseResource
from pipelines.tables import table_asset, table_key
from transforms.llm_workloads import LlmContext
from transforms.tiers.budget import budget_builds as budget_build_rows
from transforms.tiers.choose import build_tiers as build_tier_rows
from transforms.tiers.scaling import scaling_table
from warehouse.catalog import load_llm_benchmarks, load_llm_workloads, load_platform_parts, load_platforms
from warehouse.writes import read_frame, replace_slice, replace_slices


@table_asset("marts.platform_parts", kinds={"duckdb"})
def platform_parts(warehouse: WarehouseResource) -> dg.MaterializeResult:
    """The platform catalog: marts.platforms (boards, CPUs, cases, PSU arrangements, with the seed rules
    behind each) and marts.platform_parts (estimated prices of their parts and of what is sized per machine:
    RAM per GB, PSUs per size, risers, water cooling). Estimates, dated, not tracked listings."""
    platforms, parts = load_platforms(), load_platform_parts()
    with warehouse.connect() as con:
        replace_slices(con, [("marts.platforms", platforms, None), ("marts.platform_parts", parts, None)])
    return dg.MaterializeResult(
        metadata={
            "dagster/row_count": parts.height,
            "platforms": platforms.height,
            "price_dates": sorted(set(parts["price_date"].to_list())),
        }
    )


# what machine_inputs reads besides marts.gpu_specs (every machine asset also depends on it through its value mart)
MACHINE_INPUT_KEYS = [table_key("marts.platform_parts"), table_key("staging.gpu_benchmarks")]


def machine_inputs(con) -> tuple[pl.DataFrame, ...]:
    """What a machine is built from besides the day's card prices: specs, platforms, part prices, scaling."""
    specs = read_frame(con, "SELECT * FROM marts.gpu_specs")
    platforms = read_frame(con, "SELECT * FROM marts.platforms")
    parts = read_frame(con, "SELECT * FROM marts.platform_parts")
    scaling = scaling_table(read_frame(con, "SELECT * FROM staging.gpu_benchmarks"), specs)
    return specs, platforms, parts, scaling


def llm_context(specs: pl.DataFrame, config: TierRunConfig) -> LlmContext:
    """What LLM machines are ranked by: each tier's workload (transforms/llm_workloads.py)."""
    return LlmContext.build(load_llm_workloads(), specs, load_llm_benchmarks(), config.usable_tokens_per_s)


def _inputs(con, day) -> tuple[pl.DataFrame, ...]:
    value = read_frame(con, "SELECT * FROM marts.gpu_value WHERE snapshot_date = ?", [day])
    return value, *machine_inputs(con)


@table_asset(
    "marts.build_tiers",
    partitions_def=daily_partitions,
    kinds={"duckdb", "polars"},
    deps=[table_key("marts.gpu_value"), *MACHINE_INPUT_KEYS],
)
def build_tiers(
    context: dg.AssetExecutionContext, config: TierRunConfig, warehouse: WarehouseResource
) -> dg.MaterializeResult:
    """Whole machines for today's prices, per tier (beginner, 1, 2, 4, 8 GPUs), use case (llm, vision,
    beginner) and condition: the GPU model and platform whose machine gives the most throughput per USD of
    total cost of ownership (GPUs + platform sized for them + energy over the horizon), with the runner-up and
    the machine the single-card perf-per-USD rule would have built. Sized by the seed rules (D1-D16,
    G1-G17): CPU cores and lanes, RAM 1x VRAM, PSU +10%, slot fit with risers, cables, both outlet readings
    and the power cap that fits each."""
    day = partition_date(context)
    cfg = config.tier_config()
    with warehouse.connect() as con:
        inputs = _inputs(con, day)
        tiers = build_tier_rows(*inputs, cfg, llm=llm_context(inputs[1], config))
        replace_slice(con, "marts.build_tiers", tiers, {"snapshot_date": day})
    chosen = tiers.filter(pl.col("model_id").is_not_null())
    context.log.info(f"{chosen.height} of {tiers.height} tier rows have a machine")
    return dg.MaterializeResult(
        metadata={
            "dagster/row_count": tiers.height,
            "machines": chosen.height,
            "tiers": dg.MetadataValue.md(
                "\n".join(
                    f"- {r['tier']} / {r['use_case']} ({r['condition']}): {r['gpu_count']} x {r['gpu_name']} on "
                    f"{r['platform_id']}, {r['total_build_cost_usd']:,.0f} USD, {r['perf_per_1k_usd_tco']:.3f} per 1,000 USD TCO"
                    for r in chosen.iter_rows(named=True)
                )
                or "no tier could be filled"
            ),
        }
    )


@table_asset(
    "marts.budget_builds",
    partitions_def=daily_partitions,
    kinds={"duckdb", "polars"},
    deps=[table_key("marts.gpu_value"), *MACHINE_INPUT_KEYS],
)
def budget_builds(
    context: dg.AssetExecutionContext, config: TierRunConfig, warehouse: WarehouseResource
) -> dg.MaterializeResult:
    """Budget mode: for purchase budgets from 1,000 to 30,000 USD, per use case and condition, the whole
    machine (1 to 8 GPUs) a buyer can get and run (for sale in the numbers it needs; on the outlet up to 4
    GPUs): among the machines that fit the budget and are within 20% of the best value that fits (G5 lifted
    from cards to machines), the one with the most of what counts: per card for vision and beginner (data-parallel), for LLM the largest workload of the catalog the
    machine runs at a usable speed, then its tokens/s (the build tiers' model). Value is in the use case's
    performance index (`perf_index`)."""
    day = partition_date(context)
    with warehouse.connect() as con:
        inputs = _inputs(con, day)
        builds = budget_build_rows(*inputs, config.tier_config(), llm=llm_context(inputs[1], config))
        replace_slice(con, "marts.budget_builds", builds, {"snapshot_date": day})
    return dg.MaterializeResult(
        metadata={
            "dagster/row_count": builds.height,
            "budgets_with_a_machine": builds.filter(pl.col("model_id").is_not_null()).height,
        }
    )
