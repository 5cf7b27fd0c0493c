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


def _check_columns(path: Path, frame: pl.DataFrame, schema: dict[str, pl.DataType]) -> None:
    unknown = [c for c in frame.columns if c not in schema]
    missing = [c for c in schema if c not in frame.columns]
    if unknown or missing:
        raise ValueError(f"{path.name}: unexpected columns {unknown}, missing columns {missing}")


def _read_csv(path: Path, schema: dict[str, pl.DataType]) -> pl.DataFrame:
    frame = pl.read_csv(path, schema_overrides=schema, infer_schema=False)
    _check_columns(path, frame, schema)
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


COMPUTE_TARGETS_CSV = CATALOG_DIR / "gpu_compute_targets.csv"
COMPUTE_TARGET_SCHEMA: dict[str, pl.DataType] = {
    "model_id": pl.String,
    "compute_target": pl.String,
    "source": pl.String,
}
SOFTWARE_SUPPORT_CSV = CATALOG_DIR / "software_support.csv"
SOFTWARE_SUPPORT_SCHEMA: dict[str, pl.DataType] = {
    "compute_target": pl.String,
    "fact": pl.String,
    "value": pl.String,
    "source": pl.String,
    "source_kind": pl.String,
    "note": pl.String,
}


def load_compute_targets(path: Path | None = None) -> pl.DataFrame:
    """Each catalog model's compute target (sm_86, gfx1100, xe2-hpg), with the page that states it."""
    return _read_csv(path or COMPUTE_TARGETS_CSV, COMPUTE_TARGET_SCHEMA)


def load_software_support(path: Path | None = None) -> pl.DataFrame:
    """Software-support facts per compute target, one row per fact with its source (transforms.tiers.software_support)."""
    return _read_csv(path or SOFTWARE_SUPPORT_CSV, SOFTWARE_SUPPORT_SCHEMA)


RECOMMENDED_PSU_CSV = CATALOG_DIR / "recommended_psu.csv"
RECOMMENDED_PSU_SCHEMA: dict[str, pl.DataType] = {
    "model_id": pl.String,
    "recommended_psu_w": pl.Float64,
    "source_url": pl.String,
    "source_kind": pl.String,
    "note": pl.String,
}


def load_recommended_psu(path: Path | None = None) -> pl.DataFrame:
    """The card maker's recommended system power per model (rule P1), one row per model with its source; models
    without a sourced figure have no row."""
    frame = _read_csv(path or RECOMMENDED_PSU_CSV, RECOMMENDED_PSU_SCHEMA)
    if frame["model_id"].is_duplicated().any() or frame["recommended_psu_w"].is_null().any():
        raise ValueError(f"{RECOMMENDED_PSU_CSV.name}: one row per model, each with a wattage")
    return frame


LLM_WORKLOADS_CSV = CATALOG_DIR / "llm_workloads.csv"
LLM_WORKLOAD_SCHEMA: dict[str, pl.DataType] = {
    "workload": pl.String,
    "model_name": pl.String,
    "model_repo": pl.String,
    "params_b": pl.Float64,
    "active_params_b": pl.Float64,
    "layers": pl.Int64,
    "kv_heads": pl.Int64,
    "head_dim": pl.Int64,
    "bits_per_weight": pl.Float64,
    "quant": pl.String,
    "context_tokens": pl.Int64,
    "source": pl.String,
    "source_kind": pl.String,
    "note": pl.String,
}


def load_llm_workloads(path: Path | None = None) -> pl.DataFrame:
    """The LLM workloads marts.llm_workload_fit sizes machines for: a model at a quantization and a context,
    with the facts its memory and speed rest on (from the model's config and llama.cpp), a source per row.
    A value that is not a number is read as missing (the asset check names the row)."""
    path = path or LLM_WORKLOADS_CSV
    frame = pl.read_csv(path, infer_schema=False)
    _check_columns(path, frame, LLM_WORKLOAD_SCHEMA)
    return frame.select(pl.col(c).cast(t, strict=False) for c, t in LLM_WORKLOAD_SCHEMA.items())


