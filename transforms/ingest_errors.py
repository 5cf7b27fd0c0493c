"""Rows for raw.ingest_errors."""

from dataclasses import dataclass
from datetime import UTC, date, datetime

import polars as pl

SCHEMA = {
    "snapshot_date": pl.Date,
    "source": pl.String,
    "target": pl.String,
    "error_kind": pl.String,
    "reason": pl.String,
    "http_status": pl.Int32,
    "attempts": pl.Int32,
    "recorded_at": pl.Datetime("us"),
    "run_id": pl.String,
    "source_mode": pl.String,
}


# one item dropped or changed at ingest (its search went fine), or the aspect evidence beside a search's
# items unreadable or not fetched (bad_aspects, aspect_call; transforms/ebay_aspects.py): never counted as a
# failed search
ITEM_KINDS = ("bad_item", "bad_price", "title_cut", "bad_aspects", "aspect_call")


@dataclass(frozen=True)
class IngestError:
    source: str
    target: str
    error_kind: str
    reason: str
    http_status: int | None = None
    attempts: int | None = None
    not_run: int = 0  # queries or pages this failure left undone (a stopped source); stated in `reason` too


def errors_frame(
    errors: list[IngestError], snapshot_date: date, run_id: str | None, source_mode: str
) -> pl.DataFrame:
    now = datetime.now(UTC).replace(tzinfo=None)
    rows = [
        {
            "snapshot_date": snapshot_date,
            "source": e.source,
            "target": e.target,
            "error_kind": e.error_kind,
            "reason": e.reason,
            "http_status": e.http_status,
            "attempts": e.attempts,
            "recorded_at": now,
            "run_id": run_id,
            "source_mode": source_mode,
        }
        for e in errors
    ]
    return pl.DataFrame(rows, schema=SCHEMA)
