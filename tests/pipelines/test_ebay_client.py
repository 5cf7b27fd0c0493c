"""The eBay Browse client against httpx mock transports: auth, token reuse and refresh, filter, paging,
retries, malformed JSON, and the call budget."""

import base64
import json
from urllib.parse import parse_qs

import httpx
import pytest

from pipelines.sources.ebay.auth import SCOPE, EbayTokenProvider
from pipelines.sources.ebay.browse import MAX_RESULTS, EbayBrowseClient
from pipelines.sources.ebay.queries import SearchQuery, build_filter
from pipelines.sources.http_session import BudgetExhausted, CallBudget, FetchError, HttpSession, RetryPolicy

BASE = "https://api.ebay.test"


class Recorder:
    """A scripted eBay: answers from a list of handlers, records every request."""

    def __init__(self, search_responses=None, token_ttl=7200):
        self.requests: list[httpx.Request] = []
        self.search_responses = list(search_responses or [])
        self.tokens = 0
        self.token_ttl = token_ttl

    def __call__(self, request: httpx.Request) -> httpx.Response:
        self.requests.append(request)
        if request.url.path == "/identity/v1/oauth2/token":
            self.tokens += 1
            return httpx.Response(
                200, json={"access_token": f"tok{self.tokens}", "expires_in": self.token_ttl}
            )
        response = self.search_responses.pop(0)
        return response(request) if callable(response) else response

    @property
    def searches(self):
        return [r for r in self.requests if r.url.path.endswith("/item_summary/search")]


def make_client(recorder, budget=None, sleeps=None, clock=None, max_attempts=4):
    http = httpx.Client(transport=httpx.MockTransport(recorder))
    session = HttpSession(
        http,
        RetryPolicy(max_attempts=max_attempts, base_delay_s=0.1),
        budget=budget,
        sleep=(sleeps.append if sleeps is not None else lambda s: None),
    )
    tokens = EbayTokenProvider(session, BASE, "my-id", "my-secret", **({"clock": clock} if clock else {}))
    return EbayBrowseClient(session, tokens, BASE), tokens


QUERY = SearchQuery("rtx-3090", "RTX 3090", build_filter())


def page(items, next_url=None, offset=0, limit=200):
    body = {"total": 999, "offset": offset, "limit": limit}
    if items is not None:
        body["itemSummaries"] = items
    if next_url:
        body["next"] = next_url
    return httpx.Response(200, json=body)


def test_token_request_has_exact_basic_auth_and_form_body():
    rec = Recorder([page([{"itemId": "v1|1|0"}])])
    client, _ = make_client(rec)
    list(client.search(QUERY))
    token_request = rec.requests[0]
    assert token_request.method == "POST"
    assert str(token_request.url) == f"{BASE}/identity/v1/oauth2/token"
    expected = base64.b64encode(b"my-id:my-secret").decode()
    assert token_request.headers["Authorization"] == f"Basic {expected}"
    assert token_request.headers["Content-Type"] == "application/x-www-form-urlencoded"
    assert parse_qs(token_request.content.decode()) == {
        "grant_type": ["client_credentials"],
        "scope": [SCOPE],
    }


def test_search_request_parameters_filter_and_headers():
    rec = Recorder([page([])])
    client, _ = make_client(rec)
    list(client.search(QUERY))
    search = rec.searches[0]
    params = dict(search.url.params)
    assert search.url.path == "/buy/browse/v1/item_summary/search"
    assert params["q"] == "RTX 3090"
    assert params["category_ids"] == "27386"
    assert params["limit"] == "200"
    assert params["filter"] == (
        "buyingOptions:{FIXED_PRICE},conditionIds:{1000|1500|2000|2010|2020|2030|2500|3000|7000},"
        "priceCurrency:USD,itemLocationCountry:US"
    )
    assert search.headers["Authorization"] == "Bearer tok1"
    assert search.headers["X-EBAY-C-MARKETPLACE-ID"] == "EBAY_US"


def test_search_urls_are_the_ones_httpx_builds_from_the_same_parameters():
    """first_page_url encodes with urllib (a tenth of httpx's cost): the same string httpx.URL(params=) builds,
    for every catalog search on every marketplace and for odd characters, with and without an aspect filter."""
    from pipelines.sources.ebay.marketplaces import MARKETPLACES
    from pipelines.sources.ebay.queries import queries_for_catalog
    from warehouse.catalog import load_catalog

    client, _ = make_client(Recorder())
    odd = SearchQuery("x", 'RTX 4090 "FE" 24GB & 100% ~ok* ü/€+', build_filter())
    queries = [*queries_for_catalog(load_catalog(), marketplaces=list(MARKETPLACES)), odd]
    aspects = [
        None,
        "categoryId:27386,Chipset/GPU Model:{NVIDIA GeForce RTX 3090|NVIDIA GeForce RTX 3090 Ti}",
    ]
    for query in queries:
        for aspect_filter in aspects:
            params = {"q": query.q, "category_ids": query.category_id, "limit": "200", "filter": query.filter}
            params.update(
                {"aspect_filter": aspect_filter} if aspect_filter else {"fieldgroups": client.fieldgroups}
            )
            httpx_url = str(httpx.URL(BASE + client.path, params=params))
            assert client.first_page_url(query, aspect_filter) == httpx_url, query
    assert len(queries) > 400


def test_price_bounds_need_currency_and_use_range_syntax():
    f = build_filter(price_min=100, price_max=450.5)
    assert "priceCurrency:USD" in f and f.endswith("price:[100..450.5]")
    assert build_filter(price_min=50).endswith("price:[50..]")


