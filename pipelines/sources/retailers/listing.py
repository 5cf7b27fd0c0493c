"""What every retailer parser returns: one RetailerListing per item cell, plus the next page."""

from __future__ import annotations

import re
from dataclasses import dataclass
from urllib.parse import parse_qsl, urlencode, urljoin, urlsplit, urlunsplit

from bs4 import BeautifulSoup, Tag

from transforms.price_text import PriceText, parse_price_text

STORES = ("newegg", "microcenter", "bestbuy")
CONDITIONS = ("new", "open_box", "refurbished", "used")


@dataclass(frozen=True)
class RetailerListing:
    store: str            # "newegg" | "microcenter" | "bestbuy"
    sku: str              # store item number / product id / sku
    title: str
    price_usd: float | None        # current price; None when missing, "call for price" or out of stock without a price
    was_price_usd: float | None    # struck-through / regular price when on sale
    shipping_usd: float | None     # 0.0 for free shipping; None when unknown
    in_stock: bool | None
    condition: str        # "new" | "open_box" | "refurbished" | "used"
    url: str | None
    brand: str | None = None
    rating: float | None = None
    review_count: int | None = None
    price_note: str | None = None  # e.g. "range 1299.99-1499.99", "call for price", "unparsed: <text>"


@dataclass(frozen=True)
class ParsedPage:
    listings: list[RetailerListing]
    next_url: str | None          # absolute URL of the next page, or the next cursor for Best Buy


class LayoutChangedError(ValueError):
    """The page no longer matches the selectors: no item cells found. Message names the store and selector."""

    def __init__(self, store: str, selector: str | None = None, detail: str = "no item cells found"):
        self.store = store
        self.selector = selector
        if selector is None:  # called with a ready-made message, like any ValueError
            super().__init__(store)
        else:
            super().__init__(f"{store}: {detail} (selector {selector!r}); the page layout may have changed")


# A condition word at the start of a title or in a badge: "Refurbished: MSI ...", "Open Box - ASUS ...".
_CONDITION_PATTERNS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("open_box", re.compile(r"\bopen[\s-]?box\b", re.I)),
    ("refurbished", re.compile(r"\b(?:refurbished|refurb|renewed|recertified)\b", re.I)),
    ("used", re.compile(r"\b(?:pre[\s-]?owned|used)\b", re.I)),
)
_TITLE_PREFIX = re.compile(r"^\s*\(?\s*([A-Za-z][A-Za-z -]{1,30}?)\s*[):\-–]", re.I)


def condition_from_badge(text: str | None) -> str | None:
    """A condition named anywhere in a short badge / label text, else None."""
    if not text:
        return None
    for condition, pattern in _CONDITION_PATTERNS:
        if pattern.search(text):
            return condition
    return None


def condition_from_title(title: str | None) -> str | None:
    """A condition named as the title's prefix ("Refurbished: ...", "Open Box - ..."), else None.

    Only the prefix counts, so a product name that merely contains "used" elsewhere stays new."""
    if not title:
        return None
    match = _TITLE_PREFIX.match(title)
    return condition_from_badge(match.group(1)) if match else None


def clean_text(text: str | None) -> str:
    """Collapse whitespace (including nbsp) to single spaces."""
    if not text:
        return ""
    return " ".join(text.replace("\u00a0", " ").split())


# ---------------------------------------------------------------------------
# Helpers shared by the HTML parsers (newegg, microcenter)
# ---------------------------------------------------------------------------

_INT = re.compile(r"\d[\d,]*")
_FLOAT = re.compile(r"\d+(?:\.\d+)?")


def soup_of(html: str) -> BeautifulSoup:
    return BeautifulSoup(html or "", "lxml")


def text_of(el: Tag | None) -> str:
    return clean_text(el.get_text(" ")) if el is not None else ""


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


def was_price(was: PriceText, price: float | None) -> float | None:
    """A struck-through price only counts when it is above the current one."""
    value = was.value
    if value is None or value <= 0:
        return None
    if price is not None and value <= price:
        return None
    return value
