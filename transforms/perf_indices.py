"""Relative performance per use case (issue 18): one index each for training, vision and LLM inference.

Training (`dl_index_v1`) is dominated by compute, LLM token generation by memory bandwidth: one number
misranks cards for one of them. Each index is RTX 3090 = 1.0, measured where a published benchmark has the
card, else modelled from dense FP16 tensor TFLOPS (FP32 without tensor cores), memory bandwidth and the memory's
kind (a vendor's HBM cards or GDDR) with weights fitted on the measured cards (transforms.dl_index); the leave-one-out error of
each fit is kept.

  training       Lambda's PyTorch training throughput, every workload (mixed precision), as dl_index_v1;
  vision         the same benchmarks, vision workloads only (ResNet-50, SSD);
  llm_inference  llama.cpp's community scoreboards: llama-bench token generation (tg128, tokens/s) of
                 Llama 2 7B Q4_0 on one GPU, on the vendor's own backend (CUDA for NVIDIA, ROCm for AMD,
                 Vulkan for Intel, which has no other row); the other backends' rows are kept in the
                 catalog file but not mixed in (the same card is slower on Vulkan than on CUDA).

Which index a use case ranks by: llm -> llm_inference, vision -> vision, beginner -> training (a first
card is for learning to train; D14).
"""

from dataclasses import dataclass

import polars as pl

from transforms.dl_index import (
    INDEX_NAME,
    REFERENCE_MODEL,
    PerfFit,
    index_from_measured,
    measured_relative,
)

VISION_WORKLOADS = ("resnet50", "ssd")
LLM_BACKEND = {"nvidia": "CUDA", "amd": "ROCm", "intel": "Vulkan"}
INDICES = ("training", "vision", "llm_inference")
USE_CASE_INDEX = {"llm": "llm_inference", "vision": "vision", "beginner": "training"}
INDEX_SOURCES = {
    "training": f"{INDEX_NAME}: Lambda deeplearning-benchmark, PyTorch training throughput, all workloads",
    "vision": "Lambda deeplearning-benchmark, PyTorch training throughput, ResNet-50 and SSD",
    "llm_inference": "llama.cpp scoreboards, llama-bench tg128 of Llama 2 7B Q4_0 (tokens/s), vendor backend",
}


def perf_column(index: str) -> str:
    """The column an index's values are in: relative_perf for training, perf_<index> for the others."""
    return "relative_perf" if index == "training" else f"perf_{index}"


def per_1k_column(index: str) -> str:
    """The marts.gpu_value column of an index's value per 1,000 USD."""
    return "perf_per_1k_usd" if index == "training" else f"perf_per_1k_usd_{index}"


@dataclass(frozen=True)
class IndexResult:
    name: str
    values: pl.DataFrame  # model_id, relative_perf, perf_basis
    fit: PerfFit
    measured_cards: int


def measured_llm(
    llm_bench: pl.DataFrame, specs: pl.DataFrame, reference: str = REFERENCE_MODEL
) -> pl.DataFrame:
    """model_id, measured_rel: tg128 tokens/s on the vendor's backend relative to the reference card's."""
    backend = pl.col("vendor").replace_strict(LLM_BACKEND, default=None)
    rows = (
        llm_bench.join(specs.select("model_id", "vendor"), on="model_id")
        .filter((pl.col("backend") == backend) & (pl.col("tg128_tokens_per_s") > 0))
        .group_by("model_id")
        .agg(tg=pl.col("tg128_tokens_per_s").median())
    )
    ref = rows.filter(pl.col("model_id") == reference)
    if ref.is_empty():
        return pl.DataFrame(schema={"model_id": pl.String, "measured_rel": pl.Float64})
    return rows.select("model_id", measured_rel=pl.col("tg") / ref["tg"][0]).sort("model_id")


def perf_indices(
    specs: pl.DataFrame,
    training_bench: pl.DataFrame,
    llm_bench: pl.DataFrame,
    reference: str = REFERENCE_MODEL,
) -> dict[str, IndexResult]:
    measured = {
        "training": measured_relative(training_bench, reference),
        "vision": measured_relative(
            training_bench.filter(pl.col("workload").is_in(VISION_WORKLOADS)), reference
        ),
        "llm_inference": measured_llm(llm_bench, specs, reference),
    }
    out = {}
    for name in INDICES:
        values, fit = index_from_measured(specs, measured[name], reference)
        out[name] = IndexResult(name, values, fit, measured[name].height)
    return out


def index_columns(results: dict[str, IndexResult]) -> pl.DataFrame:
    """model_id with relative_perf / perf_basis (training) and perf_<index> / perf_<index>_basis for the others."""
    frame = results["training"].values
    for name in INDICES[1:]:
        frame = frame.join(
            results[name].values.rename(
                {"relative_perf": perf_column(name), "perf_basis": f"{perf_column(name)}_basis"}
            ),
            on="model_id",
            how="left",
        )
    return frame


def fits_frame(results: dict[str, IndexResult], reference: str = REFERENCE_MODEL) -> pl.DataFrame:
    """One row per index: the fit's weights, cards measured, leave-one-out errors and source."""
    return pl.DataFrame(
        [
            {
                "perf_index": name,
                "reference_model": reference,
                "source": INDEX_SOURCES[name],
                "measured_cards": r.measured_cards,
                "cards_in_fit": r.fit.cards_in_fit,
                "weight_compute": round(r.fit.weight_compute, 3),
                "weight_bandwidth": round(1 - r.fit.weight_compute, 3),
                "loo_mean_abs_pct_error": None
                if r.fit.loo_mean_abs_pct_error is None
                else round(r.fit.loo_mean_abs_pct_error, 2),
                "loo_max_abs_pct_error": None
                if r.fit.loo_max_abs_pct_error is None
                else round(r.fit.loo_max_abs_pct_error, 2),
                "loo_worst_model": r.fit.loo_worst_model,
                "hbm_factors": r.fit.hbm_words(),
            }
            for name, r in results.items()
        ],
        schema={
            "perf_index": pl.String,
            "reference_model": pl.String,
            "source": pl.String,
            "measured_cards": pl.Int32,
            "cards_in_fit": pl.Int32,
            "weight_compute": pl.Float64,
            "weight_bandwidth": pl.Float64,
            "loo_mean_abs_pct_error": pl.Float64,
            "loo_max_abs_pct_error": pl.Float64,
            "loo_worst_model": pl.String,
            "hbm_factors": pl.String,
        },
    )
