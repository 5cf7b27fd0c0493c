"""Spec-sheet pages as a Dagster resource."""

from collections.abc import Callable

import dagster as dg
import httpx

from pipelines.settings import LIVE
from pipelines.sources.circuit_breaker import DEFAULT_MAX_CONSECUTIVE_FAILURES, CircuitBreaker
from pipelines.sources.http_policy import HttpSession, RetryPolicy, Throttle
from pipelines.sources.specs.client import replay_transport


class SpecPagesResource(dg.ConfigurableResource):
    mode: str = "sample"
    requests_per_second: float = 0.5
    timeout_s: float = 20.0
    connect_timeout_s: float = 5.0
    max_consecutive_failures: int = DEFAULT_MAX_CONSECUTIVE_FAILURES

    def open_session(self, log: Callable[[str], None]) -> tuple[HttpSession, httpx.Client]:
        transport = None if self.mode == LIVE else replay_transport()
        http = httpx.Client(
            transport=transport,
            follow_redirects=True,
            timeout=httpx.Timeout(self.timeout_s, connect=self.connect_timeout_s),
        )
        throttle = Throttle(self.requests_per_second if self.mode == LIVE else 0)
        breaker = CircuitBreaker(
            self.max_consecutive_failures
        )  # shared by both hosts' pages, counted per host
        return HttpSession(http, RetryPolicy(max_attempts=3), throttle, log=log, breaker=breaker), http
