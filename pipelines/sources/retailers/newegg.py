"""Parse a Newegg search / category results page (https://www.newegg.com/p/pl?...) into listings.

No fetching here: the caller hands over the HTML and the URL it came from.
Selectors live in selectors.NEWEGG.
"""

from __future__ import annotations

import re
from urllib.parse import urlsplit

from bs4 import Tag

from pipelines.sources.retailers.listing import (
    LayoutChangedError,
    ParsedPage,
    RetailerListing,
    absolute,
    condition_from_badge,
    condition_from_title,
    first_int,
    query_param,
    shipping_from_text,
    soup_of,
    text_of,
    was_price,
    with_query_param,
)
from pipelines.sources.retailers.selectors import NEWEGG as S
from transforms.price_text import parse_price_text

_PAGE_OF = re.compile(r"(\d+)\s*/\s*(\d+)")
_RATING_CLASS = re.compile(rf"^{re.escape(S.rating_class_prefix)}(\d)(?:-(\d))?$")
_RATING_LABEL = re.compile(r"(\d+(?:\.\d+)?)\s*out\s*of\s*5", re.I)
_OUT_OF_STOCK = re.compile(r"out\s+of\s+stock|sold\s+out|auto\s+notify", re.I)
_PARENTHESES = re.compile(r"\([^)]*\)")


def parse_search_page(html: str, page_url: str) -> ParsedPage:
    soup = soup_of(html)
    cells = soup.select(S.item_cell)
    if not cells:
        raise LayoutChangedError(S.store, S.item_cell)
    listings = []
    for cell in cells:
        if cell.select_one(S.ad_marker) is not None:
            continue  # text-ad banner in the grid
        title_el = cell.select_one(S.title_link)
        if title_el is None or not text_of(title_el):
            continue  # placeholder cell (lazy-load shell, spacer): nothing to price
        listings.append(_parse_cell(cell, title_el, page_url))
    return ParsedPage(listings=listings, next_url=_next_url(soup, page_url))


def _parse_cell(cell: Tag, title_el: Tag, page_url: str) -> RetailerListing:
    title = text_of(title_el)
    image_link = cell.select_one(S.image_link)
    url = absolute(page_url, title_el.get("href")) or (
        absolute(page_url, image_link.get("href")) if image_link is not None else None
    )

    price_el = cell.select_one(S.price_current)
    if price_el is not None:
        for noise in price_el.select(S.price_current_noise):
            noise.decompose()  # "(3 Offers)" would read as a second number
        price_text = _PARENTHESES.sub(" ", price_el.get_text(""))
    else:
        price_text = None
    parsed = parse_price_text(price_text)
    price = parsed.value

    was_el = cell.select_one(S.price_was)
    was = was_price(parse_price_text(text_of(was_el)), price) if was_el is not None else None

    promo = text_of(cell.select_one(S.promo))
    button = text_of(cell.select_one(S.action_button))
    if _OUT_OF_STOCK.search(promo) or _OUT_OF_STOCK.search(button):
        in_stock: bool | None = False
    elif price is not None:
        in_stock = True
    else:
        in_stock = None

    if price is None and in_stock is False and parsed.note in ("missing", "out of stock"):
        note: str | None = "out of stock"  # the empty price box is explained by the promo
    else:
        note = parsed.note

    condition = (
        condition_from_badge(text_of(cell.select_one(S.condition_badge)))
        or condition_from_title(title)
        or condition_from_badge(promo if not _OUT_OF_STOCK.search(promo) else None)
        or "new"
    )

    return RetailerListing(
        store=S.store,
        sku=_item_number(cell, url),
        title=title,
        price_usd=price,
        was_price_usd=was,
        shipping_usd=shipping_from_text(text_of(cell.select_one(S.price_ship))),
        in_stock=in_stock,
        condition=condition,
        url=url,
        brand=_brand(cell),
        rating=_rating(cell),
        review_count=first_int(text_of(cell.select_one(S.review_count))),
        price_note=note,
    )


def _item_number(cell: Tag, url: str | None) -> str:
    from_param = query_param(url, S.item_param)
    if from_param:
        return from_param.strip()
    for li in cell.select(S.features_items):
        text = text_of(li)
        if text.lower().startswith(S.item_number_label.lower()):
            value = text.split(":", 1)[-1].strip()
            if value:
                return value
    if url and S.item_path_marker in urlsplit(url).path:
        tail = urlsplit(url).path.split(S.item_path_marker, 1)[1].strip("/")
        if tail:
            return tail.split("/")[0]
    return (cell.get("id") or "").strip()


def _brand(cell: Tag) -> str | None:
    img = cell.select_one(S.brand_img)
    if img is None:
        return None
    return (img.get(S.brand_attr) or img.get("alt") or "").strip() or None


def _rating(cell: Tag) -> float | None:
    icon = cell.select_one(S.rating_icon)
    if icon is None:
        return None
    match = _RATING_LABEL.search(icon.get(S.rating_attr) or "")
    if match:
        return float(match.group(1))
    for cls in icon.get("class") or []:
        m = _RATING_CLASS.match(cls)
        if m:
            return float(m.group(1)) + (int(m.group(2)) / 10 if m.group(2) else 0.0)
    return None


def _next_url(soup, page_url: str) -> str | None:
    pagination = soup.select_one(S.pagination)
    if pagination is None:
        return None
    button = pagination.select_one(S.next_button)
    disabled = button is not None and (
        button.has_attr("disabled") or "is-disabled" in (button.get("class") or [])
    )
    if disabled:
        return None
    if button is not None and button.get("href"):
        return absolute(page_url, button.get("href"))
    match = _PAGE_OF.search(text_of(pagination.select_one(S.pagination_text)))
    if match:
        current, total = int(match.group(1)), int(match.group(2))
        return with_query_param(page_url, S.page_param, str(current + 1)) if current < total else None
    if button is not None:
        current = first_int(query_param(page_url, S.page_param)) or 1
        return with_query_param(page_url, S.page_param, str(current + 1))
    return None
