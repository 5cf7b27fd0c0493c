"""raw.completed_days: which days are stored whole, read from the warehouse file itself.

A day needs no more work only when all of it is stored: its raw listings, staging and the per-day marts
present, and a row here saying that one run completed it. The row is written after the run of the day
committed everything (`record`), and removed before the day is run again (`forget`), so a run killed or
stopped by a full disk anywhere in between leaves the day without a row, and the next run rebuilds it.

Why a completion row and not the rows alone: a day re-run and killed half-way has new raw rows and old
staging rows, all present; only a record written last can tell. Why not the Dagster instance's history
(what decided before): the decision must follow the warehouse file (a copied, restored or rebuilt file, a
wiped `dagster_home/`), and an eBay run that did not fail said nothing about staging and the marts.
The rows are written by the command lines (`make run`, its sample history, `make backfill`); a run started
from the UI writes none, which only means the sample history would build that day again.
"""

from datetime import date, datetime, timedelta

import duckdb

from warehouse.transactions import transaction

DAY, TRENDS = "day", "trends"  # the whole daily job; an earlier sample day (listings and the listing marts)
# the per-day tables a stored day never lacks (a day without listings or prices fails before its marts)
REQUIRED = ("raw.ebay_listings", "staging.listings", "marts.price_daily", "marts.gpu_value")


def _utc_now() -> datetime:
    from warehouse.source_runs import utc_now

    return utc_now()


def complete_days(con: duckdb.DuckDBPyConnection, first: date, last: date) -> set[date]:
    """The days first..last with a completion row and rows in every REQUIRED table."""
    present_sql = " AND ".join(
        f"c.snapshot_date IN (SELECT snapshot_date FROM {table} WHERE snapshot_date BETWEEN $first AND $last)"
        for table in REQUIRED
    )
    rows = con.execute(
        "SELECT DISTINCT c.snapshot_date FROM raw.completed_days c "
        f"WHERE c.snapshot_date BETWEEN $first AND $last AND {present_sql}",
        {"first": first, "last": last},
    ).fetchall()
    return {row[0] for row in rows}


def started_days(con: duckdb.DuckDBPyConnection, first: date, last: date) -> set[date]:
    """The days first..last that some run began (an ingest run or listings recorded), complete or not."""
    rows = con.execute(
        "SELECT snapshot_date FROM raw.source_runs WHERE snapshot_date BETWEEN $first AND $last "
        "UNION SELECT snapshot_date FROM raw.ebay_listings WHERE snapshot_date BETWEEN $first AND $last",
        {"first": first, "last": last},
    ).fetchall()
    return {row[0] for row in rows}


def forget(con: duckdb.DuckDBPyConnection, days: list[date]) -> None:
    """Before `days` are run again: they are not complete until that run says so."""
    if days:
        con.execute(
            "DELETE FROM raw.completed_days WHERE snapshot_date IN (SELECT unnest($days))", {"days": days}
        )


def record(
    con: duckdb.DuckDBPyConnection, days: list[date], scope: str, run_id: str, source_mode: str
) -> None:
    """After the run `run_id` committed every table of `days`: one row per day (replacing any)."""
    if not days:
        return
    with transaction(con):
        forget(con, days)
        con.executemany(
            "INSERT INTO raw.completed_days VALUES (?, ?, ?, ?, ?)",
            [[d, scope, run_id, source_mode, _utc_now()] for d in days],
        )


def days_between(first: date, last: date) -> list[date]:
    return [first + timedelta(days=n) for n in range((last - first).days + 1)]
