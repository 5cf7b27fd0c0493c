"""A first `make run` killed with SIGKILL part-way loses nothing for good: the next `make run` of the same day
leaves every raw, staging and marts table equal to a clean run's (EXCEPT ALL both ways; run logs, timestamps
and run ids aside). Through `make` itself, on a short sample window (2 days: the day and one earlier day, the
least that has an earlier day to leave incomplete) so that one clean reference run (module-scoped) and each
kill with its re-run stay within seconds. The healing run also reads a UTF-16
watchlist (issue 40's must-show: exit 0 and one line naming the file)."""

import os
import shutil
import signal
import subprocess
import time
from pathlib import Path

import duckdb
import pytest

from pipelines.run_daily import run

ROOT = Path(__file__).resolve().parents[2]
DAY = "2026-11-21"
SAMPLE_DAYS = "2"
RUN_LOGS = {"raw.source_runs", "raw.api_calls"}  # one row per run by design: a killed run leaves its own


def make_env(root: Path) -> dict[str, str]:
    home = root / "dagster_home"
    home.mkdir(parents=True, exist_ok=True)
    shutil.copy(ROOT / "dagster_home" / "dagster.yaml", home / "dagster.yaml")
    environ = {k: v for k, v in os.environ.items() if not k.startswith(("EBAY_", "GPU_MARKET_", "MAKE"))}
    dead = "http://127.0.0.1:9"  # never contacted in sample mode; refused at once if it were
    return {
        **environ,
        "GPU_MARKET_DB": str(root / "gpu_market.duckdb"),
        "GPU_MARKET_EXPORT_DIR": str(root / "exports"),
        "GPU_MARKET_DASHBOARD": str(root / "site" / "index.html"),
        "GPU_MARKET_WATCHLIST": str(root / "no-watchlist.yaml"),
        "GPU_MARKET_SAMPLE_DAYS": SAMPLE_DAYS,
        "GPU_MARKET_SOURCE": "sample",
        "GPUHUNT_CATALOG_URL": f"{dead}/v3",
        "ECB_RATES_URL": f"{dead}/eurofxref-hist.zip",
    }


def make_run(root: Path) -> subprocess.Popen:
    return subprocess.Popen(
        ["make", "--no-print-directory", "run", f"DAY={DAY}", f"DAGSTER_HOME={root / 'dagster_home'}"],
        cwd=ROOT,
        env=make_env(root),
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,  # make and the Python it starts in one process group: killed together
    )


def run_to_end(root: Path) -> str:
    proc = make_run(root)
    out, _ = proc.communicate(timeout=300)
    assert proc.returncode == 0, out[-3000:]
    return out


def kill_when(root: Path, marker: str, timeout_s: float = 120) -> list[str]:
    """Start `make run` and SIGKILL it (make and Python) as soon as a line containing `marker` appears."""
    proc = make_run(root)
    seen, deadline = [], time.monotonic() + timeout_s
    try:
        while time.monotonic() < deadline:
            line = proc.stdout.readline()
            if not line and proc.poll() is not None:
                break
            seen.append(line.rstrip())
            if marker in line:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait(timeout=30)
                return seen
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(timeout=30)
    raise AssertionError(f"make run never printed {marker!r}: {seen[-20:]}")


