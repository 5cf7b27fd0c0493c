"""raw.day_writes: when each day of a table that later days read was first and last written.

The stale-day rule (pipelines/defs/stale_days.py) compares these times: a later day computed before a day
it reads was written again is stale. Kept in the warehouse file, not read from Dagster's run history, so it
follows the file wherever it goes (restored, copied, rebuilt) and costs one small query per check.

Written by the asset right after its table's rows: a crash between the two leaves the day without its
completion row (warehouse/completed_days.py), so the next `make run` rebuilds it and notes it then."""

from datetime import date, datetime

import duckdb

from warehouse.source_runs import utc_now

NOTE_SQL = """
MERGE INTO raw.day_writes w
USING (SELECT $table AS table_name, d::DATE AS snapshot_date
       FROM range($first::TIMESTAMP, $last::TIMESTAMP + INTERVAL 1 DAY, INTERVAL 1 DAY) r(d)) s
ON w.table_name = s.table_name AND w.snapshot_date = s.snapshot_date
WHEN MATCHED THEN UPDATE SET written_at = $now, run_id = $run_id
WHEN NOT MATCHED THEN INSERT VALUES (s.table_name, s.snapshot_date, $now, $now, $run_id)
"""


def note(con: duckdb.DuckDBPyConnection, table: str, first: date, last: date, run_id: str) -> None:
    """The days first..last of `table` were just written by the run `run_id` (one time for all of them)."""
    con.execute(NOTE_SQL, {"table": table, "first": first, "last": last, "now": utc_now(), "run_id": run_id})


def times(con: duckdb.DuckDBPyConnection, table: str) -> tuple[dict[date, datetime], dict[date, datetime]]:
    """When each day of `table` was first, and last, written."""
    rows = con.execute(
        "SELECT snapshot_date, first_written_at, written_at FROM raw.day_writes WHERE table_name = ?",
        [table],
    ).fetchall()
    return {d: f for d, f, _ in rows}, {d: w for d, _, w in rows}
