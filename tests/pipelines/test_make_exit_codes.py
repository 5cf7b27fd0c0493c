"""Through `make` itself and the `./gpu-market` script it calls: bad input exits 2, a failed run 1, each with
its one line; a warehouse cut to half its size fails in at most 3 lines naming the file and `make restore`,
which brings back the published copy; a second writer is refused with one line naming the holder. GNU make
exits 2 for any failed command and names the command's own code in its last line ("Error 1"); the script
passes the code through."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

from pipelines.doctor import FAIL, OK, check_warehouse
from warehouse.connection import connect
from warehouse.publish import publish

ROOT = Path(__file__).resolve().parents[2]
DAY = "2026-11-21"


def environment(tmp_path: Path) -> dict[str, str]:
    environ = {k: v for k, v in os.environ.items() if not k.startswith(("EBAY_", "GPU_MARKET_", "MAKE"))}
    return {
        **environ,
        "GPU_MARKET_SOURCE": "sample",
        "GPU_MARKET_DB": str(tmp_path / "w.duckdb"),
        "GPU_MARKET_EXPORT_DIR": str(tmp_path / "exports"),
        "GPU_MARKET_DASHBOARD": str(tmp_path / "site" / "index.html"),
        "GPU_MARKET_WATCHLIST": str(tmp_path / "no-watchlist.yaml"),
        "GPU_MARKET_SAMPLE_DAYS": "1",
        "DAGSTER_HOME": str(tmp_path),
        # the temporary folder is the test's: a traceback that cannot go to the warehouse's logs/ falls back to
        # it (pipelines/failures.py save_log), and would otherwise be left in the machine's /tmp by every run
        "TMPDIR": str(tmp_path),
    }


def make(tmp_path: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        ["make", "--no-print-directory", *args, f"DAGSTER_HOME={tmp_path}"],
        cwd=ROOT,
        env=environment(tmp_path),
        capture_output=True,
        text=True,
        timeout=300,
    )


def script(tmp_path: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        ["./gpu-market", *args],
        cwd=ROOT,
        env=environment(tmp_path),
        capture_output=True,
        text=True,
        timeout=300,
    )


def lines(proc: subprocess.CompletedProcess) -> list[str]:
    return (proc.stdout + proc.stderr).splitlines()


def test_a_bad_day_exits_2_with_its_one_line(tmp_path):
    from pipelines.user_errors import today_utc

    first = (
        f"error: DAY 2030-01-01 is out of range; valid days are 2026-01-01 to {today_utc().isoformat()} "
        "(today, UTC)"
    )
    proc = make(tmp_path, "run", "DAY=2030-01-01")
    assert proc.returncode == 2
    assert lines(proc)[0] == first and lines(proc)[1].endswith("run] Error 2") and len(lines(proc)) == 2
    direct = script(tmp_path, "run", "2030-01-01")
    assert direct.returncode == 2 and lines(direct) == [first]
    memory = subprocess.run(
        ["make", "--no-print-directory", "run", f"DAY={DAY}", f"DAGSTER_HOME={tmp_path}"],
        cwd=ROOT,
        env={**environment(tmp_path), "GPU_MARKET_DUCKDB_MEMORY": "1KB"},
        capture_output=True,
        text=True,
        timeout=300,
    )  # DuckDB could not even open the file with it: bad input, not an out-of-memory traceback
    assert (
        memory.returncode == 2
        and lines(memory)
        == [
            "error: GPU_MARKET_DUCKDB_MEMORY='1KB' is not valid: expected a size of at least 256MB, "
            "e.g. GPU_MARKET_DUCKDB_MEMORY=1.5GB",
            lines(memory)[1],
        ]
        and lines(memory)[1].endswith("run] Error 2")
    )
    backfill = script(tmp_path, "backfill", "2026-11-02", "2026-11-01")
    assert backfill.returncode == 2 and lines(backfill)[0].startswith("error: the range ends on 2026-11-01")


@pytest.fixture
def damaged(tmp_path) -> Path:
    """A warehouse with its published copy, then cut to half its size."""
    work = tmp_path / "w.duckdb"
    with connect(work) as con:
        con.execute(
            "CREATE TABLE main.filler AS SELECT range AS n, md5(range::VARCHAR) AS s FROM range(200000)"
        )
    publish(work, tmp_path / "published" / "w.duckdb")
    os.truncate(work, work.stat().st_size // 2)
    return work


def test_a_warehouse_cut_to_half_fails_in_3_lines_naming_the_file_and_the_restore(tmp_path, damaged, capsys):
    proc = make(tmp_path, "run", f"DAY={DAY}")
    said = lines(proc)
    assert proc.returncode == 2 and said[-1].endswith("run] Error 1") and len(said) <= 3, said
    assert said[0].startswith("error: WarehouseDamagedError: ") or said[0].startswith("error: IOException: ")
    assert str(damaged) in said[0]
    assert f"restore it from the published copy {tmp_path / 'published' / 'w.duckdb'}" in said[0]
    assert "`make restore`" in said[0]
    log = Path(said[0].split("(traceback: ")[1].rstrip(")"))
    assert "Traceback" in log.read_text()
    assert script(tmp_path, "run", DAY).returncode == 1

    # thirty-sixth review (an operator): make rebuild gave 112 lines of a run's output and "this is a bug"; its
    # command's own code, in this process (make adds its echo and "Error 1" lines, as above)
    from pipelines.range_run import main as rebuild

    with pytest.MonkeyPatch.context() as mp:
        for name, value in environment(tmp_path).items():
            mp.setenv(name, value)
        assert rebuild(["range_run", DAY, DAY]) == 1
    said = capsys.readouterr()
    assert said.out == "" and said.err.count("\n") == 1, said
    assert said.err.startswith("error: WarehouseDamagedError: ") and "`make restore`" in said.err

    doctor = make(tmp_path, "doctor")
    warehouse_line = next(line for line in lines(doctor) if " warehouse " in line)
    assert doctor.returncode == 2 and lines(doctor)[-1].endswith("doctor] Error 1")
    assert warehouse_line.startswith("FAIL  warehouse") and "`make restore`" in warehouse_line

    restored = make(tmp_path, "restore")
    assert restored.returncode == 0, lines(restored)
    assert lines(restored)[0].startswith(f"restored {damaged} from {tmp_path / 'published' / 'w.duckdb'}")
    assert list(tmp_path.glob("w.duckdb.damaged-*"))  # the damaged file is kept aside
    check = check_warehouse(damaged)
    assert check.status == OK and "reads whole" in check.message, check


def test_a_second_writer_is_refused_in_one_line_naming_the_holder(tmp_path):
    holder = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import sys, time; from pathlib import Path; from warehouse.run_lock import run_lock\n"
            "with run_lock(Path(sys.argv[1]), 'make run DAY=2026-11-20'):\n"
            "    print('held', flush=True); time.sleep(60)",
            str(tmp_path / "w.duckdb"),
        ],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout.readline().strip() == "held"
        proc = make(tmp_path, "run", f"DAY={DAY}")
        said = lines(proc)
        assert proc.returncode == 2 and said[-1].endswith("run] Error 1") and len(said) == 2, said
        assert said[0].startswith(
            f"error: WarehouseBusyError: {tmp_path / 'w.duckdb'} is being written by pid {holder.pid} "
            "(make run DAY=2026-11-20, since "
        )
        assert "close the process holding" in said[0]
        assert script(tmp_path, "run", DAY).returncode == 1
        backfill = script(tmp_path, "backfill", DAY, DAY)  # the one lock refuses a backfill too
        refused = [line for line in lines(backfill) if line.startswith("error:")]
        assert backfill.returncode == 1 and len(refused) == 1 and f"pid {holder.pid}" in refused[0], lines(
            backfill
        )
        doctor = check_warehouse(tmp_path / "w.duckdb")
        assert doctor.status == FAIL and f"pid {holder.pid}" in doctor.message
    finally:
        holder.kill()
        holder.wait()


@pytest.mark.parametrize(
    ("module", "argv"),
    [
        ("pipelines.run_daily", ["run_daily", DAY]),
        ("pipelines.backfill", ["backfill", DAY, DAY]),
        ("pipelines.range_run", ["range_run", DAY, DAY]),
    ],
)
def test_a_second_writer_is_refused_before_dagster_is_imported(tmp_path, module, argv):
    """The refusal comes before the definitions load (2-3 s of Dagster, the project and its settings): the
    process holds the lock through another open file, as a second process would, and then runs the command."""
    code = (
        "import sys\nfrom pathlib import Path\nfrom warehouse.run_lock import run_lock\n"
        f"from {module} import main\n"
        f"with run_lock(Path(sys.argv[1]), 'make run DAY=2026-11-20'):\n"
        f"    code = main({argv!r})\n"
        "print(code, 'dagster' in sys.modules)"
    )
    db = tmp_path / "w.duckdb"
    env = {**environment(tmp_path), "GPU_MARKET_DB": str(db)}
    proc = subprocess.run(
        [sys.executable, "-c", code, str(db)], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60
    )
    assert proc.stdout.split() == ["1", "False"], proc.stdout + proc.stderr
    said = proc.stderr.splitlines()
    assert len(said) == 1 and said[0].startswith(
        f"error: WarehouseBusyError: {db} is being written by pid "
    ), said
    assert not db.exists()  # refused before anything touched the warehouse


@pytest.fixture
def small_disk(tmp_path):
    """The warehouse folder on a 6 MB tmpfs (a disk that fills during the first run); skipped where this
    process may not mount one."""
    disk = tmp_path / "disk"
    disk.mkdir()
    mounted = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=6m", "tmpfs", str(disk)], capture_output=True
    )
    if mounted.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {mounted.stderr.decode().strip()}")
    try:
        yield disk
    finally:
        subprocess.run(["umount", "-l", str(disk)], check=False)


def test_a_full_disk_names_its_cause_and_the_folder_then_the_next_run_completes_the_day(tmp_path, small_disk):
    env = {"GPU_MARKET_DB": str(small_disk / "w.duckdb")}
    proc = subprocess.run(
        ["make", "--no-print-directory", "run", f"DAY={DAY}", f"DAGSTER_HOME={tmp_path}"],
        cwd=ROOT,
        env={**environment(tmp_path), **env},
        capture_output=True,
        text=True,
        timeout=300,
    )
    failed = [line for line in lines(proc) if line.startswith(f"daily_refresh failed for {DAY}")]
    assert proc.returncode == 2 and lines(proc)[-1].endswith("run] Error 1")
    assert len(failed) == 1 and "No space left on device" in failed[0], lines(proc)[-5:]
    assert f"free disk space at {small_disk} (the warehouse folder)" in failed[0]
    # the full disk holds no log either: the traceback goes to the temporary folder, named in the line
    saved = failed[0].split("traceback: ", 1)[1].rstrip(")")
    assert Path(saved).parent == tmp_path and "No space left on device" in Path(saved).read_text()
    assert not list(small_disk.rglob("*.tmp"))  # no partial published copy keeps the disk full

    subprocess.run(["mount", "-o", "remount,size=64m", str(small_disk)], check=True)  # space freed
    again = subprocess.run(
        ["./gpu-market", "run", DAY],
        cwd=ROOT,
        env={**environment(tmp_path), **env},
        capture_output=True,
        text=True,
    )
    assert again.returncode == 0, lines(again)[-5:]
    with connect(small_disk / "w.duckdb") as con:
        assert (
            con.execute("SELECT count(*) FROM raw.completed_days WHERE snapshot_date = ?", [DAY]).fetchone()[
                0
            ]
            == 1
        )


def test_restore_without_a_published_copy_says_so_on_stderr_and_exits_1(tmp_path):
    proc = make(tmp_path, "restore")
    assert proc.returncode == 2 and proc.stderr.splitlines()[-1].endswith("restore] Error 1"), lines(proc)
    first = proc.stderr.splitlines()[0]
    assert first.startswith(f"error: no readable published copy at {tmp_path / 'published' / 'w.duckdb'}")
    assert "rebuild instead" in first and "error" not in proc.stdout
