"""Replacing a range of days of a mart in one transaction: delete the days, insert the new rows.

The day tables have no primary-key index (ddl/070), so a plain delete and insert is the cheap way.

Rows come in date order, so that DuckDB's zone maps keep a day's rows together for the readers that select
one day: the frames are sorted by date, deals follow the listings (stored day by day), and price_daily sorts
its rows (warehouse/marts/price_daily.py). Measured after a rebuild of five years of price_daily in series
order, reading one day took 42 ms, against 2 ms in date order. The insert runs with DuckDB's
preserve_insertion_order off: each thread then appends the stretches of rows it takes to row groups of its
own instead of merging them back into one sequence, and a stretch of rows in date order is still a stretch
of days. Measured on benchmark 2 (2 cores): gpu_value's 489,570 rows inserted in 0.6-0.7 s against
1.0-1.06 s sorted again on insert; a day's rows still lie in about one row group of every mart, which the
benchmark prints."""

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import date, timedelta

import duckdb
import polars as pl
import pyarrow as pa

from warehouse.keys import SLICE_KEYS
from warehouse.transactions import transaction
from warehouse.writes import registered, replace_table_in_transaction, table_columns


@contextmanager
def insertion_order_free(con: duckdb.DuckDBPyConnection) -> Iterator[None]:
    """DuckDB's preserve_insertion_order off for the statements inside, and back as it was after them."""
    before = con.execute("SELECT current_setting('preserve_insertion_order')").fetchone()[0]
    con.execute("SET preserve_insertion_order = false")
    try:
        yield
    finally:
        con.execute(f"SET preserve_insertion_order = {str(before).lower()}")


SCAN_BATCH_ROWS = 65_536


def scannable(frame: pl.DataFrame) -> pa.Table:
    """`frame` as an Arrow table in batches of SCAN_BATCH_ROWS rows, to register with DuckDB: DuckDB scans an
    Arrow table one batch per thread, and a Polars frame converts to a single batch, which leaves all but
    one core idle during an insert. That helps only with insertion order free (above; with it kept, DuckDB
    merges the batches back into one sequence and batches were no faster). Measured on benchmark 2's gpu_value
    (489,570 rows x 34 columns, 2 cores): DuckDB 1.5, 1.2-1.3 s to insert one batch, 0.6-0.7 s in batches;
    DuckDB 2.0.1, 0.53-0.60 s one batch, 0.52-0.56 s the Polars frame as it is, 0.41-0.50 s in batches."""
    return pa.Table.from_batches(frame.to_arrow().to_batches(max_chunksize=SCAN_BATCH_ROWS))


def _key(table: str) -> str:
    return ", ".join(SLICE_KEYS[table])


def replace_days_sql(
    con: duckdb.DuckDBPyConnection,
    table: str,
    first: date,
    last: date,
    select_sql: str,
    params: dict | None = None,
    whole_tables: dict[str, pl.DataFrame] | None = None,
) -> int:
    """Replace `table`'s rows dated first..last with the rows of `select_sql` (which binds `params`, and gives
    them in date order, see above); how many rows were written. Rows outside the range, or repeating the
    table's key (`warehouse.keys`), are refused and nothing changes. `whole_tables`: tables replaced whole in
    the same transaction (a side table that goes with the days, e.g. marts.llm_workload_speeds)."""
    names = ", ".join(f'"{c}"' for c in table_columns(con, table))
    clause = _key(table)
    days = {"first": first, "last": last}
    with transaction(con):
        con.execute(f"DELETE FROM {table} WHERE snapshot_date BETWEEN $first AND $last", days)
        with insertion_order_free(con):
            written = con.execute(
                f"INSERT INTO {table} ({names}) SELECT {names} FROM ({select_sql})", params or {}
            ).fetchone()[0]
        inside, distinct = con.execute(
            f"SELECT count(*), count(DISTINCT ({clause})) FROM {table} WHERE snapshot_date BETWEEN $first AND $last",
            days,
        ).fetchone()
        # the rollback keeps the days as they were (the checks replace_slices makes on a day's rows)
        if inside != written:
            raise ValueError(f"{table}: {written - inside} of the rows lie outside {first}..{last}")
        if distinct != inside:
            raise ValueError(f"{table}: {inside - distinct} incoming rows repeat the key ({clause})")
        for other, frame in (whole_tables or {}).items():
            replace_table_in_transaction(con, other, frame)
    return written


def replace_days_frame(
    con: duckdb.DuckDBPyConnection,
    table: str,
    first: date,
    last: date,
    frame: pl.DataFrame,
    whole_tables: dict[str, pl.DataFrame] | None = None,
) -> int:
    """Replace `table`'s rows dated first..last with `frame` (the table's columns); `whole_tables` as in
    replace_days_sql."""
    with registered(con, "_incoming_days", scannable(frame)):
        return replace_days_sql(
            con, table, first, last, "SELECT * FROM _incoming_days", whole_tables=whole_tables
        )


def day_parts(first: date, last: date, days: int) -> Iterator[tuple[date, date]]:
    """first..last in consecutive parts of at most `days` days, oldest first (a long range computed a part at a
    time, each part reading the ones before it)."""
    start = first
    while start <= last:
        end = min(last, start + timedelta(days=days - 1))
        yield start, end
        start = end + timedelta(days=1)


# a mart computed in Polars over a long range computes it this many days at a time and writes the parts together:
# its frames hold every day of the range at once, and the days do not depend on each other (one day's rows are
# the same computed alone or beside others). Measured on benchmark 2's five years (2026-11-28, 2 cores), each
# step alone in a fresh process: gpu_value peaked at 1.21 GB of memory over the whole range and at 0.63 GB a
# year at a time (1.01 -> 0.83 s), budget_picks at 1.43 GB and 0.66 GB (1.25 -> 1.31 s); the rows identical
FRAME_PART_DAYS = 365


def by_parts(first: date, last: date, compute: Callable[[date, date], pl.DataFrame]) -> pl.DataFrame:
    """`compute(start, end)` over first..last FRAME_PART_DAYS days at a time, oldest first, the parts together (an
    empty range: computed once, as it is)."""
    parts = [compute(start, end) for start, end in day_parts(first, last, FRAME_PART_DAYS)]
    if not parts:
        return compute(first, last)
    return parts[0] if len(parts) == 1 else pl.concat(parts)
