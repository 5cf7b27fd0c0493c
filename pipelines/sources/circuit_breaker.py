"""Stopping a source at once when going on cannot help: a refused credential, or a host that keeps failing.

Without this a wrong eBay key asked for a token 142 times (137 s) and an unreachable eBay retried every
query 5 times (about 10 minutes) before the run gave up, and then reported success. Two causes stop a source
for the rest of the run:

- `CredentialsRefused`: the token endpoint answered 400/401/403 (e.g. 401 `invalid_client`). No later call
  can succeed with the same keys.
- `HostDown`: `max_consecutive_failures` transport failures, timeouts or 5xx answers in a row on one host
  (the count is shared by every request to that host, retries included; any other answer resets it).
  429 is not a failure here: it is the host asking us to slow down, which the retry loop already does.
  The default, 10, is twice the eBay client's attempts per request: one query whose retries all fail is
  recorded and the run goes on; a second in a row (nothing answered in between) stops the source.

Both are `SourceStopped`, a `FetchError`, so callers that record failures record these too; callers that
loop over queries stop looping when they see one (see `pipelines/sources/ebay/ingest.py`).
"""

from dataclasses import dataclass, field
from urllib.parse import urlsplit

from pipelines.sources.fetch_error import FetchError

DEFAULT_MAX_CONSECUTIVE_FAILURES = 10


class SourceStopped(FetchError):
    """A failure that stops the whole source for this run."""


class CredentialsRefused(SourceStopped):
    def __init__(self, status: int, error_code: str | None):
        detail = f"HTTP {status} {error_code}" if error_code else f"HTTP {status}"
        super().__init__(
            "auth_refused",
            f"the token endpoint refused the credentials ({detail})",
            status=status,
            attempts=1,
        )
        self.error_code = error_code


class HostDown(SourceStopped):
    def __init__(self, host: str, failures: int, last_problem: str, status: int | None):
        super().__init__(
            "host_down",
            f"{failures} failures in a row on {host} (last: {last_problem})",
            status=status,
            attempts=failures,
        )
        self.host = host


def host_of(url: str) -> str:
    return urlsplit(url).netloc


@dataclass
class CircuitBreaker:
    """Counts consecutive failures per host; open (raising HostDown) once a host reaches the limit."""

    max_consecutive_failures: int = DEFAULT_MAX_CONSECUTIVE_FAILURES
    _failures: dict[str, int] = field(default_factory=dict)
    _open: dict[str, HostDown] = field(default_factory=dict)

    def check(self, url: str) -> None:
        """Raise the stored HostDown when this URL's host has been given up on."""
        opened = self._open.get(host_of(url))
        if opened is not None:
            raise opened

    def failure(self, url: str, problem: str, status: int | None = None) -> None:
        """Count one failure; raise HostDown when it reaches the limit."""
        host = host_of(url)
        self._failures[host] = self._failures.get(host, 0) + 1
        if self._failures[host] >= self.max_consecutive_failures:
            self._open[host] = HostDown(host, self._failures[host], problem, status)
            raise self._open[host]

    def success(self, url: str) -> None:
        self._failures[host_of(url)] = 0