LLM_BENCHMARKS_CSV = CATALOG_DIR / "llm_inference_benchmarks.csv"
LLM_BENCHMARK_SCHEMA: dict[str, pl.DataType] = {
    "model_id": pl.String,
    "benchmark": pl.String,
    "backend": pl.String,
    "pp512_tokens_per_s": pl.Float64,
    "tg128_tokens_per_s": pl.Float64,
    "llama_cpp_commit": pl.String,
    "flash_attention": pl.String,
    "source": pl.String,
    "read_date": pl.Date,
    "note": pl.String,
}
CLOUD_PRICES_CSV = CATALOG_DIR / "cloud_prices.csv"
CLOUD_PRICE_SCHEMA: dict[str, pl.DataType] = {
    "model_id": pl.String,
    "provider": pl.String,
    "offer_kind": pl.String,
    "usd_per_gpu_hour": pl.Float64,
    "instance": pl.String,
    "price_date": pl.String,
    "source": pl.String,
    "note": pl.String,
}


def load_llm_benchmarks(path: Path | None = None) -> pl.DataFrame:
    """Published llama.cpp inference throughput (tokens/s) per card and backend, with the source of each row."""
    return _read_csv(path or LLM_BENCHMARKS_CSV, LLM_BENCHMARK_SCHEMA)


def load_cloud_prices(path: Path | None = None) -> pl.DataFrame:
    """The dated, sourced snapshot of cloud GPU-hour prices (the offline default of marts.cloud_prices)."""
    return _read_csv(path or CLOUD_PRICES_CSV, CLOUD_PRICE_SCHEMA)


REGIONS_CSV = CATALOG_DIR / "regions.csv"
REGION_SCHEMA: dict[str, pl.DataType] = {
    "region": pl.String,
    "name": pl.String,
    "mains_volts": pl.Float64,
    "outlet_amps": pl.Float64,
    "continuous_amps": pl.Float64,
    # what the continuous amps are the rating of: `circuit` (the branch circuit every socket on it shares: US NEC,
    # Canada's CEC) or `socket` (the socket and plug, on a circuit rated higher: UK, Schuko and CEE 7 sockets)
    "continuous_limit": pl.String,
    "plug": pl.String,
    "mains_source": pl.String,
    "electricity_price": pl.Float64,
    "electricity_currency": pl.String,
    "electricity_period": pl.String,
    "electricity_source": pl.String,
    # VAT the region's shop and business-seller prices include; new platform parts (US estimates before sales tax)
    # get it added in the region's machines (transforms/region_tiers.py); NULL where no marketplace is read
    "vat_rate": pl.Float64,
    "vat_source": pl.String,
}


def load_regions(path: Path | None = None) -> pl.DataFrame:
    """Where buyers live: mains (volts, outlet and continuous amps, plug) and household electricity price in
    local currency, each with its source or labelled ASSUMPTION."""
    return _read_csv(path or REGIONS_CSV, REGION_SCHEMA)


CLOUD_GPU_NAMES_CSV = CATALOG_DIR / "cloud_gpu_names.csv"
CLOUD_GPU_NAME_SCHEMA: dict[str, pl.DataType] = {
    "gpu_name": pl.String,
    "gpu_memory_gb": pl.Float64,
    "instance_pattern": pl.String,
    "model_id": pl.String,
    "note": pl.String,
}


def load_cloud_gpu_names(path: Path | None = None) -> pl.DataFrame:
    """gpuhunt GPU names (with memory and, where a name covers two form factors, an instance-name pattern) to
    catalog models, in match order (transforms.cloud_prices.match_models)."""
    return _read_csv(path or CLOUD_GPU_NAMES_CSV, CLOUD_GPU_NAME_SCHEMA)


PLATFORMS_CSV = CATALOG_DIR / "platforms.csv"
PLATFORM_PARTS_CSV = CATALOG_DIR / "platform_parts.csv"
DIMENSION_SOURCES_CSV = CATALOG_DIR / "gpu_dimensions_sources.csv"

PLATFORM_SCHEMA: dict[str, pl.DataType] = {
    "platform_id": pl.String,
    "condition": pl.String,
    "kind": pl.String,
    "tiers": pl.String,
    "description": pl.String,
    "gpu_positions": pl.String,
    "case_slots": pl.Float64,
    "max_card_slots": pl.Float64,
    "max_card_length_mm": pl.Float64,
    "accepts_cooling": pl.String,
    "module_socket": pl.String,
    "cpu": pl.String,
    "cpu_count": pl.Int32,
    "cpu_cores": pl.Int32,
    "cpu_threads": pl.Int32,
    "cpu_boost_ghz": pl.Float64,
    "cpu_pcie_lanes": pl.Int32,
    "lanes_per_gpu": pl.Int32,
    "pcie_gen": pl.Int32,
    "ram_type": pl.String,
    "ram_max_gb": pl.Float64,
    "memory_channels": pl.Int32,
    "dimm_slots": pl.Int32,
    "memory_source": pl.String,
    "psu_supply": pl.String,
    "psu_unit_w": pl.Float64,
    "psu_bays": pl.Float64,
    "cpu_w": pl.Float64,
    "platform_w": pl.Float64,
    "existing_psu_w": pl.Float64,
    "existing_pcie_8pin": pl.Float64,
    "source": pl.String,
    "os_note": pl.String,
}

