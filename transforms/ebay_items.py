"""eBay Browse item summaries (dicts as eBay returns them) to rows of raw.ebay_listings."""

import hashlib
import json
from datetime import date, datetime

import polars as pl

from transforms.conditions import ebay_condition

RAW_EBAY_SCHEMA: dict[str, pl.DataType] = {
    "snapshot_date": pl.Date,
    "item_id": pl.String,
    "title": pl.String,
    "price": pl.Float64,
    "currency": pl.String,
    "shipping_cost": pl.Float64,
    "shipping_type": pl.String,
    "condition_id": pl.Int32,
    "condition": pl.String,
    "buying_options": pl.String,
    "item_group_type": pl.String,
    "seller_feedback_pct": pl.Float64,
    "seller_feedback_score": pl.Int64,
    "seller_key": pl.String,
    "item_location_country": pl.String,
    "item_creation_date": pl.Datetime("us"),
    "item_end_date": pl.Datetime("us"),
    "web_url": pl.String,
    "image_url": pl.String,
    "epid": pl.String,
    "query_model_id": pl.String,
    "query": pl.String,
    "fetched_at": pl.Datetime("us"),
    "source_mode": pl.String,
    "raw_json": pl.String,
    "marketplace_id": pl.String,
    "seller_account_type": pl.String,
}
# how a seller registered with eBay (Browse API Seller.sellerAccountType, on eBay's European sites only:
# https://developer.ebay.com/api-docs/buy/browse/types/gct:Seller); any other value is not stored
SELLER_ACCOUNT_TYPES = ("BUSINESS", "INDIVIDUAL")


MAX_PRICE_USD = 1_000_000.0
MAX_TITLE = 80  # eBay's limit on a listing title: anything longer did not come from a real listing


def item_problems(item: dict, row: dict) -> list[tuple[str, str]]:
    """(kind, reason) for each way the stored row differs from what the item said: a price that is not a
    positive finite price up to MAX_PRICE_USD (stored as NULL: no price, so never in a price), a title cut
    to MAX_TITLE with its original length."""
    problems = []
    given = (
        (item.get("price") or {}).get("value") if isinstance(item.get("price"), dict) else item.get("price")
    )
    if row["price"] is None:
        what = (
            "no price" if given in (None, "") else f"price {str(given)[:40]!r} is not a positive finite price"
        )
        problems.append(
            (
                "bad_price",
                f"{what} (at most {MAX_PRICE_USD:,.0f}): stored without a price, left out of prices",
            )
        )
    title = item.get("title")
    if isinstance(title, str) and len(title) > MAX_TITLE:
        problems.append(
            ("title_cut", f"title of {len(title):,} characters cut to eBay's limit of {MAX_TITLE}")
        )
    return problems


def finite_float(value) -> float | None:
    """A number eBay sent, or None for anything else (not a number, NaN, infinities)."""
    try:
        number = float(value)
    except (TypeError, ValueError):
        return None
    return number if number == number and abs(number) != float("inf") else None  # NaN and inf are no numbers


def _price(value) -> float | None:
    """A plausible price: positive and at most a million; anything else (1e12, -5, 'abc') is unknown."""
    number = finite_float(value)
    return number if number is not None and 0 < number <= MAX_PRICE_USD else None


def whole_int(value) -> int | None:
    """A whole number eBay sent ("3000", 79, 3000.0), or None for anything else: not a number, NaN, infinities
    (JSON's Infinity reads as one), or beyond 64 bits, which no Int64 column holds."""
    try:
        number = int(value)
    except (TypeError, ValueError, OverflowError):
        number = finite_float(value)
        if number is None:
            return None
        number = int(number)
    return number if abs(number) < 2**63 else None


def ebay_timestamp(value) -> datetime | None:
    """eBay's ISO 8601 UTC timestamp ("2026-11-20T10:15:00.000Z") as a naive UTC datetime, None if unreadable."""
    if not isinstance(value, str):
        return None
    try:
        return datetime.fromisoformat(value.replace("Z", "+00:00")).replace(tzinfo=None)
    except ValueError:
        return None


