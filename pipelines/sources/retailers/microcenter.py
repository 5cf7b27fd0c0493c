"""Parse a Micro Center category / search results page into listings.

Micro Center prices and stock are per store: the page URL carries `storeid`, and it is kept on the
product URLs and the next-page URL so a follow-up fetch sees the same store.

A tile that also shows an open-box price ("Open Box: from $1,549.99") yields two listings with the
same sku: the new unit (condition "new") and the cheapest open-box unit (condition "open_box",
price_note "open box from"). Key Micro Center rows on (sku, condition).

No fetching here. Selectors live in selectors.MICROCENTER.
"""

from __future__ import annotations

import re

from bs4 import Tag

from pipelines.sources.retailers.listing import (
    LayoutChangedError,
    ParsedPage,
    RetailerListing,
    absolute,
    condition_from_title,
    first_float,
    first_int,
    query_param,
    soup_of,
    text_of,
    was_price,
    with_query_param,
)
from pipelines.sources.retailers.selectors import MICROCENTER as S
from transforms.price_text import parse_price_text

_SOLD_OUT = re.compile(r"sold\s*out|out\s+of\s+stock|not\s+carried|unavailable", re.I)
_IN_STOCK = re.compile(r"\bin\s+stock\b|usually\s+ships", re.I)
_REVIEWS = re.compile(r"(\d[\d,]*)\s*reviews?", re.I)
_SKU_LABEL = re.compile(r"^\s*sku\s*:?\s*", re.I)


def parse_category_page(html: str, page_url: str) -> ParsedPage:
    soup = soup_of(html)
    cells = soup.select(S.item_cell)
    if not cells:
        raise LayoutChangedError(S.store, S.item_cell)
    store_id = query_param(page_url, S.store_param)
    listings: list[RetailerListing] = []
    for cell in cells:
        if cell.select_one(S.ad_marker) is not None or "sponsored" in (cell.get("class") or []):
            continue
        data = cell.select_one(S.data_link)
        title_el = cell.select_one(S.title_link)
        title = ((data.get(S.attr_name) if data is not None else None) or text_of(title_el)).strip()
        if not title:
            continue  # placeholder tile: nothing to name or price
        listings.extend(_parse_tile(cell, data, title_el, title, page_url, store_id))
    return ParsedPage(listings=listings, next_url=_next_url(soup, page_url, store_id))


def _parse_tile(
    cell: Tag, data: Tag | None, title_el: Tag | None, title: str, page_url: str, store_id: str | None
) -> list[RetailerListing]:
    link = title_el if title_el is not None and title_el.get("href") else data
    url = absolute(page_url, link.get("href")) if link is not None else None
    if url and store_id:
        url = with_query_param(url, S.store_param, store_id, replace=False)

    sku = (data.get(S.attr_id) if data is not None else None) or _SKU_LABEL.sub("", text_of(cell.select_one(S.sku_text)))
    brand = ((data.get(S.attr_brand) if data is not None else None) or "").strip() or None

    visible = cell.select_one(S.price_itemprop) or cell.select_one(S.price_box)
    visible_text = text_of(visible) or (visible.get("content") if visible is not None else None)
    parsed = parse_price_text(visible_text)
    if parsed.value is None and parsed.note == "missing" and data is not None and data.get(S.attr_price):
        parsed = parse_price_text(data.get(S.attr_price))  # the tracking attributes carry the price too
    price = parsed.value

    stock_text = text_of(cell.select_one(S.stock))
    if _SOLD_OUT.search(stock_text):
        in_stock: bool | None = False
    elif _IN_STOCK.search(stock_text):
        in_stock = True
    else:
        in_stock = None

    rating, reviews = _rating(cell)
    common = dict(store=S.store, sku=sku.strip(), title=title, url=url, brand=brand, rating=rating,
                  review_count=reviews)
    out = [
        RetailerListing(
            price_usd=price,
            was_price_usd=was_price(parse_price_text(text_of(cell.select_one(S.was_price))), price)
            if cell.select_one(S.was_price) is not None else None,
            shipping_usd=None,  # category tiles do not state shipping; most cards are in-store pickup
            in_stock=in_stock,
            condition=condition_from_title(title) or "new",
            price_note=parsed.note,
            **common,
        )
    ]

    open_box_text = text_of(cell.select_one(S.open_box_price))
    if "$" in open_box_text:
        open_box = parse_price_text(open_box_text.split(":", 1)[-1])
        out.append(
            RetailerListing(
                price_usd=open_box.value,
                was_price_usd=None,
                shipping_usd=None,
                in_stock=True if open_box.value is not None else None,
                condition="open_box",
                price_note="open box from" if open_box.value is not None else open_box.note,
                **common,
            )
        )
    return out


def _rating(cell: Tag) -> tuple[float | None, int | None]:
    stars = cell.select_one(S.rating)
    if stars is None:
        return None, None
    count_el = cell.select_one(S.review_count)
    if count_el is not None:
        reviews = first_int(text_of(count_el))
    else:
        match = _REVIEWS.search(text_of(stars))
        reviews = int(match.group(1).replace(",", "")) if match else None
    value_el = cell.select_one(S.rating_value)
    if value_el is not None and value_el.get("data-rating"):
        rating = first_float(value_el.get("data-rating"))
    else:
        rating = first_float(text_of(value_el) if value_el is not None else _REVIEWS.sub("", text_of(stars)))
    if reviews == 0 or rating is None or not 0 < rating <= 5:
        rating = None
    return rating, reviews


def _next_url(soup, page_url: str, store_id: str | None) -> str | None:
    pagination = soup.select_one(S.pagination)
    if pagination is None:
        return None
    for link in pagination.select(S.page_links):
        label = " ".join([text_of(link), link.get("aria-label") or "", link.get("title") or ""]).lower()
        rel = [r.lower() for r in (link.get("rel") or [])]
        if "next" in rel or text_of(link).lower() in S.next_link_texts or "next" in label:
            url = absolute(page_url, link.get("href"))
            if url and store_id:
                url = with_query_param(url, S.store_param, store_id, replace=False)
            return url
    return None
