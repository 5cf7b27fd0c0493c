"""raw.source_runs: what each ingest run was configured with and how it went, and a day's source mode.

A day's source mode is the configured mode of its newest eBay run that did not fail: eBay is the source a
day needs (transforms/source_outcome.py), so that is the run whose data the day's marts were built from (a
failed eBay run stops everything downstream, whatever the other sources did). It is never read from the
data rows: a live day that fetched nothing has no rows to read it from, and must not be labelled sample.
"""

from datetime import UTC, date, datetime

import duckdb
import polars as pl

SCHEMA = {
    "snapshot_date": pl.Date,
    "source": pl.String,
    "run_id": pl.String,
    "source_mode": pl.String,
    "outcome": pl.String,
    "rows_loaded": pl.Int32,
    "errors": pl.Int32,
    "message": pl.String,
    "started_at": pl.Datetime("us"),
    "finished_at": pl.Datetime("us"),
    "targets": pl.Int32,
    "targets_failed": pl.Int32,
}
UNKNOWN = "unknown"


def utc_now() -> datetime:
    return datetime.now(UTC).replace(tzinfo=None)


def ingest_error_writes(
    day: date, sources: list[str] | tuple[str, ...], errors: list, run_id: str | None, source_mode: str
) -> list[tuple[str, pl.DataFrame, dict]]:
    """The (table, frame, slice) writes of raw.ingest_errors for each of `sources` on `day` (each source's
    slice replaced, emptied when it had no error), for `warehouse.writes.replace_slices`."""
    from transforms.ingest_errors import errors_frame

    return [
        (
            "raw.ingest_errors",
            errors_frame([e for e in errors if e.source == s], day, run_id, source_mode),
            {"snapshot_date": day, "source": s},
        )
        for s in sources
    ]


def source_run_row(
    day: date,
    source: str,
    run_id: str,
    source_mode: str,
    outcome: str,
    rows: int,
    errors: list,
    message: str,
    started_at: datetime,
    targets: int,
) -> tuple[str, pl.DataFrame, dict]:
    """The (table, frame, slice) write of one run's row, for `warehouse.writes.replace_slices`. `errors`: the
    run's IngestErrors; a stopped source's row counts the targets it left undone."""
    from transforms.ingest_errors import ITEM_KINDS

    failed = sum(max(1, e.not_run) for e in errors if e.error_kind not in ITEM_KINDS)
    frame = pl.DataFrame(
        [
            {
                "snapshot_date": day,
                "source": source,
                "run_id": run_id,
                "source_mode": source_mode,
                "outcome": outcome,
                "rows_loaded": rows,
                "errors": len(errors),
                "message": message,
                "started_at": started_at,
                "finished_at": utc_now(),
                "targets": targets,
                "targets_failed": min(failed, targets),
            }
        ],
        schema=SCHEMA,
    )
    return "raw.source_runs", frame, {"snapshot_date": day, "source": source, "run_id": run_id}


# the mode of each day dated $first..$last: that of its newest eBay run that did not fail
DAY_MODES_SQL = """
SELECT snapshot_date, arg_max(source_mode, finished_at) AS source_mode
FROM raw.source_runs
WHERE source = 'ebay' AND outcome <> 'failed' AND snapshot_date BETWEEN $first AND $last
GROUP BY snapshot_date"""


def day_source_mode(con: duckdb.DuckDBPyConnection, day: date) -> str:
    """live or sample, as configured for the newest eBay run of `day` that did not fail; 'unknown' without
    one (then nothing is presented as market prices)."""
    row = con.execute(f"SELECT source_mode FROM ({DAY_MODES_SQL})", {"first": day, "last": day}).fetchone()
    return row[0] if row else UNKNOWN
