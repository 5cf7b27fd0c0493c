"""Asset staging/gpu_specs: the curated GPU catalog merged with the spec sheets (computation:
transforms/gpu_specs.py, merge_specs), and its checks (completeness; spec sheets that disagree with it by more
than 5%)."""

import dagster as dg
import polars as pl

from pipelines.resources.warehouse import WarehouseResource
from pipelines.tables import table_asset, table_key
from transforms.gpu_specs import (
    disagreements,
    merge_specs,
    with_board_power,
    with_board_widths,
    with_pcie_lanes,
)
from transforms.spec_validation import catalog_problems
from warehouse.catalog import load_board_designs, load_board_power, load_catalog, load_pcie_lanes
from warehouse.writes import read_frame, replace_slice

LATEST_SHEETS = "SELECT * FROM raw.gpu_spec_sheets WHERE snapshot_date = (SELECT max(snapshot_date) FROM raw.gpu_spec_sheets)"


@table_asset("staging.gpu_specs", kinds={"duckdb", "polars"}, deps=[table_key("raw.gpu_spec_sheets")])
def gpu_specs(context: dg.AssetExecutionContext, warehouse: WarehouseResource) -> dg.MaterializeResult:
    """The curated catalog (warehouse/catalog/gpu_catalog.csv) validated, then merged with the newest spec
    sheets: curated values win, sheets only fill fields the catalog leaves unknown; then the width of the boards
    a buyer most likely receives (rule P3, warehouse/catalog/gpu_board_designs.csv), the lanes of each card's own
    PCIe interface (warehouse/catalog/gpu_pcie_lanes.csv) and the power connectors of the boards a buyer most
    likely receives where they differ from the reference board's (P3, warehouse/catalog/gpu_board_power.csv). An impossible catalog
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
        merged = with_board_power(
            with_pcie_lanes(
                with_board_widths(merge_specs(catalog.drop("vram_gb"), facts), load_board_designs()),
                load_pcie_lanes(),
            ),
            load_board_power(),
        )
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
