"""Checks on the spec catalog: completeness, and where spec sheets disagree with it by more than 5%."""

import dagster as dg
import polars as pl

from pipelines.defs.staging.gpu_specs import LATEST_SHEETS
from pipelines.resources.warehouse import WarehouseResource
from pipelines.tables import table_key
from transforms.spec_merge import disagreements
from warehouse.writes import read_frame


@dg.asset_check(asset=table_key("staging.gpu_specs"), blocking=False)
def spec_sheet_disagreements(warehouse: WarehouseResource) -> dg.AssetCheckResult:
    """Lists every field where the newest spec sheets differ from the curated catalog by more than 5%
    (curated wins; a person should look). Warns when there are any."""
    with warehouse.read_only() as con:
        specs = read_frame(con, "SELECT * FROM staging.gpu_specs")
        facts = read_frame(con, LATEST_SHEETS)
    found = disagreements(specs, facts)
    listing = "\n".join(
        f"- {r['model_id']} {r['field']}: catalog {r['curated']:g}, {r['source']} {r['sheet']:g} "
        f"({r['diff_pct']:+.1f}%)"
        for r in found.iter_rows(named=True)
    )
    return dg.AssetCheckResult(
        passed=found.is_empty(),
        severity=dg.AssetCheckSeverity.WARN,
        metadata={"disagreements": found.height, "details": dg.MetadataValue.md(listing or "none")},
    )


@dg.asset_check(asset=table_key("staging.gpu_specs"))
def spec_completeness(warehouse: WarehouseResource) -> dg.AssetCheckResult:
    """Every model has memory, bandwidth, FP32, TDP and a source; every tensor-core card has dense FP16."""
    with warehouse.read_only() as con:
        specs = read_frame(con, "SELECT * FROM staging.gpu_specs")
    required = ["memory_gb", "bandwidth_gbs", "fp32_tflops", "tdp_w", "source"]
    gaps = specs.filter(
        pl.any_horizontal([pl.col(c).is_null() for c in required])
        | (pl.col("has_tensor_cores") & pl.col("fp16_tensor_tflops").is_null())
    )
    return dg.AssetCheckResult(
        passed=gaps.is_empty(), metadata={"models": specs.height, "incomplete": gaps["model_id"].to_list()}
    )
