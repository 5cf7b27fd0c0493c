"""Merge scraped spec-sheet facts into the curated catalog: curated values win; sheets fill gaps; values
that differ by more than 5% are listed as disagreements."""

import polars as pl

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
