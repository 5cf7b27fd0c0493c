"""Parse a Newegg search / category results page (https://www.newegg.com/p/pl?...) into listings.

What is read where (docs/sources.md has the table for every store):
  * items: div.item-cell, or on the older grid the div.item-container elements themselves;
  * key: ?Item= of the title link, ItemList=Combo.N for a combo, "Item #:" in the features, /p/<id>;
    a combo cell's id (combo_cell_<id>_<grid position>) is never used, its position changes between crawls;
  * kind: a link to ComboDealDetails makes the cell a bundle, its components the " + "-joined name;
  * condition: the badge inside the title link (span.item-open-box-italic), words at the name's ends or in
    brackets, then the promo line;
  * stock: "Add to cart" is buyable; OUT OF STOCK, Sold Out, Auto Notify and Back order are not;
    anything else ("View Details") leaves it unknown.

No fetching here: the caller hands over the HTML and the URL it came from.
Selectors live in selectors.NEWEGG.
"""

from __future__ import annotations

import re
from urllib.parse import urlsplit

from bs4 import Tag

from pipelines.sources.retailers.parsed_page import (
    PageProblem,
    ParsedPage,
    RetailerListing,
    absolute,
    diagnose_empty_page,
    first_int,
    first_text,
    item_price,
    own_text,
    query_param,
    shipping_from_text,
    soup_of,
    text_of,
    was_price,
    with_query_param,
)
from pipelines.sources.retailers.selectors import NEWEGG as S
from transforms.price_text import parse_price_text
from transforms.retailer_titles import condition_of, decode_entities, split_condition

_PAGE_OF = re.compile(r"(\d+)\s*/\s*(\d+)")
_RATING_CLASS = re.compile(rf"^{re.escape(S.rating_class_prefix)}(\d)(?:-(\d))?$")
_RATING_LABEL = re.compile(r"(\d+(?:\.\d+)?)\s*out\s*of\s*5", re.I)
_OUT_OF_STOCK = re.compile(r"out\s+of\s+stock|sold\s+out|auto\s+notify|notify\s+me|back[\s-]?order", re.I)
_BUYABLE = re.compile(r"add\s+to\s+cart|buy\s+now", re.I)
_NO_RESULTS = re.compile(r"found\s+0\s+items?", re.I)
_PARENTHESES = re.compile(r"\([^)]*\)")


def parse_search_page(html: str, page_url: str) -> ParsedPage:
    soup = soup_of(html)
    message = text_of(soup.select_one(S.no_results))
    if _NO_RESULTS.search(message):  # the "you may also like" cells below it are not results
        raise PageProblem(S.store, "no_results", f"the store says {message!r}")
    cells = soup.select(S.item_cell) or soup.select(S.item_container)
    if not cells:
        raise diagnose_empty_page(soup, S.store, S.item_cell)
    listings = []
    for cell in cells:
        if cell.select_one(S.ad_marker) is not None:
            continue  # text-ad banner in the grid
        title_el = cell.select_one(S.title_link)
        if title_el is None:
            continue  # placeholder cell (lazy-load shell, spacer): nothing to price
        listing = _parse_cell(cell, title_el, page_url)
        if listing.title:
            listings.append(listing)
    return ParsedPage(listings=listings, next_url=_next_url(soup, page_url))


def _parse_cell(cell: Tag, title_el: Tag, page_url: str) -> RetailerListing:
    badge_el = title_el.select_one(S.condition_badge)
    badge = text_of(badge_el)
    if badge_el is not None:
        badge_el.extract()  # the badge sits inside the link, run straight into the name
    named = split_condition(text_of(title_el))
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
    parsed = item_price(price_text)
    price = parsed.value

    was_text = first_text(cell, (S.price_was_data,)) or own_text(cell.select_one(S.price_was))
    was = was_price(parse_price_text(was_text), price) if was_text else None

    promo = text_of(cell.select_one(S.promo))
    button = text_of(cell.select_one(S.action_button))
    if _OUT_OF_STOCK.search(promo) or _OUT_OF_STOCK.search(button):
        in_stock: bool | None = False
    elif _BUYABLE.search(button):
        in_stock = True
    else:
        in_stock = None  # "View Details", or no button: the page does not say

    if price is None and in_stock is False and parsed.note in ("missing", "out of stock"):
        note: str | None = "out of stock"  # the empty price box is explained by the promo
    else:
        note = parsed.note

    condition = (
        condition_of(badge)
        or named.condition
        or condition_of(promo if not _OUT_OF_STOCK.search(promo) else None)
        or "new"
    )
    combo = _combo_id(cell, page_url, url, image_link)
    return RetailerListing(
        store=S.store,
        sku=combo or _item_number(cell, url),
        title=named.title,
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
        listing_kind="bundle" if combo else "card",
        components=_components(named.title, image_link) if combo else None,
        stock_text=button or (promo if _OUT_OF_STOCK.search(promo) else None) or None,
    )


def _combo_id(cell: Tag, page_url: str, url: str | None, image_link: Tag | None) -> str | None:
    """Combo.N when the cell is a combo deal (a link to ComboDealDetails, or a combo_cell_ id), else None."""
    links = [url, absolute(page_url, image_link.get("href")) if image_link is not None else None]
    for link in links:
        if link and S.combo_path_marker in urlsplit(link).path.lower():
            value = query_param(link, S.combo_param)
            if value:
                return value.split(",")[0].strip()
    cell_id = (cell.get("id") or "").strip()
    if cell_id.lower().startswith(S.combo_cell_id_prefix):
        number = cell_id[len(S.combo_cell_id_prefix) :].split("_")[0]
        return f"Combo.{number}" if number else None
    return None


def _components(title: str, image_link: Tag | None) -> str | None:
    """A combo's products as the page names them: its name (or image title) joined by " + "."""
    img = image_link.select_one("img") if image_link is not None else None
    for name in (title, decode_entities(img.get("title") or img.get("alt") or "") if img is not None else ""):
        lowered = name.lower()
        if " combo - " in lowered:  # "CPU Motherboard Memory Combo - A + B + C"
            name = name[lowered.index(" combo - ") + len(" combo - ") :]
        parts = [p.strip() for p in name.split(S.combo_separator) if p.strip()]
        if len(parts) >= 2:
            return " | ".join(parts)
    return None


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
    # last resort: the container's id is the dashed item number (13-119-709); the cell's id adds the grid
    # position (item_cell_13-119-709_2_0), so it is the very last
    container = cell if cell.css.match(S.item_container) else cell.select_one(S.item_container)
    return ((container.get("id") if container is not None else None) or cell.get("id") or "").strip()


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
