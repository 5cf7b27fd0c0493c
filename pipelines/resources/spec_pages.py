"""Spec-sheet pages as a Dagster resource."""

from collections.abc import Callable

import dagster as dg
import httpx

from pipelines.settings import LIVE
from pipelines.sources.circuit_breaker import DEFAULT_MAX_CONSECUTIVE_FAILURES
from pipelines.sources.http_session import HttpSession, RetryPolicy, open_http_session
from pipelines.sources.specs.client import replay_transport


class SpecPagesResource(dg.ConfigurableResource):
    mode: str = "sample"
    requests_per_second: float = 0.5
    timeout_s: float = 20.0
    connect_timeout_s: float = 5.0
    max_consecutive_failures: int = DEFAULT_MAX_CONSECUTIVE_FAILURES

    def open_session(self, log: Callable[[str], None]) -> tuple[HttpSession, httpx.Client]:
        # one breaker for both hosts' pages, counted per host
        return open_http_session(
            RetryPolicy(max_attempts=3),
            timeout_s=self.timeout_s,
            connect_timeout_s=self.connect_timeout_s,
            per_second=self.requests_per_second if self.mode == LIVE else 0,
            max_consecutive_failures=self.max_consecutive_failures,
            transport=None if self.mode == LIVE else replay_transport(),
            log=log,
        )
