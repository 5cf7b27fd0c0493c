"""Manual overrides (warehouse/overrides.csv): a maintainer's word on one listing beats the classifier."""

import polars as pl


def apply_overrides(classified: pl.DataFrame, overrides: pl.DataFrame) -> pl.DataFrame:
    """Join on (source, listing_id); an override's model_id / exclude_reason replace the classifier's."""
    if overrides.is_empty():
        return classified
    o = overrides.select("source", "listing_id", pl.col("model_id").alias("_om"),
                         pl.col("exclude_reason").alias("_or"), pl.lit(True).alias("_hit"))
    out = classified.join(o, on=["source", "listing_id"], how="left")
    hit = pl.col("_hit").fill_null(False)
    return out.with_columns(
        model_id=pl.when(hit).then(pl.col("_om")).otherwise(pl.col("model_id")),
        exclude_reason=pl.when(hit).then(pl.col("_or")).otherwise(pl.col("exclude_reason")),
        evidence=pl.when(hit).then(pl.lit("manual override")).otherwise(pl.col("evidence")),
    ).drop("_om", "_or", "_hit")
