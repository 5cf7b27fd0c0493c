"""Parsed retailer listings to rows of raw.retailer_listings."""

from datetime import date, datetime

import polars as pl

RAW_RETAILER_SCHEMA = {
    "snapshot_date": pl.Date,
    "store": pl.String,
    "sku": pl.String,
    "title": pl.String,
    "price": pl.Float64,
    "was_price": pl.Float64,
    "shipping_cost": pl.Float64,
    "in_stock": pl.Boolean,
    "condition": pl.String,
    "brand": pl.String,
    "rating": pl.Float64,
    "review_count": pl.Int32,
    "price_note": pl.String,
    "url": pl.String,
    "fetched_at": pl.Datetime("us"),
    "source_mode": pl.String,
    "listing_kind": pl.String,
    "components": pl.String,
    "shown_sku": pl.String,
    "stock_quantity": pl.Int32,
    "stock_text": pl.String,
}


STORE_MAX_TITLE = 300  # the longest product name a store page shows is about 200 characters; beyond: cut


def cut_titles(rows: list[dict]) -> list[tuple[str, str, str]]:
    """Cut every row's title over STORE_MAX_TITLE, in place; (store, sku, reason) for each row cut."""
    cut = []
    for row in rows:
        title = row.get("title")
        if isinstance(title, str) and len(title) > STORE_MAX_TITLE:
            row["title"] = title[:STORE_MAX_TITLE]
            cut.append(
                (row["store"], row["sku"], f"title of {len(title):,} characters cut to {STORE_MAX_TITLE}")
            )
    return cut


def listing_rows(listings, snapshot_date: date, fetched_at: datetime, source_mode: str) -> list[dict]:
    return [
        {
            "snapshot_date": snapshot_date,
            "store": x.store,
            "sku": x.sku,
            "title": x.title,
            "price": x.price_usd,
            "was_price": x.was_price_usd,
            "shipping_cost": x.shipping_usd,
            "in_stock": x.in_stock,
            "condition": x.condition or "new",
            "brand": x.brand,
            "rating": x.rating,
            "review_count": x.review_count,
            "price_note": x.price_note,
            "url": x.url,
            "fetched_at": fetched_at.replace(tzinfo=None),
            "source_mode": source_mode,
            "listing_kind": x.listing_kind or "card",
            "components": x.components,
            "shown_sku": x.shown_sku,
            "stock_quantity": x.stock_quantity,
            "stock_text": x.stock_text,
        }
        for x in listings
    ]
