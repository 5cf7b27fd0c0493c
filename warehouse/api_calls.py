"""raw.api_calls: HTTP calls made per UTC day and source, which the daily call budgets count against."""

from datetime import date

import duckdb
import polars as pl

SCHEMA = {"call_date": pl.Date, "source": pl.String, "calls": pl.Int32}


def calls_on(con: duckdb.DuckDBPyConnection, source: str, day: date) -> int:
    """Calls `source` made on the UTC day `day` (0 when none are recorded)."""
    return int(
        con.execute(
            "SELECT coalesce(sum(calls), 0) FROM raw.api_calls WHERE call_date = ? AND source = ?",
            [day, source],
        ).fetchone()[0]
    )


def calls_write(source: str, day: date, calls: int) -> tuple[str, pl.DataFrame, dict]:
    """The (table, frame, slice) write recording `calls` for `source` on `day`, for replace_slices."""
    frame = pl.DataFrame({"call_date": [day], "source": [source], "calls": [calls]}, schema=SCHEMA)
    return "raw.api_calls", frame, {"call_date": day, "source": source}
