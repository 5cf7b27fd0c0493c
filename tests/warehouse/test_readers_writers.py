"""Readers and writers: a user opening the warehouse read-only while a run writes gets WarehouseBusyError with
a clear message, or waits for the run to finish, and then reads what the run committed; a run started while a
user holds the file gets the same clear message; the file is never corrupted."""

import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.support.crash_writer import day_frame
from warehouse.connection import WarehouseBusyError, connect
from warehouse.writes import replace_slices

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def warehouse(tmp_path):
    db = tmp_path / "rw.duckdb"
    from datetime import date

    with connect(db) as con:
        replace_slices(con, [("raw.ebay_listings", day_frame(date(2026, 11, 20), 500, "old"), None)])
    return db


def start(command: str, db: Path, seconds: float) -> subprocess.Popen:
    proc = subprocess.Popen(
        [sys.executable, "-m", "tests.support.crash_writer", command, str(db), str(seconds)],
        cwd=ROOT,
        stdin=subprocess.PIPE,  # closed by finish: the process lets go at once (tests/support/crash_writer.py)
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    line = proc.stdout.readline().strip()
    if line != "LOCKED":
        proc.kill()
        raise AssertionError(f"{command} process did not start: {line} {proc.stderr.read()[-2000:]}")
    return proc


def finish(proc: subprocess.Popen) -> None:
    """Let the process go (it commits and exits) and check that it ended well."""
    try:
        proc.stdin.close()
        assert proc.wait(timeout=30) == 0, proc.stderr.read()[-2000:]
    finally:
        if proc.poll() is None:
            proc.kill()


def test_a_reader_during_a_write_gets_a_clear_busy_message(warehouse):
    writer = start("hold", warehouse, 1.5)
    try:
        began = time.monotonic()
        with pytest.raises(WarehouseBusyError) as caught:
            with connect(warehouse, read_only=True, wait_s=0.5):
                pass
        assert time.monotonic() - began < 2.5  # it gave up after about wait_s, it did not hang
        message = str(caught.value)
        assert "being written by another process" in message and str(warehouse) in message
        assert "try again when it has finished" in message
    finally:
        finish(writer)
    with connect(warehouse, read_only=True) as con:  # after the writer: the file is fine and has its commit
        assert con.execute("SELECT calls FROM raw.api_calls WHERE source = 'lock-test'").fetchall() == [(1,)]
        assert con.execute("SELECT count(*) FROM raw.ebay_listings").fetchone()[0] == 500


def test_a_reader_that_waits_reads_the_committed_state(warehouse):
    writer = start("hold", warehouse, 1.0)
    try:
        began = time.monotonic()
        with connect(warehouse, read_only=True, wait_s=20) as con:
            waited = time.monotonic() - began
            assert con.execute("SELECT calls FROM raw.api_calls WHERE source = 'lock-test'").fetchall() == [
                (1,)
            ]
            assert con.execute("SELECT count(*) FROM raw.ebay_listings").fetchone()[0] == 500
        assert waited >= 0.3  # it waited for the writer rather than reading under it
    finally:
        finish(writer)


def test_a_run_started_while_a_user_reads_gets_the_same_message(warehouse):
    reader = start("read", warehouse, 1.5)
    try:
        with pytest.raises(
            WarehouseBusyError, match=rf"open in another process \(.*python.*, pid {reader.pid}\)"
        ):  # DuckDB names the holder: its program and pid
            with connect(warehouse, wait_s=0.5):
                pass
    finally:
        finish(reader)
    with connect(warehouse) as con:  # and once the user is gone, the run writes
        con.execute("DELETE FROM raw.ebay_listings WHERE item_id = 'old-0'")
        assert con.execute("SELECT count(*) FROM raw.ebay_listings").fetchone()[0] == 499
