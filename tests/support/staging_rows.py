"""A staging.listings row for tests that write staging directly: every column of the table, a used RTX 3090 on
eBay in USD unless told otherwise."""

from datetime import date


def staging_row(day: date, listing_id: str, price: float, **columns) -> dict:
    """One staging.listings row: `price` as the price, total and unit price (no shipping, one card), and
    `columns` replacing any of the defaults (source, title, condition, model_id, exclude_reason, region,
    seller_key, seller_listings, ...)."""
    row = {
        "snapshot_date": day,
        "source": "ebay",
        "listing_id": listing_id,
        "title": "RTX 3090",
        "condition": "used",
        "price": price,
        "shipping_cost": 0.0,
        "total_price": price,
        "unit_price": price,
        "lot_quantity": 1,
        "model_id": "rtx-3090",
        "exclude_reason": None,
        "evidence": "",
        "url": None,
        "source_mode": "sample",
        "currency": "USD",
        "price_local": price,
        "shipping_cost_local": 0.0,
        "fx_rate_to_usd": 1.0,
        "fx_rate_date": None,
        "fx_error": None,
        "region": "US",
        "seller_key": None,
        "seller_listings": None,
        "seller_account_type": None,
    }
    unknown = set(columns) - set(row)
    if unknown:
        raise KeyError(f"not a staging.listings column: {sorted(unknown)}")
    return {**row, **columns}
