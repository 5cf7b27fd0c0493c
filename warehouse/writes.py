"""Writing a partition: delete the slice, insert the new rows, in one transaction.

Re-running a day replaces that day, never duplicates it, and a crash in the middle leaves the previous
state (DuckDB's write-ahead log is replayed or discarded as a whole). Incoming rows must lie inside the
slice they replace and must not repeat their table's key (`warehouse.keys`): the day tables have no
index to catch a duplicate, so it is caught here, before anything is written.
"""

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import duckdb
import polars as pl
import pyarrow as pa

from warehouse.keys import SLICE_KEYS
from warehouse.transactions import transaction


def table_columns(con: duckdb.DuckDBPyConnection, table: str) -> list[str]:
    schema, name = table.split(".")
    rows = con.execute(
        "SELECT column_name FROM duckdb_columns() WHERE schema_name = ? AND table_name = ? ORDER BY column_index",
        [schema, name],
    ).fetchall()
    if not rows:
        raise KeyError(f"no table {table} in the warehouse")
    return [r[0] for r in rows]


@contextmanager
def registered(con: duckdb.DuckDBPyConnection, name: str, frame: pl.DataFrame | pa.Table) -> Iterator[None]:
    """`frame` readable as the view `name` by the statements inside.

    DuckDB 2.0 streams results: a SELECT read with fetchone() stays open, and registering a frame then
    fails ("connection has an unfinished result"). Every caller here has read what it needs of its earlier
    results, so they are finished first (`complete`)."""
    con.complete()
    con.register(name, frame)
    try:
        yield
    finally:
        con.complete()
        con.unregister(name)


SliceData = pl.DataFrame | list[Path]  # rows in memory, or Parquet files (large slices stream from disk)


def _source_columns(con: duckdb.DuckDBPyConnection, data: SliceData) -> list[str]:
    if isinstance(data, pl.DataFrame):
        return data.columns
    if not data:
        return []
    return [
        r[0]
        for r in con.execute("DESCRIBE SELECT * FROM read_parquet(?)", [[str(p) for p in data]]).fetchall()
    ]


def _check_rows(table: str, data: SliceData, where: dict) -> None:
    """Refuse rows outside the slice being replaced, and rows that repeat the table's key (checked in Polars
    on the key columns only; a Parquet slice is read for those columns alone)."""
    key = list(SLICE_KEYS.get(table, ()))
    wanted = sorted(set(key) | set(where))
    if not wanted or (not isinstance(data, pl.DataFrame) and not data):
        return
    rows = data.select(wanted) if isinstance(data, pl.DataFrame) else pl.read_parquet(data, columns=wanted)
    if where:
        outside = rows.filter(~pl.all_horizontal([pl.col(k).eq_missing(v) for k, v in where.items()])).height
        if outside:
            raise ValueError(f"{table}: {outside} incoming rows lie outside the slice {where} they replace")
    if key:
        repeated = rows.group_by(key).len().filter(pl.col("len") > 1).head(3)
        if repeated.height:
            raise ValueError(
                f"{table}: incoming rows repeat the key ({', '.join(key)}), e.g. "
                + "; ".join(str(r) for r in repeated.rows())
            )


def _replace(con: duckdb.DuckDBPyConnection, table: str, data: SliceData, where: dict | None) -> int:
    columns = table_columns(con, table)
    given = _source_columns(con, data)
    if given or isinstance(data, pl.DataFrame):
        missing = [c for c in columns if c not in given]
        extra = [c for c in given if c not in columns]
        if missing or extra:
            raise ValueError(f"{table}: frame columns do not match (missing {missing}, extra {extra})")
    clause, params = "", []
    if where and not set(where) <= set(columns):  # keys become identifiers in the SQL: only real columns
        raise ValueError(f"{table}: slice keys {sorted(set(where) - set(columns))} are not columns")
    if where:
        clause = " WHERE " + " AND ".join(f'"{k}" = ?' for k in where)
        params = list(where.values())
    _check_rows(table, data, where or {})
    con.execute(f"DELETE FROM {table}{clause}", params)
    col_list = ", ".join(f'"{c}"' for c in columns)
    if isinstance(data, pl.DataFrame):
        if data.height:
            with registered(con, "_incoming", data.select(columns)):
                con.execute(f"INSERT INTO {table} ({col_list}) SELECT {col_list} FROM _incoming")
        return data.height
    if not data:
        return 0
    files = [str(p) for p in data]
    con.execute(f"INSERT INTO {table} ({col_list}) SELECT {col_list} FROM read_parquet(?)", [files])
    return con.execute("SELECT count(*) FROM read_parquet(?)", [files]).fetchone()[0]


def replace_table_in_transaction(con: duckdb.DuckDBPyConnection, table: str, frame: pl.DataFrame) -> int:
    """Replace every row of `table` with `frame`, inside a transaction the caller holds (a side table written
    with the days of another, warehouse/marts/days.py); its key is checked as replace_slices checks it."""
    return _replace(con, table, frame, None)


def replace_slices(
    con: duckdb.DuckDBPyConnection, writes: list[tuple[str, SliceData, dict[str, object] | None]]
) -> dict[str, int]:
    """Replace several slices in ONE transaction: (table, data, where) each; `where` None = whole table.

    `data` is a Polars frame or a list of Parquet files (a day too large to hold in memory streams from
    disk); it must carry every column of its table (extra columns are an error, so nothing is silently
    dropped). Values in `where` are bound as parameters. Returns rows inserted per table.
    """
    with transaction(con):
        return {table: _replace(con, table, frame, where) for table, frame, where in writes}


def replace_slice(
    con: duckdb.DuckDBPyConnection, table: str, frame: pl.DataFrame, where: dict[str, object] | None = None
) -> int:
    """Replace the rows of `table` matching `where` (all rows when None) by `frame`, atomically."""
    return replace_slices(con, [(table, frame, where)])[table]


def read_frame(con: duckdb.DuckDBPyConnection, sql: str, params: list | dict | None = None) -> pl.DataFrame:
    """Run a parameterized query (`params` a list for `?`, or a dict for `$name`) and return a Polars frame.
    DuckDB 2 gives Polars frames from relations only (`sql`), which, like `registered` above, wait for any
    unfinished result of an earlier execute(): it is finished first."""
    con.complete()
    return con.sql(sql, params=params or []).pl()


def replace_day(con: duckdb.DuckDBPyConnection, table: str, frame: pl.DataFrame, day) -> None:
    """Replace `table`'s slice for `day` with `frame` in the table's column order; a day without rows empties
    the slice (a transform returns a frame without columns when there is nothing to compute)."""
    columns = table_columns(con, table)
    rows = read_frame(con, f"SELECT * FROM {table} LIMIT 0") if frame.is_empty() else frame.select(columns)
    replace_slice(con, table, rows, {"snapshot_date": day})
