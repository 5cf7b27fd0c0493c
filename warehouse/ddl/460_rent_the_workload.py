"""460: an LLM machine is weighed against whole cloud GPUs that run its workload (rule R1,
transforms/buy_vs_rent.py). Its tokens/s neither add up over cards nor run on a fraction of a GPU too small to
hold the model; before R1 two used RTX 3090s running a 70B model were weighed against 1.09 RTX 5090s, which
cannot load it. The columns keep their names; their comments say what they hold for LLM rows."""

import duckdb

from warehouse.migrations import sql_literal

COMMENTS = {
    "perf_index": (
        "Index the throughput is measured in: the use case's (vision, training), or llm_workload for an LLM "
        "machine (single-stream decode tokens/s of its tier's workload, rule R1); llm_inference for rows "
        "computed before R1."
    ),
    "total_relative_perf": (
        "Throughput of the machine to match: in perf_index (llm_workload: the machine's tokens/s on its tier's "
        "workload)."
    ),
    "rent_model_id": (
        "The cloud GPU rented: the cheapest per unit of throughput (vision, training); for an LLM machine the "
        "cheapest whole number of one GPU type that holds the workload and decodes it at least as fast (R1), or "
        "the fastest when none is as fast (notes say so)."
    ),
    "rent_gpus_for_same_perf": (
        "Cloud GPUs rented: fractional for training throughput (a job on faster GPUs ends sooner, the cost "
        "scales); for an LLM machine a whole 1, 2, 4 or 8 that hold its workload (R1)."
    ),
    "rent_usd_per_hour": "USD per hour to rent the same throughput (LLM: the same workload at least as fast).",
}


def migrate(con: duckdb.DuckDBPyConnection) -> None:
    for column, comment in COMMENTS.items():
        comment_sql = sql_literal(comment)  # the migration's constants
        con.execute(f"COMMENT ON COLUMN marts.buy_vs_rent.{column} IS {comment_sql}")
