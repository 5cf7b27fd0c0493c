"""Assets: the GPU catalog through the layers (staging.gpu_specs, staging.gpu_benchmarks, marts.gpu_specs)."""

import dagster as dg
import polars as pl

from dashboards.markdown import FIT_COLUMNS, table
from pipelines.resources.warehouse import WarehouseResource
from transforms.perf_indices import fits_frame, index_columns, perf_indices
from transforms.performance import INDEX_NAME, REFERENCE_MODEL
from transforms.spec_merge import merge_specs
from transforms.spec_validation import catalog_problems
from warehouse.catalog import load_benchmarks, load_catalog, load_llm_benchmarks
from warehouse.writes import read_frame, replace_slice, replace_slices

LATEST_SHEETS = "SELECT * FROM raw.gpu_spec_sheets WHERE snapshot_date = (SELECT max(snapshot_date) FROM raw.gpu_spec_sheets)"


@dg.asset(group_name="staging", kinds={"duckdb", "polars"}, deps=["gpu_spec_sheets"],
          metadata={"dagster/table_name": "staging.gpu_specs"})
def gpu_specs(context: dg.AssetExecutionContext, warehouse: WarehouseResource) -> dg.MaterializeResult:
    """The curated catalog (warehouse/catalog/gpu_catalog.csv) validated, then merged with the newest spec
    sheets: curated values win, sheets only fill fields the catalog leaves unknown. An impossible catalog
    row (memory 0, TDP over 1,500 W, FP16 below FP32 on a tensor-core card, duplicate id) stops the run."""
    catalog = load_catalog()
    problems = catalog_problems(catalog)
    if problems:
        raise dg.Failure(description="The GPU catalog has impossible rows:\n" + "\n".join(problems[:50]),
                         metadata={"problems": len(problems)})
    with warehouse.connect() as con:
        facts = read_frame(con, LATEST_SHEETS)
        merged = merge_specs(catalog.drop("vram_gb"), facts)
        replace_slice(con, "staging.gpu_specs", merged)
    filled = merged.filter(pl.col("filled_from_spec_sheets").is_not_null() & (pl.col("filled_from_spec_sheets") != ""))
    return dg.MaterializeResult(metadata={"dagster/row_count": merged.height, "models_filled_from_sheets": filled.height,
                                          "vendors": dict(catalog.group_by("vendor").len().iter_rows())})


@dg.asset(group_name="staging", kinds={"duckdb", "polars"}, metadata={"dagster/table_name": "staging.gpu_benchmarks"})
def gpu_benchmarks(warehouse: WarehouseResource) -> dg.MaterializeResult:
    """Published measured training throughput (Lambda PyTorch benchmarks: model, workload, precision, GPU
    count, samples/s) as facts keyed to catalog models; corrupt NCF values were screened when curated."""
    bench = load_benchmarks()
    known = set(load_catalog()["model_id"].to_list())
    unknown = sorted(set(bench["model_id"].to_list()) - known)
    if unknown:
        raise dg.Failure(description=f"benchmark rows name models missing from the catalog: {unknown}")
    with warehouse.connect() as con:
        replace_slice(con, "staging.gpu_benchmarks", bench)
    return dg.MaterializeResult(metadata={"dagster/row_count": bench.height, "models": bench["model_id"].n_unique()})


@dg.asset(group_name="marts", kinds={"duckdb", "polars"}, deps=[gpu_specs, gpu_benchmarks],
          metadata={"dagster/table_name": "marts.gpu_specs"})
def gpu_specs_mart(warehouse: WarehouseResource) -> dg.MaterializeResult:
    """marts.gpu_specs: the merged catalog with one performance index per use case (RTX 3090 = 1.0), each
    measured where a published benchmark has the card, else a fit of dense FP16 tensor TFLOPS and memory
    bandwidth calibrated on the measured cards: training (`dl_index_v1`, Lambda PyTorch training throughput),
    vision (Lambda's ResNet-50 and SSD) and LLM inference (llama.cpp token generation). Also writes
    marts.perf_index_fits (each fit's leave-one-out error). The table users join to."""
    with warehouse.connect() as con:
        specs = read_frame(con, "SELECT * FROM staging.gpu_specs")
        bench = read_frame(con, "SELECT * FROM staging.gpu_benchmarks")
        results = perf_indices(specs, bench, load_llm_benchmarks())
        mart = specs.join(index_columns(results), on="model_id", how="left")
        fits = fits_frame(results)
        replace_slices(con, [("marts.gpu_specs", mart, None), ("marts.perf_index_fits", fits, None)])
    fit = results["training"].fit
    basis = dict(mart.group_by("perf_basis").len().iter_rows())
    return dg.MaterializeResult(metadata={
        "dagster/row_count": mart.height, "index": INDEX_NAME, "reference_model": REFERENCE_MODEL,
        "fit_weight_compute": round(fit.weight_compute, 3), "fit_weight_bandwidth": round(1 - fit.weight_compute, 3),
        "cards_in_fit": fit.cards_in_fit,
        "leave_one_out_mean_abs_error_pct": round(fit.loo_mean_abs_pct_error or 0, 2),
        "leave_one_out_max_abs_error_pct": round(fit.loo_max_abs_pct_error or 0, 2),
        "perf_basis_counts": basis,
        "indices": dg.MetadataValue.md(table(fits, FIT_COLUMNS)),
    })

