"""eBay item summaries to raw rows: shipping, conditions, hostile prices, no seller names."""

import json
from datetime import UTC, date, datetime

import polars as pl
import pytest

from transforms.ebay_items import item_row, rows_to_frame, seller_key, shipping
from transforms.fx import to_usd
from transforms.listings import from_ebay

NOW = datetime(2026, 11, 20, 6, 0, tzinfo=UTC)


def row(item):
    return item_row(
        item,
        snapshot_date=date(2026, 11, 20),
        query_model_id="rtx-3090",
        query="RTX 3090",
        fetched_at=NOW,
        source_mode="sample",
    )


def test_cheapest_fixed_shipping_and_calculated_shipping_is_unknown():
    assert shipping(
        {
            "shippingOptions": [
                {"shippingCostType": "FIXED", "shippingCost": {"value": "12.50"}},
                {"shippingCostType": "FIXED", "shippingCost": {"value": "0.00"}},
            ]
        }
    ) == (0.0, "FIXED")
    assert shipping({"shippingOptions": [{"shippingCostType": "CALCULATED"}]}) == (None, "CALCULATED")
    assert shipping({}) == (None, None)


@pytest.mark.parametrize("value", ["1e12", "-5", "abc", None, "nan", "inf", "0"])
def test_hostile_prices_become_unknown(value):
    assert row({"itemId": "v1|1|0", "price": {"value": value, "currency": "USD"}})["price"] is None


@pytest.mark.parametrize("value", ["NaN", "abc", float("inf"), 1e30, json.loads("Infinity")])
def test_hostile_whole_numbers_become_unknown(value):
    """A feedback score or condition no Int64 holds is unknown, never a crash (JSON's Infinity and 1e30 raised
    OverflowError or overflowed the column before this reader served the classifier too)."""
    r = row({"itemId": "v1|1|0", "conditionId": value, "seller": {"feedbackScore": value}})
    assert r["condition_id"] is None and r["seller_feedback_score"] is None


def test_fields_parsed_and_seller_name_dropped():
    r = row(
        {
            "itemId": "v1|123|0",
            "title": "RTX 3090",
            "price": {"value": "699.99", "currency": "USD"},
            "conditionId": "1500",
            "seller": {"username": "alice", "feedbackPercentage": "99.1", "feedbackScore": 42},
            "itemGroupType": "SELLER_DEFINED_VARIATIONS",
            "buyingOptions": ["FIXED_PRICE", "BEST_OFFER"],
            "itemCreationDate": "2026-10-01T12:00:00.000Z",
        }
    )
    assert (r["price"], r["condition_id"], r["condition"], r["seller_feedback_pct"]) == (
        699.99,
        1500,
        "open_box",
        99.1,
    )
    assert r["buying_options"] == "FIXED_PRICE,BEST_OFFER" and r["item_creation_date"] == datetime(
        2026, 10, 1, 12
    )
    assert "alice" not in r["raw_json"] and json.loads(r["raw_json"])["seller"] == {
        "feedbackPercentage": "99.1",
        "feedbackScore": 42,
    }
    # one voice per seller (issue 37): a key of the name, never the name, the same whatever its case
    assert r["seller_key"] == seller_key("ebay", "Alice") and len(r["seller_key"]) == 16
    assert "alice" not in r["seller_key"] and r["seller_key"] != seller_key("ebay", "bob")


@pytest.mark.parametrize(
    "seller", [None, "alice", [], {"feedbackScore": 3}, {"username": ""}, {"username": 7}, {"username": None}]
)
def test_a_missing_or_malformed_seller_block_leaves_the_listing_its_own_seller(seller):
    """Issue 37 item 5: no seller block, one of the wrong type or without a usable user name: the row is kept
    with seller_key NULL (the price statistics count the listing as its own seller), never a crash."""
    r = row(
        {
            "itemId": "v1|9|0",
            "title": "RTX 3090",
            "price": {"value": "700", "currency": "USD"},
            "seller": seller,
        }
    )
    assert r is not None and r["seller_key"] is None and r["price"] == 700.0


def test_items_without_an_id_are_skipped_and_duplicates_keep_the_first_query():
    assert row({"title": "no id"}) is None
    first, second = row({"itemId": "v1|9|0"}), row({"itemId": "v1|9|0"})
    second["query_model_id"] = "rtx-3080-10gb"
    frame = rows_to_frame([first, second])
    assert frame.height == 1 and frame["query_model_id"][0] == "rtx-3090"


def test_prices_in_other_currencies_are_not_passed_off_as_usd():
    """from_ebay keeps each price in its currency; without an ECB rate the EUR price gets no USD figure."""
    frame = rows_to_frame(
        [
            row({"itemId": "a", "price": {"value": "500", "currency": "EUR"}}),
            row({"itemId": "b", "price": {"value": "500", "currency": "USD"}}),
        ]
    )
    staged = from_ebay(frame)
    assert dict(staged.select("listing_id", "currency").iter_rows()) == {"a": "EUR", "b": "USD"}
    no_rates = pl.DataFrame(schema={"rate_date": pl.Date, "currency": pl.String, "per_eur": pl.Float64})
    converted = {r["listing_id"]: r for r in to_usd(staged, no_rates).iter_rows(named=True)}
    assert converted["a"]["price"] is None and converted["a"]["price_local"] == 500.0
    assert converted["a"]["fx_error"] == "EUR has no ECB reference rate"
    assert converted["b"]["price"] == 500.0


@pytest.mark.parametrize(
    ("given", "stored"),
    [
        ("BUSINESS", "BUSINESS"),
        ("INDIVIDUAL", "INDIVIDUAL"),
        (None, None),
        ("business", None),
        (7, None),
        ([], None),
    ],
)
def test_a_sellers_account_type_is_kept_as_ebay_states_it(given, stored):
    """Thirty-fourth review: eBay's European sites say whether a seller registered as a business or a private person
    (Seller.sellerAccountType); the row keeps BUSINESS or INDIVIDUAL, anything else as unknown, never a crash."""
    seller = {"username": "bob", "feedbackScore": 10} | (
        {} if given is None else {"sellerAccountType": given}
    )
    r = row(
        {
            "itemId": "v1|5|0",
            "title": "RTX 3090",
            "price": {"value": "700", "currency": "EUR"},
            "seller": seller,
        }
    )
    assert r["seller_account_type"] == stored and r["price"] == 700.0
