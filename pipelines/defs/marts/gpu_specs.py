"""Assets marts/gpu_specs and marts/perf_index_fits, one computation (transforms/gpu_specs.py,
gpu_specs_with_indices, on transforms/perf_indices.py and transforms/tiers/software_support.py), and the check
that every card's software support is known and sourced (rule S1)."""

import dagster as dg

from dashboards.markdown import FIT_COLUMNS, table
from pipelines.resources.warehouse import WarehouseResource
from pipelines.tables import table_key, table_multi_asset
from transforms.dl_index import INDEX_NAME, REFERENCE_MODEL
from transforms.gpu_specs import gpu_specs_with_indices
from transforms.tiers.rules import ARCHITECTURE_ORDER
from transforms.tiers.software_support import support_gaps
from warehouse.catalog import (
    load_compute_targets,
    load_llm_benchmarks,
    load_recommended_psu,
    load_software_support,
)
from warehouse.writes import read_frame, replace_slices


@table_multi_asset(
    ["marts.gpu_specs", "marts.perf_index_fits"],
    kinds={"duckdb", "polars"},
    deps=[table_key("staging.gpu_specs"), table_key("staging.gpu_benchmarks")],
)
def gpu_specs_mart(warehouse: WarehouseResource):
    """marts.gpu_specs: the merged catalog with one performance index per use case (RTX 3090 = 1.0), each
    measured where a published benchmark has the card, else a fit of dense FP16 tensor TFLOPS and memory
    bandwidth calibrated on the measured cards: training (`dl_index_v1`, Lambda PyTorch training throughput),
    vision (Lambda's ResNet-50 and SSD) and LLM inference (llama.cpp token generation). Also writes
    marts.perf_index_fits (each fit's leave-one-out error), in the same transaction. Each model's software support (rule S1: its
    compute target, what it supports, whether CUDA 13 / ROCm / PyTorch XPU still carry it, with sources;
    transforms/tiers/software_support.py). The card maker's recommended system power where a source gives it
    (rule P1, warehouse/catalog/recommended_psu.csv). The table users join to."""
    with warehouse.connect() as con:
        mart, fits, results = gpu_specs_with_indices(
            read_frame(con, "SELECT * FROM staging.gpu_specs"),
            read_frame(con, "SELECT * FROM staging.gpu_benchmarks"),
            load_llm_benchmarks(),
            load_compute_targets(),
            load_software_support(),
            load_recommended_psu(),
        )
        replace_slices(con, [("marts.gpu_specs", mart, None), ("marts.perf_index_fits", fits, None)])
    fit = results["training"].fit
    basis = dict(mart.group_by("perf_basis").len().iter_rows())
    yield dg.MaterializeResult(
        asset_key=table_key("marts.perf_index_fits"), metadata={"dagster/row_count": fits.height}
    )
    yield dg.MaterializeResult(
        asset_key=table_key("marts.gpu_specs"),
        metadata={
            "dagster/row_count": mart.height,
            "index": INDEX_NAME,
            "reference_model": REFERENCE_MODEL,
            "fit_weight_compute": round(fit.weight_compute, 3),
            "fit_weight_bandwidth": round(1 - fit.weight_compute, 3),
            "fit_hbm_factors": fit.hbm_words() or "none",
            "cards_in_fit": fit.cards_in_fit,
            "leave_one_out_mean_abs_error_pct": round(fit.loo_mean_abs_pct_error or 0, 2),
            "leave_one_out_max_abs_error_pct": round(fit.loo_max_abs_pct_error or 0, 2),
            "perf_basis_counts": basis,
            "software_support_counts": dict(
                mart.group_by("software_support").len().sort("software_support").iter_rows()
            ),
            "indices": dg.MetadataValue.md(table(fits, FIT_COLUMNS)),
        },
    )


@dg.asset_check(asset=table_key("marts.gpu_specs"), blocking=False)
def software_support_known(warehouse: WarehouseResource) -> dg.AssetCheckResult:
    """Every catalog model has an architecture in D16's order, a compute target and known software support;
    every target has the facts its vendor needs, each with a source. A model that fails is never recommended
    (its support is `unknown`); the check names it so that someone adds the facts."""
    with warehouse.read_only() as con:
        specs = read_frame(
            con, "SELECT model_id, vendor, architecture, software_support FROM marts.gpu_specs"
        )
    gaps = support_gaps(specs, load_compute_targets(), load_software_support(), ARCHITECTURE_ORDER)
    listing = "\n".join(f"- {r['subject']}: {r['problem']}" for r in gaps.iter_rows(named=True))
    return dg.AssetCheckResult(
        passed=gaps.is_empty(),
        severity=dg.AssetCheckSeverity.WARN,
        metadata={
            "models": specs.height,
            "problems": gaps.height,
            "details": dg.MetadataValue.md(listing or "none"),
        },
    )
