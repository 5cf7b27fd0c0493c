"""`make indices` (python tools/perf_indices.py): print each performance index's fit and leave-one-out error, and
where the LLM and training rankings part.

Reads the catalog files only (warehouse/catalog/: gpu_catalog.csv, gpu_benchmarks.csv,
llm_inference_benchmarks.csv): the same computation marts.gpu_specs and marts.perf_index_fits are built with.
"""

import sys
from pathlib import Path

import polars as pl

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from transforms.perf_indices import fits_frame, index_columns, perf_indices  # noqa: E402
from warehouse.catalog import load_benchmarks, load_catalog, load_llm_benchmarks  # noqa: E402


def main() -> None:
    specs = load_catalog()
    results = perf_indices(specs, load_benchmarks(), load_llm_benchmarks())
    print("index          measured  weight compute/bandwidth  LOO mean %  LOO max %  worst card")
    for r in fits_frame(results).iter_rows(named=True):
        print(
            f"{r['perf_index']:<14} {r['measured_cards']:>8}  {r['weight_compute']:>14.2f} / {r['weight_bandwidth']:<8.2f}"
            f"  {r['loo_mean_abs_pct_error']:>10.1f}  {r['loo_max_abs_pct_error']:>9.1f}  {r['loo_worst_model']}"
        )
    cols = index_columns(results).join(specs.select("model_id", "name", "memory_gb"), on="model_id")
    measured = cols.filter(
        (pl.col("perf_basis") == "measured") | (pl.col("perf_llm_inference_basis") == "measured")
    )
    ratio = measured.with_columns(llm_over_training=pl.col("perf_llm_inference") / pl.col("relative_perf"))
    print("\nLLM inference over training (RTX 3090 = 1 in both), cards measured in either, most apart first:")
    for r in (
        ratio.sort((pl.col("llm_over_training").log()).abs(), descending=True).head(10).iter_rows(named=True)
    ):
        print(
            f"  {r['name']:<28} training {r['relative_perf']:.2f} ({r['perf_basis']}), "
            f"LLM {r['perf_llm_inference']:.2f} ({r['perf_llm_inference_basis']}): x{r['llm_over_training']:.2f}"
        )


if __name__ == "__main__":
    from warehouse.user_days import USAGE_EXIT, asked_for_help, show_help, too_many  # noqa: E402

    if asked_for_help(sys.argv):  # thirty-sixth review: `--help` printed the table
        raise SystemExit(show_help(__doc__))
    raise SystemExit(USAGE_EXIT if too_many(sys.argv, 0, "make indices takes no arguments") else main())
