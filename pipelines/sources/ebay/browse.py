"""eBay Buy Browse API `item_summary/search`, paged by following `next`.

GET {base}/buy/browse/v1/item_summary/search?q=...&category_ids=27386&limit=200&filter=...
with `Authorization: Bearer <token>`, the query's marketplace in `X-EBAY-C-MARKETPLACE-ID` and its language in
`Accept-Language` (pipelines/sources/ebay/marketplaces.py). Paging follows the `next` href (not
`total`), stops at eBay's 10,000-item cap, and tolerates pages without `itemSummaries`. A 401 gets a new
token once and is retried. Bodies that are not JSON raise FetchError("malformed_json").

The first page also asks for `fieldgroups=ASPECT_REFINEMENTS,MATCHING_ITEMS` (the items and, in the same
call, how many carry each aspect value: `refinement.aspectDistributions`), and `aspect_items` runs the same
search once more with an `aspect_filter` (transforms/ebay_aspects.py).
"""

import json
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from urllib.parse import urlencode, urlsplit

import httpx

from pipelines.sources.ebay.auth import EbayTokenProvider
from pipelines.sources.ebay.queries import SearchQuery
from pipelines.sources.http_session import FetchError, HttpSession, redact_url

SEARCH_PATH = "/buy/browse/v1/item_summary/search"
MAX_RESULTS = 10_000  # eBay returns at most 10,000 items for one search (offset + limit <= 10,000)
PAGE_LIMIT = 200


@dataclass(frozen=True)
class SearchPage:
    query: SearchQuery
    url: str
    items: list[dict]
    fetched_at: datetime
    not_objects: int = 0  # entries of itemSummaries that were not JSON objects (dropped, counted)
    refinement: object = None  # the first page's `refinement` as sent (fieldgroups=ASPECT_REFINEMENTS)


class EbayBrowseClient:
    def __init__(
        self, session: HttpSession, tokens: EbayTokenProvider, base_url: str = "https://api.ebay.com"
    ):
        self._session, self._tokens = session, tokens
        self._base = base_url.rstrip("/")

    path = SEARCH_PATH
    items_key = "itemSummaries"
    # the first page's fieldgroups: the matching items and, in the same call, the aspect distributions
    fieldgroups: str | None = "ASPECT_REFINEMENTS,MATCHING_ITEMS"

    def search_filter(self, query: SearchQuery) -> str:
        return query.filter

    def first_page_url(self, query: SearchQuery, aspect_filter: str | None = None) -> str:
        params = {
            "q": query.q,
            "category_ids": query.category_id,
            "limit": str(PAGE_LIMIT),
            "filter": self.search_filter(query),
        }
        if aspect_filter:
            params["aspect_filter"] = aspect_filter
        elif self.fieldgroups:
            params["fieldgroups"] = self.fieldgroups
        # the string httpx.URL(..., params=params) builds (tests/pipelines/test_ebay_client.py), at a tenth
        # of its cost: httpx checks every character of the URL, and the request parses it once more anyway
        return f"{self._base}{self.path}?{urlencode(params)}"

    def aspect_items(self, query: SearchQuery, aspect_filter: str) -> tuple[list[str], int]:
        """One call: the item ids of the search's first page under `aspect_filter` (at most 200), and how
        many items eBay says match it in all (`total`)."""
        url = self.first_page_url(query, aspect_filter)
        payload = self._get_json(url, query)
        items = self._items(payload, url)
        ids = [i["itemId"] for i in items if isinstance(i, dict) and isinstance(i.get("itemId"), str)]
        total = payload.get("total")
        return ids, total if isinstance(total, int) and total >= len(ids) else len(ids)

    def _get_json(self, url: str, query: SearchQuery) -> dict:
        def build() -> httpx.Request:
            headers = {
                "Authorization": f"Bearer {self._tokens.token()}",
                "X-EBAY-C-MARKETPLACE-ID": query.marketplace_id,
                "Accept-Language": query.language,
                "Accept": "application/json",
            }
            return httpx.Request("GET", url, headers=headers)

        response = self._session.send(build)
        if response.status_code == 401:  # token expired or revoked: one fresh token, one retry
            self._tokens.invalidate()
            response = self._session.send(build)
        HttpSession.ok(response)
        try:
            payload = json.loads(response.content)
        except ValueError as exc:
            raise FetchError(
                "malformed_json", f"body of {redact_url(url)} is not JSON: {exc}", status=200
            ) from None
        if not isinstance(payload, dict):
            raise FetchError("malformed_json", f"body of {redact_url(url)} is not a JSON object", status=200)
        return payload

    def _items(self, payload: dict, url: str) -> list:
        """The page's items (none when the key is absent); FetchError when they are not a list."""
        items = payload.get(self.items_key) or []
        if not isinstance(items, list):
            raise FetchError("malformed_json", f"{self.items_key} is not a list on {redact_url(url)}")
        return items

    def _same_origin(self, url: str) -> bool:
        base, other = urlsplit(self._base), urlsplit(url)
        return (base.scheme, base.netloc) == (other.scheme, other.netloc)

    def search(self, query: SearchQuery) -> Iterator[SearchPage]:
        """Yield each page of results. Raises FetchError for a page that fails; pages already yielded stay."""
        url: str | None = self.first_page_url(query)
        seen_urls: set[str] = set()
        received = 0
        while url:
            if url in seen_urls:
                raise FetchError("page_loop", f"`next` points back to a page already read: {redact_url(url)}")
            seen_urls.add(url)
            payload = self._get_json(url, query)
            items = self._items(payload, url)
            objects = [i for i in items if isinstance(i, dict)]
            refinement = payload.get("refinement") if len(seen_urls) == 1 else None  # the first page's
            yield SearchPage(query, url, objects, datetime.now(UTC), len(items) - len(objects), refinement)
            received += len(items)
            offset = int(payload.get("offset") or 0)
            limit = int(payload.get("limit") or PAGE_LIMIT)
            url = payload.get("next")
            if url and not self._same_origin(url):
                raise FetchError("page_loop", f"`next` leaves the API host: {redact_url(url)}")
            if offset + limit >= MAX_RESULTS or received >= MAX_RESULTS:
                url = None
