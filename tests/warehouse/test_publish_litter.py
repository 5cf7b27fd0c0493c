"""The publish step leaves no temporary copy behind: removed when the copy fails (a full disk), and swept at
the next run's start when a kill left one."""

import errno
import shutil

import pytest

from warehouse.connection import connect
from warehouse.publish import publish, sweep


def test_a_copy_that_fails_half_way_leaves_no_temporary_file(tmp_path, monkeypatch):
    work, target = tmp_path / "w.duckdb", tmp_path / "published" / "w.duckdb"
    with connect(work) as con:
        con.execute("CREATE TABLE main.t AS SELECT 1 AS x")

    def half_then_full(source, destination):
        destination.write_bytes(source.read_bytes()[:1000])
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(shutil, "copyfile", half_then_full)
    with pytest.raises(OSError, match="No space left on device"):
        publish(work, target)
    assert list(target.parent.iterdir()) == []


def test_the_next_run_sweeps_what_a_killed_publish_left(tmp_path):
    target = tmp_path / "published" / "w.duckdb"
    target.parent.mkdir()
    target.write_bytes(b"the published copy")
    left = [target.with_name(f".w.duckdb.{pid}.tmp") for pid in (123, 456)]
    for path in left:
        path.write_bytes(b"partial")
    other = target.with_name(".other.duckdb.9.tmp")  # another file's: not ours to remove
    other.write_bytes(b"x")
    assert sorted(sweep(target)) == sorted(left)
    assert sorted(p.name for p in target.parent.iterdir()) == [".other.duckdb.9.tmp", "w.duckdb"]
    assert sweep(tmp_path / "nowhere" / "w.duckdb") == []