def shipping(item: dict) -> tuple[float | None, str | None]:
    """(cost, type) of the cheapest FIXED option; (None, 'CALCULATED') when only calculated shipping is given."""
    options = [o for o in item.get("shippingOptions") or [] if isinstance(o, dict)]
    fixed = [
        finite_float((o.get("shippingCost") or {}).get("value"))
        for o in options
        if o.get("shippingCostType") == "FIXED"
    ]
    fixed = [f for f in fixed if f is not None and 0 <= f <= MAX_PRICE_USD]
    if fixed:
        return min(fixed), "FIXED"
    if any(o.get("shippingCostType") == "CALCULATED" for o in options):
        return None, "CALCULATED"
    return None, None


def seller_key(kind: str, name) -> str | None:
    """A seller's key: the first 16 hex digits of SHA-256 over `kind:name` (an eBay user name, lower case, or a
    store's name). The price statistics give each seller one voice (transforms/price_daily.py); the name itself
    is never stored. None without a usable name (the listing is then its own voice)."""
    if not isinstance(name, str) or not name.strip():
        return None
    return hashlib.sha256(f"{kind}:{name.strip().lower()}".encode()).hexdigest()[:16]


def without_seller_name(item: dict) -> dict:
    """The item with seller user name removed (we keep feedback figures only)."""
    clean = dict(item)
    if isinstance(clean.get("seller"), dict):
        clean["seller"] = {k: v for k, v in clean["seller"].items() if k != "username"}
    return clean


def item_row(
    item: dict,
    *,
    snapshot_date: date,
    query_model_id: str,
    query: str,
    fetched_at: datetime,
    source_mode: str,
    marketplace_id: str = "EBAY_US",
) -> dict | None:
    """One raw row, or None when the item has no id (nothing to key it by). A title longer than eBay's
    limit is cut to it (item_problems says so)."""
    item_id = item.get("itemId")
    if not isinstance(item_id, str) or not item_id:
        return None
    price = item.get("price") if isinstance(item.get("price"), dict) else {}
    seller = item.get("seller") if isinstance(item.get("seller"), dict) else {}
    title = item.get("title") if isinstance(item.get("title"), str) else None
    if title is not None and len(title) > MAX_TITLE:
        title = title[:MAX_TITLE]
        item = {**item, "title": title}  # raw_json too: an absurd title is not stored whole every day
    cost, cost_type = shipping(item)
    condition_id = whole_int(item.get("conditionId"))
    return {
        "snapshot_date": snapshot_date,
        "item_id": item_id,
        "title": title,
        "price": _price(price.get("value")),
        "currency": price.get("currency"),
        "shipping_cost": cost,
        "shipping_type": cost_type,
        "condition_id": condition_id,
        "condition": ebay_condition(condition_id),
        "buying_options": ",".join(str(b) for b in item.get("buyingOptions") or []) or None,
        "item_group_type": item.get("itemGroupType"),
        "seller_feedback_pct": finite_float(seller.get("feedbackPercentage")),
        "seller_feedback_score": whole_int(seller.get("feedbackScore")),
        "seller_key": seller_key("ebay", seller.get("username")),
        "item_location_country": (item.get("itemLocation") or {}).get("country"),
        "item_creation_date": ebay_timestamp(item.get("itemCreationDate")),
        "item_end_date": ebay_timestamp(item.get("itemEndDate")),
        "web_url": item.get("itemWebUrl"),
        "image_url": (item.get("image") or {}).get("imageUrl"),
        "epid": item.get("epid"),
        "query_model_id": query_model_id,
        "query": query,
        "fetched_at": fetched_at.replace(tzinfo=None),
        "source_mode": source_mode,
        "raw_json": json.dumps(without_seller_name(item), sort_keys=True),
        "marketplace_id": marketplace_id,
        "seller_account_type": account
        if (account := seller.get("sellerAccountType")) in SELLER_ACCOUNT_TYPES
        else None,
    }


def rows_to_frame(rows: list[dict]) -> pl.DataFrame:
    """Rows to a raw.ebay_listings frame, deduplicated by marketplace and item_id (the first query wins)."""
    frame = pl.DataFrame(rows, schema=RAW_EBAY_SCHEMA) if rows else pl.DataFrame(schema=RAW_EBAY_SCHEMA)
    return frame.unique(subset=["marketplace_id", "item_id"], keep="first", maintain_order=True)
