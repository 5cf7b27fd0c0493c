"""The error every source client raises for a request that failed for good (its own module: the HTTP session and
the circuit breaker both use it, and the session uses the breaker)."""


class FetchError(Exception):
    """A request that failed for good. `kind` is one of the raw.ingest_errors error kinds."""

    def __init__(self, kind: str, reason: str, *, status: int | None = None, attempts: int = 0):
        super().__init__(f"{kind}: {reason}")
        self.kind, self.reason, self.status, self.attempts = kind, reason, status, attempts
