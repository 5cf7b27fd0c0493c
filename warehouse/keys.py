"""The key of each table written a day at a time.

These tables carry no PRIMARY KEY index (DuckDB rewrites such an index at every checkpoint, a cost that
grows with the history; see ddl/070). The key is enforced where rows come in instead:
`warehouse.writes.replace_slices` refuses a slice whose rows repeat a key or fall outside the slice, and
staging.listing_history is merged on (source, listing_id).
"""

SLICE_KEYS: dict[str, tuple[str, ...]] = {
    "raw.ebay_listings": ("snapshot_date", "marketplace_id", "item_id"),
    "raw.ebay_aspect_counts": (
        "snapshot_date",
        "marketplace_id",
        "query_model_id",
        "aspect_name",
        "aspect_value",
    ),
    "raw.ebay_aspect_evidence": (
        "snapshot_date",
        "marketplace_id",
        "item_id",
        "query_model_id",
        "aspect_name",
    ),
    "raw.retailer_listings": ("snapshot_date", "store", "sku", "condition"),
    "raw.source_runs": ("snapshot_date", "source", "run_id"),
    "raw.ebay_sold_items": ("snapshot_date", "item_id"),
    "raw.fx_rates": ("snapshot_date", "rate_date", "currency"),
    "raw.cloud_offers": ("snapshot_date", "provider", "instance_name", "location", "spot", "flags"),
    "staging.listings": ("snapshot_date", "source", "listing_id"),
    "marts.price_daily": ("snapshot_date", "model_id", "condition", "source"),
    "marts.gpu_value": ("snapshot_date", "model_id", "condition"),
    "marts.budget_picks": ("snapshot_date", "budget_usd", "use_case", "condition", "pick_rank"),
    "marts.deals": ("snapshot_date", "source", "listing_id"),
    "marts.build_tiers": ("snapshot_date", "tier", "use_case", "condition", "is_default"),
    "marts.region_prices": ("snapshot_date", "region", "model_id", "condition"),
    "marts.region_value": ("snapshot_date", "region", "model_id", "condition"),
    "marts.region_picks": ("snapshot_date", "region", "budget_usd", "use_case", "condition", "pick_rank"),
    "marts.region_tiers": ("snapshot_date", "region", "tier", "use_case", "condition", "is_default"),
    "marts.cloud_prices": ("snapshot_date", "model_id", "provider", "offer_kind", "instance"),
    "marts.buy_vs_rent": ("snapshot_date", "tier", "use_case", "condition"),
    "marts.budget_builds": ("snapshot_date", "budget_usd", "use_case", "condition"),
    "marts.llm_workload_machines": ("snapshot_date", "condition", "model_id", "gpu_count"),
    # written whole with each run of the machines above (ddl/390), its key checked the same way
    "marts.llm_workload_speeds": ("workload", "model_id", "gpu_count", "power_cap_pct"),
}
