#!/usr/bin/env python3
"""`make bench`: every benchmark, each in its own process, printing one figure line each with the
machine's core count and the target.

  1. classifier throughput (titles per second, one core): tools/bench_classifier.py, when it exists
  2. marts rebuild over 10 million listing rows: tools/bench_marts.py
  3. daily incremental run, 1 day vs 1,800 days of history: tools/bench_incremental.py
  4. eBay ingestion against a loopback server (20 ms latency, rate limit): tools/bench_ingest.py
  5. `make run` on the sample, warm: tools/bench_run.py

The simulated warehouses are built once and cached under $GPU_MARKET_BENCH_DIR (default
/tmp/gpu-market-bench; the first `make bench` takes several minutes longer). All data is simulated
(tests/support/market_sim.py) and written to temporary files, never to the project's warehouse.

    python tools/bench_all.py [--only marts ingest ...] [--quick]

The machine may be shared: each script repeats its measurement and prints the best and the spread. A probe
of the machine's speed (tools/bench_common.py machine_probe) is printed before the first benchmark and after
the last, so that figures from different days or machines are read with their probe beside them.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TOOLS = ROOT / "tools"
sys.path.insert(0, str(ROOT))

from tools.bench_common import machine_probe  # noqa: E402

BENCHES = {
    "classifier": (["bench_classifier.py"], []),
    "marts": (["bench_marts.py"], ["--repeat", "1"]),
    "incremental": (["bench_incremental.py"], ["--repeat", "1"]),
    "ingest": (["bench_ingest.py"], ["--repeat", "1"]),
    "run": (["bench_run.py"], ["--repeat", "1"]),
}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--only", nargs="*", choices=list(BENCHES), help="run only these")
    ap.add_argument("--quick", action="store_true", help="one repetition each (noisier)")
    args = ap.parse_args()
    print(
        f"gpu-market benchmarks on {os.cpu_count()} cores (Python {sys.version.split()[0]}); "
        "figures are best-of-N with the spread",
        flush=True,
    )
    print(f"before: {machine_probe()}", flush=True)
    failed = 0
    for name, (script, quick) in BENCHES.items():
        if args.only and name not in args.only:
            continue
        path = TOOLS / script[0]
        if not path.exists():
            print(f"{name}: skipped ({path.relative_to(ROOT)} does not exist yet)", flush=True)
            continue
        started = time.perf_counter()
        proc = subprocess.run(
            [sys.executable, str(path), *(quick if args.quick else [])],
            cwd=ROOT,
            capture_output=True,
            text=True,
        )
        lines = [line for line in proc.stdout.splitlines() if line.strip() and not line.startswith("{")]
        if proc.returncode != 0:
            failed += 1
            print(
                f"{name}: FAILED (exit {proc.returncode}) after {time.perf_counter() - started:.0f}s",
                flush=True,
            )
            print("\n".join("    " + line for line in proc.stderr.strip().splitlines()[-15:]), flush=True)
            continue
        for line in lines:  # relay the script's figure line(s)
            print(line, flush=True)
    print(f"after: {machine_probe()}", flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
