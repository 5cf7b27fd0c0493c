"""One command writes the warehouse at a time: `make run`, `make backfill` and `make rebuild` hold a lock file
beside the warehouse (`<warehouse file>.lock`) for their whole run, and a second one refuses at once with one
line naming the holder (its pid, command and start time, written into the lock file).

Why refuse and not queue: DuckDB already makes a second writer wait 30 s per connection and then fail, so two
runs used to interleave their assets until one of them hit that limit half-way; a queued second `make run` of
the same day would only redo the first one's work, and a scheduler retries anyway. The lock is an OS lock
(flock), so a run killed with SIGKILL releases it; the text left in the file is only a description.
"""

import fcntl
import os
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path

from warehouse.connection import WarehouseBusyError

__all__ = ["WarehouseBusyError", "holder", "lock_path", "refuse_if_held", "run_lock"]


def lock_path(db: Path) -> Path:
    return db.with_name(db.name + ".lock")


def holder(db: Path) -> str | None:
    """Who holds the run lock of `db` (the description in the lock file), or None when nobody does."""
    path = lock_path(db)
    if not path.exists():
        return None
    with open(path, "a+") as handle:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            handle.seek(0)
            return handle.read().strip() or "another process"
        fcntl.flock(handle, fcntl.LOCK_UN)
    return None


def busy_error(db: Path, description: str) -> WarehouseBusyError:
    return WarehouseBusyError(f"{db} is being written by {description or 'another process'}")


def refuse_if_held(db: Path) -> None:
    """WarehouseBusyError at once when another process holds the run lock of `db`. The commands ask this before
    loading their definitions (2-3 s of imports and settings), so a second writer is refused in a fraction of a
    second; `run_lock` still takes the lock itself (a writer that starts in between is refused there). A
    malformed setting is then answered by the run after, once the warehouse is free."""
    description = holder(db)
    if description is not None:
        raise busy_error(db, description)


@contextmanager
def run_lock(db: Path, command: str) -> Iterator[None]:
    """Hold the run lock of `db` while the block runs; WarehouseBusyError at once when another holds it."""
    db.parent.mkdir(parents=True, exist_ok=True)
    handle = open(lock_path(db), "a+")  # noqa: SIM115 (held open for the whole run)
    try:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            handle.seek(0)
            raise busy_error(db, handle.read().strip()) from None
        handle.seek(0)
        handle.truncate()
        started = datetime.now(UTC).strftime("%Y-%m-%d %H:%M:%S UTC")
        handle.write(f"pid {os.getpid()} ({command}, since {started})\n")
        handle.flush()
        try:
            yield
        finally:
            handle.seek(0)
            handle.truncate()
            fcntl.flock(handle, fcntl.LOCK_UN)
    finally:
        handle.close()
