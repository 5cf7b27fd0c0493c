"""Raw rows of every source to one listings frame, classified (staging.listings)."""

import polars as pl

from transforms.ebay_aspects import aspect_conflicts
from transforms.matching import classify_listings
from transforms.regions import region_of


def from_ebay(raw: pl.DataFrame) -> pl.DataFrame:
    return raw.select(
        "snapshot_date",
        pl.lit("ebay").alias("source"),
        pl.col("item_id").alias("listing_id"),
        "title",
        "condition",
        "price",
        "shipping_cost",
        pl.col("condition_id").cast(pl.Int64),
        "item_group_type",
        "seller_feedback_pct",
        pl.col("seller_feedback_score").cast(pl.Int64),
        # one voice per seller in the price statistics (rows stored before seller keys were kept: none)
        (pl.col("seller_key") if "seller_key" in raw.columns else pl.lit(None, pl.String)).alias(
            "seller_key"
        ),
        pl.lit("card").alias("listing_kind"),
        pl.lit(None, pl.Boolean).alias("in_stock"),  # an active listing is for sale; eBay's stock is not read
        pl.col("web_url").alias("url"),
        "source_mode",
        # in its own currency: transforms.fx.to_usd converts it, or says why it could not
        "currency",
        # where its buyer lives: the marketplace's country (rows stored before marketplaces were kept: US)
        region_of(
            pl.col("marketplace_id") if "marketplace_id" in raw.columns else pl.lit(None, pl.String)
        ).alias("region"),
        # business or private, where eBay says (its European sites; rows stored before it was kept: none)
        (
            pl.col("seller_account_type") if "seller_account_type" in raw.columns else pl.lit(None, pl.String)
        ).alias("seller_account_type"),
    )


def from_retailers(raw: pl.DataFrame) -> pl.DataFrame:
    """Retailer rows are new-condition listings unless the store labels them open box or refurbished; the
    store is the source. A listing id carries the condition when a store shows open-box units beside new.
    A bundle (the store sells several products at one price) keeps its kind, so it is excluded as `bundle`."""
    return raw.select(
        "snapshot_date",
        pl.col("store").alias("source"),
        pl.when(pl.col("condition") == "new")
        .then(pl.col("sku"))
        .otherwise(pl.concat_str([pl.col("sku"), pl.lit(":"), pl.col("condition")]))
        .alias("listing_id"),
        "title",
        pl.col("condition").fill_null("new"),
        "price",
        "shipping_cost",
        pl.lit(None, pl.Int64).alias("condition_id"),
        pl.lit(None, pl.String).alias("item_group_type"),
        pl.lit(None, pl.Float64).alias("seller_feedback_pct"),
        pl.lit(None, pl.Int64).alias("seller_feedback_score"),
        # a store's SKUs are different products: each is its own voice in the price statistics
        pl.lit(None, pl.String).alias("seller_key"),
        (pl.col("listing_kind") if "listing_kind" in raw.columns else pl.lit("card"))
        .fill_null("card")
        .alias("listing_kind"),
        # false: sold out, back order, auto notify (the store's page says so); NULL: the page does not say
        (pl.col("in_stock") if "in_stock" in raw.columns else pl.lit(None, pl.Boolean)).alias("in_stock"),
        "url",
        "source_mode",
        pl.lit("USD").alias("currency"),  # US stores
        pl.lit("US").alias("region"),
        pl.lit(None, pl.String).alias("seller_account_type"),  # eBay's word for its sellers
    )


# a listing that names a card but has no usable USD price (none stated, "call for price", one ingest found
# non-positive, non-finite or absurd, or a currency without an ECB rate: fx_error says): kept in staging with
# its model, left out of every price
NO_PRICE = "no_price"
# a store's listing it says cannot be bought now (sold out, back order, auto notify): kept in staging with its model,
# left out of every price and count of cards for sale, as a buyer cannot have it today (third review: the sample's
# RTX 5070 new median and its count of 5 rested on a sold-out Best Buy unit, the RTX 4070 Ti SUPER's on two)
OUT_OF_STOCK = "out_of_stock"


