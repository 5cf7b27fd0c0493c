"""How every source client talks HTTP: bounded retries with backoff and jitter, Retry-After, a per-second
throttle, a daily call budget, a response size cap, and URLs with credentials redacted.

Written by hand rather than with tenacity because the loop needs to count every attempt against the
budget, read `Retry-After` from the failed response, and report the last status in one error object;
with those three the hand-written loop is shorter than the decorator configuration.
"""

import email.utils
import functools
import logging
import random
import ssl
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

import httpx

from pipelines.sources.circuit_breaker import CircuitBreaker
from pipelines.sources.fetch_error import FetchError

__all__ = [
    "BudgetExhausted",
    "CallBudget",
    "FetchError",
    "HttpSession",
]  # FetchError: where the clients import it


SECRET_PARAMS = {"apikey", "api_key", "key", "token", "access_token", "client_secret"}


def redact_url(url: str | httpx.URL) -> str:
    """The URL with credential query parameters replaced by `***`."""
    parts = urlsplit(str(url))
    query = [(k, "***" if k.lower() in SECRET_PARAMS else v) for k, v in parse_qsl(parts.query, True)]
    return urlunsplit(parts._replace(query=urlencode(query, safe="|{}:,[]()=*")))


class _RedactUrls(logging.Filter):
    """httpx logs every request's full URL at INFO ("HTTP Request: GET <url> ..."); Best Buy's key is in its
    query string. Redact URL arguments before any handler sees the record."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.args, tuple):
            record.args = tuple(
                redact_url(a) if isinstance(a, httpx.URL) or (isinstance(a, str) and "://" in a) else a
                for a in record.args
            )
        return True


_httpx_logger = logging.getLogger("httpx")
if not any(isinstance(f, _RedactUrls) for f in _httpx_logger.filters):
    _httpx_logger.addFilter(_RedactUrls())


class BudgetExhausted(FetchError):
    def __init__(self, limit: int):
        super().__init__("budget_exhausted", f"daily call budget of {limit} calls is used up")


@dataclass
class CallBudget:
    """Calls allowed per UTC day; `used` starts from what the warehouse counted earlier that day."""

    limit: int
    used: int = 0
    made_now: int = 0

    def take(self) -> None:
        if self.used >= self.limit:
            raise BudgetExhausted(self.limit)
        self.used += 1
        self.made_now += 1


@dataclass
class Throttle:
    """At most `per_second` calls per second (0 disables)."""

    per_second: float
    clock: Callable[[], float] = time.monotonic
    sleep: Callable[[float], None] = time.sleep
    _next_at: float = field(default=0.0, init=False)

    def wait(self) -> None:
        if self.per_second <= 0:
            return
        now = self.clock()
        if now < self._next_at:
            self.sleep(self._next_at - now)
            now = self._next_at
        self._next_at = now + 1.0 / self.per_second


@dataclass(frozen=True)
class RetryPolicy:
    max_attempts: int = 5
    base_delay_s: float = 0.5
    max_delay_s: float = 30.0
    retry_statuses: frozenset[int] = frozenset({429, 500, 502, 503, 504})
    max_bytes: int = 20_000_000

    def backoff(self, attempt: int, retry_after: float | None, rng: random.Random) -> float:
        """Full-jitter exponential backoff, never shorter than Retry-After, capped at max_delay_s."""
        jittered = rng.uniform(0, min(self.max_delay_s, self.base_delay_s * 2 ** (attempt - 1)))
        if retry_after is not None:
            return min(self.max_delay_s, max(retry_after, jittered))
        return jittered


def retry_after_seconds(response: httpx.Response) -> float | None:
    """Retry-After as seconds (delta-seconds or HTTP date), or None."""
    value = response.headers.get("retry-after")
    if not value:
        return None
    try:
        return max(0.0, float(value))
    except ValueError:
        parsed = email.utils.parsedate_to_datetime(value) if value else None
        if parsed is None:
            return None
        return max(0.0, parsed.timestamp() - time.time())


def _read_capped(response: httpx.Response, max_bytes: int) -> bytes:
    declared = response.headers.get("content-length")
    if declared and declared.isdigit() and int(declared) > max_bytes:
        raise FetchError("too_large", f"response declares {declared} bytes, over the {max_bytes}-byte cap")
    chunks, size = [], 0
    for chunk in response.iter_bytes():
        size += len(chunk)
        if size > max_bytes:
            raise FetchError("too_large", f"response exceeds the {max_bytes}-byte cap")
        chunks.append(chunk)
    return b"".join(chunks)


def wait_before_retry(seconds: float) -> None:
    """How a session waits before its next attempt (time.sleep). Looked up at each wait, so that a test of the
    real retry policy's timing can add the waits up instead of sleeping them (tests/pipelines/test_fail_fast.py)."""
    time.sleep(seconds)


