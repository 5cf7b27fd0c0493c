"""Asset marts/llm_workload_fit and its check: which machines run each LLM workload, and how fast (issue 35)."""

import dagster as dg
import polars as pl

from pipelines.defs.marts.machine_inputs import MACHINE_INPUT_KEYS, llm_context, machine_inputs
from pipelines.defs.marts.run_config import TierRunConfig
from pipelines.partitions import daily_partitions, partition_days, rows_metadata
from pipelines.resources.warehouse import WarehouseResource
from pipelines.tables import table_asset, table_key
from transforms.llm_workloads import workload_fit, workload_machines, workload_problems
from warehouse.catalog import load_llm_workloads
from warehouse.marts.days import day_parts, replace_days_frame
from warehouse.writes import read_frame

# a range run computes and writes this many days at a time: half a year of rows (~880,000 on benchmark 2's
# market) is what one write holds within the 2 GB target; the machines of those days are sized once and
# priced for every day at once (transforms/llm_workloads.py)
CHUNK_DAYS = 183


@table_asset(
    "marts.llm_workload_fit",
    partitions_def=daily_partitions,
    kinds={"duckdb", "polars"},
    deps=[table_key("marts.gpu_value"), *MACHINE_INPUT_KEYS],
)
def llm_workload_fit(
    context: dg.AssetExecutionContext, config: TierRunConfig, warehouse: WarehouseResource
) -> dg.MaterializeResult:
    """For every LLM workload (a model at a quantization and a context) and every machine of 1, 2, 4 and 8 cards
    the build tiers build today: whether the model fits (weights + KV cache + runtime per card, pooled by
    llama.cpp's layer split), its single-stream decode and prefill speed (memory bandwidth and compute,
    calibrated on the llama.cpp scoreboard, a layer split never faster than one card) and the machine's TCO per
    token/s. The calibration's leave-one-out errors are in the metadata. A range run (a backfill as one run)
    computes its days half a year at a time."""
    first, last = partition_days(context)
    workloads = load_llm_workloads()
    written, fitting = 0, set()
    with warehouse.connect() as con:
        specs, platforms, parts, scaling = machine_inputs(con)
        llm = llm_context(specs, config)
        cal = llm.calibration
        for start, end in day_parts(first, last, CHUNK_DAYS):
            value = read_frame(
                con, "SELECT * FROM marts.gpu_value WHERE snapshot_date BETWEEN ? AND ?", [start, end]
            )
            machines = workload_machines(value, specs, platforms, parts, scaling, config.tier_config())
            fit = workload_fit(workloads, machines, llm.cards, cal)
            replace_days_frame(con, "marts.llm_workload_fit", start, end, fit)
            written += fit.height
            fitting |= set(fit.filter(pl.col("fits"))["workload"].to_list())
            if first != last:
                context.log.info(f"{start}..{end}: {fit.height} workload x machine rows")
    context.log.info(
        f"{written} workload x machine rows; {len(fitting)} of {workloads.height} workloads "
        "run on at least one machine"
    )
    return dg.MaterializeResult(
        metadata={
            **rows_metadata(first, last, written),
            "decode_loo_mean_abs_pct_error": round(cal.decode_loo_mean_pct, 1),
            "decode_loo_max_abs_pct_error": round(cal.decode_loo_max_pct, 1),
            "prefill_loo_mean_abs_pct_error": round(cal.prefill_loo_mean_pct, 1),
            "prefill_loo_max_abs_pct_error": round(cal.prefill_loo_max_pct, 1),
            "cards_measured": len(cal.decode),
            "workloads_skipped": len(workload_problems(workloads)),
        }
    )


@dg.asset_check(asset=table_key("marts.llm_workload_fit"), blocking=False)
def llm_workloads_runnable(warehouse: WarehouseResource) -> dg.AssetCheckResult:
    """Names every workload row with a missing or impossible fact (left out, the others computed) and every
    workload that no machine of the newest day can hold."""
    workloads = load_llm_workloads()
    problems = workload_problems(workloads)
    with warehouse.read_only() as con:
        held = read_frame(
            con,
            "SELECT workload, bool_or(fits) AS held FROM marts.llm_workload_fit "
            "WHERE snapshot_date = (SELECT max(snapshot_date) FROM marts.llm_workload_fit) GROUP BY workload",
        )
    bad = {name for name, _ in problems}
    held_by = dict(held.iter_rows())
    problems += [
        (w, "no machine of 1-8 cards holds it")
        for w in workloads["workload"].to_list()
        if w not in bad and not held_by.get(w, False)
    ]
    return dg.AssetCheckResult(
        passed=not problems,
        severity=dg.AssetCheckSeverity.WARN,
        metadata={
            "workloads": workloads.height,
            "problems": len(problems),
            "details": dg.MetadataValue.md("\n".join(f"- {w}: {p}" for w, p in problems) or "none"),
        },
    )
