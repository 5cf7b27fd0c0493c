"""A real HTTP server on 127.0.0.1 that speaks eBay's token and Browse endpoints and serves retailer pages,
with injectable faults. Bounded: it refuses to serve more than `max_requests` and stops on exit.

Faults are queued per endpoint ("token", "search", or a store name) and consumed one per request:
  ("status", 429, retry_after) | ("status", 500|502|503, None) | ("slow", seconds) | ("reset",)
  | ("truncated",) | ("malformed",) | ("expired_token",) | ("loop",)
The server's own log records every item it served in a complete, valid 200 response.
"""

import json
import socket
import threading
import time
import zlib
from collections import defaultdict, deque
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlencode, urlsplit


def make_items(q: str, n: int) -> list[dict]:
    """n item summaries for query q, deterministic, in the Browse format."""
    slug = zlib.crc32(q.encode()) % 10**6
    return [{
        "itemId": f"v1|{slug:06d}{i:06d}|0", "title": f"{q} Graphics Card test listing {i}",
        "price": {"value": f"{300 + i:.2f}", "currency": "USD"}, "conditionId": "3000", "condition": "Used",
        "shippingOptions": [{"shippingCostType": "FIXED", "shippingCost": {"value": "0.00", "currency": "USD"}}],
        "buyingOptions": ["FIXED_PRICE"], "seller": {"username": "someone", "feedbackPercentage": "99.5", "feedbackScore": 50},
        "itemLocation": {"country": "US"}, "itemWebUrl": f"https://www.ebay.com/itm/{slug}{i}",
    } for i in range(n)]


