"""The gpuhunt cloud price catalog as a Dagster resource (live mode only; sample mode uses the snapshot)."""

from collections.abc import Callable

import dagster as dg
import httpx

from pipelines.sources.circuit_breaker import DEFAULT_MAX_CONSECUTIVE_FAILURES
from pipelines.sources.cloud.gpuhunt_catalog import CATALOG_URL, MAX_ZIP_BYTES, PROVIDERS
from pipelines.sources.http_session import HttpSession, RetryPolicy, open_http_session


class CloudCatalogResource(dg.ConfigurableResource):
    """GPUHUNT_CATALOG_URL moves the catalog elsewhere (a mirror, or a loopback server in tests), as gpuhunt
    itself allows; GPUHUNT_PROVIDERS narrows the providers read (comma separated)."""

    mode: str = "sample"
    base_url: str = CATALOG_URL
    providers: list[str] = list(PROVIDERS)
    requests_per_second: float = 2.0
    timeout_s: float = 30.0
    connect_timeout_s: float = 5.0
    max_consecutive_failures: int = DEFAULT_MAX_CONSECUTIVE_FAILURES

    def open_session(self, log: Callable[[str], None]) -> tuple[HttpSession, httpx.Client]:
        return open_http_session(
            RetryPolicy(max_attempts=3, max_bytes=MAX_ZIP_BYTES),
            timeout_s=self.timeout_s,
            connect_timeout_s=self.connect_timeout_s,
            per_second=self.requests_per_second,
            max_consecutive_failures=self.max_consecutive_failures,
            log=log,
        )
