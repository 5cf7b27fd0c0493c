"""Parse a Micro Center category / search results page into listings.

Micro Center prices and stock are per store: the page URL carries `storeid`, and it is kept on the
product URLs and the next-page URL so a follow-up fetch sees the same store. Without a store the site
answers with a store picker and no products: that is a store_not_selected problem, not a layout change.

A tile that also shows open-box units ("2 open box from $374.96") yields two listings with the same
key: the new unit (condition "new") and the cheapest open-box unit (condition "open_box", price_note
"open box from", stock_quantity the number of open-box units). Key Micro Center rows on (sku, condition).

What is read where (docs/sources.md has the table for every store):
  * key: data-id, the product id that is also in /product/<id>/; the SKU printed on the tile
    ("SKU: 518613") differs and is kept as shown_sku;
  * name: data-name (encoded twice by the store, &amp;quot;; without the brand on 2023 pages, which is put
    back), else the title link's text up to its spec list; "(Refurbished)" in the middle of the name is the
    condition;
  * price: span[itemprop=price]; the was-price is the struck regular price beside "Save $..";
  * stock: span.inventoryCnt ("25+", "0") or the words (SOLD OUT, NEW IN STOCK).

No fetching here. Selectors live in selectors.MICROCENTER.
"""

from __future__ import annotations

import re

from bs4 import Tag

from pipelines.sources.retailers.parsed_page import (
    ParsedPage,
    RetailerListing,
    absolute,
    diagnose_empty_page,
    first_float,
    first_int,
    first_text,
    item_price,
    query_param,
    soup_of,
    text_of,
    was_price,
    with_query_param,
)
from pipelines.sources.retailers.selectors import MICROCENTER as S
from transforms.price_text import parse_price_text
from transforms.retailer_titles import SplitTitle, decode_entities, split_condition

_SOLD_OUT = re.compile(r"sold\s*out|out\s+of\s+stock|not\s+carried|unavailable", re.I)
_IN_STOCK = re.compile(r"\bin\s+stock\b|usually\s+ships", re.I)
_REVIEWS = re.compile(r"(\d[\d,]*)\s*reviews?", re.I)
_SKU_LABEL = re.compile(r"^\s*sku\s*[:#]?\s*", re.I)
_PRODUCT_PATH = re.compile(S.product_path)
_OPEN_BOX = re.compile(
    r"^(?:(\d[\d,]*)\+?\s+)?open[\s-]*box\b\s*(?:units?\s*)?(?:from)?\s*:?\s*(?:from)?\s*(.*)$", re.I
)


def parse_category_page(html: str, page_url: str) -> ParsedPage:
    soup = soup_of(html)
    cells = soup.select(S.item_cell)
    if not cells:
        raise diagnose_empty_page(soup, S.store, S.item_cell)
    store_id = query_param(page_url, S.store_param)
    listings: list[RetailerListing] = []
    for cell in cells:
        if cell.select_one(S.ad_marker) is not None or "sponsored" in (cell.get("class") or []):
            continue
        data = cell.select_one(S.data_link)
        title_el = cell.select_one(S.title_link)
        brand = decode_entities((data.get(S.attr_brand) if data is not None else None) or "").strip() or None
        named = _name(data, title_el, brand)
        if not named.title:
            continue  # placeholder tile: nothing to name or price
        listings.extend(_parse_tile(cell, data, title_el, named, brand, page_url, store_id))
    return ParsedPage(listings=listings, next_url=_next_url(soup, page_url, store_id))


