"""Relative deep-learning performance: the `dl_index_v1` index (RTX 3090 = 1.0).

1. Measured: for every card with single-GPU results in the published training benchmarks (mixed precision),
   its throughput relative to the RTX 3090 per workload, combined by geometric mean over the workloads both
   cards ran.
2. Modelled: relative perf = k * (compute / compute_3090)^w * (bandwidth / bandwidth_3090)^(1 - w), where
   compute is dense FP16 tensor TFLOPS (FP32 TFLOPS for cards without tensor cores). w and k are fitted by
   least squares in log space on the measured cards; the leave-one-out error is reported.
3. The index is the measured value where it exists, else the modelled one; `perf_basis` says which.
"""

from dataclasses import dataclass

import numpy as np
import polars as pl

INDEX_NAME = "dl_index_v1"
REFERENCE_MODEL = "rtx-3090"
W_GRID = np.linspace(0.0, 1.0, 101)


@dataclass(frozen=True)
class PerfFit:
    weight_compute: float
    log_k: float
    loo_mean_abs_pct_error: float | None
    loo_max_abs_pct_error: float | None
    cards_in_fit: int
    loo_worst_model: str | None = None


def measured_relative(benchmarks: pl.DataFrame, reference: str = REFERENCE_MODEL) -> pl.DataFrame:
    """model_id, measured_rel: geometric mean over workloads of single-GPU fp16 throughput / reference's."""
    single = (
        benchmarks.filter(
            (pl.col("gpu_count") == 1) & (pl.col("precision") == "fp16") & (pl.col("samples_per_s") > 0)
        )
        .group_by("model_id", "workload")
        .agg(pl.col("samples_per_s").median())
    )
    ref = single.filter(pl.col("model_id") == reference).select("workload", ref=pl.col("samples_per_s"))
    if ref.is_empty():
        return pl.DataFrame(
            schema={"model_id": pl.String, "measured_rel": pl.Float64, "workloads": pl.UInt32}
        )
    return (
        single.join(ref, on="workload")
        .group_by("model_id")
        .agg(measured_rel=(pl.col("samples_per_s") / pl.col("ref")).log().mean().exp(), workloads=pl.len())
        .sort("model_id")
    )


def _features(specs: pl.DataFrame) -> pl.DataFrame:
    compute = (
        pl.when(pl.col("has_tensor_cores") & pl.col("fp16_tensor_tflops").is_not_null())
        .then(pl.col("fp16_tensor_tflops"))
        .otherwise(pl.col("fp32_tflops"))
    )
    return specs.select("model_id", "has_tensor_cores", compute=compute, bandwidth=pl.col("bandwidth_gbs"))


def _fit(x_c: np.ndarray, x_b: np.ndarray, y: np.ndarray) -> tuple[float, float]:
    best = (float("inf"), 0.5, 0.0)
    for w in W_GRID:
        z = w * x_c + (1 - w) * x_b
        log_k = float(np.mean(y - z))
        err = float(np.sum((y - z - log_k) ** 2))
        if err < best[0]:
            best = (err, float(w), log_k)
    return best[1], best[2]


def fit_index(specs: pl.DataFrame, measured: pl.DataFrame, reference: str = REFERENCE_MODEL) -> PerfFit:
    feats = _features(specs)
    ref = feats.filter(pl.col("model_id") == reference).row(0, named=True)
    data = feats.join(measured, on="model_id").drop_nulls(["compute", "bandwidth", "measured_rel"])
    x_c = np.log(data["compute"].to_numpy() / ref["compute"])
    x_b = np.log(data["bandwidth"].to_numpy() / ref["bandwidth"])
    y = np.log(data["measured_rel"].to_numpy())
    if len(y) < 2:
        return PerfFit(0.5, 0.0, None, None, len(y))
    w, log_k = _fit(x_c, x_b, y)
    errors = []
    if len(y) >= 3:
        for i in range(len(y)):
            mask = np.arange(len(y)) != i
            wi, ki = _fit(x_c[mask], x_b[mask], y[mask])
            predicted = np.exp(ki + wi * x_c[i] + (1 - wi) * x_b[i])
            errors.append(abs(predicted / np.exp(y[i]) - 1) * 100)
    return PerfFit(
        w,
        log_k,
        float(np.mean(errors)) if errors else None,
        float(np.max(errors)) if errors else None,
        len(y),
        data["model_id"][int(np.argmax(errors))] if errors else None,
    )


def index_from_measured(
    specs: pl.DataFrame, measured: pl.DataFrame, reference: str = REFERENCE_MODEL
) -> tuple[pl.DataFrame, PerfFit]:
    """model_id, relative_perf, perf_basis (measured, tensor_model, fp32_model) from measured relative
    figures (model_id, measured_rel), and the fit used for the cards without one."""
    fit = fit_index(specs, measured, reference)
    feats = _features(specs)
    ref = feats.filter(pl.col("model_id") == reference).row(0, named=True)
    modelled = feats.with_columns(
        modelled=(
            fit.log_k
            + fit.weight_compute * (pl.col("compute") / ref["compute"]).log()
            + (1 - fit.weight_compute) * (pl.col("bandwidth") / ref["bandwidth"]).log()
        ).exp()
    )
    out = modelled.join(measured.select("model_id", "measured_rel"), on="model_id", how="left").select(
        "model_id",
        # rounded: the index is not meaningful past 6 decimals, and rounding makes re-runs bit-identical
        # (parallel aggregation order in Polars moves the last bit)
        relative_perf=pl.coalesce("measured_rel", "modelled").round(6),
        perf_basis=pl.when(pl.col("measured_rel").is_not_null())
        .then(pl.lit("measured"))
        .when(pl.col("has_tensor_cores"))
        .then(pl.lit("tensor_model"))
        .otherwise(pl.lit("fp32_model")),
    )
    return out, fit


def relative_performance(
    specs: pl.DataFrame, benchmarks: pl.DataFrame, reference: str = REFERENCE_MODEL
) -> tuple[pl.DataFrame, PerfFit]:
    """The training index dl_index_v1: model_id, relative_perf, perf_basis, and the fit."""
    return index_from_measured(specs, measured_relative(benchmarks, reference), reference)
