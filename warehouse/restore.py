"""Restoring a damaged warehouse file from the published copy: `make restore` (`python -m warehouse.restore`).

The published copy (warehouse/publish.py) is the whole warehouse as of the last good day, copied after a
CHECKPOINT and renamed into place in one step, so it is intact whenever the job's file is not. Restoring
keeps the damaged file beside it (`<name>.damaged-<UTC time>`, with its write-ahead log), copies the published
file in its place with write permission, and checks that DuckDB can read every table of it. The days after the
copy's day are then missing: `make run` (sample) or `make backfill` rebuilds them. Without a good published
copy the only way back is a rebuild: move the file aside and `make run`. It holds the run lock, and refuses a
file DuckDB reads whole (move it aside first to go back to the published copy anyway).
"""

import shutil
import sys
from datetime import UTC, datetime
from pathlib import Path

import duckdb

from warehouse.user_days import USAGE_EXIT, asked_for_help, show_help, too_many


def read_every_table(path: Path) -> int:
    """Open `path` read-only and read every row of every table (DuckDB checks each block's checksum as it
    reads it); the rows read. Raises duckdb.Error when the file is damaged."""
    with duckdb.connect(str(path), read_only=True) as con:
        return read_all(con)


def read_all(con: duckdb.DuckDBPyConnection) -> int:
    """Read every row of every table through `con`; the rows read."""
    tables = con.execute(
        "SELECT schema_name, table_name FROM duckdb_tables() WHERE database_name = current_database()"
    ).fetchall()
    return sum(
        con.execute(f'SELECT count(hash(t)) FROM "{schema}"."{table}" t').fetchone()[0]
        for schema, table in tables
    )


def published_day(published: Path) -> str | None:
    """The newest day of the published copy's marts.gpu_value ('no day yet' without one), or None when there
    is no readable copy."""
    if not published.exists():
        return None
    try:
        with duckdb.connect(str(published), read_only=True) as con:
            day = con.execute("SELECT max(snapshot_date) FROM marts.gpu_value").fetchone()[0]
    except duckdb.Error:
        return None
    return day.isoformat() if day else "no day yet"


def restore_advice(work: Path, published: Path | None = None) -> str:
    """What to do about a damaged `work` file, in one clause."""
    from warehouse.paths import read_db_path

    published = published or read_db_path()
    day = published_day(published)
    if day:
        return (
            f"{work} is damaged; restore it from the published copy {published} (the warehouse as of {day}) "
            f"with `make restore`, or rebuild it: move it aside and `make run`"
        )
    return (
        f"{work} is damaged and there is no readable published copy; rebuild it: move it aside and `make run`"
    )


class WarehouseDamagedError(RuntimeError):
    """The warehouse file is shorter than its own header says (cut short by a copy, a disk, a crash)."""


HEADER_BYTES = 3 * 4096  # DuckDB's file header and its two database headers, before the first block


def check_whole(path: Path) -> None:
    """Raise WarehouseDamagedError when the file holds fewer bytes than the blocks its header counts and
    reading every table fails. Opened read-only, before anything opens it for writing: DuckDB opening a short
    file for writing extends it with zeros, and the damage shows only later, as checksum errors. A short
    file alone is no proof (after a SIGKILL the header may count free blocks never written), so the tables
    are read before the file is called damaged; a whole file costs one query."""
    if path.with_name(path.name + ".wal").exists() or not path.exists():
        return  # a write-ahead log's replay may count blocks not written to the file yet
    size = path.stat().st_size
    try:
        with duckdb.connect(str(path), read_only=True) as con:
            block_size, blocks = con.execute(
                "SELECT block_size, total_blocks FROM pragma_database_size()"
            ).fetchone()
            expected = HEADER_BYTES + block_size * blocks
            if size < expected:
                read_all(con)
    except duckdb.Error as exc:
        if "lock" in str(exc).lower():
            return  # another process holds it: the run lock or the writer's own wait says so
        first = (str(exc).strip().splitlines() or [""])[0]
        raise WarehouseDamagedError(f"{path} cannot be read: {first}") from None


def restore(work: Path, published: Path) -> Path:
    """Replace `work` with a writable copy of `published`; the damaged file is kept aside (its new path)."""
    read_every_table(published)  # never replace a file with a damaged copy
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")
    aside = work.with_name(f"{work.name}.damaged-{stamp}")
    for n in range(2, 1000):  # two restores in one second: never rename over the first damaged file kept
        if not aside.exists():
            break
        aside = work.with_name(f"{work.name}.damaged-{stamp}-{n}")
    if work.exists():
        work.rename(aside)
    wal = work.with_name(work.name + ".wal")
    if wal.exists():
        wal.rename(aside.with_name(aside.name + ".wal"))
    tmp = work.with_name(f".{work.name}.restore.tmp")
    try:
        shutil.copyfile(published, tmp)
        tmp.chmod(0o644)
        tmp.replace(work)
    finally:
        tmp.unlink(missing_ok=True)
    return aside


class HeldByAnotherProcess(RuntimeError):
    """DuckDB refuses to open the file: another process has it open (a `make ui` run, a SQL session)."""


def is_whole(work: Path) -> bool:
    """Whether `work` exists and DuckDB reads every table of it; HeldByAnotherProcess when another process has it
    open (code review: a DuckDB lock error read as damage, and a file a `make ui` run was writing was replaced)."""
    if not work.exists():
        return False
    try:
        check_whole(work)
        read_every_table(work)
    except WarehouseDamagedError:
        return False
    except duckdb.Error as exc:
        if "lock" in str(exc).lower():
            raise HeldByAnotherProcess(f"{work} is open in another process: close it first") from None
        return False
    return True


def main() -> int:
    """Under the run lock (thirty-sixth review, an operator: a restore during a run swapped the file out from under
    it, and the day went into the file kept aside as damaged); a whole file is not replaced (it was, and called
    damaged)."""
    from warehouse.paths import db_path
    from warehouse.run_lock import WarehouseBusyError, run_lock

    work = db_path()
    try:
        with run_lock(work, "make restore"):
            return _restore_unless_whole(work)
    except WarehouseBusyError as exc:
        print(f"error: {str(exc).splitlines()[0]}", file=sys.stderr)
        return 1


def _restore_unless_whole(work: Path) -> int:
    from warehouse.paths import read_db_path

    published = read_db_path()
    try:
        whole = is_whole(work)
    except HeldByAnotherProcess as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    if whole:
        print(
            f"error: {work} reads whole: nothing to restore (to go back to the published copy anyway, move it aside "
            "first, then `make restore`)",
            file=sys.stderr,
        )
        return 1
    day = published_day(published)
    if day is None:
        print(
            f"error: no readable published copy at {published}: rebuild instead (move {work} aside, `make run`)",
            file=sys.stderr,
        )
        return 1
    try:
        aside = restore(work, published)
    except (duckdb.Error, OSError) as exc:
        print(
            f"error: could not restore {work} from {published}: {str(exc).splitlines()[0]}", file=sys.stderr
        )
        return 1
    print(
        f"restored {work} from {published} (the warehouse as of {day}); the damaged file is kept as {aside}"
    )
    return 0


if __name__ == "__main__":
    if asked_for_help(sys.argv):
        sys.exit(show_help(__doc__))
    sys.exit(USAGE_EXIT if too_many(sys.argv, 0, "make restore takes no arguments") else main())