class FakeMarket:
    def __init__(self, items_per_query: dict[str, int] | None = None, default_items: int = 0,
                 max_requests: int = 5000, token_ttl: int = 7200):
        self.items_per_query = items_per_query or {}
        self.default_items = default_items
        self.max_requests = max_requests
        self.token_ttl = token_ttl
        self.faults: dict[str, deque] = defaultdict(deque)
        self.served_items: list[str] = []
        self.requests: list[tuple[str, str, int]] = []  # (endpoint, path+query, status)
        self.tokens_issued = 0
        self.pages: dict[str, list[bytes]] = {}  # store -> pages for retailer endpoints
        self._lock = threading.Lock()
        self._valid_tokens: set[str] = set()
        self._server: ThreadingHTTPServer | None = None

    # -- control
    def add_faults(self, endpoint: str, *faults: tuple) -> None:
        self.faults[endpoint].extend(faults)

    @property
    def base_url(self) -> str:
        host, port = self._server.server_address[:2]
        return f"http://{host}:{port}"

    def __enter__(self) -> "FakeMarket":
        market = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args):  # quiet
                pass

            def do_POST(self):
                market._handle(self, "POST")

            def do_GET(self):
                market._handle(self, "GET")

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._server.daemon_threads = True
        threading.Thread(target=self._server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True).start()
        return self

    def __exit__(self, *exc) -> None:
        self._server.shutdown()
        self._server.server_close()

    # -- serving
    def _send(self, h, status: int, body: bytes, headers: dict | None = None, endpoint: str = "") -> None:
        h.send_response(status)
        for k, v in (headers or {}).items():
            h.send_header(k, v)
        h.send_header("Content-Length", str(len(body)))
        h.end_headers()
        h.wfile.write(body)
        with self._lock:
            self.requests.append((endpoint, h.path, status))

    def _fault(self, h, endpoint: str) -> bool:
        """Apply the next queued fault for this endpoint; True when the request was answered by it."""
        with self._lock:
            fault = self.faults[endpoint].popleft() if self.faults[endpoint] else None
        if fault is None:
            return False
        kind = fault[0]
        if kind == "status":
            headers = {"Retry-After": str(fault[2])} if len(fault) > 2 and fault[2] is not None else {}
            self._send(h, fault[1], b'{"errors":[{"message":"injected"}]}', headers, endpoint)
        elif kind == "slow":
            time.sleep(fault[1])
            return False  # then answer normally (the client has given up by then)
        elif kind == "reset":
            h.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, b"\x01\x00\x00\x00\x00\x00\x00\x00")
            h.connection.close()
            h.close_connection = True
            with self._lock:
                self.requests.append((endpoint, h.path, -1))
        elif kind == "truncated":
            h.send_response(200)
            h.send_header("Content-Type", "application/json")
            h.send_header("Content-Length", "5000")
            h.end_headers()
            h.wfile.write(b'{"itemSummaries": [{"itemId": "v1|9')
            h.wfile.flush()
            h.connection.close()
            h.close_connection = True
            with self._lock:
                self.requests.append((endpoint, h.path, -2))
        elif kind == "malformed":
            self._send(h, 200, b'{"itemSummaries": [ this is not json', {"Content-Type": "application/json"}, endpoint)
        elif kind == "expired_token":
            with self._lock:
                self._valid_tokens.clear()
            return False  # the request below now fails with 401
        elif kind == "loop":
            with self._lock:
                self._loop_next = True
            return False
        return True

    def _handle(self, h, method: str) -> None:
        with self._lock:
            if len(self.requests) >= self.max_requests:
                overflow = True
            else:
                overflow = False
        if overflow:
            self._send(h, 503, b"request budget of the fake server exhausted", endpoint="overflow")
            return
        url = urlsplit(h.path)
        length = int(h.headers.get("Content-Length") or 0)
        body = h.rfile.read(length) if length else b""
        if url.path == "/identity/v1/oauth2/token" and method == "POST":
            self._token(h, body)
        elif url.path == "/buy/browse/v1/item_summary/search":
            self._search(h, url)
        elif url.path == "/robots.txt":
            self._send(h, 200, b"User-agent: *\nAllow: /\n", {"Content-Type": "text/plain"}, "robots")
        elif url.path.startswith("/store/"):
            self._store(h, url)
        else:
            self._send(h, 404, b"{}", endpoint="unknown")

    def _token(self, h, body: bytes) -> None:
        if self._fault(h, "token"):
            return
        self.last_token_request = {"authorization": h.headers.get("Authorization"), "body": body.decode()}
        with self._lock:
            self.tokens_issued += 1
            token = f"token-{self.tokens_issued}"
            self._valid_tokens.add(token)
        payload = json.dumps({"access_token": token, "expires_in": self.token_ttl, "token_type": "Application Access Token"})
        self._send(h, 200, payload.encode(), {"Content-Type": "application/json"}, "token")

    def _search(self, h, url) -> None:
        if self._fault(h, "search"):
            return
        auth = h.headers.get("Authorization", "")
        with self._lock:
            valid = auth.removeprefix("Bearer ") in self._valid_tokens
        if not valid:
            self._send(h, 401, b'{"errors":[{"errorId":1001,"message":"Invalid access token"}]}', endpoint="search")
            return
        params = {k: v[0] for k, v in parse_qs(url.query).items()}
        q = params.get("q", "")
        items = make_items(q, self.items_per_query.get(q, self.default_items))
        limit, offset = int(params.get("limit", 50)), int(params.get("offset", 0))
        page = items[offset: offset + limit]
        payload: dict = {"href": self.base_url + h.path, "total": len(items), "limit": limit, "offset": offset}
        if page:
            payload["itemSummaries"] = page
        loop = getattr(self, "_loop_next", False)
        if loop:
            self._loop_next = False
            payload["next"] = self.base_url + h.path  # points back at itself
        elif offset + limit < len(items):
            params["offset"] = str(offset + limit)
            payload["next"] = f"{self.base_url}{url.path}?{urlencode(params)}"
        self._send(h, 200, json.dumps(payload).encode(), {"Content-Type": "application/json"}, "search")
        with self._lock:
            self.served_items.extend(i["itemId"] for i in page)

    def _store(self, h, url) -> None:
        store = url.path.split("/")[2]
        if self._fault(h, store):
            return
        n = int(parse_qs(url.query).get("page", ["1"])[0])
        pages = self.pages.get(store, [])
        if 1 <= n <= len(pages):
            self._send(h, 200, pages[n - 1], {"Content-Type": "text/html; charset=utf-8"}, store)
        else:
            self._send(h, 404, b"not found", endpoint=store)
