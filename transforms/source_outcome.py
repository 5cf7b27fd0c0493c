"""How a source's day went, in one word and one sentence: what `raw.source_runs` records, what the asset
reports, and what a failed run prints.

eBay is the one source a day needs: it is where every used price and most new prices come from. A day
without eBay rows is a failed day, whatever the retailers and spec pages did (they are recorded the same
way but never fail the day; the curated catalog covers the specs and eBay covers new cards).
"""

from dataclasses import dataclass

from transforms.ingest_errors import IngestError

OK, PARTIAL, FAILED = "ok", "partial", "failed"
STOPPING_KINDS = (
    "auth_refused",
    "host_down",
)  # a source stopped for the run (pipelines/sources/circuit_breaker.py)

# What to check, per source, when its credentials are refused or its host is down.
CREDENTIAL_HINTS = {"ebay": "check EBAY_CLIENT_ID / EBAY_CLIENT_SECRET", "bestbuy": "check BESTBUY_API_KEY"}
HOST_HINTS = {"ebay": "check the network and EBAY_BASE_URL"}
SOURCE_NAMES = {
    "ebay": "eBay",
    "newegg": "Newegg",
    "microcenter": "Micro Center",
    "bestbuy": "Best Buy",
    "techpowerup": "TechPowerUp",
    "wikipedia": "Wikipedia",
}


@dataclass(frozen=True)
class SourceOutcome:
    outcome: str  # ok | partial | failed
    message: str


def stop_cause(source: str, error_kind: str, reason: str) -> str:
    """Why a source stopped and what to check, e.g. "eBay refused the credentials (401 invalid_client):
    check EBAY_CLIENT_ID / EBAY_CLIENT_SECRET"."""
    name = SOURCE_NAMES.get(source, source)
    if error_kind == "auth_refused":
        code = reason.split("(HTTP ", 1)[1].split(")", 1)[0] if "(HTTP " in reason else "refused"
        return f"{name} refused the credentials ({code}): {CREDENTIAL_HINTS.get(source, 'check its credentials')}"
    detail = reason.split("; ", 1)[0]
    return f"{name} could not be reached ({detail}): {HOST_HINTS.get(source, 'check the network')}"


def stop_sentence(error: IngestError, unit: str = "searches") -> str:
    """One plain sentence for a stopped source, e.g. "eBay refused the credentials (401 invalid_client):
    check EBAY_CLIENT_ID / EBAY_CLIENT_SECRET; 142 searches not run"."""
    return f"{stop_cause(error.source, error.error_kind, error.reason)}; {error.not_run} {unit} not run"


def ebay_outcome(items: int, queries: int, errors: list[IngestError]) -> SourceOutcome:
    """failed: the source was stopped (credentials, host down) or nothing arrived; partial: some searches
    failed or the call budget ran out; ok otherwise."""
    stop = next((e for e in errors if e.error_kind in STOPPING_KINDS), None)
    if stop is not None:
        return SourceOutcome(FAILED, stop_sentence(stop))
    if items == 0:
        failed = len(errors)
        why = (
            f"{failed} of {queries} searches failed (see raw.ingest_errors)"
            if failed
            else f"all {queries} searches answered with no listings"
        )
        return SourceOutcome(FAILED, f"eBay returned no listings: {why}")
    if errors:
        budget = any(e.error_kind == "budget_exhausted" for e in errors)
        why = "the daily call budget ran out" if budget else f"{len(errors)} of {queries} searches failed"
        return SourceOutcome(PARTIAL, f"eBay: {items} listings; {why} (see raw.ingest_errors)")
    return SourceOutcome(OK, f"eBay: {items} listings from {queries} searches")


def optional_source_outcome(label: str, rows: int, errors: list[IngestError], parts: int) -> SourceOutcome:
    """Retailers and spec pages: recorded the same way, but a source the day does not need never fails it.
    `parts` is how many stores or pages were asked."""
    if rows == 0 and errors:
        return SourceOutcome(
            FAILED, f"{label}: no rows; {len(errors)} of {parts} failed (see raw.ingest_errors)"
        )
    if errors:
        return SourceOutcome(
            PARTIAL, f"{label}: {rows} rows; {len(errors)} of {parts} failed (see raw.ingest_errors)"
        )
    return SourceOutcome(OK, f"{label}: {rows} rows")