def _parse_tile(
    cell: Tag,
    data: Tag | None,
    title_el: Tag | None,
    named: SplitTitle,
    brand: str | None,
    page_url: str,
    store_id: str | None,
) -> list[RetailerListing]:
    link = title_el if title_el is not None and title_el.get("href") else data
    url = absolute(page_url, link.get("href")) if link is not None else None
    if url and store_id:
        url = with_query_param(url, S.store_param, store_id, replace=False)

    shown_sku = _SKU_LABEL.sub("", text_of(cell.select_one(S.sku_text))).strip() or None
    in_path = _PRODUCT_PATH.search(url or "")
    key = (
        (data.get(S.attr_id) if data is not None else None)
        or (in_path.group(1) if in_path else None)
        or shown_sku
        or ""
    ).strip()

    parsed = item_price(_price_text(cell))
    if parsed.value is None and parsed.note == "missing" and data is not None and data.get(S.attr_price):
        parsed = item_price(data.get(S.attr_price))  # the tracking attributes carry the price too
    price = parsed.value
    was_text = first_text(cell, S.was_price)

    stock_el = cell.select_one(S.stock)
    stock_text = text_of(stock_el)
    count_el = stock_el.select_one(S.stock_count) if stock_el is not None else None
    quantity = first_int(text_of(count_el)) if count_el is not None else None
    if quantity is None and re.match(r"^\s*\d", stock_text) and _IN_STOCK.search(stock_text):
        quantity = first_int(stock_text)  # "25+ NEW IN STOCK" without the count span
    if _SOLD_OUT.search(stock_text) or quantity == 0:
        in_stock: bool | None = False
    elif _IN_STOCK.search(stock_text) or (quantity or 0) > 0:
        in_stock = True
    else:
        in_stock = None

    rating, reviews = _rating(cell)
    common = dict(
        store=S.store,
        sku=key,
        title=named.title,
        url=url,
        brand=brand,
        rating=rating,
        review_count=reviews,
        shown_sku=shown_sku if shown_sku != key else None,
    )
    out = [
        RetailerListing(
            price_usd=price,
            was_price_usd=was_price(parse_price_text(was_text), price) if was_text else None,
            shipping_usd=None,  # category tiles do not state shipping; most cards are in-store pickup
            in_stock=in_stock,
            condition=named.condition or "new",
            price_note=parsed.note,
            stock_quantity=quantity,
            stock_text=stock_text or None,
            **common,
        )
    ]
    open_box = _open_box(cell)
    if open_box is not None:
        offer, units = open_box
        out.append(
            RetailerListing(
                price_usd=offer.value,
                was_price_usd=None,
                shipping_usd=None,
                in_stock=units > 0 if units is not None else (True if offer.value is not None else None),
                condition="open_box",
                price_note="open box from" if offer.value is not None else offer.note,
                stock_quantity=units,
                stock_text=text_of(cell.select_one(S.open_box_price)) or None,
                **common,
            )
        )
    return out


def _name(data: Tag | None, title_el: Tag | None, brand: str | None) -> SplitTitle:
    """data-name (encoded twice by the store; 2023 pages leave the brand out, so it is put back), else the title
    link's text (which on 2023 pages runs on into the spec list after a ';'); condition words taken out."""
    named = split_condition((data.get(S.attr_name) if data is not None else None) or "")
    if not named.title:
        return split_condition(text_of(title_el).split(";")[0])
    brand = (
        split_condition(brand).title if brand else None
    )  # a condition word in the brand stays out of the name
    if brand and not named.title.lower().startswith(brand.lower()):
        return SplitTitle(f"{brand} {named.title}", named.condition)
    return named


def _price_text(cell: Tag) -> str | None:
    """The current price: span[itemprop=price], else the price box without its was-price and savings."""
    itemprop = cell.select_one(S.price_itemprop)
    if itemprop is not None:
        return text_of(itemprop) or itemprop.get("content")
    box = cell.select_one(S.price_box)
    if box is None:
        return None
    for noise in box.select(S.price_box_noise):
        noise.decompose()
    return text_of(box)


def _open_box(cell: Tag):
    """(offer price, units) of the tile's open-box line ("2 open box from $374.96", "Open Box From $..."),
    or None when the tile has none. The struck new price beside it is not the offer."""
    box = cell.select_one(S.open_box_price)
    if box is None:
        return None
    for noise in box.select(S.open_box_noise):
        noise.decompose()
    text = text_of(box)
    match = _OPEN_BOX.match(text)
    if "$" not in text or match is None:
        return None
    units = int(match.group(1).replace(",", "")) if match.group(1) else None
    return item_price(match.group(2)), units


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
