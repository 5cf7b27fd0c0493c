"""staging.gpu_specs and marts.gpu_specs, the two tables of that name.

staging.gpu_specs (`merge_specs`): scraped spec-sheet facts merged into the curated catalog: curated values win;
sheets fill gaps; values that differ by more than 5% are listed as disagreements (`disagreements`).

marts.gpu_specs (`gpu_specs_with_indices`): staging.gpu_specs with one performance index per use case
(transforms/perf_indices.py), each model's software support (rule S1, transforms/tiers/software_support.py) and
the card maker's recommended system power where a source gives it (rule P1); and marts.perf_index_fits, the fits
behind the indices, from the same computation."""

import polars as pl

from transforms.perf_indices import fits_frame, index_columns, perf_indices
from transforms.tiers.software_support import support_table

MERGE_FIELDS = (
    "memory_gb",
    "bandwidth_gbs",
    "fp32_tflops",
    "tdp_w",
    "slot_width",
    "length_mm",
    "launch_msrp_usd",
    "pcie_gen",
)
SOURCE_PREFERENCE = {"techpowerup": 0, "wikipedia": 1}
DISAGREEMENT = 0.05


def best_facts(facts: pl.DataFrame) -> pl.DataFrame:
    """One value per model and field: the preferred source's (TechPowerUp first), from matched rows only."""
    return (
        facts.filter(
            pl.col("model_id").is_not_null()
            & pl.col("value").is_not_null()
            & pl.col("field").is_in(MERGE_FIELDS)
        )
        .with_columns(pref=pl.col("source").replace_strict(SOURCE_PREFERENCE, default=9))
        .sort("pref")
        .unique(["model_id", "field"], keep="first")
        .select("model_id", "field", "value", "source", "page_url")
    )


def merge_specs(catalog: pl.DataFrame, facts: pl.DataFrame) -> pl.DataFrame:
    """Catalog with gaps filled from `facts` and a `filled_from_spec_sheets` column saying which."""
    best = best_facts(facts)
    out = catalog
    notes = pl.lit(None, pl.String)
    for field in MERGE_FIELDS:
        sheet = best.filter(pl.col("field") == field).select(
            "model_id", pl.col("value").alias("_v"), pl.col("page_url").alias("_u")
        )
        out = out.join(sheet, on="model_id", how="left")
        filled = pl.col(field).is_null() & pl.col("_v").is_not_null()
        notes = (
            pl.when(filled)
            .then(pl.concat_str([notes.fill_null(""), pl.lit(f"{field} from "), pl.col("_u"), pl.lit("; ")]))
            .otherwise(notes)
        )
        out = out.with_columns(
            notes.alias("_notes"),
            pl.coalesce(pl.col(field), pl.col("_v").cast(out.schema[field])).alias(field),
        )
        notes = pl.col("_notes")
        out = out.drop("_v", "_u")
    return out.rename({"_notes": "filled_from_spec_sheets"}).with_columns(
        pl.col("filled_from_spec_sheets").str.strip_chars_end("; ")
    )


BOARD_DESIGNS_FILE = "warehouse/catalog/gpu_board_designs.csv"


def with_board_widths(specs: pl.DataFrame, designs: pl.DataFrame) -> pl.DataFrame:
    """`specs` with board_slot_width and board_slot_width_basis (rule P3): the slot width of the boards a buyer
    most likely receives, the median of the model's recorded designs (Founders Edition and partner boards, each
    with its page); a model without recorded designs keeps its reference board's width (`slot_width`), as
    workstation and datacenter cards are sold in their maker's design."""
    recorded = (
        designs.filter(pl.col("slot_width").is_not_null())
        .sort("model_id", "slot_width", "design")
        .group_by("model_id", maintain_order=True)
        .agg(
            pl.col("slot_width").median().alias("_median"),
            pl.format("{} {}", pl.col("design"), pl.col("slot_width").round(2).cast(pl.String))
            .str.join("; ")
            .alias("_designs"),
            pl.len().alias("_n"),
        )
    )
    return (
        specs.join(recorded, on="model_id", how="left")
        .with_columns(
            board_slot_width=pl.coalesce("_median", pl.col("slot_width").cast(pl.Float64)),
            board_slot_width_basis=pl.when(pl.col("_median").is_not_null())
            .then(pl.format("median of {} designs ({}; {})", "_n", "_designs", pl.lit(BOARD_DESIGNS_FILE)))
            .when(pl.col("slot_width").is_not_null())
            .then(pl.lit("the reference board's width: no other designs recorded"))
            .otherwise(None),
        )
        .drop("_median", "_designs", "_n")
    )


