"""Replacing a range of days of a mart in one transaction: delete the days, insert the new rows.

The day tables have no primary-key index (ddl/070), so a plain delete and insert is the cheap way. Rows
are inserted in date order, so DuckDB's zone maps keep a day's rows together for the readers that select
one day. Ordering by the whole key as well would keep nothing more together for them and costs more: 0.3 s
of the 1.4 s insert of five years of price_daily (benchmark 2)."""

from datetime import date

import duckdb
import polars as pl

from warehouse.keys import SLICE_KEYS
from warehouse.transactions import transaction
from warehouse.writes import table_columns


def _key(table: str) -> str:
    return ", ".join(SLICE_KEYS[table])


def replace_days_sql(
    con: duckdb.DuckDBPyConnection,
    table: str,
    first: date,
    last: date,
    select_sql: str,
    params: dict | None = None,
) -> int:
    """Replace `table`'s rows dated first..last with the rows of `select_sql` (which binds `params`); how
    many rows were written. Rows outside the range, or repeating the table's key (`warehouse.keys`), are
    refused and nothing changes."""
    names = ", ".join(f'"{c}"' for c in table_columns(con, table))
    clause = _key(table)
    days = {"first": first, "last": last}
    with transaction(con):
        con.execute(f"DELETE FROM {table} WHERE snapshot_date BETWEEN $first AND $last", days)
        written = con.execute(
            f"INSERT INTO {table} ({names}) SELECT {names} FROM ({select_sql}) ORDER BY snapshot_date",
            params or {},
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
    return written


def replace_days_frame(
    con: duckdb.DuckDBPyConnection, table: str, first: date, last: date, frame: pl.DataFrame
) -> int:
    """Replace `table`'s rows dated first..last with `frame` (the table's columns)."""
    con.register("_incoming_days", frame.to_arrow())
    try:
        return replace_days_sql(con, table, first, last, "SELECT * FROM _incoming_days")
    finally:
        con.unregister("_incoming_days")
