#!/usr/bin/env python3
"""Benchmark 2: rebuild the price marts from 10 million listing rows.

A simulated warehouse (about 5,500 listings a day for 1,826 days = 10 million staging.listings rows,
generated in DuckDB from simulator titles; source_mode 'simulated') is built once and cached under
$GPU_MARKET_BENCH_DIR (default /tmp/gpu-market-bench) with empty marts. Each measured run copies it and,
in a fresh process, builds marts.price_daily for every day (daily_price_stats, the 7-day rolling median,
7/30-day changes), marts.gpu_value and marts.deals with the project's transforms
(tools.bench_common.rebuild_marts: 120-day chunks, one transaction each, the next chunk computed while
this one is written), then rebuilds them again in place. Reported: wall seconds from the open warehouse
to the final checkpoint, and the process's peak RSS (DuckDB's buffers and Polars' frames both count).

    python tools/bench_marts.py [--days 1826] [--per-day 5477] [--repeat 3]

Target: at most 20 s and 2 GB on 2 cores.
"""

from __future__ import annotations

import argparse
import sys
import time
from datetime import date, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tools.bench_common import (  # noqa: E402
    CACHE_DIR,
    CHUNK_DAYS,
    build_warehouse,
    copy_db,
    cores,
    emit,
    gb,
    peak_rss_bytes,
    rebuild_marts,
    remove_db,
    run_child,
    spread,
    to_current_schema,
    verdict,
)

TARGET_S, TARGET_RSS = 20.0, 2e9
GENERATOR_VERSION = 2
END = date(2026, 11, 19)


def db_for(days: int, per_day: int) -> Path:
    return CACHE_DIR / f"marts-v{GENERATOR_VERSION}-{days}x{per_day}.duckdb"


def child_generate(db: Path, days: int, per_day: int) -> None:
    build_warehouse(
        db, END - timedelta(days=days - 1), days, per_day, log=lambda m: print(m, file=sys.stderr)
    )
    emit({"ok": True})


def child_rebuild(db: Path, chunk_days: int, overlap: bool) -> None:
    from tools.bench_common import Timer
    from warehouse.connection import connect

    started = time.perf_counter()
    timer = Timer()
    with connect(db) as con:
        rows, existing = con.execute(
            "SELECT (SELECT count(*) FROM staging.listings), (SELECT count(*) FROM marts.price_daily)"
        ).fetchone()
        opened = time.perf_counter()
        timer.lap("open")
        counts = rebuild_marts(con, chunk_days=chunk_days, timer=timer, overlap=overlap)
    done = time.perf_counter()
    emit(
        {
            "seconds": done - opened,
            "open_s": opened - started,
            "rows": rows,
            "replaced": existing,
            "peak_rss": peak_rss_bytes(),
            "laps": {k: round(v, 2) for k, v in timer.laps.items()},
            **counts,
        }
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--days", type=int, default=1826)
    ap.add_argument("--per-day", type=int, default=5477)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--chunk-days", type=int, default=CHUNK_DAYS)
    ap.add_argument(
        "--serial", action="store_true", help="do not compute the next chunk while writing this one"
    )
    ap.add_argument("--child", choices=["generate", "rebuild"])
    ap.add_argument("--db", type=Path)
    args = ap.parse_args()
    if args.child == "generate":
        return child_generate(args.db, args.days, args.per_day)
    if args.child == "rebuild":
        return child_rebuild(args.db, args.chunk_days, not args.serial)

    pristine = db_for(args.days, args.per_day)
    if not pristine.exists():
        print(
            f"generating the simulated warehouse {pristine} (once; cached) ...", file=sys.stderr, flush=True
        )
        run_child(
            [
                "tools/bench_marts.py",
                "--child",
                "generate",
                "--db",
                str(pristine),
                "--days",
                str(args.days),
                "--per-day",
                str(args.per_day),
            ],
            timeout=7200,
        )
    to_current_schema(pristine)
    work = pristine.with_name("marts-work.duckdb")
    fresh, in_place = [], []
    child = [
        "tools/bench_marts.py",
        "--child",
        "rebuild",
        "--db",
        str(work),
        "--chunk-days",
        str(args.chunk_days),
    ]
    child += ["--serial"] if args.serial else []
    for _ in range(args.repeat):
        copy_db(pristine, work)  # marts empty: build them from staging
        fresh.append(run_child(child))
        in_place.append(run_child(child))  # marts full: replace them
    remove_db(work)
    for label, runs in (
        ("marts rebuild", fresh),
        ("marts rebuild in place (replacing the marts just built, same inputs)", in_place),
    ):
        best = min(runs, key=lambda r: r["seconds"])
        peak = min(r["peak_rss"] for r in runs)
        ok = best["seconds"] <= TARGET_S and peak <= TARGET_RSS
        print(
            f"{label} ({best['rows']:,} rows, {args.days:,} days, {cores()} cores): {best['seconds']:.1f} s, "
            f"peak RSS {gb(peak)} [target <= {TARGET_S:.0f} s, <= {gb(TARGET_RSS)}: {verdict(ok)}] "
            f"({spread([r['seconds'] for r in runs])} s; wrote {best['price_daily']:,} price_daily, "
            f"{best['gpu_value']:,} gpu_value, {best['deals']:,} deals rows; laps {best['laps']})",
            flush=True,
        )


if __name__ == "__main__":
    main()
