#!/usr/bin/env python3
"""Benchmark 5: the full `make run` on the bundled sample, warm environment.

Runs `python -m pipelines.run_daily DAY` (what `make run` calls once .venv exists) against a temporary
warehouse, export folder, dashboard and DAGSTER_HOME (a copy of dagster_home/dagster.yaml), so the
project's own warehouse is untouched. One untimed warm-up run, then `--repeat` timed runs, each a fresh
process timed from outside (interpreter start to exit). A second, instrumented child repeats run_daily's
steps to split the time: Python start-up, `import dagster`, importing the definitions, the instance,
and the job itself.

    python tools/bench_run.py [--day 2026-11-20] [--repeat 3]

Target: at most 30 s.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tools.bench_common import ROOT, cores, emit, run_child, spread, verdict  # noqa: E402

TARGET_S = 30.0


def child_split(day: str, started_ns: int) -> None:
    """run_daily's steps with a clock around each (same calls, same order)."""
    t0_ns, t0 = time.time_ns(), time.perf_counter()
    import dagster as dg

    t1 = time.perf_counter()
    from pipelines.definitions import defs as load_defs

    defs = load_defs()

    t2 = time.perf_counter()
    from pipelines.run_daily import execute

    instance = dg.DagsterInstance.get()
    t3 = time.perf_counter()
    result = execute(defs, "daily_refresh", day, instance)
    t4 = time.perf_counter()
    emit(
        {
            "python_start_s": (t0_ns - started_ns) / 1e9,
            "import_dagster_s": t1 - t0,
            "definitions_s": t2 - t1,
            "instance_s": t3 - t2,
            "job_s": t4 - t3,
            "success": result.success,
        }
    )


def environment(tmp: Path) -> dict:
    home = tmp / "dagster_home"
    home.mkdir()
    shutil.copy(ROOT / "dagster_home" / "dagster.yaml", home / "dagster.yaml")
    return {
        "DAGSTER_HOME": str(home),
        "GPU_MARKET_DB": str(tmp / "gm.duckdb"),
        "GPU_MARKET_EXPORT_DIR": str(tmp / "exports"),
        "GPU_MARKET_DASHBOARD": str(tmp / "site" / "index.html"),
        "GPU_MARKET_SOURCE": "sample",
    }


def timed_run(env: dict, day: str) -> float:
    started = time.perf_counter()
    proc = subprocess.run(
        [sys.executable, "-m", "pipelines.run_daily", day],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env={**os.environ, **env},
        timeout=900,
    )
    if proc.returncode != 0:
        raise RuntimeError(proc.stderr[-4000:])
    return time.perf_counter() - started


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--day", default="2026-11-20")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--child", choices=["split"])
    ap.add_argument("--started-ns", type=int, default=0)
    args = ap.parse_args()
    if args.child == "split":
        return child_split(args.day, args.started_ns)
    with tempfile.TemporaryDirectory() as tmp:
        env = environment(Path(tmp))
        timed_run(env, args.day)  # warm-up: .pyc files, OS cache, the warehouse file and DAGSTER_HOME exist
        walls = [timed_run(env, args.day) for _ in range(args.repeat)]
        splits = []
        for _ in range(max(1, args.repeat - 1)):
            splits.append(
                run_child(
                    [
                        "tools/bench_run.py",
                        "--child",
                        "split",
                        "--day",
                        args.day,
                        "--started-ns",
                        str(time.time_ns()),
                    ],
                    env=env,
                    timeout=900,
                )
            )
    split = min(splits, key=lambda s: s["job_s"] + s["definitions_s"] + s["import_dagster_s"])
    startup = split["import_dagster_s"] + split["definitions_s"] + split["instance_s"]
    total = startup + split["python_start_s"] + split["job_s"]
    best = min(walls)
    print(
        f"make run on the sample (warm, {cores()} cores): {best:.1f} s [target <= {TARGET_S:.0f} s: "
        f"{verdict(best <= TARGET_S)}]; starting Dagster {startup:.1f} s = {startup / total:.0%} "
        f"(import dagster {split['import_dagster_s']:.1f} s, definitions {split['definitions_s']:.1f} s, "
        f"instance {split['instance_s']:.1f} s; Python start {split['python_start_s']:.1f} s; "
        f"job {split['job_s']:.1f} s) ({spread(walls)} s)",
        flush=True,
    )


if __name__ == "__main__":
    main()
