"""Cloud GPU offers (raw.cloud_offers, from the gpuhunt catalog) to marts.cloud_prices.

1. Each offer's GPU is matched to a catalog model by warehouse/catalog/cloud_gpu_names.csv: gpuhunt's GPU name,
   its memory within MEMORY_TOLERANCE (providers report GB or GiB, and AWS misreports the L4), and, where a
   name covers two form factors (A100, H100, V100, P100), a pattern on the instance name; the first matching
   row wins, so the specific rows come before the ASSUMPTION rows.
2. Offers a buyer cannot rent as one machine by the hour are left out (EXCLUDED_FLAGS).
3. Per model, provider and kind (on_demand, spot) the cheapest USD per GPU-hour is kept: instance price /
   GPUs in it, in whatever region is cheapest; the row says which instance and where, and of how many offers.
4. The live rows replace the snapshot's rows of the providers the catalog covered; the snapshot's other
   providers (Modal, Vast.ai, ...) stay, labelled snapshot with their own dates.
"""

import polars as pl

MEMORY_TOLERANCE = 0.2
EXCLUDED_FLAGS = {
    "runpod-cluster": "sold only as multi-node clusters (2-8 nodes)",
    "gcp-dws-calendar-mode": "reserved in advance for a fixed term (GCP DWS calendar mode), not by the hour",
    "runpod-cpu": "CPU-only",
}
PROVIDER_NAMES = {
    "aws": "AWS",
    "azure": "Azure",
    "gcp": "GCP",
    "lambdalabs": "Lambda",
    "nebius": "Nebius",
    "oci": "OCI",
    "runpod": "RunPod",
    "verda": "Verda",
    "cloudrift": "CloudRift",
}
PRICE_COLUMNS = (
    "model_id",
    "provider",
    "offer_kind",
    "usd_per_gpu_hour",
    "instance",
    "price_date",
    "source",
    "note",
    "snapshot_basis",
    "location",
    "catalog_version",
)


def match_models(offers: pl.DataFrame, names: pl.DataFrame) -> pl.DataFrame:
    """offers + model_id and name_note (null model_id: a GPU the catalog does not have)."""
    keyed = offers.with_row_index("_offer")
    rules = names.with_row_index("_rule").rename({"gpu_memory_gb": "_rule_memory", "note": "name_note"})
    fits = (
        keyed.select("_offer", "gpu_name", "gpu_memory_gb", "instance_name")
        .join(rules, on="gpu_name", how="inner")
        .filter(
            pl.col("gpu_memory_gb").is_null()
            | (
                (pl.col("gpu_memory_gb") - pl.col("_rule_memory")).abs()
                <= MEMORY_TOLERANCE * pl.col("_rule_memory")
            )
        )
        .filter(
            pl.col("instance_pattern").is_null()
            | pl.col("instance_name").str.contains(pl.col("instance_pattern"))
        )
        .sort("_offer", "_rule")
        .unique("_offer", keep="first")
        .select("_offer", "model_id", "name_note")
    )
    return keyed.join(fits, on="_offer", how="left").sort("_offer").drop("_offer")


def excluded_reason(flags: pl.Expr) -> pl.Expr:
    """Why an offer is not a rentable GPU-hour, from its gpuhunt flags; null when it is."""
    reason = pl.lit(None, pl.String)
    for flag, why in reversed(EXCLUDED_FLAGS.items()):
        reason = (
            pl.when(flags.fill_null("").str.split(" ").list.contains(flag))
            .then(pl.lit(why))
            .otherwise(reason)
        )
    return reason


def cheapest_offers(offers: pl.DataFrame, names: pl.DataFrame) -> pl.DataFrame:
    """marts.cloud_prices rows (live) from raw.cloud_offers rows of one day."""
    if offers.is_empty():
        return pl.DataFrame(schema={c: pl.String for c in PRICE_COLUMNS}).with_columns(
            pl.col("usd_per_gpu_hour").cast(pl.Float64)
        )
    matched = match_models(offers, names).filter(
        pl.col("model_id").is_not_null() & excluded_reason(pl.col("flags")).is_null()
    )
    priced = matched.with_columns(
        usd_per_gpu_hour=pl.col("usd_per_hour") / pl.col("gpu_count"),
        offer_kind=pl.when(pl.col("spot")).then(pl.lit("spot")).otherwise(pl.lit("on_demand")),
    )
    group = ["model_id", "provider", "offer_kind"]
    counted = priced.with_columns(
        _offers=pl.len().over(group), _locations=pl.col("location").n_unique().over(group)
    )
    best = counted.sort("usd_per_gpu_hour", "location", "instance_name").unique(group, keep="first")
    return best.select(
        "model_id",
        provider=pl.col("provider").replace_strict(PROVIDER_NAMES, default=pl.col("provider")),
        offer_kind="offer_kind",
        usd_per_gpu_hour="usd_per_gpu_hour",
        instance=pl.format(
            "{} ({}x {} {} GB)",
            "instance_name",
            "gpu_count",
            "gpu_name",
            pl.col("gpu_memory_gb").round(0).cast(pl.Int64),
        ),
        # gpuhunt versions start with the UTC day they were collected: 20261122-1041 -> 2026-11-22
        price_date=pl.col("catalog_version")
        .str.extract(r"^(\d{4}\d{2}\d{2})")
        .str.strptime(pl.Date, "%Y%m%d")
        .dt.strftime("%Y-%m-%d"),
        source=pl.col("catalog_url"),
        note=pl.format(
            "gpuhunt catalog {}: cheapest of {} offers in {} locations{}",
            "catalog_version",
            "_offers",
            "_locations",
            pl.when(pl.col("name_note").is_not_null())
            .then(pl.lit("; ") + pl.col("name_note"))
            .otherwise(pl.lit("")),
        ),
        snapshot_basis=pl.lit("live"),
        location="location",
        catalog_version="catalog_version",
    ).sort("model_id", "provider", "offer_kind")


def with_snapshot(live: pl.DataFrame, snapshot: pl.DataFrame) -> pl.DataFrame:
    """The live rows, plus the snapshot's rows of providers the live catalog did not cover."""
    snap = snapshot.with_columns(
        snapshot_basis=pl.lit("snapshot"),
        location=pl.lit(None, pl.String),
        catalog_version=pl.lit(None, pl.String),
    )
    covered = live["provider"].unique().to_list() if live.height else []
    kept = snap.filter(~pl.col("provider").is_in(covered)).select(PRICE_COLUMNS)
    return pl.concat([live.select(PRICE_COLUMNS).cast(kept.schema), kept])


def unmatched_gpus(offers: pl.DataFrame, names: pl.DataFrame) -> list[str]:
    """gpuhunt GPU names (with memory) no catalog model matched: what to add to cloud_gpu_names.csv."""
    if offers.is_empty():
        return []
    missing = match_models(offers, names).filter(pl.col("model_id").is_null())
    return sorted(
        {
            f"{r['gpu_name']} {r['gpu_memory_gb'] or 0:g} GB"
            for r in missing.select("gpu_name", "gpu_memory_gb").unique().iter_rows(named=True)
        }
    )
