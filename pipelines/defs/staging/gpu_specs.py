"""Assets: the curated GPU catalog and the published benchmarks in staging (staging.gpu_specs, staging.gpu_benchmarks)."""

import dagster as dg
import polars as pl

from pipelines.resources.warehouse import WarehouseResource
from pipelines.tables import table_asset, table_key
from transforms.spec_merge import merge_specs
from transforms.spec_validation import catalog_problems
from warehouse.catalog import load_benchmarks, load_catalog
from warehouse.writes import read_frame, replace_slice

LATEST_SHEETS = "SELECT * FROM raw.gpu_spec_sheets WHERE snapshot_date = (SELECT max(snapshot_date) FROM raw.gpu_spec_sheets)"


@table_asset("staging.gpu_specs", kinds={"duckdb", "polars"}, deps=[table_key("raw.gpu_spec_sheets")])
def gpu_specs(context: dg.AssetExecutionContext, warehouse: WarehouseResource) -> dg.MaterializeResult:
    """The curated catalog (warehouse/catalog/gpu_catalog.csv) validated, then merged with the newest spec
    sheets: curated values win, sheets only fill fields the catalog leaves unknown. An impossible catalog
    row (memory 0, TDP over 1,500 W, FP16 below FP32 on a tensor-core card, duplicate id) stops the run."""
    catalog = load_catalog()
    problems = catalog_problems(catalog)
    if problems:
        raise dg.Failure(
            description="The GPU catalog has impossible rows:\n" + "\n".join(problems[:50]),
            metadata={"problems": len(problems)},
        )
    with warehouse.connect() as con:
        facts = read_frame(con, LATEST_SHEETS)
        merged = merge_specs(catalog.drop("vram_gb"), facts)
        replace_slice(con, "staging.gpu_specs", merged)
    filled = merged.filter(
        pl.col("filled_from_spec_sheets").is_not_null() & (pl.col("filled_from_spec_sheets") != "")
    )
    return dg.MaterializeResult(
        metadata={
            "dagster/row_count": merged.height,
            "models_filled_from_sheets": filled.height,
            "vendors": dict(catalog.group_by("vendor").len().iter_rows()),
        }
    )


@table_asset("staging.gpu_benchmarks", kinds={"duckdb", "polars"})
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
    return dg.MaterializeResult(
        metadata={"dagster/row_count": bench.height, "models": bench["model_id"].n_unique()}
    )