PLATFORM_PARTS_SCHEMA: dict[str, pl.DataType] = {
    "part_id": pl.String,
    "platform_id": pl.String,
    "part": pl.String,
    "description": pl.String,
    "capacity_w": pl.Float64,
    "ram_type": pl.String,
    "quantity": pl.Int32,
    "unit": pl.String,
    "unit_price_usd": pl.Float64,
    "condition": pl.String,
    "price_basis": pl.String,
    "price_date": pl.String,
    "input_volts_min": pl.Float64,
}

DIMENSION_SOURCES_SCHEMA: dict[str, pl.DataType] = {
    "model_id": pl.String,
    "fields": pl.String,
    "reference_design": pl.String,
    "source": pl.String,
    "note": pl.String,
}


def load_platforms(path: Path | None = None) -> pl.DataFrame:
    """Machine platforms the tiers are built on (board, CPU, case, PSU arrangement)."""
    return _read_csv(path or PLATFORMS_CSV, PLATFORM_SCHEMA)


def load_platform_parts(path: Path | None = None) -> pl.DataFrame:
    """Estimated prices of platform parts and of what is sized per machine (RAM, PSU, risers, water)."""
    return _read_csv(path or PLATFORM_PARTS_CSV, PLATFORM_PARTS_SCHEMA)


BOARD_DESIGNS_CSV = CATALOG_DIR / "gpu_board_designs.csv"
BOARD_DESIGNS_SCHEMA: dict[str, pl.DataType] = {
    "model_id": pl.String,
    "design": pl.String,
    "slot_width": pl.Float64,
    "source_url": pl.String,
    "quote": pl.String,
}


BOARD_POWER_CSV = CATALOG_DIR / "gpu_board_power.csv"
BOARD_POWER_SCHEMA: dict[str, pl.DataType] = {
    "model_id": pl.String,
    "power_connectors": pl.String,
    "boards": pl.String,
    "source_url": pl.String,
    "quote": pl.String,
}


PCIE_LANES_CSV = CATALOG_DIR / "gpu_pcie_lanes.csv"
PCIE_LANES_SCHEMA: dict[str, pl.DataType] = {
    "model_id": pl.String,
    "bus_interface": pl.String,
    "pcie_lanes": pl.Int32,
    "source": pl.String,
    "note": pl.String,
}


def load_pcie_lanes(path: Path | None = None) -> pl.DataFrame:
    """The lanes of each catalog card's own PCIe interface (x16, or x8 on the RTX 4060 class, the RX 6600 and
    7600 class and Arc B5x0), one row per model with its page (thirteenth review: an x8 card was counted x16)."""
    return _read_csv(path or PCIE_LANES_CSV, PCIE_LANES_SCHEMA)


def load_board_designs(path: Path | None = None) -> pl.DataFrame:
    """The slot widths of the boards sold under a GeForce model (Founders Edition and partner designs), one
    row per design with its page and the words that state the width (rule P3)."""
    return _read_csv(path or BOARD_DESIGNS_CSV, BOARD_DESIGNS_SCHEMA)


def load_board_power(path: Path | None = None) -> pl.DataFrame:
    """The power connectors of the boards a buyer most likely receives where they differ from the reference
    board's (rule P3), one row per model with its page and the words that say so: most partner RTX 4070s take
    one 8-pin where the Founders Edition takes a 16-pin."""
    return _read_csv(path or BOARD_POWER_CSV, BOARD_POWER_SCHEMA)


def load_dimension_sources(path: Path | None = None) -> pl.DataFrame:
    """Where the catalog's slot widths and lengths filled for issue 15 come from, one row per model."""
    return _read_csv(path or DIMENSION_SOURCES_CSV, DIMENSION_SOURCES_SCHEMA)