def classify_day(
    listings: pl.DataFrame, catalog: pl.DataFrame, min_feedback_pct: float = 95.0
) -> pl.DataFrame:
    """Listings with model_id, exclude_reason, lot_quantity, evidence, total and unit prices. A listing
    the classifier keeps but that has no usable price is excluded as NO_PRICE, one its store says is not in stock
    (column `in_stock` false) as OUT_OF_STOCK; both keep their model_id."""
    classified = classify_listings(listings, catalog, min_feedback_pct)
    out = pl.concat(
        [listings, classified.select("model_id", "exclude_reason", "lot_quantity", "evidence")],
        how="horizontal",
        strict=True,  # one row per input row: frames of unequal height are a bug
    )
    priced = out.with_columns(
        total_price=pl.col("price") + pl.col("shipping_cost").fill_null(0.0),
    ).with_columns(
        unit_price=pl.col("total_price") / pl.col("lot_quantity").fill_null(1).clip(lower_bound=1),
    )
    usable = (pl.col("unit_price").is_finite() & (pl.col("unit_price") > 0)).fill_null(False)
    sold_out = (~pl.col("in_stock")).fill_null(False) if "in_stock" in out.columns else pl.lit(False)
    return priced.with_columns(
        exclude_reason=pl.when(pl.col("exclude_reason").is_not_null())
        .then(pl.col("exclude_reason"))
        .when(~usable)
        .then(pl.lit(NO_PRICE))
        .when(sold_out)
        .then(pl.lit(OUT_OF_STOCK))
    )


def flag_aspect_conflicts(
    classified: pl.DataFrame, evidence: pl.DataFrame, catalog: pl.DataFrame
) -> pl.DataFrame:
    """Kept eBay listings whose title and stated item aspect disagree (transforms/ebay_aspects.py) become
    `unclear`, the disagreement appended to their evidence; neither side is taken as the truth. A seller's slip
    (a SUPER, Ti or XT card stated as the card it is a variant of) is appended to the evidence and the listing kept."""
    conflicts = aspect_conflicts(classified, evidence, catalog)
    if conflicts.is_empty():
        return classified
    said = pl.col("aspect_conflict").is_not_null() & (pl.col("source") == "ebay")
    hit = said & pl.col("excludes")
    return (
        classified.join(conflicts, on="listing_id", how="left", maintain_order="left")
        .with_columns(
            exclude_reason=pl.when(hit).then(pl.lit("unclear")).otherwise(pl.col("exclude_reason")),
            evidence=pl.when(said)
            .then(pl.concat_str([pl.col("evidence"), pl.lit("; "), pl.col("aspect_conflict")]))
            .otherwise(pl.col("evidence")),
        )
        .drop("aspect_conflict", "excludes")
    )


STAGING_COLUMNS = [
    "snapshot_date",
    "source",
    "listing_id",
    "title",
    "condition",
    "price",
    "shipping_cost",
    "total_price",
    "unit_price",
    "lot_quantity",
    "model_id",
    "exclude_reason",
    "evidence",
    "url",
    "source_mode",
    "currency",
    "price_local",
    "shipping_cost_local",
    "fx_rate_to_usd",
    "fx_rate_date",
    "fx_error",
    "region",
    "seller_key",
    "seller_listings",
    "seller_account_type",
]


def with_seller_listings(listings: pl.DataFrame) -> pl.DataFrame:
    """`listings` (one day's, every source) with seller_listings: how many listings of the row's model the same
    seller has in the same source that day, whatever their condition, region or exclusion; NULL without a seller
    key or a model. A seller with one listing of a model is alone in any price group of that model and day, so
    the price statistics take that listing as a voice by itself without grouping it (marts.price_daily); a
    count over more listings than a group holds only sends a few more rows through the grouping."""
    keyed = pl.col("seller_key").is_not_null() & pl.col("model_id").is_not_null()
    return listings.with_columns(
        seller_listings=pl.when(keyed)
        .then(pl.len().over("snapshot_date", "source", "seller_key", "model_id"))
        .cast(pl.Int32)
    )