@dataclass
class HttpSession:
    """One source's HTTP behaviour around an `httpx.Client` (whose transport tests may replace)."""

    client: httpx.Client
    policy: RetryPolicy = field(default_factory=RetryPolicy)
    throttle: Throttle = field(default_factory=lambda: Throttle(0))
    budget: CallBudget | None = None
    sleep: Callable[[float], None] | None = None  # None: wait_before_retry
    rng: random.Random = field(default_factory=random.Random)
    log: Callable[[str], None] = lambda message: None
    breaker: CircuitBreaker | None = None

    @staticmethod
    def ok(response: httpx.Response) -> httpx.Response:
        """`response` when it is 200, else the FetchError every client raises for another final status
        (`http_status`, the status, the URL with its secrets redacted): the one place that says it."""
        if response.status_code != 200:
            raise FetchError(
                "http_status",
                f"HTTP {response.status_code} on {redact_url(response.request.url)}",
                status=response.status_code,
                attempts=1,
            )
        return response

    def send(self, build: Callable[[], httpx.Request]) -> httpx.Response:
        """Send the request `build()` makes, retrying transient failures; return a 2xx-4xx response whose
        body has been read (within the size cap). Raises FetchError when it gives up, and the breaker's
        HostDown at once when the host has failed too often in a row (this request's retries included)."""
        last_status: int | None = None
        for attempt in range(1, self.policy.max_attempts + 1):
            request = build()
            if self.breaker is not None:
                self.breaker.check(str(request.url))
            if self.budget is not None:
                try:
                    self.budget.take()
                except BudgetExhausted as exc:
                    exc.attempts = attempt - 1
                    raise
            self.throttle.wait()
            retry_after = None
            try:
                response = self.client.send(request, stream=True)
                try:
                    body = _read_capped(response, self.policy.max_bytes)
                finally:
                    response.close()
                response._content = body  # the body is read; hand the caller a normal response
                last_status = response.status_code
                if response.status_code < 500 and self.breaker is not None:
                    self.breaker.success(str(request.url))
                if response.status_code not in self.policy.retry_statuses:
                    return response
                retry_after = retry_after_seconds(response)
                kind, problem = "http_status", f"HTTP {response.status_code}"
            except FetchError as exc:
                exc.attempts = attempt
                raise
            except httpx.TimeoutException as exc:
                kind, problem = "timeout", f"timeout ({type(exc).__name__})"
            except httpx.TransportError as exc:
                kind, problem = "transport", f"transport error ({type(exc).__name__}: {exc})"
            where = redact_url(request.url)
            status = response.status_code if kind == "http_status" else None
            if self.breaker is not None and (status is None or status >= 500):  # 429 is not the host failing
                self.breaker.failure(str(request.url), problem, status)
            if attempt == self.policy.max_attempts:
                raise FetchError(
                    kind,
                    f"{problem} after {attempt} attempts on {where}",
                    status=last_status,
                    attempts=attempt,
                )
            delay = self.policy.backoff(attempt, retry_after, self.rng)
            self.log(f"{problem} on {where}; retry {attempt}/{self.policy.max_attempts - 1} in {delay:.2f}s")
            (self.sleep or wait_before_retry)(delay)
        raise AssertionError("unreachable")


@functools.cache
def tls_context() -> ssl.SSLContext:
    """One TLS context (httpx's default: certifi's CA bundle) for every client of the process. Building one
    reads the whole CA bundle, about 23 ms; a live day opens four clients, and a backfill four a day."""
    return httpx.create_ssl_context()


def open_http_session(
    policy: RetryPolicy,
    *,
    timeout_s: float,
    connect_timeout_s: float,
    per_second: float = 0.0,
    max_consecutive_failures: int | None = None,
    budget: CallBudget | None = None,
    transport: httpx.BaseTransport | None = None,
    follow_redirects: bool = True,
    log: Callable[[str], None] = lambda message: None,
) -> tuple[HttpSession, httpx.Client]:
    """An HttpSession around a new httpx client (the one place a source client is set up): the retry
    `policy`, a throttle of `per_second` requests (0: none), a circuit breaker that stops a host after
    `max_consecutive_failures` failures in a row, an optional call budget, and `transport` (a recorded
    replay in sample mode; None: the network). Returns the client too, for the caller to close."""
    http = httpx.Client(
        transport=transport,
        verify=tls_context(),
        follow_redirects=follow_redirects,
        timeout=httpx.Timeout(timeout_s, connect=connect_timeout_s),
    )
    breaker = CircuitBreaker(max_consecutive_failures) if max_consecutive_failures else None
    return HttpSession(http, policy, Throttle(per_second), budget, log=log, breaker=breaker), http
