"""Statements on Polars frames: one in-memory DuckDB per process, a cursor of it per statement.

The marts' statements are SQL (transforms/price_daily.py, transforms/deals.py, transforms/cost_model.py), and the
same text runs on a range of days in the warehouse and on frames here (tests, the region marts, the dashboard)."""

import os
import threading

import duckdb
import polars as pl

_MEMORY_DB: dict[int, duckdb.DuckDBPyConnection] = {}  # process id -> this process's in-memory database
_MEMORY_LOCK = threading.Lock()


def _memory_db() -> duckdb.DuckDBPyConnection:
    """This process's one in-memory DuckDB: opening a database costs about 15 ms, a connection to an open
    one (`cursor()`) a third of a millisecond, and a sample day runs about 25 statements here. Keyed by
    process id, so that a forked child opens its own."""
    with _MEMORY_LOCK:
        if os.getpid() not in _MEMORY_DB:
            _MEMORY_DB.clear()
            _MEMORY_DB[os.getpid()] = duckdb.connect()
        return _MEMORY_DB[os.getpid()]


def run_sql(statement_sql: str, params: dict | None = None, **frames: pl.DataFrame) -> pl.DataFrame:
    """Run a statement on its own connection to an in-memory DuckDB, with each frame registered as
    `_<name>` (seen by this connection only, gone when it closes) and `params` bound ($name)."""
    con = _memory_db().cursor()
    try:
        for name, frame in frames.items():
            con.register(f"_{name}", frame)
        return con.sql(statement_sql, params=params).pl()
    finally:
        con.close()
