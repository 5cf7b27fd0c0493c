"""The curated spec catalog and benchmark facts shipped with the project (`warehouse/catalog/*.csv`).

`load_catalog()` is public API (kept stable for the classifier): a Polars frame with one row per sellable
model variant and at least model_id, name, vram_gb and form_factor.
"""

from pathlib import Path

import polars as pl

CATALOG_DIR = Path(__file__).resolve().parent / "catalog"
CATALOG_CSV = CATALOG_DIR / "gpu_catalog.csv"
BENCHMARKS_CSV = CATALOG_DIR / "gpu_benchmarks.csv"

CATALOG_SCHEMA: dict[str, pl.DataType] = {
    "model_id": pl.String,
    "vendor": pl.String,
    "name": pl.String,
    "family": pl.String,
    "search_query": pl.String,
    "aliases": pl.String,
    "part_numbers": pl.String,
    "architecture": pl.String,
    "release_date": pl.String,
    "launch_msrp_usd": pl.Float64,
    "memory_gb": pl.Float64,
    "memory_type": pl.String,
    "bandwidth_gbs": pl.Float64,
    "fp32_tflops": pl.Float64,
    "fp16_tensor_tflops": pl.Float64,
    "bf16_tensor_tflops": pl.Float64,
    "int8_tensor_tops": pl.Float64,
    "has_tensor_cores": pl.Boolean,
    "tdp_w": pl.Float64,
    "slot_width": pl.Float64,
    "length_mm": pl.Float64,
    "cooling": pl.String,
    "pcie_gen": pl.Int64,
    "form_factor": pl.String,
    "nvlink": pl.Boolean,
    "segment": pl.String,
    "power_connectors": pl.String,
    "source": pl.String,
}

BENCHMARK_SCHEMA: dict[str, pl.DataType] = {
    "model_id": pl.String,
    "lambda_gpu_name": pl.String,
    "workload": pl.String,
    "precision": pl.String,
    "gpu_count": pl.Int64,
    "samples_per_s": pl.Float64,
    "system_watts": pl.Float64,
    "source": pl.String,
}


def _read_csv(path: Path, schema: dict[str, pl.DataType]) -> pl.DataFrame:
    frame = pl.read_csv(path, schema_overrides=schema, infer_schema=False)
    unknown = [c for c in frame.columns if c not in schema]
    missing = [c for c in schema if c not in frame.columns]
    if unknown or missing:
        raise ValueError(f"{path.name}: unexpected columns {unknown}, missing columns {missing}")
    return frame.select(list(schema))


def load_catalog(path: Path | None = None) -> pl.DataFrame:
    """The curated catalog; `vram_gb` repeats `memory_gb` under the name the matching API promises."""
    frame = _read_csv(path or CATALOG_CSV, CATALOG_SCHEMA)
    return frame.with_columns(
        pl.col("release_date").str.to_date("%Y-%m-%d", strict=False),
        pl.col("memory_gb").alias("vram_gb"),
    )


def load_benchmarks(path: Path | None = None) -> pl.DataFrame:
    """Published measured training throughput (Lambda), keyed to catalog model ids."""
    return _read_csv(path or BENCHMARKS_CSV, BENCHMARK_SCHEMA)