def test_paging_follows_next_not_total_and_tolerates_pages_without_items():
    nxt1 = f"{BASE}/buy/browse/v1/item_summary/search?q=RTX+3090&offset=200&limit=200"
    nxt2 = f"{BASE}/buy/browse/v1/item_summary/search?q=RTX+3090&offset=400&limit=200"
    rec = Recorder(
        [page([{"itemId": "a"}], nxt1), page(None, nxt2, offset=200), page([{"itemId": "b"}], offset=400)]
    )
    client, _ = make_client(rec)
    pages = list(client.search(QUERY))
    assert [len(p.items) for p in pages] == [1, 0, 1]
    assert [str(r.url) for r in rec.searches[1:]] == [nxt1, nxt2]


def test_paging_stops_at_the_10000_item_cap():
    def endless(request):
        offset = int(request.url.params.get("offset", 0))
        return page(
            [{"itemId": f"i{offset + k}"} for k in range(200)],
            f"{BASE}/buy/browse/v1/item_summary/search?q=x&offset={offset + 200}&limit=200",
            offset=offset,
        )

    rec = Recorder([endless] * 100)
    client, _ = make_client(rec)
    items = [i for p in client.search(QUERY) for i in p.items]
    assert len(items) == MAX_RESULTS
    assert len(rec.searches) == MAX_RESULTS // 200


def test_token_is_reused_until_shortly_before_expiry_then_refreshed():
    now = [0.0]
    rec = Recorder([page([])] * 3, token_ttl=7200)
    client, tokens = make_client(rec, clock=lambda: now[0])
    list(client.search(QUERY))
    now[0] = 3600
    list(client.search(QUERY))
    assert rec.tokens == 1
    now[0] = 7200 - 60  # inside the refresh margin
    list(client.search(QUERY))
    assert rec.tokens == 2
    assert rec.searches[-1].headers["Authorization"] == "Bearer tok2"


def test_401_gets_one_new_token_and_one_retry():
    rec = Recorder([httpx.Response(401, json={}), page([{"itemId": "a"}])])
    client, _ = make_client(rec)
    items = [i for p in client.search(QUERY) for i in p.items]
    assert items == [{"itemId": "a"}]
    assert rec.tokens == 2
    assert [r.headers["Authorization"] for r in rec.searches] == ["Bearer tok1", "Bearer tok2"]


def test_429_waits_for_retry_after_then_succeeds():
    sleeps = []
    rec = Recorder([httpx.Response(429, headers={"Retry-After": "7"}), page([{"itemId": "a"}])])
    client, _ = make_client(rec, sleeps=sleeps)
    assert [i for p in client.search(QUERY) for i in p.items] == [{"itemId": "a"}]
    assert sleeps == [7.0]


@pytest.mark.parametrize("status", [500, 502, 503, 504])
def test_5xx_is_retried_with_backoff(status):
    sleeps = []
    rec = Recorder([httpx.Response(status), httpx.Response(status), page([{"itemId": "a"}])])
    client, _ = make_client(rec, sleeps=sleeps)
    assert len([i for p in client.search(QUERY) for i in p.items]) == 1
    assert len(sleeps) == 2 and all(0 <= s <= 30 for s in sleeps)


def test_attempts_are_bounded_and_the_failure_says_why():
    rec = Recorder([httpx.Response(503)] * 10)
    client, _ = make_client(rec, max_attempts=3)
    with pytest.raises(FetchError) as err:
        list(client.search(QUERY))
    assert err.value.kind == "http_status" and err.value.status == 503 and err.value.attempts == 3
    assert len(rec.searches) == 3


def test_timeouts_are_retried():
    calls = []

    def flaky(request):
        calls.append(1)
        if len(calls) == 1:
            raise httpx.ReadTimeout("slow", request=request)
        return page([{"itemId": "a"}])

    rec = Recorder([flaky, flaky])
    client, _ = make_client(rec)
    assert len([i for p in client.search(QUERY) for i in p.items]) == 1


def test_malformed_json_is_a_clear_error():
    rec = Recorder([httpx.Response(200, content=b'{"itemSummaries": [ nope')])
    client, _ = make_client(rec)
    with pytest.raises(FetchError) as err:
        list(client.search(QUERY))
    assert err.value.kind == "malformed_json" and "not JSON" in err.value.reason


def test_budget_stops_calls():
    rec = Recorder([page([])] * 10)
    budget = CallBudget(limit=3)
    client, _ = make_client(rec, budget=budget)
    list(client.search(QUERY))  # token + search = 2 calls
    with pytest.raises(BudgetExhausted):
        list(client.search(QUERY))  # 1 call left: the search; then nothing
        list(client.search(QUERY))
    assert budget.used == 3
    assert len(rec.requests) == 3


def test_a_next_link_that_loops_is_stopped():
    loop = f"{BASE}/buy/browse/v1/item_summary/search?q=x&offset=200&limit=200"
    rec = Recorder([page([{"itemId": "a"}], loop), page([{"itemId": "b"}], loop, offset=200)])
    client, _ = make_client(rec)
    got = []
    with pytest.raises(FetchError) as err:
        for p in client.search(QUERY):
            got.extend(p.items)
    assert err.value.kind == "page_loop"
    assert got == [{"itemId": "a"}, {"itemId": "b"}]


def test_the_secret_never_appears_in_repr_or_errors():
    rec = Recorder([httpx.Response(503)] * 10)
    client, tokens = make_client(rec, max_attempts=2)
    with pytest.raises(FetchError) as err:
        list(client.search(QUERY))
    assert "my-secret" not in repr(tokens) and "my-secret" not in str(err.value)
    assert json.dumps(err.value.reason).find("my-secret") == -1
