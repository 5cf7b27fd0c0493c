"""Spec-sheet pages as a Dagster resource."""

from collections.abc import Callable

import dagster as dg
import httpx

from pipelines.source_mode import LIVE
from pipelines.sources.http_policy import HttpSession, RetryPolicy, Throttle
from pipelines.sources.specs.client import replay_transport


class SpecPagesResource(dg.ConfigurableResource):
    mode: str = "sample"
    requests_per_second: float = 0.5
    timeout_s: float = 20.0

    def open_session(self, log: Callable[[str], None]) -> tuple[HttpSession, httpx.Client]:
        transport = None if self.mode == LIVE else replay_transport()
        http = httpx.Client(transport=transport, timeout=self.timeout_s, follow_redirects=True)
        throttle = Throttle(self.requests_per_second if self.mode == LIVE else 0)
        return HttpSession(http, RetryPolicy(max_attempts=3), throttle, log=log), http
