"""A real HTTP server on 127.0.0.1 that speaks eBay's token and Browse endpoints and serves the three
retailers' pages, with injectable faults. Bounded: it answers at most `max_requests` requests and only for
`max_seconds` (503 after either), never sleeps longer than `max_fault_sleep_s`, and stops on exit.

Routes (all on one host, so every base URL env var can point at it):
  POST /identity/v1/oauth2/token                         eBay token ("token")
  GET  /buy/browse/v1/item_summary/search                eBay Browse ("search", key: the `q` parameter)
  GET  /buy/marketplace_insights/v1_beta/item_sales/search  eBay sold items ("sold"; `sold_items` per `q`; the
       token for its scope is refused with 400 invalid_scope unless `insights_access`)
  GET  /robots.txt                                       `robots_txt` (default: allows everything) ("robots")
  GET  /p/pl?N=...&page=n                                Newegg page n ("newegg", key: n)
  GET  /category/<id>/video-cards?..., /search/search_results.aspx?...&page=n   Micro Center ("microcenter")
  GET  /v1/products(...)?apiKey=...&cursorMark=c         Best Buy, page by cursor ("bestbuy")
  GET  /store/<name>?page=n                              any store by name (older tests)

Faults are queued per endpoint, or per (endpoint, key) with `add_faults(..., key=...)`, and consumed one per
request (keyed faults first):
  ("status", 429, retry_after) | ("status", 500|502|503, None) | ("slow", seconds) | ("reset",)
  | ("truncated",) | ("malformed",) | ("expired_token",) | ("loop",) | ("empty",) | ("huge", n_bytes, declared)
  | ("invalid_client",) (the token endpoint's 401 for wrong keys, OAuth's error body)
  | ("ok",) (no fault: lets a queue skip a request)
"slow" sleeps and then drops the connection without answering (the client has given up by then).
"loop" makes the page's next link point back at a page already served. "huge" sends n_bytes, with or without a
Content-Length header.

The server's own log: `served_items` (eBay item ids) and `served_listings` ((store, sku, condition)) record
what went out in complete, valid 200 responses; `log` records every request with its outcome and time;
`injected` records every fault applied as (endpoint, key, path, fault kind, index of its entry in `log`).
Retailer pages come from `pipelines/sample_data/retailers/` with `retailer_pages=True`; `custom_items` serves
given item summaries for a query; `page_size` caps eBay pages (eBay may answer with fewer than `limit`).
"""

import json
import socket
import threading
import time
import zlib
from collections import defaultdict, deque
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import parse_qs, urlencode, urlsplit

SAMPLE_RETAILERS = Path(__file__).resolve().parents[2] / "pipelines" / "sample_data" / "retailers"
STORE_FILES = {
    "newegg": "search-page-{n}.html",
    "microcenter": "category-page-{n}.html",
    "bestbuy": "products-page-{n}.json",
}


def make_items(q: str, n: int) -> list[dict]:
    """n item summaries for query q, deterministic, in the Browse format."""
    slug = zlib.crc32(q.encode()) % 10**6
    return [
        {
            "itemId": f"v1|{slug:06d}{i:06d}|0",
            "title": f"{q} Graphics Card test listing {i}",
            "price": {"value": f"{300 + i:.2f}", "currency": "USD"},
            "conditionId": "3000",
            "condition": "Used",
            "shippingOptions": [
                {"shippingCostType": "FIXED", "shippingCost": {"value": "0.00", "currency": "USD"}}
            ],
            "buyingOptions": ["FIXED_PRICE"],
            "seller": {"username": "someone", "feedbackPercentage": "99.5", "feedbackScore": 50},
            "itemLocation": {"country": "US"},
            "itemWebUrl": f"https://www.ebay.com/itm/{slug}{i}",
        }
        for i in range(n)
    ]


