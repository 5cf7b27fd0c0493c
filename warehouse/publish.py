"""Publishing the warehouse for readers: a whole-file copy swapped in atomically.

Why a copy (and not Parquet marts or DuckDB's own concurrency): DuckDB lets one process write a file and
locks out every other process while it does, and a read-only connection in turn keeps the writer out; a
notebook left open at 06:00 stopped the schedule. A copy of the file, made after a good day and renamed
over the published path, gives readers the whole warehouse (every schema, view and comment, the same SQL
as before) at a stable path, and the job never opens it: a reader holding the old file keeps reading it
(the rename leaves its open file alone), a new reader gets the new day. Parquet marts would need views
rebuilt for each reader and lose the raw and staging schemas. The cost is one file copy a day (the
warehouse is small; see `make bench`). On Windows a rename over an open file fails: this is for POSIX.
"""

import os
import shutil
import stat
from pathlib import Path

from warehouse.connection import connect


def publish(work: Path, target: Path) -> int:
    """Copy the working file to `target` (read-only mode bits) through a temporary file and an atomic rename;
    the bytes copied. Nothing may write `work` meanwhile: the job runs its assets one at a time, and a run's
    own open handle (pipelines/resources/warehouse.py) is idle while this asset copies."""
    with connect(work) as con:
        con.execute("CHECKPOINT")  # everything in the main file, nothing left in the write-ahead log
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = target.with_name(f".{target.name}.{os.getpid()}.tmp")
    try:
        shutil.copyfile(work, tmp)
        tmp.chmod(
            stat.S_IRUSR | stat.S_IRGRP | stat.S_IROTH
        )  # opening it for writing fails: readers use -readonly
        os.replace(tmp, target)
    finally:
        tmp.unlink(missing_ok=True)  # a full disk or any error: never leave a partial copy filling the disk
    return target.stat().st_size


def sweep(target: Path) -> list[Path]:
    """Remove the temporary copies a publish killed part-way left beside `target` (`.<name>.<pid>.tmp`); the
    files removed. Called at the start of a run that holds the run lock (warehouse/run_lock.py), when no
    other publish can be under way: on a full disk such a file keeps the disk full and the next run fails too."""
    removed = []
    for tmp in target.parent.glob(f".{target.name}.*.tmp") if target.parent.exists() else []:
        tmp.unlink(missing_ok=True)
        removed.append(tmp)
    return removed
