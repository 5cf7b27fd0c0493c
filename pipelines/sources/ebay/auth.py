"""eBay OAuth client-credentials ("application access token").

POST {base}/identity/v1/oauth2/token with `Authorization: Basic base64(client_id:client_secret)` and the
form body `grant_type=client_credentials&scope=https://api.ebay.com/oauth/api_scope`. The token is cached
until shortly before `expires_in` runs out; `invalidate()` forces a new one (after a 401).
"""

import base64
import json
import time
from collections.abc import Callable

import httpx

from pipelines.sources.http_policy import FetchError, HttpSession

SCOPE = "https://api.ebay.com/oauth/api_scope"
REFRESH_MARGIN_S = 120


class EbayTokenProvider:
    def __init__(
        self,
        session: HttpSession,
        base_url: str,
        client_id: str,
        client_secret: str,
        clock: Callable[[], float] = time.monotonic,
    ):
        self._session, self._base = session, base_url.rstrip("/")
        self._basic = base64.b64encode(f"{client_id}:{client_secret}".encode()).decode()
        self._clock = clock
        self._token: str | None = None
        self._expires_at = 0.0
        self.fetches = 0

    def __repr__(self) -> str:  # never print credentials
        return f"EbayTokenProvider(base={self._base!r}, cached={self._token is not None})"

    def invalidate(self) -> None:
        self._token = None

    def token(self) -> str:
        if self._token is None or self._clock() >= self._expires_at:
            self._fetch()
        assert self._token is not None
        return self._token

    def _fetch(self) -> None:
        url = f"{self._base}/identity/v1/oauth2/token"
        body = {"grant_type": "client_credentials", "scope": SCOPE}
        headers = {"Authorization": f"Basic {self._basic}", "Content-Type": "application/x-www-form-urlencoded"}
        response = self._session.send(lambda: httpx.Request("POST", url, data=body, headers=headers))
        self.fetches += 1
        if response.status_code != 200:
            raise FetchError("auth", f"token request answered HTTP {response.status_code}", status=response.status_code)
        try:
            payload = json.loads(response.content)
            token, expires_in = payload["access_token"], float(payload.get("expires_in", 7200))
        except (ValueError, KeyError, TypeError) as exc:
            raise FetchError("malformed_json", f"token response is not the expected JSON ({type(exc).__name__})") from None
        self._token = token
        self._expires_at = self._clock() + max(0.0, expires_in - REFRESH_MARGIN_S)