def listing_keys(store: str, body: bytes, url: str) -> list[tuple[str, str, str]]:
    """(store, sku, condition) of every listing on a page, as the project's parsers read it."""
    from pipelines.sources.retailers.stores import bestbuy_spec, microcenter_spec, newegg_spec

    spec = {"newegg": newegg_spec(), "microcenter": microcenter_spec(), "bestbuy": bestbuy_spec("k")}[store]
    return [(x.store, x.sku, x.condition) for x in spec.parse(body, url).listings]


@dataclass(frozen=True)
class Request:
    at: float  # time.monotonic() when the request arrived
    endpoint: str
    key: str | None  # the search query, or the store page number / cursor
    path: str
    outcome: int | str  # HTTP status sent, or the fault that answered it: reset, slow, truncated, huge,
    #                     malformed, empty (a 200 whose body is unusable)


class FakeMarket:
    def __init__(
        self,
        items_per_query: dict[str, int] | None = None,
        default_items: int = 0,
        max_requests: int = 5000,
        token_ttl: int = 7200,
        *,
        page_size: int | None = None,
        custom_items: dict[str, list[dict]] | None = None,
        token_prefix: str = "token-",
        bestbuy_key: str | None = None,
        retailer_pages: bool = False,
        max_seconds: float = 120.0,
        max_fault_sleep_s: float = 3.0,
        robots_txt: bytes = b"User-agent: *\nAllow: /\n",
        sold_items: dict[str, list[dict]] | None = None,
        insights_access: bool = False,
    ):
        self.robots_txt = robots_txt
        self.sold_items = sold_items or {}
        self.insights_access = insights_access
        self.items_per_query = items_per_query or {}
        self.custom_items = custom_items or {}
        self.default_items = default_items
        self.max_requests = max_requests
        self.max_seconds = max_seconds
        self.max_fault_sleep_s = max_fault_sleep_s
        self.token_ttl = token_ttl
        self.page_size = page_size
        self.token_prefix = token_prefix
        self.bestbuy_key = bestbuy_key
        self.faults: dict[object, deque] = defaultdict(deque)
        self.served_items: list[str] = []
        self.served_listings: list[tuple[str, str, str]] = []
        self.requests: list[
            tuple[str, str, int]
        ] = []  # (endpoint, path+query, status); -1 reset, -2 truncated
        self.log: list[Request] = []
        self.injected: list[tuple[str, str | None, str, str, int]] = []  # (..., kind, index of its log entry)
        self.tokens_issued = 0
        self.issued_tokens: list[str] = []
        self.pages: dict[str, list[bytes]] = {}  # store -> pages for retailer endpoints
        self._lock = threading.Lock()
        self._valid_tokens: set[str] = set()
        self._loop_next = False
        self._server: ThreadingHTTPServer | None = None
        self._started = 0.0
        if retailer_pages:
            self.load_sample_retailers()

    # -- control
    def add_faults(self, endpoint: str, *faults: tuple, key: object = None) -> None:
        self.faults[endpoint if key is None else (endpoint, str(key))].extend(faults)

    def load_sample_retailers(self) -> None:
        """Serve the bundled sample pages of every store (`pipelines/sample_data/retailers/`)."""
        for store, pattern in STORE_FILES.items():
            pages, n = [], 1
            while (SAMPLE_RETAILERS / store / pattern.format(n=n)).exists():
                pages.append((SAMPLE_RETAILERS / store / pattern.format(n=n)).read_bytes())
                n += 1
            self.pages[store] = pages

    @property
    def base_url(self) -> str:
        host, port = self._server.server_address[:2]
        return f"http://{host}:{port}"

    def __enter__(self) -> "FakeMarket":
        market = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"
            timeout = 10  # a client that stops talking never holds a server thread for long
            disable_nagle_algorithm = True  # no 40 ms delayed-ACK stall between headers and body

            def log_message(self, *args):  # quiet
                pass

            def do_POST(self):
                market._handle(self, "POST")

            def do_GET(self):
                market._handle(self, "GET")

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._server.daemon_threads = True
        self._started = time.monotonic()
        threading.Thread(
            target=self._server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True
        ).start()
        return self

    def __exit__(self, *exc) -> None:
        self._server.shutdown()
        self._server.server_close()

    # -- the log
    def _record(self, endpoint: str, key, path: str, outcome: int | str) -> None:
        with self._lock:
            code = outcome if isinstance(outcome, int) else {"reset": -1, "truncated": -2}.get(outcome, -3)
            code = 200 if outcome in ("malformed", "empty") else code
            self.requests.append((endpoint, path, code))
            self.log.append(
                Request(time.monotonic(), endpoint, None if key is None else str(key), path, outcome)
            )

    # -- serving
    def _send(
        self,
        h,
        status: int,
        body: bytes,
        headers: dict | None = None,
        endpoint: str = "",
        key=None,
        outcome: str | None = None,
    ) -> None:
        h.send_response(status)
        for k, v in (headers or {}).items():
            h.send_header(k, v)
        h.send_header("Content-Length", str(len(body)))
        h.end_headers()
        h.wfile.write(body)
        h.wfile.flush()
        self._record(endpoint, key, h.path, outcome or status)

    def _drop(self, h, hard: bool) -> None:
        if hard:  # RST instead of FIN
            h.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, b"\x01\x00\x00\x00\x00\x00\x00\x00")
        h.connection.close()
        h.close_connection = True

    def _fault(self, h, endpoint: str, key=None) -> bool:
        """Apply the next queued fault for this endpoint; True when the request was answered by it."""
        with self._lock:
            queue = self.faults.get((endpoint, str(key))) if key is not None else None
            if not queue:
                queue = self.faults.get(endpoint)
            fault = queue.popleft() if queue else None
            if fault is not None and fault[0] != "ok":
                self.injected.append(
                    (endpoint, None if key is None else str(key), h.path, fault[0], len(self.log))
                )
        if fault is None or fault[0] == "ok":
            return False
        kind = fault[0]
        if kind == "status":
            headers = {"Retry-After": str(fault[2])} if len(fault) > 2 and fault[2] is not None else {}
            self._send(h, fault[1], b'{"errors":[{"message":"injected"}]}', headers, endpoint, key)
        elif kind == "slow":
            time.sleep(min(fault[1], self.max_fault_sleep_s))
            self._drop(h, hard=False)
            self._record(endpoint, key, h.path, "slow")
        elif kind == "reset":
            self._drop(h, hard=True)
            self._record(endpoint, key, h.path, "reset")
        elif kind == "truncated":
            h.send_response(200)
            h.send_header("Content-Type", "application/json")
            h.send_header("Content-Length", "5000")
            h.end_headers()
            h.wfile.write(b'{"itemSummaries": [{"itemId": "v1|9')
            h.wfile.flush()
            self._drop(h, hard=False)
            self._record(endpoint, key, h.path, "truncated")
        elif kind == "malformed":
            body = (
                b"<html><body>Service temporarily unavailable"
                if endpoint in self.pages and endpoint != "bestbuy"
                else b'{"itemSummaries": [ this is not json'
            )
            self._send(h, 200, body, {"Content-Type": "application/json"}, endpoint, key, outcome="malformed")
        elif kind == "empty":
            self._send(h, 200, b"", {"Content-Type": "text/html"}, endpoint, key, outcome="empty")
        elif kind == "huge":
            n_bytes, declared = fault[1], fault[2]
            h.send_response(200)
            h.send_header("Content-Type", "text/html")
            if declared:
                h.send_header("Content-Length", str(n_bytes))
            else:
                h.send_header("Connection", "close")  # body delimited by closing the connection
            h.end_headers()
            chunk = b"<div>" + b"x" * 65_530 + b"</div>"
            sent = 0
            try:
                while sent < n_bytes:
                    piece = chunk[: n_bytes - sent]
                    h.wfile.write(piece)
                    sent += len(piece)
            except OSError:
                pass  # the client stopped reading at its size cap
            self._drop(h, hard=False)
            self._record(endpoint, key, h.path, "huge")
        elif kind == "invalid_client":
            body = b'{"error":"invalid_client","error_description":"client authentication failed"}'
            self._send(h, 401, body, {"Content-Type": "application/json"}, endpoint, key)
        elif kind == "expired_token":
            with self._lock:
                self._valid_tokens.clear()
            return False  # the request below now fails with 401
        elif kind == "loop":
            with self._lock:
                self._loop_next = True
            return False
        else:
            raise ValueError(f"unknown fault {fault!r}")
        return True

    def _handle(self, h, method: str) -> None:
        try:
            self._dispatch(h, method)
        except OSError:  # the client went away mid-answer: nothing to serve
            h.close_connection = True

    def _dispatch(self, h, method: str) -> None:
        with self._lock:
            overflow = (
                len(self.requests) >= self.max_requests or time.monotonic() - self._started > self.max_seconds
            )
        if overflow:
            self._send(h, 503, b"request or time budget of the fake server exhausted", endpoint="overflow")
            return
        url = urlsplit(h.path)
        length = int(h.headers.get("Content-Length") or 0)
        body = h.rfile.read(length) if length else b""
        params = {k: v[0] for k, v in parse_qs(url.query).items()}
        if url.path == "/identity/v1/oauth2/token" and method == "POST":
            self._token(h, body)
        elif url.path == "/buy/browse/v1/item_summary/search":
            self._search(h, url)
        elif url.path == "/buy/marketplace_insights/v1_beta/item_sales/search":
            self._search(h, url, sold=True)
        elif url.path == "/robots.txt":
            if not self._fault(h, "robots"):
                self._send(h, 200, self.robots_txt, {"Content-Type": "text/plain"}, "robots")
        elif url.path.startswith("/store/"):
            self._store(h, url.path.split("/")[2], int(params.get("page", "1")))
        elif url.path == "/p/pl":
            self._store(h, "newegg", int(params.get("page", "1")))
        elif url.path.startswith("/category/") or url.path == "/search/search_results.aspx":
            self._store(h, "microcenter", int(params.get("page", "1")))
        elif url.path.startswith("/v1/products"):
            if self.bestbuy_key is not None and params.get("apiKey") != self.bestbuy_key:
                self._send(h, 401, b'{"error": "invalid api key"}', endpoint="bestbuy")
                return
            self._store(h, "bestbuy", self._bestbuy_page(params.get("cursorMark", "*")))
        else:
            self._send(h, 404, b"{}", endpoint="unknown")

    def _bestbuy_page(self, cursor: str) -> int:
        """Page n of Best Buy: "*" is page 1, page n's nextCursorMark is page n + 1."""
        if cursor == "*":
            return 1
        for n, body in enumerate(self.pages.get("bestbuy", []), start=1):
            if json.loads(body).get("nextCursorMark") == cursor:
                return n + 1
        return 0

    def _token(self, h, body: bytes) -> None:
        if self._fault(h, "token"):
            return
        self.last_token_request = {"authorization": h.headers.get("Authorization"), "body": body.decode()}
        scope = parse_qs(body.decode()).get("scope", [""])[0]
        if "buy.marketplace.insights" in scope and not self.insights_access:
            self._send(
                h,
                400,
                b'{"error":"invalid_scope","error_description":"The requested scope is invalid, unknown, '
                b'malformed, or exceeds the scope granted to the client"}',
                {"Content-Type": "application/json"},
                "token",
            )
            return
        with self._lock:
            self.tokens_issued += 1
            token = f"{self.token_prefix}{self.tokens_issued}"
            self.issued_tokens.append(token)
            self._valid_tokens.add(token)
        payload = json.dumps(
            {"access_token": token, "expires_in": self.token_ttl, "token_type": "Application Access Token"}
        )
        self._send(h, 200, payload.encode(), {"Content-Type": "application/json"}, "token")

    def _search(self, h, url, sold: bool = False) -> None:
        params = {k: v[0] for k, v in parse_qs(url.query).items()}
        q = params.get("q", "")
        endpoint = "sold" if sold else "search"
        if self._fault(h, endpoint, q):
            return
        auth = h.headers.get("Authorization", "")
        with self._lock:
            valid = auth.removeprefix("Bearer ") in self._valid_tokens
        if not valid:
            self._send(
                h,
                401,
                b'{"errors":[{"errorId":1001,"message":"Invalid access token"}]}',
                endpoint=endpoint,
                key=q,
            )
            return
        if sold:
            items = self.sold_items.get(q, [])
        else:
            items = self.custom_items.get(q) or make_items(q, self.items_per_query.get(q, self.default_items))
        if not sold and "aspect_filter" in params:
            items = [i for i in items if _matches(i, params["aspect_filter"])]
        limit, offset = int(params.get("limit", 50)), int(params.get("offset", 0))
        if self.page_size:
            limit = min(limit, self.page_size)  # eBay may answer with a smaller page than asked for
        page = items[offset : offset + limit]
        payload: dict = {
            "href": self.base_url + h.path,
            "total": len(items),
            "limit": limit,
            "offset": offset,
        }
        if page:
            payload["itemSales" if sold else "itemSummaries"] = page
        if not sold and "ASPECT_REFINEMENTS" in params.get("fieldgroups", ""):
            payload["refinement"] = _refinement(items)
        with self._lock:
            loop, self._loop_next = self._loop_next, False
        if loop:
            payload["next"] = self.base_url + h.path  # points back at itself
        elif offset + limit < len(items):
            params["offset"] = str(offset + limit)
            params["limit"] = str(limit)
            payload["next"] = f"{self.base_url}{url.path}?{urlencode(params)}"
        self._send(h, 200, json.dumps(payload).encode(), {"Content-Type": "application/json"}, endpoint, q)
        if sold:
            return
        with self._lock:
            self.served_items.extend(i["itemId"] for i in page if isinstance(i, dict) and "itemId" in i)

    def _store(self, h, store: str, n: int) -> None:
        if self._fault(h, store, n):
            return
        pages = self.pages.get(store, [])
        with self._lock:
            loop, self._loop_next = self._loop_next, False
        if loop and pages:
            n = 1  # page 1 again, whose next link leads back to the page just asked for
        if 1 <= n <= len(pages):
            body = pages[n - 1]
            kind = "application/json" if store == "bestbuy" else "text/html; charset=utf-8"
            self._send(h, 200, body, {"Content-Type": kind}, store, n)
            keys = listing_keys(store, body, self.base_url + h.path)
            with self._lock:
                self.served_listings.extend(keys)
        else:
            self._send(h, 404, b"not found", endpoint=store, key=n)


def _refinement(items: list[dict]) -> dict:
    """fieldgroups=ASPECT_REFINEMENTS: how many of the search's items carry each aspect value (the simulated
    market's `simAspects`, tests/support/market_sim.py), in the Browse API's shape."""
    counts: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    for item in items:
        for name, value in (item.get("simAspects") or {}).items() if isinstance(item, dict) else ():
            counts[name][value] += 1
    return {
        "dominantCategoryId": "27386",
        "aspectDistributions": [
            {
                "localizedAspectName": name,
                "aspectValueDistributions": [
                    {"localizedAspectValue": v, "matchCount": n} for v, n in sorted(values.items())
                ],
            }
            for name, values in sorted(counts.items())
        ],
    }


def _matches(item: object, aspect_filter: str) -> bool:
    """Whether an item's `simAspects` satisfy `categoryId:27386,Name:{v1|v2}` (one aspect, as the client sends;
    the simulated values hold no `|`, so none is escaped)."""
    _, _, rest = aspect_filter.partition(",")
    name, _, values = rest.partition(":")
    wanted = set(values.strip("{}").split("|"))
    return isinstance(item, dict) and (item.get("simAspects") or {}).get(name) in wanted
