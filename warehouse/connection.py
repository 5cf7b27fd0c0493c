"""Opening the warehouse: one writer at a time, readers read-only.

DuckDB lets one process write a file at a time. Dagster runs the whole job in one process (the in-process
executor, see `pipelines/defs/jobs.py`), and every asset opens the file through `connect()` for the span of its
write; the run's warehouse resource keeps the database open in between (pipelines/resources/warehouse.py), so
that a later `connect()` in the same process reuses it. Readers (dashboards, users) use `connect(read_only=True)`; when a writer holds the lock they get
`WarehouseBusyError` with a clear message instead of a stack of DuckDB internals.
"""

import re
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import duckdb

from warehouse.environment import bad_setting, env_pattern
from warehouse.migrations import apply_migrations, ddl_files
from warehouse.paths import db_path

DEFAULT_MEMORY_LIMIT = "1.5GB"
MIN_MEMORY_KB = 256 * 1024  # a day's run needs ~100 MB of DuckDB buffers; below this it dies out of memory


def memory_limit() -> str:
    """DuckDB's buffer limit for every connection: `GPU_MARKET_DUCKDB_MEMORY` (e.g. 4GB), else 1.5 GB. DuckDB
    spills to disk beyond it, so a rebuild of years of marts stays within 2 GB of memory in all (benchmark 2:
    1.7 GB at its peak); a day's run uses far less. DuckDB's own default is 80% of the machine's memory.
    Why 1.5 and not 1 GB: price_daily's statement over benchmark 2's five years peaks at about 1.5 GB of
    DuckDB buffers; capped at 1 GB it spilled 0.3-0.5 GB to disk and benchmark 2 took 8.0-8.8 s instead of
    7.4-7.7 s (runs alternated, 2 cores), for 0.25 GB less peak memory."""
    value = env_pattern(
        "GPU_MARKET_DUCKDB_MEMORY",
        DEFAULT_MEMORY_LIMIT,
        r"(?i)\d+(\.\d+)?\s*(KB|MB|GB|TB|KiB|MiB|GiB|TiB)",
        "a size such as 1GB or 512MB",
    )
    number, unit = re.fullmatch(r"(?i)(\d+(?:\.\d+)?)\s*([KMGT])I?B", value).groups()
    if float(number) * 1024 ** "KMGT".index(unit.upper()) < MIN_MEMORY_KB:  # DuckDB cannot even open a file
        raise bad_setting("GPU_MARKET_DUCKDB_MEMORY", value, "a size of at least 256MB", DEFAULT_MEMORY_LIMIT)
    return value


class WarehouseBusyError(RuntimeError):
    """Another process holds the write lock on the warehouse file."""


def _open(path: Path, read_only: bool, wait_s: float) -> duckdb.DuckDBPyConnection:
    deadline = time.monotonic() + wait_s
    while True:
        try:
            return duckdb.connect(str(path), read_only=read_only)
        except duckdb.IOException as exc:
            if "lock" not in str(exc).lower():
                raise
            if time.monotonic() >= deadline:
                held = re.search(r"held in (.+?) \(PID (\d+)\)", str(exc))  # DuckDB names the holder
                who = f"{held.group(1)}, pid {held.group(2)}" if held else None
                holder = (
                    f"being written by another process ({who or 'a pipeline run?'})"
                    if read_only
                    else f"open in another process ({who or 'another run, or a session reading it'})"
                )
                raise WarehouseBusyError(
                    f"The warehouse {path} is {holder}. Waited {wait_s:.0f}s; try again when it has finished."
                ) from exc
            time.sleep(0.2)


def _migrate(con: duckdb.DuckDBPyConnection) -> None:
    """Apply pending DDL and CHECKPOINT at once, so DDL never waits in the write-ahead log; with nothing
    pending, run no statement at all. DuckDB 1.5 could not replay a WAL holding COMMENT ON a table with a
    function DEFAULT (schema_migrations.applied_at; duckdb/duckdb#21490): after a crash such a WAL kept the
    warehouse from opening ("Failure while replaying WAL file")."""
    try:
        done = {row[0] for row in con.execute("SELECT version FROM main.schema_migrations").fetchall()}
    except duckdb.CatalogException:
        done = set()
    if all(path.name in done for path in ddl_files()):
        return
    apply_migrations(con)
    con.execute("CHECKPOINT")


@contextmanager
def connect(
    path: str | Path | None = None, *, read_only: bool = False, wait_s: float = 30.0
) -> Iterator[duckdb.DuckDBPyConnection]:
    """Open the warehouse (creating it and applying DDL when writing); close it on exit.

    Waits up to `wait_s` seconds for another process's lock to go, then raises WarehouseBusyError.
    """
    target = Path(path) if path else db_path()
    if read_only and not target.exists():
        raise FileNotFoundError(f"No warehouse at {target}: run `make run` first.")
    if not read_only:
        target.parent.mkdir(parents=True, exist_ok=True)
    con = _open(target, read_only, wait_s)
    try:
        con.execute("SET memory_limit = ?", [memory_limit()])
        if not read_only:
            _migrate(con)
        yield con
    finally:
        con.close()