BOARD_POWER_FILE = "warehouse/catalog/gpu_board_power.csv"


def with_board_power(specs: pl.DataFrame, board_power: pl.DataFrame) -> pl.DataFrame:
    """`specs` with board_power_connectors and board_power_connectors_basis (rule P3): the power connectors of the
    boards a buyer most likely receives, where a sourced row says they differ from the reference board's
    (`power_connectors`: most partner RTX 4070s take one 8-pin, the Founders Edition a 16-pin); the reference
    board's elsewhere. The machines count their cables from it (transforms/tiers/connectors.py)."""
    recorded = board_power.select(
        "model_id",
        pl.col("power_connectors").alias("_boards"),
        pl.format("{} ({}, {})", "boards", "source_url", pl.lit(BOARD_POWER_FILE)).alias("_basis"),
    )
    return (
        specs.join(recorded, on="model_id", how="left")
        .with_columns(
            board_power_connectors=pl.coalesce("_boards", "power_connectors"),
            board_power_connectors_basis=pl.when(pl.col("_boards").is_not_null())
            .then("_basis")
            .when(pl.col("power_connectors").is_not_null())
            .then(pl.lit("the reference board's: no other boards recorded"))
            .otherwise(None),
        )
        .drop("_boards", "_basis")
    )


def disagreements(
    catalog: pl.DataFrame, facts: pl.DataFrame, tolerance: float = DISAGREEMENT
) -> pl.DataFrame:
    """model_id, field, curated, sheet, source, page_url, diff_pct for every |sheet/curated - 1| > tolerance."""
    rows = facts.filter(
        pl.col("model_id").is_not_null() & pl.col("value").is_not_null() & pl.col("field").is_in(MERGE_FIELDS)
    )
    long = catalog.select("model_id", *[pl.col(f).cast(pl.Float64) for f in MERGE_FIELDS]).unpivot(
        index="model_id", variable_name="field", value_name="curated"
    )
    return (
        rows.join(long, on=["model_id", "field"])
        .filter(pl.col("curated").is_not_null() & (pl.col("curated") != 0))
        .with_columns(diff_pct=((pl.col("value") / pl.col("curated") - 1) * 100))
        .filter(pl.col("diff_pct").abs() > tolerance * 100)
        .select(
            "model_id", "field", "curated", pl.col("value").alias("sheet"), "source", "page_url", "diff_pct"
        )
        .sort("model_id", "field")
    )


def with_pcie_lanes(specs: pl.DataFrame, lanes: pl.DataFrame) -> pl.DataFrame:
    """`specs` with pcie_lanes, the lanes of the card's own PCIe interface (warehouse/catalog/gpu_pcie_lanes.csv,
    sourced per model); NULL for a model without a row, which the machines read as the slot's lanes."""
    return specs.join(lanes.select("model_id", "pcie_lanes"), on="model_id", how="left")


def gpu_specs_with_indices(
    specs: pl.DataFrame,
    benchmarks: pl.DataFrame,
    llm_benchmarks: pl.DataFrame,
    compute_targets: pl.DataFrame,
    software_support: pl.DataFrame,
    recommended_psu: pl.DataFrame,
) -> tuple[pl.DataFrame, pl.DataFrame, dict]:
    """marts.gpu_specs and marts.perf_index_fits from staging.gpu_specs (`specs`), staging.gpu_benchmarks
    (`benchmarks`) and the catalog's LLM benchmarks, compute targets, software support and recommended PSU
    (warehouse/catalog/); and the fits by use case (transforms.perf_indices.perf_indices), for metadata."""
    results = perf_indices(specs, benchmarks, llm_benchmarks)
    support = support_table(
        specs.select("model_id", "vendor", "architecture", "has_tensor_cores"),
        compute_targets,
        software_support,
    )
    psu = recommended_psu.select("model_id", "recommended_psu_w", recommended_psu_source=pl.col("source_url"))
    mart = (
        specs.join(index_columns(results), on="model_id", how="left")
        .join(support, on="model_id", how="left")
        .join(psu, on="model_id", how="left")
    )
    return mart, fits_frame(results), results
