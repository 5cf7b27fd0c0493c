"""eBay Browse API access as a Dagster resource: live, or sample (replay of the bundled snapshot)."""

from collections.abc import Callable

import dagster as dg
import httpx
import polars as pl

from pipelines.settings import LIVE
from pipelines.sources.circuit_breaker import DEFAULT_MAX_CONSECUTIVE_FAILURES
from pipelines.sources.ebay.auth import EbayTokenProvider
from pipelines.sources.ebay.browse import EbayBrowseClient
from pipelines.sources.ebay.replay import SAMPLE_DIR, market_snapshot, replay_transport, snapshot_day
from pipelines.sources.ebay.sample_history import items_on
from pipelines.sources.http_session import CallBudget, HttpSession, RetryPolicy, open_http_session
from pipelines.user_errors import UserError
from warehouse.catalog import load_catalog


class EbayResource(dg.ConfigurableResource):
    """Credentials come from EBAY_CLIENT_ID / EBAY_CLIENT_SECRET (never logged). In sample mode the same
    client runs over a replay transport serving the project's own snapshot."""

    mode: str = "sample"
    client_id: str = ""
    client_secret: str = ""
    marketplace_ids: list[str] = ["EBAY_US"]  # searched model by model, every marketplace in turn
    base_url: str = "https://api.ebay.com"
    daily_call_budget: int = 5000
    max_calls_per_second: float = 4.0
    timeout_s: float = 20.0
    connect_timeout_s: float = 5.0
    max_attempts: int = 5
    max_consecutive_failures: int = DEFAULT_MAX_CONSECUTIVE_FAILURES

    def _transport(
        self, catalog: pl.DataFrame | None, days_before: int, marketplaces: list[str]
    ) -> httpx.BaseTransport | None:
        if self.mode == LIVE:
            if not (self.client_id and self.client_secret):
                raise UserError("live mode needs EBAY_CLIENT_ID and EBAY_CLIENT_SECRET in the environment")
            return None
        catalog = catalog if catalog is not None else load_catalog()
        queries = dict(catalog.select("model_id", "search_query").iter_rows())
        day0 = snapshot_day(SAMPLE_DIR)
        return replay_transport(
            {
                (market, queries[m]): items_on(v, m, day0, days_before)
                for market in marketplaces
                for m, v in market_snapshot(market).items()
                if m in queries
            }
        )

    def open_session(
        self,
        budget: CallBudget | None,
        log: Callable[[str], None],
        catalog: pl.DataFrame | None = None,
        days_before: int = 0,
        marketplaces: list[str] | None = None,
    ) -> tuple[HttpSession, httpx.Client]:
        """The HTTP session every eBay call goes through (retries, throttle, budget, circuit breaker), and
        the httpx client to close when done. Sample mode replays the snapshot for `catalog`'s queries, as it
        was `days_before` days before the sample day (pipelines/sources/ebay/sample_history.py), for
        `marketplaces` (default: every configured one)."""
        markets = list(marketplaces) if marketplaces is not None else list(self.marketplace_ids)
        return open_http_session(
            RetryPolicy(max_attempts=self.max_attempts),
            timeout_s=self.timeout_s,
            connect_timeout_s=self.connect_timeout_s,
            per_second=self.max_calls_per_second if self.mode == LIVE else 0,
            max_consecutive_failures=self.max_consecutive_failures,
            budget=budget,
            transport=self._transport(catalog, days_before, markets),
            follow_redirects=False,
            log=log,
        )

    def open_client(
        self,
        catalog: pl.DataFrame,
        budget: CallBudget,
        log: Callable[[str], None],
        days_before: int = 0,
        marketplaces: list[str] | None = None,
    ) -> tuple[EbayBrowseClient, httpx.Client]:
        """A Browse client and the httpx client to close when done."""
        session, http = self.open_session(budget, log, catalog, days_before, marketplaces)
        tokens = EbayTokenProvider(
            session, self.base_url, self.client_id or "sample", self.client_secret or "sample"
        )
        return EbayBrowseClient(session, tokens, self.base_url), http
