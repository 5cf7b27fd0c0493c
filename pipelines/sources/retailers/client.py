"""Fetching a store politely: robots.txt, an honest User-Agent, a per-host rate limit, retries, page cap."""

import urllib.robotparser
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime

import httpx

from pipelines.sources.http_policy import FetchError, HttpSession, redact_url
from pipelines.sources.retailers.listing import LayoutChangedError, ParsedPage
from pipelines.sources.retailers.stores import StoreSpec

USER_AGENT = "gpu-market/0.1 (+https://github.com/gpu-market/gpu-market; price research, one request per second)"
MAX_PAGES = 25


@dataclass(frozen=True)
class FetchedPage:
    url: str
    page: ParsedPage
    fetched_at: datetime


class RetailerClient:
    def __init__(self, spec: StoreSpec, session: HttpSession, max_pages: int = MAX_PAGES):
        self.spec, self._session, self._max_pages = spec, session, max_pages
        self._robots: urllib.robotparser.RobotFileParser | None = None

    def _get(self, url: str) -> httpx.Response:
        headers = {"User-Agent": USER_AGENT, "Accept": "text/html,application/json"}
        return self._session.send(lambda: httpx.Request("GET", url, headers=headers))

    def allowed(self, url: str) -> bool:
        if not self.spec.honours_robots:
            return True
        if self._robots is None:
            parser = urllib.robotparser.RobotFileParser()
            response = self._get(f"{self.spec.base_url}/robots.txt")
            if response.status_code in (401, 403):
                parser.disallow_all = True
            elif response.status_code >= 400:
                parser.allow_all = True  # no robots.txt: everything allowed (RFC 9309)
            else:
                parser.parse(response.text.splitlines())
            self._robots = parser
        return self._robots.can_fetch(USER_AGENT, url)

    def status_of(self, url: str) -> int:
        """The HTTP status one GET of `url` answers (for `make doctor`)."""
        return self._get(url).status_code

    def pages(self) -> Iterator[FetchedPage]:
        """Yield each parsed page; raise FetchError for the page that fails (earlier pages stay yielded)."""
        url: str | None = self.spec.first_url
        seen: set[str] = set()
        for _ in range(self._max_pages):
            if not url:
                return
            if url in seen:
                raise FetchError("page_loop", f"next page points back to {redact_url(url)}")
            seen.add(url)
            if not self.allowed(url):
                raise FetchError("robots_disallowed", f"robots.txt disallows {redact_url(url)}")
            response = self._get(url)
            if response.status_code != 200:
                raise FetchError("http_status", f"HTTP {response.status_code} on {redact_url(url)}",
                                 status=response.status_code, attempts=1)
            try:
                page = self.spec.parse(response.content, url)
            except LayoutChangedError as exc:
                raise FetchError("layout_changed", f"{exc} on {redact_url(url)}", status=200) from None
            yield FetchedPage(url, page, datetime.now(UTC))
            url = self.spec.next_request_url(page, url)
        if url:
            raise FetchError("page_cap", f"stopped after {self._max_pages} pages; more at {redact_url(url)}")
