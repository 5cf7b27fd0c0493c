"""Crash safety: a writer SIGKILLed in the middle of replacing a day (after BEGIN, mid-insert, during COMMIT)
leaves that day as it was before or as the complete new slice, never part of it; other days are untouched;
the file opens again and the next run completes the day."""

import os
import signal
import subprocess
import sys
import time
from datetime import date
from pathlib import Path

import pytest

from tests.support.crash_writer import day_frame
from warehouse.connection import connect
from warehouse.writes import replace_slices

ROOT = Path(__file__).resolve().parents[2]
DAY, OTHER = date(2026, 11, 20), date(2026, 11, 19)
OLD, NEW = 1_000, 200_000


def writer(db: Path, n: int = NEW) -> subprocess.Popen:
    return subprocess.Popen(
        [
            sys.executable,
            "-m",
            "tests.support.crash_writer",
            "replace",
            str(db),
            DAY.isoformat(),
            str(n),
            "new",
        ],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def wait_for(proc: subprocess.Popen, marker: str, timeout_s: float = 60) -> list[str]:
    seen, deadline = [], time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        line = proc.stdout.readline().strip()
        if not line and proc.poll() is not None:
            break
        seen.append(line)
        if line == marker:
            return seen
    proc.kill()
    raise AssertionError(f"writer never said {marker}: {seen} {proc.stderr.read()[-2000:]}")


def day_state(db: Path) -> tuple[dict[str, int], int]:
    """Rows of DAY per item-id prefix, and rows of OTHER; opened for writing, as the next run would."""
    with connect(db, wait_s=10) as con:
        prefixes = dict(
            con.execute(
                "SELECT split_part(item_id, '-', 1), count(*) FROM raw.ebay_listings "
                "WHERE snapshot_date = ? GROUP BY 1",
                [DAY],
            ).fetchall()
        )
        other = con.execute(
            "SELECT count(*) FROM raw.ebay_listings WHERE snapshot_date = ?", [OTHER]
        ).fetchone()[0]
        con.execute("CHECKPOINT")  # the recovered file can be written and checkpointed
    return prefixes, other


@pytest.mark.parametrize(("kill_at", "delay_s"), [("BEGAN", 0.0), ("DELETED", 0.1), ("COMMITTING", 0.02)])
def test_sigkill_mid_write_leaves_the_old_day_or_the_new_one_never_part(tmp_path, kill_at, delay_s):
    db = tmp_path / "crash.duckdb"
    with connect(db) as con:
        replace_slices(
            con,
            [
                ("raw.ebay_listings", day_frame(DAY, OLD, "old"), {"snapshot_date": DAY}),
                ("raw.ebay_listings", day_frame(OTHER, OLD, "other"), {"snapshot_date": OTHER}),
            ],
        )

    proc = writer(db)
    said = wait_for(proc, kill_at)
    time.sleep(delay_s)
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait(timeout=30)
    said += proc.stdout.read().split()
    assert proc.returncode == -signal.SIGKILL and "DONE" not in said

    prefixes, other = day_state(db)
    assert other == OLD
    if "COMMITTING" in said:  # killed during COMMIT: all of the new slice or none of it
        assert prefixes in ({"old": OLD}, {"new": NEW}), prefixes
    else:
        assert prefixes == {"old": OLD}, prefixes

    rerun = writer(db)
    wait_for(rerun, "DONE")
    assert rerun.wait(timeout=60) == 0
    assert day_state(db) == ({"new": NEW}, OLD)
