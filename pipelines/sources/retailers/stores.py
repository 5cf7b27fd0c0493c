"""The three stores behind one interface: where to start, how to read a page, where the next one is.

Newegg and Micro Center are HTML pages (robots.txt honoured); Best Buy is its Products API (JSON, key in
the query string, cursor paging; it answers 403 when over its rate limit, so 403 is retried there).
"""

import json
from collections.abc import Callable
from dataclasses import dataclass

import httpx

from pipelines.sources.retailers import bestbuy, microcenter, newegg
from pipelines.sources.retailers.page_problems import PageProblem
from pipelines.sources.retailers.parsed_page import ParsedPage

NEWEGG_GPU_CATEGORY = "100007709"  # Desktop Graphics Cards
MICROCENTER_GPU_CATEGORY = "4294966937"  # Video Cards
BESTBUY_API = "https://api.bestbuy.com"


@dataclass(frozen=True)
class StoreSpec:
    store: str
    base_url: str
    first_url: str
    parse: Callable[[bytes, str], ParsedPage]
    honours_robots: bool
    rate_limit_statuses: frozenset[int] = frozenset({429})
    cursor_param: str | None = None  # paging by cursor: the parser's next_url is the cursor value

    def next_request_url(self, page: ParsedPage, current_url: str) -> str | None:
        if not page.next_url or self.cursor_param is None:
            return page.next_url
        return str(httpx.URL(current_url).copy_set_param(self.cursor_param, page.next_url))


def _parse_bestbuy(body: bytes, url: str) -> ParsedPage:
    try:
        payload = json.loads(body)
    except ValueError as exc:
        raise PageProblem("bestbuy", "malformed_json", f"response is not JSON ({exc})") from None
    if not isinstance(payload, dict):
        raise PageProblem("bestbuy", "malformed_json", "response is not a JSON object")
    return bestbuy.parse_products_response(payload)


def newegg_spec(base_url: str = "https://www.newegg.com") -> StoreSpec:
    base = base_url.rstrip("/")
    return StoreSpec(
        "newegg",
        base,
        f"{base}/p/pl?N={NEWEGG_GPU_CATEGORY}",
        lambda body, url: newegg.parse_search_page(body.decode("utf-8", "replace"), url),
        True,
    )


def microcenter_spec(base_url: str = "https://www.microcenter.com", store_id: str = "131") -> StoreSpec:
    base = base_url.rstrip("/")
    return StoreSpec(
        "microcenter",
        base,
        f"{base}/category/{MICROCENTER_GPU_CATEGORY}/video-cards?storeid={store_id}",
        lambda body, url: microcenter.parse_category_page(body.decode("utf-8", "replace"), url),
        True,
    )


def bestbuy_spec(api_key: str, base_url: str = BESTBUY_API, page_size: int = 100) -> StoreSpec:
    path, params = bestbuy.products_request(api_key, "*", page_size)
    url = httpx.URL(path.replace(BESTBUY_API, base_url.rstrip("/")), params=params)
    return StoreSpec(
        "bestbuy",
        base_url.rstrip("/"),
        str(url),
        _parse_bestbuy,
        False,
        rate_limit_statuses=frozenset({403, 429}),
        cursor_param="cursorMark",
    )
