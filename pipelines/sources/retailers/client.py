"""Fetching a store politely: robots.txt, an honest User-Agent, a per-host rate limit, retries, page cap.

robots.txt is read as RFC 9309 says (with protego; `urllib.robotparser` takes the first matching rule instead
of the longest and knows no `*` or `$`): the longest matching path wins, Allow wins a tie, `*` and `$` are
wildcards. A 4xx answer means no robots.txt (everything allowed, RFC 9309 2.3.1.3); a 5xx or an unreachable
host after retries means the store is not crawled this run (complete disallow, 2.3.1.4). A `Crawl-delay`
slows the store's throttle to at most one request per that many seconds (never faster than configured).
"""

from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime

import httpx
from protego import Protego

from pipelines.sources.http_session import FetchError, HttpSession, redact_url
from pipelines.sources.retailers.page_problems import FIXES, PageProblem
from pipelines.sources.retailers.parsed_page import ParsedPage
from pipelines.sources.retailers.stores import StoreSpec

USER_AGENT = (
    "gpu-market/0.1 (+https://github.com/gpu-market/gpu-market; price research, one request per second)"
)
MAX_PAGES = 25
BLOCKED_STATUSES = frozenset({403, 429})  # on a store page (not an API): bot protection, after any retries


@dataclass(frozen=True)
class FetchedPage:
    url: str
    page: ParsedPage
    fetched_at: datetime


class RetailerClient:
    def __init__(self, spec: StoreSpec, session: HttpSession, max_pages: int = MAX_PAGES):
        self.spec, self._session, self._max_pages = spec, session, max_pages
        self._robots: Protego | None = None

    def _get(self, url: str) -> httpx.Response:
        headers = {"User-Agent": USER_AGENT, "Accept": "text/html,application/json"}
        return self._session.send(lambda: httpx.Request("GET", url, headers=headers))

    def allowed(self, url: str) -> bool:
        if not self.spec.honours_robots:
            return True
        if self._robots is None:
            response = self._get(
                f"{self.spec.base_url}/robots.txt"
            )  # 5xx/unreachable: FetchError, store skipped
            text = response.content.decode("utf-8", "replace") if response.status_code < 400 else ""
            self._robots = Protego.parse(text)  # 4xx: "unavailable", an empty file, everything allowed
            self._apply_crawl_delay(self._robots.crawl_delay(USER_AGENT))
        return self._robots.can_fetch(url, USER_AGENT)

    def _apply_crawl_delay(self, delay: float | None) -> None:
        throttle = self._session.throttle
        if delay and delay > 0:
            slowest = 1.0 / delay
            throttle.per_second = slowest if throttle.per_second <= 0 else min(throttle.per_second, slowest)

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
            if response.status_code in BLOCKED_STATUSES and self.spec.honours_robots:
                raise FetchError(
                    "blocked",
                    f"{self.spec.store}: HTTP {response.status_code} on {redact_url(url)}: "
                    f"the store refused the crawler; fix: {FIXES['blocked']}",
                    status=response.status_code,
                    attempts=1,
                )
            HttpSession.ok(response)
            try:
                page = self.spec.parse(response.content, url)
            except PageProblem as exc:
                raise FetchError(exc.kind, f"{exc} (page {redact_url(url)})", status=200) from None
            yield FetchedPage(url, page, datetime.now(UTC))
            url = self.spec.next_request_url(page, url)
        if url:
            raise FetchError("page_cap", f"stopped after {self._max_pages} pages; more at {redact_url(url)}")
