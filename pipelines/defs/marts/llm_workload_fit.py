"""Assets marts/llm_workload_machines and marts/llm_workload_speeds, the two tables of the view
marts.llm_workload_fit (which machines run each LLM workload, and how fast; issue 35), and its check.
Computation: transforms/llm_workload_fit.py."""

import dagster as dg
import polars as pl

from pipelines.defs.marts.machine_inputs import MACHINE_INPUT_KEYS, llm_context, machine_inputs
from pipelines.defs.marts.run_config import TierRunConfig
from pipelines.partitions import daily_partitions, partition_days, rows_metadata
from pipelines.resources.warehouse import WarehouseResource
from pipelines.tables import table_key, table_multi_asset
from transforms.llm_workload_fit import workload_machines, workload_problems, workload_speeds
from warehouse.catalog import load_llm_workloads
from warehouse.marts.days import day_parts, replace_days_frame
from warehouse.writes import read_frame

MACHINES, SPEEDS = "marts.llm_workload_machines", "marts.llm_workload_speeds"
# a range run computes and writes this many days at a time (each part's machines sized once and priced for
# all its days at once, transforms/llm_workload_fit.py); half a year of gpu_value is about 45,000 rows
CHUNK_DAYS = 183
SHAPES_SQL = f"""
SELECT DISTINCT model_id, gpu_count, power_cap_pct FROM {MACHINES}
WHERE snapshot_date NOT BETWEEN $first AND $last"""


@table_multi_asset(
    [MACHINES, SPEEDS],
    partitions_def=daily_partitions,
    kinds={"duckdb", "polars"},
    deps=[table_key("marts.gpu_value"), *MACHINE_INPUT_KEYS],
)
def llm_workload_fit(context: dg.AssetExecutionContext, config: TierRunConfig, warehouse: WarehouseResource):
    """The view marts.llm_workload_fit: for every LLM workload (a model at a quantization and a context) and
    every machine of 1, 2, 4 and 8 cards the build tiers build that day, whether the model fits (weights + KV
    cache + runtime per card, pooled by llama.cpp's layer split), its single-stream decode and prefill speed
    (memory bandwidth and compute, calibrated on the llama.cpp scoreboard, a layer split never faster than
    one card) and the machine's TCO per token/s. Its two tables are written here in one transaction:
    marts.llm_workload_machines, the day's machines (the build tiers' own code), and marts.llm_workload_speeds,
    each workload on each machine shape (card, count, power cap) any day holds, from today's catalog and
    calibration, rewritten whole. No day's prices change a speed, so the view joins the two instead of
    storing their product (8.9 million rows for five years). The calibration's leave-one-out errors are in
    the metadata. A range run (a backfill as one run) computes its days half a year at a time."""
    first, last = partition_days(context)
    workloads = load_llm_workloads()
    written, speeds = 0, pl.DataFrame()
    with warehouse.connect() as con:
        specs, platforms, parts, scaling = machine_inputs(con)
        llm = llm_context(specs, config)
        cal = llm.calibration
        for start, end in day_parts(first, last, CHUNK_DAYS):
            value = read_frame(
                con, "SELECT * FROM marts.gpu_value WHERE snapshot_date BETWEEN ? AND ?", [start, end]
            )
            machines = workload_machines(value, specs, platforms, parts, scaling, config.tier_config())
            # the shapes of every day the table will hold: the other days' and these
            kept = read_frame(con, SHAPES_SQL, {"first": start, "last": end})
            shapes = pl.concat([kept, machines.select(kept.columns)], how="vertical_relaxed")
            speeds = workload_speeds(workloads, shapes, llm.cards, cal)
            replace_days_frame(con, MACHINES, start, end, machines, whole_tables={SPEEDS: speeds})
            written += machines.height
            if first != last:
                context.log.info(f"{start}..{end}: {machines.height} machines")
    fitting = set(speeds.filter(pl.col("fits"))["workload"].to_list()) if speeds.height else set()
    context.log.info(
        f"{written} machines; {speeds.height} workload x shape rows; {len(fitting)} of {workloads.height} "
        "workloads fit at least one machine"
    )
    yield dg.MaterializeResult(asset_key=table_key(MACHINES), metadata=rows_metadata(first, last, written))
    yield dg.MaterializeResult(
        asset_key=table_key(SPEEDS),
        metadata={
            "rows_written": speeds.height,
            "decode_loo_mean_abs_pct_error": round(cal.decode_loo_mean_pct, 1),
            "decode_loo_max_abs_pct_error": round(cal.decode_loo_max_pct, 1),
            "prefill_loo_mean_abs_pct_error": round(cal.prefill_loo_mean_pct, 1),
            "prefill_loo_max_abs_pct_error": round(cal.prefill_loo_max_pct, 1),
            "cards_measured": len(cal.decode),
            "workloads_skipped": len(workload_problems(workloads)),
        },
    )


@dg.asset_check(asset=table_key(MACHINES), blocking=False)
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
