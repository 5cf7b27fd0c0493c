"""Relative deep-learning performance: the `dl_index_v1` index (RTX 3090 = 1.0).

1. Measured: for every card with single-GPU results in the published training benchmarks (mixed precision),
   its throughput relative to the RTX 3090 per workload, combined by geometric mean over the workloads both
   cards ran.
2. Modelled: relative perf = k * (compute / compute_3090)^w * (bandwidth / bandwidth_3090)^(1 - w) * h, where
   compute is dense FP16 tensor TFLOPS (FP32 TFLOPS for cards without tensor cores) and h is a factor for one
   vendor's HBM cards (1 for GDDR cards, and for the HBM cards of a vendor with fewer than MIN_HBM_CARDS of them
   measured). w, k and each h are fitted by least squares in log space on the measured cards; the leave-one-out
   error is reported. Why h: half the measured training cards are NVIDIA's HBM datacenter cards (V100, A100,
   H100), and a bandwidth term alone made the fit overrate them and underrate every GDDR card but two (eighth
   review, training leave-one-out: RTX 4090 -29%, RTX A6000 -20%, RTX 6000 Ada -19%, RTX 3090 -10%; A100 and
   H100 +6 to +16%), a bias against the modelled desktop cards, not noise. With h (NVIDIA's about 0.8) the
   leave-one-out mean error fell from 14.2% to 8.9% (training) and from 15.0% to 9.0% (vision), its errors of
   both signs among the GDDR cards. Per vendor (ninth review): the LLM benchmark's only HBM cards are AMD's
   MI50 and MI100 on ROCm, whose factor (about 0.53) says as much about the backend as the memory, and is not
   NVIDIA's A100 or H100 on CUDA.
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
    hbm_log_offsets: tuple[
        tuple[str, float], ...
    ] = ()  # (vendor, log h) per vendor whose HBM factor was fitted

    @property
    def hbm_factors(self) -> dict[str, float]:
        """The HBM factor h per vendor it was fitted for; any other card takes 1."""
        return {vendor: float(np.exp(offset)) for vendor, offset in self.hbm_log_offsets}

    def hbm_words(self) -> str | None:
        """The factors as the fits table shows them (`nvidia 0.795`), None without any."""
        return "; ".join(f"{v} {h:.3f}" for v, h in self.hbm_factors.items()) or None


# the fewest measured HBM cards of one vendor from which their factor is fitted (one card would be fitted exactly)
MIN_HBM_CARDS = 2


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
    is_hbm = pl.col("memory_type").str.to_uppercase().str.starts_with("HBM").fill_null(False)
    hbm = (
        pl.when(is_hbm).then(pl.col("vendor").fill_null("")).otherwise(pl.lit(""))
        if {"memory_type", "vendor"} <= set(specs.columns)
        else pl.lit("")
    )
    return specs.select(
        "model_id", "has_tensor_cores", compute=compute, bandwidth=pl.col("bandwidth_gbs"), hbm=hbm
    )


def _fit(
    x_c: np.ndarray, x_b: np.ndarray, hbm: np.ndarray, y: np.ndarray
) -> tuple[float, float, dict[str, float]]:
    """(w, log k, {vendor: log h}) by least squares in log space, w over W_GRID. `hbm`: each card's vendor when it
    is an HBM card, '' for GDDR. A vendor's HBM cards get their own constant when there are MIN_HBM_CARDS of them
    and GDDR cards besides (the least-squares constants are then each group's mean residual); any other card is
    in k's group."""
    kinds = {v for v in set(hbm.tolist()) - {""} if int(np.sum(hbm == v)) >= MIN_HBM_CARDS}
    base = ~np.isin(hbm, list(kinds)) if kinds else np.ones(len(y), dtype=bool)
    if not base.any():
        kinds, base = set(), np.ones(len(y), dtype=bool)
    best: tuple[float, float, float, dict[str, float]] = (float("inf"), 0.5, 0.0, {})
    for w in W_GRID:
        residual = y - (w * x_c + (1 - w) * x_b)
        log_k = float(np.mean(residual[base]))
        log_h = {v: float(np.mean(residual[hbm == v])) - log_k for v in sorted(kinds)}
        offsets = np.array([log_h.get(v, 0.0) for v in hbm.tolist()])
        err = float(np.sum((residual - log_k - offsets) ** 2))
        if err < best[0]:
            best = (err, float(w), log_k, log_h)
    return best[1], best[2], best[3]


def fit_index(specs: pl.DataFrame, measured: pl.DataFrame, reference: str = REFERENCE_MODEL) -> PerfFit:
    feats = _features(specs)
    ref = feats.filter(pl.col("model_id") == reference).row(0, named=True)
    data = feats.join(measured, on="model_id").drop_nulls(["compute", "bandwidth", "measured_rel"])
    x_c = np.log(data["compute"].to_numpy() / ref["compute"])
    x_b = np.log(data["bandwidth"].to_numpy() / ref["bandwidth"])
    hbm = data["hbm"].to_numpy().astype(str)
    y = np.log(data["measured_rel"].to_numpy())
    if len(y) < 2:
        return PerfFit(0.5, 0.0, None, None, len(y))
    w, log_k, log_h = _fit(x_c, x_b, hbm, y)
    errors = []
    if len(y) >= 3:
        for i in range(len(y)):
            mask = np.arange(len(y)) != i
            wi, ki, hi = _fit(x_c[mask], x_b[mask], hbm[mask], y[mask])
            predicted = np.exp(ki + wi * x_c[i] + (1 - wi) * x_b[i] + hi.get(str(hbm[i]), 0.0))
            errors.append(abs(predicted / np.exp(y[i]) - 1) * 100)
    return PerfFit(
        w,
        log_k,
        float(np.mean(errors)) if errors else None,
        float(np.max(errors)) if errors else None,
        len(y),
        data["model_id"][int(np.argmax(errors))] if errors else None,
        tuple(log_h.items()),
    )


def modelled_values(specs: pl.DataFrame, fit: PerfFit, reference: str = REFERENCE_MODEL) -> pl.DataFrame:
    """Every card's features (model_id, has_tensor_cores, compute, bandwidth, hbm: its vendor when an HBM card)
    with `modelled`: the fit's value for it, measured or not."""
    feats = _features(specs)
    ref = feats.filter(pl.col("model_id") == reference).row(0, named=True)
    return feats.with_columns(
        modelled=(
            fit.log_k
            + fit.weight_compute * (pl.col("compute") / ref["compute"]).log()
            + (1 - fit.weight_compute) * (pl.col("bandwidth") / ref["bandwidth"]).log()
            + pl.col("hbm").replace_strict(dict(fit.hbm_log_offsets), default=0.0, return_dtype=pl.Float64)
        ).exp()
    )


def index_from_measured(
    specs: pl.DataFrame, measured: pl.DataFrame, reference: str = REFERENCE_MODEL
) -> tuple[pl.DataFrame, PerfFit]:
    """model_id, relative_perf, perf_basis (measured, tensor_model, fp32_model) from measured relative
    figures (model_id, measured_rel), and the fit used for the cards without one."""
    fit = fit_index(specs, measured, reference)
    modelled = modelled_values(specs, fit, reference)
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
