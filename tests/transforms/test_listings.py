"""transforms.listings.classify_day: a card without a usable price is excluded as no_price, with its model."""

from datetime import date

import polars as pl

from transforms.listings import NO_PRICE, OUT_OF_STOCK, classify_day, from_retailers
from transforms.retailer_rows import RAW_RETAILER_SCHEMA
from warehouse.catalog import load_catalog

TITLE = "ASUS TUF Gaming GeForce RTX 4070 Ti SUPER 16GB GDDR6X Graphics Card"


def shop_rows(prices: list[float | None]) -> pl.DataFrame:
    rows = [
        {
            "snapshot_date": date(2026, 11, 20),
            "store": "newegg",
            "sku": f"sku-{n}",
            "title": TITLE,
            "price": price,
            "shipping_cost": 0.0,
            "condition": "new",
            "url": f"https://www.newegg.com/p/{n}",
            "source_mode": "sample",
            "listing_kind": "card",
        }
        for n, price in enumerate(prices)
    ]
    return pl.DataFrame(rows, schema={k: RAW_RETAILER_SCHEMA[k] for k in rows[0]})


def test_cards_without_a_usable_price_are_excluded_as_no_price_and_keep_their_model():
    prices = [799.99, None, 0.0, -5.0, float("inf"), float("nan")]
    out = classify_day(from_retailers(shop_rows(prices)), load_catalog()).sort("listing_id")
    assert out["model_id"].to_list() == ["rtx-4070-ti-super"] * len(prices)
    assert out["exclude_reason"].to_list() == [None] + [NO_PRICE] * (len(prices) - 1)
    assert out["unit_price"][0] == 799.99


def test_a_store_listing_that_cannot_be_bought_now_is_out_of_stock_and_keeps_its_model():
    """A store's sold-out, back-ordered or auto-notify listing (in_stock false) is out of every price and count
    of cards for sale, with its model; one in stock, or whose page does not say (NULL), counts. A card without a
    price stays no_price whatever its stock."""
    rows = shop_rows([799.99, 799.99, 799.99, None]).with_columns(
        in_stock=pl.Series([False, True, None, False], dtype=pl.Boolean)
    )
    out = classify_day(from_retailers(rows), load_catalog()).sort("listing_id")
    assert out["model_id"].to_list() == ["rtx-4070-ti-super"] * 4
    assert out["exclude_reason"].to_list() == [OUT_OF_STOCK, None, None, NO_PRICE]