def differences(clean: Path, healed: Path) -> dict[str, tuple[int, int]]:
    """Per table: rows only in the clean run's warehouse and rows only in the healed one (EXCEPT ALL both ways),
    without run logs, timestamps and run ids."""
    out = {}
    with duckdb.connect() as con:
        con.execute(f"ATTACH '{clean}' AS clean (READ_ONLY)")
        con.execute(f"ATTACH '{healed}' AS healed (READ_ONLY)")
        tables = con.execute(
            "SELECT schema_name, table_name FROM duckdb_tables() WHERE database_name = 'clean' "
            "AND schema_name IN ('raw', 'staging', 'marts') ORDER BY ALL"
        ).fetchall()
        assert len(tables) > 25
        for schema, table in tables:
            if f"{schema}.{table}" in RUN_LOGS:
                continue
            columns = ", ".join(
                f'"{c}"'
                for (c,) in con.execute(
                    "SELECT column_name FROM duckdb_columns() WHERE database_name = 'clean' AND schema_name = ? "
                    "AND table_name = ? AND data_type NOT LIKE 'TIMESTAMP%' AND column_name <> 'run_id' "
                    "ORDER BY column_index",
                    [schema, table],
                ).fetchall()
            )

            name = f"{schema}.{table}"
            query = "SELECT count(*) FROM (SELECT {c} FROM {a}.{t} EXCEPT ALL SELECT {c} FROM {b}.{t})"
            counts = tuple(
                con.execute(query.format(c=columns, a=a, b=b, t=name)).fetchone()[0]
                for a, b in (("clean", "healed"), ("healed", "clean"))
            )
            if counts != (0, 0):
                out[name] = counts
    return out


@pytest.fixture(scope="module")
def clean(tmp_path_factory) -> Path:
    """One clean first run of DAY (with its earlier sample day): the reference every kill is held to. It
    runs `make run`'s own code (pipelines.run_daily.run, with the environment make_env gives the `make run`s
    below) in this process: a `make` process would add its start-up and its Dagster instance's SQLite files
    (about 5 s), and its tables are the same; the kills and the healing run go through `make` itself."""
    root = tmp_path_factory.mktemp("clean")
    mp = pytest.MonkeyPatch()
    try:
        env = make_env(root)  # exactly the environment the make runs get
        for name in set(os.environ) - set(env):
            mp.delenv(name)
        for name, value in env.items():
            mp.setenv(name, value)
        mp.delenv("DAGSTER_HOME", raising=False)  # an ephemeral instance, not the checkout's
        assert run(["run_daily", DAY]) == 0
    finally:
        mp.undo()
    db = root / "gpu_market.duckdb"
    with duckdb.connect(str(db), read_only=True) as con:
        days = con.execute("SELECT count(DISTINCT snapshot_date) FROM marts.price_daily").fetchone()[0]
        deals = con.execute("SELECT count(*) FROM marts.deals").fetchone()[0]
    assert days == int(SAMPLE_DAYS) and deals > 0
    return db


def test_a_first_run_killed_twice_part_way_is_healed_by_the_next_run(tmp_path, clean):
    """Killed once the earlier day's listings are stored, before their marts (the issue's case), then the
    next run killed in the sample day's own run (the history complete by then), then a run to the end. One
    chain rather than a clean re-run per kill point: each `make run` costs its start-up again."""
    said = kill_when(tmp_path, "sample history [1/1]")
    assert not any("listing marts" in line for line in said)  # killed before the history's marts
    said = kill_when(tmp_path, "raw__retailer_listings")
    assert any("left incomplete by an earlier run" in line for line in said)  # it says what it rebuilds
    assert any("sample history: listing marts" in line for line in said)
    assert not any(line.startswith("took ") for line in said)
    # the healing run also meets a watchlist saved as UTF-16 (one more `make run` saved): the day goes on,
    # exit 0, with one line naming the file; no entry is used, so marts.alerts stays as empty as the clean run's
    watchlist = tmp_path / "no-watchlist.yaml"  # where make_env points GPU_MARKET_WATCHLIST
    watchlist.write_text(
        "watch:\n  - name: a\n    model_id: rtx-3090\n    max_price_usd: 700\n", encoding="utf-16"
    )
    out = run_to_end(tmp_path).splitlines()
    naming = [line for line in out if str(watchlist) in line]
    assert len(naming) == 1 and naming[0].endswith(
        f"watchlist: {watchlist}, line 1, column 1: saved as UTF-16, not UTF-8: save it as UTF-8; no entry used"
    )
    assert any(line.startswith("export:") for line in out)  # export and publish went on
    assert differences(clean, tmp_path / "gpu_market.duckdb") == {}
    with duckdb.connect(str(tmp_path / "gpu_market.duckdb"), read_only=True) as con:
        complete = con.execute("SELECT count(*) FROM raw.completed_days").fetchone()[0]
    assert complete == int(SAMPLE_DAYS)
