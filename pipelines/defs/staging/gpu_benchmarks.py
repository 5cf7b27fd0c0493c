"""Asset staging/gpu_benchmarks: the published benchmark figures the performance indices are fitted on
(warehouse/catalog/gpu_benchmarks.csv)."""

import dagster as dg

from pipelines.resources.warehouse import WarehouseResource
from pipelines.tables import table_asset
from warehouse.catalog import load_benchmarks, load_catalog
from warehouse.writes import replace_slice


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
