"""Asset staging/listings: every listing of the day classified and priced in USD (computation:
transforms/listings.py), and its blocking checks (the day's eBay searches ran; a live day is fresh)."""

import dagster as dg
import polars as pl

from pipelines.day_checks import blocking_check, completeness, freshness
from pipelines.partitions import daily_partitions, partition_date, run_id
from pipelines.resources.market_rules import MarketRulesResource
from pipelines.resources.warehouse import WarehouseResource
from pipelines.tables import table_asset, table_key
from transforms.ebay_aspects import CONFLICT as ASPECT_CONFLICT
from transforms.ebay_aspects import SLIP as ASPECT_SLIP
from transforms.fx import to_usd
from transforms.listings import (
    STAGING_COLUMNS,
    classify_day,
    flag_aspect_conflicts,
    from_ebay,
    from_retailers,
    with_seller_listings,
)
from transforms.matching.overrides import apply_overrides
from warehouse import day_writes
from warehouse.catalog import load_catalog
from warehouse.paths import OVERRIDES_CSV
from warehouse.writes import read_frame, replace_slice


@table_asset(
    "staging.listings",
    partitions_def=daily_partitions,
    kinds={"duckdb", "polars"},
    deps=[
        table_key("raw.ebay_listings"),
        table_key("raw.ebay_aspect_evidence"),
        table_key("raw.retailer_listings"),
        table_key("raw.fx_rates"),
    ],
)
def listings(
    context: dg.AssetExecutionContext, rules: MarketRulesResource, warehouse: WarehouseResource
) -> dg.MaterializeResult:
    """Every listing of the day from every source with its classification: one catalog model, or an
    exclusion reason (bundle, for_parts, box_only, photo_only, sample, pre_order, modified, accessory, system,
    lot, variation, low_feedback, unclear, and no_price for a card without a usable USD price).
    A listing whose title and eBay item aspect disagree (raw.ebay_aspect_evidence) is unclear, both sides in
    its evidence; a SUPER, Ti or XT card stated as the card it is a variant of is a seller's slip, recorded and
    kept. Manual overrides in warehouse/overrides.csv win. Lots keep their quantity for a per-unit
    price. Prices in another currency are converted to USD at the day's ECB rate (raw.fx_rates), the rate and
    its date kept; one without a rate keeps its local price and a reason in fx_error, and no USD price."""
    day = partition_date(context)
    with warehouse.connect() as con:
        ebay = read_frame(con, "SELECT * FROM raw.ebay_listings WHERE snapshot_date = ?", [day])
        shops = read_frame(con, "SELECT * FROM raw.retailer_listings WHERE snapshot_date = ?", [day])
        rates = read_frame(
            con, "SELECT rate_date, currency, per_eur FROM raw.fx_rates WHERE snapshot_date = ?", [day]
        )
        aspects = read_frame(con, "SELECT * FROM raw.ebay_aspect_evidence WHERE snapshot_date = ?", [day])
        frame = to_usd(pl.concat([from_ebay(ebay), from_retailers(shops)], how="vertical_relaxed"), rates)
        catalog = load_catalog()
        classified = classify_day(frame, catalog, rules.min_seller_feedback_pct)
        classified = flag_aspect_conflicts(classified, aspects, catalog)
        overrides = pl.read_csv(
            OVERRIDES_CSV, schema_overrides={"model_id": pl.String, "exclude_reason": pl.String}
        )
        classified = with_seller_listings(apply_overrides(classified, overrides)).select(STAGING_COLUMNS)
        replace_slice(con, "staging.listings", classified, {"snapshot_date": day})
        day_writes.note(con, "staging.listings", day, day, run_id(context))  # later days read it
    reasons = classified.group_by("exclude_reason").len().sort("len", descending=True)
    kept = classified.filter(pl.col("exclude_reason").is_null())
    unconverted = classified.filter(pl.col("fx_error").is_not_null())
    if unconverted.height:
        context.log.warning(
            f"{unconverted.height} listings not converted to USD: {unconverted['fx_error'][0]}"
        )
    return dg.MaterializeResult(
        metadata={
            "dagster/row_count": classified.height,
            "currencies": ", ".join(
                f"{c}: {n}" for c, n in classified.group_by("currency").len().sort("currency").iter_rows()
            ),
            "not_converted": unconverted.height,
            "kept": kept.height,
            "title_aspect_disagreements": classified.filter(
                pl.col("evidence").str.contains(ASPECT_CONFLICT, literal=True)
            ).height,
            "title_aspect_slips_kept": classified.filter(
                pl.col("evidence").str.contains(ASPECT_SLIP, literal=True)
            ).height,
            "models_with_listings": kept["model_id"].n_unique(),
            "by_reason": dg.MetadataValue.md(
                "\n".join(
                    f"- {r['exclude_reason'] or 'kept'}: {r['len']}" for r in reasons.iter_rows(named=True)
                )
            ),
        }
    )


listings_complete = blocking_check(
    "staging.listings",
    "listings_complete",
    completeness,
    "The day's eBay searches ran: at most 20% failed or went unrun.",
)
listings_fresh = blocking_check(
    "staging.listings",
    "listings_fresh",
    freshness,
    "A live day's listings were fetched that day or up to two days later.",
)
