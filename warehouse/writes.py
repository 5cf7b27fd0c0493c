"""Writing a partition: delete the slice, insert the new rows, in one transaction.

Re-running a day replaces that day, never duplicates it, and a crash in the middle leaves the previous
state (DuckDB's write-ahead log is replayed or discarded as a whole).
"""

import duckdb
import polars as pl


def table_columns(con: duckdb.DuckDBPyConnection, table: str) -> list[str]:
    schema, name = table.split(".")
    rows = con.execute(
        "SELECT column_name FROM duckdb_columns() WHERE schema_name = ? AND table_name = ? ORDER BY column_index",
        [schema, name],
    ).fetchall()
    if not rows:
        raise KeyError(f"no table {table} in the warehouse")
    return [r[0] for r in rows]


def _replace(con: duckdb.DuckDBPyConnection, table: str, frame: pl.DataFrame, where: dict | None) -> int:
    columns = table_columns(con, table)
    missing = [c for c in columns if c not in frame.columns]
    extra = [c for c in frame.columns if c not in columns]
    if missing or extra:
        raise ValueError(f"{table}: frame columns do not match (missing {missing}, extra {extra})")
    ordered = frame.select(columns)
    clause, params = "", []
    if where and not set(where) <= set(columns):  # keys become identifiers in the SQL: only real columns
        raise ValueError(f"{table}: slice keys {sorted(set(where) - set(columns))} are not columns")
    if where:
        clause = " WHERE " + " AND ".join(f'"{k}" = ?' for k in where)
        params = list(where.values())
    con.execute(f"DELETE FROM {table}{clause}", params)
    if ordered.height:
        con.register("_incoming", ordered.to_arrow())
        try:
            col_list = ", ".join(f'"{c}"' for c in columns)
            con.execute(f"INSERT INTO {table} ({col_list}) SELECT {col_list} FROM _incoming")
        finally:
            con.unregister("_incoming")
    return ordered.height


def replace_slices(
    con: duckdb.DuckDBPyConnection, writes: list[tuple[str, pl.DataFrame, dict[str, object] | None]]
) -> dict[str, int]:
    """Replace several slices in ONE transaction: (table, frame, where) each; `where` None = whole table.

    `frame` must carry every column of its table (extra columns are an error, so nothing is silently
    dropped). Values in `where` are bound as parameters. Returns rows inserted per table.
    """
    con.execute("BEGIN TRANSACTION")
    try:
        counts = {table: _replace(con, table, frame, where) for table, frame, where in writes}
        con.execute("COMMIT")
    except Exception:
        con.execute("ROLLBACK")
        raise
    return counts


def replace_slice(con: duckdb.DuckDBPyConnection, table: str, frame: pl.DataFrame,
                  where: dict[str, object] | None = None) -> int:
    """Replace the rows of `table` matching `where` (all rows when None) by `frame`, atomically."""
    return replace_slices(con, [(table, frame, where)])[table]


def read_frame(con: duckdb.DuckDBPyConnection, sql: str, params: list | None = None) -> pl.DataFrame:
    """Run a parameterized query and return a Polars frame."""
    return con.execute(sql, params or []).pl()
