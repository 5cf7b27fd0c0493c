"""Multi-GPU scaling efficiency from measured results: throughput(n) / (n x throughput(1)).

Per model and GPU count, the geometric mean over workloads of the published mixed-precision results; a model
without its own multi-GPU results takes the median efficiency of the measured models at that count.
"""

import polars as pl

DEFAULT_EFFICIENCY = {1: 1.0, 2: 0.92, 4: 0.88, 8: 0.85}  # used only when no card has measurements


def scaling_table(benchmarks: pl.DataFrame) -> pl.DataFrame:
    """model_id, gpu_count, efficiency (fp16 results)."""
    fp16 = benchmarks.filter((pl.col("precision") == "fp16") & (pl.col("samples_per_s") > 0))
    per = fp16.group_by("model_id", "workload", "gpu_count").agg(pl.col("samples_per_s").median())
    one = per.filter(pl.col("gpu_count") == 1).select("model_id", "workload", single=pl.col("samples_per_s"))
    return (
        per.filter(pl.col("gpu_count") > 1)
        .join(one, on=["model_id", "workload"])
        .with_columns(eff=pl.col("samples_per_s") / (pl.col("gpu_count") * pl.col("single")))
        .filter(pl.col("eff").is_between(0.3, 1.5))  # screens mis-recorded runs
        .group_by("model_id", "gpu_count")
        .agg(efficiency=pl.col("eff").log().mean().exp())
        .sort("model_id", "gpu_count")
    )


def efficiency_for(table: pl.DataFrame, model_id: str, count: int) -> tuple[float, str]:
    if count == 1:
        return 1.0, "single GPU"
    own = table.filter((pl.col("model_id") == model_id) & (pl.col("gpu_count") == count))
    if own.height:
        return float(own["efficiency"][0]), f"measured for {model_id} at {count} GPUs"
    others = table.filter(pl.col("gpu_count") == count)
    if others.height:
        return float(
            others["efficiency"].median()
        ), f"median of {others.height} measured cards at {count} GPUs"
    return DEFAULT_EFFICIENCY.get(count, 0.85), "default efficiency (no measurements)"
