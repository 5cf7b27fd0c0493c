"""`make restore` (warehouse/restore.py) refuses what it must not do: a whole file, a file a run is writing, and a
second damaged file kept under the first one's name (thirty-sixth review, an operator)."""

from datetime import UTC, datetime

import duckdb

from warehouse import restore
from warehouse.run_lock import run_lock


def warehouse_pair(tmp_path, monkeypatch):
    """A working file and its published copy, each with one table."""
    work, published = tmp_path / "w.duckdb", tmp_path / "published" / "w.duckdb"
    published.parent.mkdir()
    for path, rows in ((work, 3), (published, 2)):
        with duckdb.connect(str(path)) as con:
            con.execute(f"CREATE TABLE t AS SELECT range AS x FROM range({rows})")
    monkeypatch.setenv("GPU_MARKET_DB", str(work))
    return work, published


def rows(path) -> int:
    with duckdb.connect(str(path), read_only=True) as con:
        return con.execute("SELECT count(*) FROM t").fetchone()[0]


def test_a_whole_warehouse_is_not_replaced(tmp_path, monkeypatch, capsys):
    """It was replaced by the published copy and kept aside as "damaged" (twice in a row, with exit 0)."""
    work, _ = warehouse_pair(tmp_path, monkeypatch)
    assert restore.main() == 1
    assert capsys.readouterr().err.startswith(f"error: {work} reads whole: nothing to restore")
    assert rows(work) == 3 and not list(tmp_path.glob("w.duckdb.damaged-*"))


def test_a_warehouse_a_run_is_writing_is_not_restored(tmp_path, monkeypatch, capsys):
    """A restore during a run swapped the file out from under it: the run's day went into the file kept aside."""
    work, _ = warehouse_pair(tmp_path, monkeypatch)
    work.write_bytes(work.read_bytes()[:5000])  # damaged, but a run holds it
    with run_lock(work, "make run DAY=2026-11-20"):
        assert restore.main() == 1
    assert "is being written by pid" in capsys.readouterr().err
    assert not list(tmp_path.glob("w.duckdb.damaged-*"))


def test_two_restores_in_one_second_keep_both_damaged_files(tmp_path, monkeypatch):
    """The second rename went over the first damaged file kept (the same second's name)."""
    work, published = warehouse_pair(tmp_path, monkeypatch)
    now = datetime(2026, 11, 28, 15, 23, 33, tzinfo=UTC)

    class Frozen(datetime):  # the same second as the first restore
        @classmethod
        def now(cls, tz=None):
            return now

    monkeypatch.setattr(restore, "datetime", Frozen)
    stamp = now.strftime("%Y%m%dT%H%M%SZ")
    first_kept = tmp_path / f"w.duckdb.damaged-{stamp}"
    first_kept.write_bytes(b"the first damaged file")
    work.write_bytes(work.read_bytes()[:5000])
    aside = restore.restore(work, published)
    assert first_kept.read_bytes() == b"the first damaged file" and aside != first_kept and aside.exists()
    assert rows(work) == 2


def test_a_warehouse_another_process_holds_open_is_not_replaced(tmp_path, monkeypatch, capsys):
    """Code review: a file another process had open (a `make ui` run holds no run lock) read as damaged, and was
    replaced while that process went on writing into the file kept aside."""
    import subprocess
    import sys

    work, _ = warehouse_pair(tmp_path, monkeypatch)
    holder = subprocess.Popen(
        [sys.executable, "-c", f"import duckdb, sys; c = duckdb.connect({str(work)!r}); print('open', flush=True); "
         "sys.stdin.readline()"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
    )  # fmt: skip
    try:
        assert holder.stdout.readline().strip() == "open"
        assert restore.main() == 1
    finally:
        holder.communicate("\n", timeout=30)
    assert capsys.readouterr().err == f"error: {work} is open in another process: close it first\n"
    assert rows(work) == 3 and not list(tmp_path.glob("w.duckdb.damaged-*"))
