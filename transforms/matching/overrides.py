"""Manual overrides: a person's verdict on one listing wins over the classifier.

warehouse/overrides.csv holds `source,listing_id,model_id,exclude_reason,note`; the pipeline reads it
(tools and assets may read files, transforms do not) and passes the frame here.
"""

import polars as pl

from transforms.matching.vocabulary import EXCLUDE_REASONS

OVERRIDE_COLUMNS = ("source", "listing_id", "model_id", "exclude_reason", "note")


def apply_overrides(classified: pl.DataFrame, overrides: pl.DataFrame) -> pl.DataFrame:
    """`classified` with model_id, exclude_reason and evidence replaced on rows whose (source, listing_id)
    has an override. The override wins as written (a null model_id / exclude_reason stays null); the
    evidence says `manual override` and the note. A row that is no longer a lot gets lot_quantity 1 (and
    unit_price = total_price when those columns exist). Same rows, same order, same columns.
    Raises ValueError on an unknown exclude_reason or missing key columns."""
    missing = [
        c for c in ("source", "listing_id") if c not in classified.columns or c not in overrides.columns
    ]
    if missing:
        raise ValueError(f"apply_overrides: missing key column(s) {missing}")
    ov = overrides.select(
        [
            (pl.col(c).cast(pl.String) if c in overrides.columns else pl.lit(None, pl.String)).alias(c)
            for c in OVERRIDE_COLUMNS
        ]
    ).with_columns(pl.col(c).str.strip_chars().replace("", None) for c in OVERRIDE_COLUMNS)
    ov = ov.filter(pl.col("source").is_not_null() & pl.col("listing_id").is_not_null())
    bad = sorted(set(ov["exclude_reason"].drop_nulls().to_list()) - set(EXCLUDE_REASONS))
    if bad:
        raise ValueError(
            f"apply_overrides: unknown exclude_reason {bad}; expected one of {list(EXCLUDE_REASONS)}"
        )
    if ov.is_empty():
        return classified
    ov = ov.unique(subset=["source", "listing_id"], keep="last", maintain_order=True).select(
        "source",
        "listing_id",
        pl.lit(True).alias("_override"),
        pl.col("model_id").alias("_model_id"),
        pl.col("exclude_reason").alias("_exclude_reason"),
        pl.concat_str([pl.lit("manual override"), pl.col("note")], separator=": ", ignore_nulls=True).alias(
            "_evidence"
        ),
    )
    keys = classified.select(pl.col("source").cast(pl.String), pl.col("listing_id").cast(pl.String))
    hit = keys.join(ov, on=["source", "listing_id"], how="left", maintain_order="left")
    hit = hit.with_columns(pl.col("_override").fill_null(False))
    won = hit["_override"]
    updates = [
        pl.when(won).then(hit["_model_id"]).otherwise(pl.col("model_id")).alias("model_id"),
        pl.when(won).then(hit["_exclude_reason"]).otherwise(pl.col("exclude_reason")).alias("exclude_reason"),
    ]
    if "evidence" in classified.columns:
        updates.append(pl.when(won).then(hit["_evidence"]).otherwise(pl.col("evidence")).alias("evidence"))
    else:
        updates.append(pl.when(won).then(hit["_evidence"]).alias("evidence"))
    not_lot = won & (hit["_exclude_reason"].fill_null("") != "lot")
    if "lot_quantity" in classified.columns:
        dtype = classified.schema["lot_quantity"]
        updates.append(
            pl.when(not_lot).then(pl.lit(1, dtype)).otherwise(pl.col("lot_quantity")).alias("lot_quantity")
        )
        if {"unit_price", "total_price"} <= set(classified.columns):
            updates.append(
                pl.when(not_lot)
                .then(pl.col("total_price"))
                .otherwise(pl.col("unit_price"))
                .cast(classified.schema["unit_price"])
                .alias("unit_price")
            )
    out = classified.with_columns(updates)
    return out.select(classified.columns + [c for c in out.columns if c not in classified.columns])
