"""Best Buy Products API: build the request for desktop graphics cards and parse its JSON.

No fetching here: products_request() says what to ask for, parse_products_response() reads the
decoded JSON. Paging uses cursorMark: start with "*", then send back each response's
nextCursorMark until it stops changing (ParsedPage.next_url is then None).

Field names live in selectors.BESTBUY.
"""

from __future__ import annotations

import math
import re
from typing import Any
from urllib.parse import unquote

from pipelines.sources.retailers.parsed_page import (
    LayoutChangedError,
    ParsedPage,
    RetailerListing,
    not_zero,
)
from pipelines.sources.retailers.selectors import BESTBUY as F
from transforms.price_text import MAX_PRICE_USD, PriceText, parse_price_text
from transforms.retailer_titles import condition_of, split_condition


def products_request(api_key: str, cursor: str = "*", page_size: int = 100) -> tuple[str, dict]:
    """(url, query params) for one page of the Products API, desktop graphics cards category."""
    if not api_key or not api_key.strip():
        raise ValueError("bestbuy: an API key is required")
    if not 1 <= int(page_size) <= F.max_page_size:
        raise ValueError(f"bestbuy: page_size must be 1..{F.max_page_size}, got {page_size}")
    params = {
        "apiKey": api_key.strip(),
        "format": "json",
        "show": ",".join(F.show),
        "pageSize": int(page_size),
        "cursorMark": cursor or "*",
    }
    return F.api_url, params


def parse_products_response(payload: dict) -> ParsedPage:
    if not isinstance(payload, dict) or not isinstance(payload.get(F.products), list):
        raise LayoutChangedError(F.store, F.products, "response has no products list")
    products = payload[F.products]
    if products and not any(isinstance(p, dict) and p.get(F.sku) is not None for p in products):
        raise LayoutChangedError(F.store, f"{F.products}[].{F.sku}", "no product carries a sku")
    listings = [_listing(p) for p in products if isinstance(p, dict) and p.get(F.sku) is not None]
    return ParsedPage(listings=listings, next_url=_next_cursor(payload, bool(products)))


def _next_cursor(payload: dict, had_products: bool) -> str | None:
    nxt = payload.get(F.next_cursor)
    if not had_products or not isinstance(nxt, str) or not nxt:
        return None
    current = payload.get(F.cursor_param) or _cursor_in(payload.get(F.canonical_url))
    return None if nxt == current else nxt


def _cursor_in(canonical_url: Any) -> str | None:
    """The cursorMark echoed in canonicalUrl. Base64 cursors may hold a raw '+', so no plus-decoding."""
    if not isinstance(canonical_url, str):
        return None
    match = re.search(rf"[?&]{re.escape(F.cursor_param)}=([^&#]*)", canonical_url)
    return unquote(match.group(1)) if match else None


def _number(value: Any) -> PriceText:
    """A JSON price: numbers are taken as they are (within the same sanity limits), text is parsed."""
    if value is None or value == "":
        return PriceText(None, None, "missing")
    if isinstance(value, bool):
        return PriceText(None, None, f"unparsed: {value!r}")
    if isinstance(value, int | float):
        number = float(value)
        if not math.isfinite(number):
            return PriceText(None, None, f"unparsed: {value!r}")
        if number < 0:
            return PriceText(None, None, f"negative: {value!r}")
        if number > float(MAX_PRICE_USD):
            return PriceText(None, None, f"absurd: {value!r}")
        return PriceText(number, number, None)
    return parse_price_text(str(value))


def _listing(p: dict) -> RetailerListing:
    sale = not_zero(_number(p.get(F.sale_price)), p.get(F.sale_price))
    regular = not_zero(_number(p.get(F.regular_price)), p.get(F.regular_price))
    if sale.value is not None:
        price, note = sale.value, None
    elif regular.value is not None:
        price, note = regular.value, f"{F.sale_price} {sale.note}; {F.regular_price} used"
    else:
        price, note = None, sale.note

    was = None
    if p.get(F.on_sale) and regular.value is not None and price is not None and regular.value > price:
        was = regular.value

    if p.get(F.free_shipping) is True:
        shipping: float | None = 0.0
    else:
        shipping = _number(p.get(F.shipping_cost)).value

    availability = p.get(F.online_availability)
    rating = p.get(F.rating)
    reviews = p.get(F.review_count)
    condition_text = p.get(F.condition)
    named = split_condition(str(p.get(F.name) or ""))
    return RetailerListing(
        store=F.store,
        sku=str(p.get(F.sku)).strip(),
        title=named.title,
        price_usd=price,
        was_price_usd=was,
        shipping_usd=shipping,
        in_stock=availability if isinstance(availability, bool) else None,
        condition=condition_of(condition_text if isinstance(condition_text, str) else None)
        or named.condition
        or "new",
        url=p.get(F.url) or None,
        brand=(p.get(F.manufacturer) or None),
        rating=float(rating) if isinstance(rating, int | float) and not isinstance(rating, bool) else None,
        review_count=int(reviews) if isinstance(reviews, int) and not isinstance(reviews, bool) else None,
        price_note=note,
    )
