"""eBay OAuth client-credentials ("application access token").

POST {base}/identity/v1/oauth2/token with `Authorization: Basic base64(client_id:client_secret)` and the
form body `grant_type=client_credentials&scope=https://api.ebay.com/oauth/api_scope`. The token is cached
until shortly before `expires_in` runs out; `invalidate()` forces a new one (after a 401).

A 400/401/403 from the token endpoint (OAuth's `invalid_client`, `invalid_grant`, `unauthorized_client`, ...;
RFC 6749 section 5.2) means the keys are wrong: `CredentialsRefused` is raised, and raised again for every
later call without asking eBay, so a run with wrong keys asks once, not once per query.
"""

import base64
import json
import time
from collections.abc import Callable

import httpx

from pipelines.sources.circuit_breaker import CredentialsRefused
from pipelines.sources.http_session import FetchError, HttpSession

SCOPE = "https://api.ebay.com/oauth/api_scope"
REFRESH_MARGIN_S = 120
REFUSED_STATUSES = (400, 401, 403)


def oauth_error_code(body: bytes) -> str | None:
    """The `error` field of an OAuth error body (`{"error": "invalid_client", ...}`), when there is one."""
    try:
        payload = json.loads(body)
    except ValueError:
        return None
    code = payload.get("error") if isinstance(payload, dict) else None
    return code if isinstance(code, str) and code.isascii() and len(code) <= 64 else None


class EbayTokenProvider:
    def __init__(
        self,
        session: HttpSession,
        base_url: str,
        client_id: str,
        client_secret: str,
        clock: Callable[[], float] = time.monotonic,
        scope: str = SCOPE,
    ):
        self._session, self._base = session, base_url.rstrip("/")
        self._basic = base64.b64encode(f"{client_id}:{client_secret}".encode()).decode()
        self._clock = clock
        self._scope = scope
        self._token: str | None = None
        self._expires_at = 0.0
        self._refused: CredentialsRefused | None = None
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
        if self._refused is not None:
            raise self._refused
        url = f"{self._base}/identity/v1/oauth2/token"
        body = {"grant_type": "client_credentials", "scope": self._scope}
        headers = {
            "Authorization": f"Basic {self._basic}",
            "Content-Type": "application/x-www-form-urlencoded",
        }
        response = self._session.send(lambda: httpx.Request("POST", url, data=body, headers=headers))
        self.fetches += 1
        if response.status_code in REFUSED_STATUSES:
            self._refused = CredentialsRefused(response.status_code, oauth_error_code(response.content))
            raise self._refused
        if response.status_code != 200:
            raise FetchError(
                "auth", f"token request answered HTTP {response.status_code}", status=response.status_code
            )
        try:
            payload = json.loads(response.content)
            token, expires_in = payload["access_token"], float(payload.get("expires_in", 7200))
        except (ValueError, KeyError, TypeError) as exc:
            raise FetchError(
                "malformed_json", f"token response is not the expected JSON ({type(exc).__name__})"
            ) from None
        self._token = token
        self._expires_at = self._clock() + max(0.0, expires_in - REFRESH_MARGIN_S)
