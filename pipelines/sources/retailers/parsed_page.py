"""What every retailer parser returns: one RetailerListing per item cell, plus the next page."""

from __future__ import annotations

import re
from dataclasses import dataclass
from html import escape
from urllib.parse import parse_qsl, urlencode, urljoin, urlsplit, urlunsplit

from bs4 import BeautifulSoup, Tag

from pipelines.sources.retailers.page_problems import (  # noqa: F401  (re-exported for the parsers)
    LayoutChangedError,
    PageProblem,
    diagnose_empty_page,
)
from transforms.price_text import PriceText, parse_price_text
from transforms.retailer_titles import clean_text

STORES = ("newegg", "microcenter", "bestbuy")
CONDITIONS = ("new", "open_box", "refurbished", "used")
LISTING_KINDS = ("card", "bundle")


@dataclass(frozen=True)
class RetailerListing:
    store: str  # "newegg" | "microcenter" | "bestbuy"
    sku: str  # store item number / product id / sku
    title: str
    price_usd: (
        float | None
    )  # current price; None when missing, "call for price" or out of stock without a price
    was_price_usd: float | None  # struck-through / regular price when on sale
    shipping_usd: float | None  # 0.0 for free shipping; None when unknown
    in_stock: bool | None
    condition: str  # "new" | "open_box" | "refurbished" | "used"
    url: str | None
    brand: str | None = None
    rating: float | None = None
    review_count: int | None = None
    price_note: str | None = None  # e.g. "range 1299.99-1499.99", "call for price", "unparsed: <text>"
    listing_kind: str = "card"  # "card" | "bundle" (several products at one price: never a card price)
    components: str | None = None  # a bundle's products as the page names them, joined by " | "
    shown_sku: str | None = None  # the SKU the store prints, when it differs from the key in `sku`
    stock_quantity: int | None = None  # units the store says it has ("25+" is 25, "0 IN STOCK" is 0)
    stock_text: str | None = None  # the stock line or purchase button as shown


@dataclass(frozen=True)
class ParsedPage:
    listings: list[RetailerListing]
    next_url: str | None  # absolute URL of the next page, or the next cursor for Best Buy


# ---------------------------------------------------------------------------
# Helpers shared by the HTML parsers (newegg, microcenter)
# ---------------------------------------------------------------------------

_INT = re.compile(r"\d[\d,]*")
_FLOAT = re.compile(r"\d+(?:\.\d+)?")


def soup_of(html: str) -> BeautifulSoup:
    """The page parsed. A body without a single tag is read as one paragraph of its text: BeautifulSoup warns
    when bare text looks like a URL or a file name (`https://...`, `index.html`), and such a body is a bad page
    the parsers name (page_problems.py), not a warning in whoever runs them."""
    if html and "<" not in html:
        html = f"<p>{escape(html)}</p>"
    return BeautifulSoup(html or "", "lxml")


def text_of(el: Tag | None) -> str:
    return clean_text(el.get_text(" ")) if el is not None else ""


def own_text(el: Tag | None) -> str:
    """The element's text without its child elements' text (a container that also holds a hidden copy)."""
    if el is None:
        return ""
    return clean_text(" ".join(s for s in el.find_all(string=True, recursive=False)))


def first_text(cell: Tag, selectors: tuple[str, ...]) -> str:
    """Text of the first selector, tried in order, that finds an element whose text has a digit.

    A comma-joined selector would return whichever element comes first in the document, often the container
    whose text repeats the number; trying them in order picks the most specific one."""
    for selector in selectors:
        for el in cell.select(selector):
            text = text_of(el)
            if any(ch.isdigit() for ch in text):
                return text
    return ""


def query_param(url: str | None, name: str) -> str | None:
    """The first value of a query parameter, matched case-insensitively (storeid / storeID)."""
    if not url:
        return None
    for key, value in parse_qsl(urlsplit(url).query, keep_blank_values=True):
        if key.lower() == name.lower():
            return value
    return None


def with_query_param(url: str, name: str, value: str, replace: bool = True) -> str:
    """url with name=value set; keeps the other parameters in order. replace=False keeps an existing value."""
    parts = urlsplit(url)
    pairs = parse_qsl(parts.query, keep_blank_values=True)
    found = False
    out = []
    for key, old in pairs:
        if key.lower() == name.lower():
            if found:
                continue
            found = True
            out.append((key, value if replace else old))
        else:
            out.append((key, old))
    if not found:
        out.append((name, value))
    return urlunsplit((parts.scheme, parts.netloc, parts.path, urlencode(out), parts.fragment))


def absolute(page_url: str, href: str | None) -> str | None:
    href = (href or "").strip()
    if not href or href.startswith(("javascript:", "#")):
        return None
    return urljoin(page_url, href)


def first_int(text: str | None) -> int | None:
    match = _INT.search(text or "")
    return int(match.group().replace(",", "")) if match else None


def first_float(text: str | None) -> float | None:
    match = _FLOAT.search(text or "")
    return float(match.group()) if match else None


def shipping_from_text(text: str | None) -> float | None:
    """'Free Shipping' -> 0.0, '$9.99 Shipping' -> 9.99, anything else -> None."""
    text = clean_text(text)
    if not text:
        return None
    if re.search(r"\bfree\b", text, re.I):
        return 0.0
    return parse_price_text(text).value


def price_note(parsed: PriceText, *extra: str | None) -> str | None:
    """Join the price parser's note with any extra notes, skipping blanks and repeats."""
    notes: list[str] = []
    for note in (parsed.note, *extra):
        if note and note not in notes:
            notes.append(note)
    return "; ".join(notes) or None


def not_zero(parsed: PriceText, shown) -> PriceText:
    """A product price where zero is no price ("$0.00" placeholders on sold-out tiles, a 0 in an API), null with
    a note. Shipping keeps its zero (free): it does not come through here."""
    if parsed.value is not None and parsed.value <= 0:
        return PriceText(None, None, f"zero: {clean_text(str(shown))[:40]}")
    return parsed


def item_price(text: str | None) -> PriceText:
    """A product's shown price, read by parse_price_text, zero being no price."""
    return not_zero(parse_price_text(text), text)


def was_price(was: PriceText, price: float | None) -> float | None:
    """A struck-through price only counts when it is above the current one."""
    value = was.value
    if value is None or value <= 0:
        return None
    if price is not None and value <= price:
        return None
    return value
