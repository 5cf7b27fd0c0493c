"""Retailer sources as a Dagster resource: Newegg and Micro Center pages, Best Buy's Products API."""

from collections.abc import Callable

import dagster as dg
import httpx

from pipelines.settings import LIVE
from pipelines.sources.circuit_breaker import DEFAULT_MAX_CONSECUTIVE_FAILURES
from pipelines.sources.http_session import RetryPolicy, open_http_session
from pipelines.sources.retailers.client import RetailerClient
from pipelines.sources.retailers.replay import replay_transport
from pipelines.sources.retailers.stores import bestbuy_spec, microcenter_spec, newegg_spec


class RetailersResource(dg.ConfigurableResource):
    """BESTBUY_API_KEY comes from the environment (never logged); without it Best Buy is skipped live."""

    mode: str = "sample"
    newegg_base_url: str = "https://www.newegg.com"
    microcenter_base_url: str = "https://www.microcenter.com"
    microcenter_store_id: str = "131"
    bestbuy_base_url: str = "https://api.bestbuy.com"
    bestbuy_api_key: str = ""
    requests_per_second: float = 1.0
    timeout_s: float = 20.0
    connect_timeout_s: float = 5.0
    max_attempts: int = 4
    max_consecutive_failures: int = DEFAULT_MAX_CONSECUTIVE_FAILURES

    def reads_bestbuy(self) -> bool:
        """Whether Best Buy is read: always in sample mode, live only with its key."""
        return self.mode != LIVE or bool(self.bestbuy_api_key)

    def open_clients(self, log: Callable[[str], None]) -> list[tuple[RetailerClient, httpx.Client]]:
        specs = [
            newegg_spec(self.newegg_base_url),
            microcenter_spec(self.microcenter_base_url, self.microcenter_store_id),
        ]
        if self.reads_bestbuy():
            specs.append(bestbuy_spec(self.bestbuy_api_key or "sample-key", self.bestbuy_base_url))
        else:
            log("BESTBUY_API_KEY is not set: Best Buy skipped")
        clients = []
        for spec in specs:
            policy = RetryPolicy(
                max_attempts=self.max_attempts,
                retry_statuses=frozenset({500, 502, 503, 504}) | spec.rate_limit_statuses,
            )
            session, http = open_http_session(
                policy,
                timeout_s=self.timeout_s,
                connect_timeout_s=self.connect_timeout_s,
                per_second=self.requests_per_second if self.mode == LIVE else 0,
                max_consecutive_failures=self.max_consecutive_failures,
                transport=None if self.mode == LIVE else replay_transport(spec.store),
                log=log,
            )
            clients.append((RetailerClient(spec, session), http))
        return clients
