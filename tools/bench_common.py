"""Shared pieces of the benchmark scripts (tools/bench_*.py): figures, peak memory, repeated runs, and a
simulated warehouse generated in DuckDB. No marts logic: the marts are built by the assets' own code
(pipelines/defs/marts/, warehouse/marts/), for one day or a range (pipelines/range_run.py).

Everything the benchmarks write is simulated (source_mode = 'simulated', URLs on sim.invalid) and goes to
temporary warehouse files, never to warehouse/gpu_market.duckdb.
"""

from __future__ import annotations

import contextlib
import json
import os
import resource
import shutil
import subprocess
import sys
import time
from collections.abc import Callable
from datetime import date, timedelta
from functools import cache
from importlib import metadata
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

SOURCE_MODE = "simulated"
# one folder per DuckDB major: a warehouse is stored in the format of the DuckDB that wrote it, so a cache
# built by another major would be timed in that major's format (and 1.x cannot open 2.x files at all)
DUCKDB_MAJOR = metadata.version("duckdb").split(".")[0]
CACHE_DIR = Path(os.environ.get("GPU_MARKET_BENCH_DIR", "/tmp/gpu-market-bench")) / f"duckdb{DUCKDB_MAJOR}"


# ------------------------------------------------------------------------------------------ reporting
def cores() -> int:
    return os.cpu_count() or 1


def peak_rss_bytes() -> int:
    """Peak resident set size of this process (Linux reports ru_maxrss in KiB)."""
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak if sys.platform == "darwin" else peak * 1024


def gb(n: float) -> str:
    return f"{n / 1e9:.2f} GB"


def verdict(ok: bool) -> str:
    return "PASS" if ok else "MISS"


def machine_probe(repeat: int = 5) -> str:
    """This machine's speed now, on two fixed workloads (best of `repeat`): a pure-Python loop of 5 million
    additions on one core, and DuckDB's median per group over 8 million rows on every core (the kind of work
    benchmark 2 does). Machines of one kind differ, and one drifts within hours (2026-11-26, the same code: benchmark 1
    149,216 titles/s at 19:19 UTC and 97,408 at 21:00, benchmark 2 11.9 s and 16.1 s), so
    `make bench` prints this before and after its figures: figures are compared with their probe beside them."""
    import duckdb

    def python_loop() -> float:
        total, started = 0, time.perf_counter()
        for i in range(5_000_000):
            total += i
        return time.perf_counter() - started

    def duckdb_medians() -> float:
        with duckdb.connect() as con:
            started = time.perf_counter()
            con.execute(
                "SELECT count(*), sum(m) FROM (SELECT i % 200000 AS g, median(i * 1.0) AS m "
                "FROM range(8000000) t(i) GROUP BY g)"
            ).fetchall()
            return time.perf_counter() - started

    loop = [python_loop() for _ in range(repeat)]
    medians = [duckdb_medians() for _ in range(repeat)]
    return (
        f"machine probe: Python loop {min(loop):.3f} s ({spread(loop, '{:.3f}')}), DuckDB medians "
        f"{min(medians):.3f} s ({spread(medians, '{:.3f}')}; {cores()} cores)"
    )


def spread(values: list[float], fmt: str = "{:.1f}") -> str:
    if len(values) < 2:
        return "1 run"
    return f"best of {len(values)}, spread {fmt.format(min(values))}-{fmt.format(max(values))}"


def run_child(args: list[str], timeout: float = 3600, env: dict | None = None) -> dict:
    """Run `python <args>` from the repo root; its last stdout line is a JSON result."""
    proc = subprocess.run(
        [sys.executable, *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=timeout,
        env={**os.environ, **(env or {})},
    )
    if proc.returncode != 0:
        raise RuntimeError(f"{' '.join(args)} failed ({proc.returncode}):\n{proc.stderr[-4000:]}")
    lines = [line for line in proc.stdout.splitlines() if line.startswith("{")]
    if not lines:
        raise RuntimeError(
            f"{' '.join(args)} printed no result:\n{proc.stdout[-2000:]}\n{proc.stderr[-2000:]}"
        )
    return json.loads(lines[-1])


def emit(result: dict) -> None:
    """A child's result: one JSON line on stdout."""
    print(json.dumps(result, default=str), flush=True)


def remove_db(path: Path) -> None:
    """Delete a DuckDB file and its write-ahead log."""
    for p in (Path(path), Path(f"{path}.wal")):
        p.unlink(missing_ok=True)


def copy_db(source: Path, target: Path) -> None:
    """Copy a cached warehouse for a measured run, and flush the copy to disk first.

    Without the flush, the kernel still holds gigabytes of the copy as dirty pages, and the run's first
    CHECKPOINT (its fsync) waits for all of them: measured, that billed 0.8 s of copying to the daily run
    (benchmark 3: `listings` 1.1 s on a fresh copy, 0.3 s once the copy was on disk)."""
    remove_db(target)  # a stale .wal next to a fresh copy would not replay
    shutil.copyfile(source, target)
    with open(target, "rb+") as f:
        os.fsync(f.fileno())


def to_current_schema(path: Path) -> None:
    """Apply the DDL migrations a cached warehouse was built before (and CHECKPOINT), outside any timing:
    a real warehouse pays a migration once, not on every daily run. Without this, a cache built before a
    new migration made the first measured asset pay for it (seen as a 0.6 s "history cost" in benchmark 3)."""
    from warehouse.connection import connect

    with connect(path):
        pass


# ------------------------------------------------------------------------------------------ warehouse
def catalog_marts(db_path: Path) -> None:
    """Build the catalog tables (staging/marts gpu_specs, gpu_benchmarks, platform_parts) with the real
    assets; they hold no listings, so nothing here is simulated or sample."""
    import dagster as dg

    from pipelines.defs.marts.gpu_specs import gpu_specs_mart
    from pipelines.defs.marts.platform_parts import platform_parts
    from pipelines.defs.staging.gpu_benchmarks import gpu_benchmarks
    from pipelines.defs.staging.gpu_specs import gpu_specs
    from pipelines.resources.warehouse import WarehouseResource

    dg.materialize(
        [gpu_specs, gpu_benchmarks, gpu_specs_mart, platform_parts],
        resources={"warehouse": WarehouseResource(db_path=str(db_path))},
        raise_on_error=True,
    )


@cache
def title_pool(seed: int, size: int = 20_000, day: date = date(2026, 11, 20)) -> tuple[dict, ...]:
    """`size` simulated eBay listings (titles, truth, prices) to draw staging rows from. Kept per process
    (6.6 s to simulate 20,000 listings; the tests build several warehouses from one pool): read it, never
    change it."""
    from tests.support.market_sim import MarketSim
    from transforms.conditions import ebay_condition

    sim = MarketSim(seed, active_listings=size)
    pool = []
    for lst in sim.listings_for_day(day):
        truth = lst.truth_model_id
        reason = {
            "card": None,
            "wedged": None,
            "sibling": None,
            "part_number": None,
            "placeholder": None,
            "overpriced": None,
        }.get(lst.kind, lst.kind)
        if reason in ("box_only", "accessory", "system", "for_parts", "variation", "low_feedback"):
            model = None
        else:
            model = truth
        pool.append(
            {
                "idx": len(pool),
                "model_id": model,
                "truth_model_id": truth,
                "exclude_reason": reason,
                "lot_quantity": lst.lot_quantity,
                "title": lst.title,
                "condition": ebay_condition(int(lst.condition_id)),
                "condition_id": int(lst.condition_id),
                "price": lst.price_on(day),
                "kind": lst.kind,
            }
        )
    return tuple(pool)


GENERATE_SQL = """
INSERT INTO staging.listings BY NAME
WITH days AS (SELECT range AS t FROM range(0, $n_days)),
slots AS (
    SELECT range AS s, 1 + hash(range, 'life') % 40 AS life, hash(range, 'phase') AS phase,
           CASE WHEN range % 50 = 1 THEN 'newegg' WHEN range % 50 = 2 THEN 'microcenter'
                WHEN range % 50 = 3 THEN 'bestbuy' ELSE 'ebay' END AS source
    FROM range(0, $per_day)
),
live AS (
    SELECT t, s, source, life, (t + phase % life) // life AS gen, (t + phase % life) % life AS age
    FROM days CROSS JOIN slots
),
rows AS (
    SELECT l.t, l.s, l.source, l.gen, p.*,
           p.price * exp(0.08 * sin(l.t / 90.0 + hash(p.truth_model_id) % 7) - 0.0002 * ($n_days - l.t))
             * CASE WHEN hash(l.s, l.gen, 'chg') % 3 = 0 AND l.age >= l.life // 2 THEN 0.95 ELSE 1.0 END AS px,
           CASE WHEN hash(l.s, l.gen, 'ship') % 4 = 0 THEN 9.99 ELSE 0.0 END AS ship
    FROM live l JOIN pool p ON p.idx = hash(l.s, l.gen) % $pool_size
)
-- each listing with its seller's listings of its model that day, as staging writes them
-- (transforms/listings.with_seller_listings)
SELECT *, CASE WHEN seller_key IS NOT NULL AND model_id IS NOT NULL
               THEN CAST(count(*) OVER (PARTITION BY snapshot_date, source, seller_key, model_id) AS INTEGER)
          END AS seller_listings
FROM (
SELECT DATE '{start}' + CAST(t AS INTEGER) AS snapshot_date,
       source,
       CASE WHEN source = 'ebay' THEN 'v1|' || lpad(CAST(s AS VARCHAR), 6, '0') || lpad(CAST(gen % 1000000 AS VARCHAR), 6, '0') || '|0'
            ELSE 'SIM' || CAST(s AS VARCHAR) || '-' || CAST(gen AS VARCHAR) END AS listing_id,
       title,
       CASE WHEN source = 'ebay' THEN condition ELSE 'new' END AS condition,
       round(px, 2) AS price,
       ship AS shipping_cost,
       round(round(px, 2) + ship, 2) AS total_price,
       round(round(px, 2) + ship, 2) / greatest(lot_quantity, 1) AS unit_price,
       CAST(lot_quantity AS INTEGER) AS lot_quantity,
       model_id, exclude_reason,
       'simulated: ' || kind AS evidence,
       'https://sim.invalid/itm/' || CAST(s AS VARCHAR) || '-' || CAST(gen AS VARCHAR) AS url,
       'simulated' AS source_mode,
       -- an eBay listing's seller, kept by its slot (a store listing has none, as in staging): one slot in ten
       -- belongs to one of 25 large sellers, the rest to 4,000 others; keyed like real ones (16 hex digits)
       CASE WHEN source = 'ebay' THEN left(sha256(CASE WHEN hash(s, 'big') % 10 = 0
                                                      THEN 'big-' || CAST(hash(s, 'seller') % 25 AS VARCHAR)
                                                      ELSE CAST(hash(s, 'seller') % 4000 AS VARCHAR) END), 16)
       END AS seller_key
FROM rows
)
ORDER BY snapshot_date, source, listing_id
"""


def generate_staging(con, start: date, n_days: int, per_day: int, pool: tuple[dict, ...]) -> int:
    """Fill staging.listings with `per_day` simulated listings a day for `n_days` days from `start`:
    listings live 1-40 days (slots renew), some drop their price half way, prices drift by model."""
    import polars as pl

    from warehouse.writes import registered

    frame = pl.DataFrame(list(pool))
    with registered(con, "pool_frame", frame):
        con.execute("CREATE OR REPLACE TEMP TABLE pool AS SELECT * FROM pool_frame")
    sql = GENERATE_SQL.replace("{start}", start.isoformat())
    con.execute(sql, {"n_days": n_days, "per_day": per_day, "pool_size": len(pool)})
    # each simulated day's ingest run, as the ingest assets record theirs (the marts read the day's mode here)
    con.execute("""INSERT INTO raw.source_runs BY NAME
        SELECT snapshot_date, 'ebay' AS source, 'simulated' AS run_id, 'simulated' AS source_mode, 'ok' AS outcome,
               count(*)::INTEGER AS rows_loaded, 0 AS errors, 'simulated by tools/bench_common' AS message,
               snapshot_date::TIMESTAMP AS finished_at FROM staging.listings GROUP BY snapshot_date""")
    return con.execute("SELECT count(*) FROM staging.listings").fetchone()[0]


def build_warehouse(
    db_path: Path,
    start: date,
    n_days: int,
    per_day: int,
    seed: int = 1,
    with_marts: bool = False,
    log: Callable[[str], None] = print,
    pool_size: int = 20_000,
) -> None:
    """A simulated warehouse file: catalog marts, `n_days` of staging.listings drawn from `pool_size`
    simulated listings (title_pool), optionally the listing marts (built by the assets over the whole range
    in one run)."""
    from warehouse.connection import connect

    t = time.perf_counter()
    db_path.parent.mkdir(parents=True, exist_ok=True)
    remove_db(db_path)
    catalog_marts(db_path)
    pool = title_pool(seed, pool_size)
    with connect(db_path) as con:
        n = generate_staging(con, start, n_days, per_day, pool)
        log(f"generated {n:,} staging.listings rows in {time.perf_counter() - t:.0f}s")
    if with_marts:
        listing_mart_assets_over(db_path, start, start + timedelta(days=n_days - 1))
        log(f"marts built ({time.perf_counter() - t:.0f}s)")


def listing_mart_assets_over(db_path: Path, first: date, last: date) -> tuple[dict, dict, float]:
    """The listing marts' assets (pipelines/range_run.py) over first..last, each computing the whole range in
    one call; (seconds and peak memory per asset, rows written per asset, seconds of the four assets).

    The asset functions are invoked directly with a range context rather than through a Dagster run: the
    simulated years lie before the project's first partition (2026-01-01), which a run refuses. Same code;
    tests/pipelines/test_range_run.py runs these assets through a real range run and checks they write
    what daily runs write. The contexts are built before the clock starts: the first one sets up an
    ephemeral Dagster instance (1.4 s measured), Dagster's start-up rather than the rebuild's work, as a
    code location has it done before a run."""
    import dagster as dg

    from pipelines.range_run import listing_mart_assets
    from pipelines.resources.market_rules import MarketRulesResource
    from pipelines.resources.warehouse import WarehouseResource

    resources = {"warehouse": WarehouseResource(db_path=str(db_path)), "rules": MarketRulesResource()}
    days = dg.PartitionKeyRange(first.isoformat(), last.isoformat())
    with contextlib.ExitStack() as stack:  # a context with resources is a context manager (their set-up)
        runs = [
            (
                asset,
                stack.enter_context(dg.build_asset_context(partition_key_range=days, resources=resources)),
            )
            for asset in listing_mart_assets()
        ]
        laps, written = {}, {}
        started = time.perf_counter()
        for asset, context in runs:
            t = time.perf_counter()
            result = asset(context)
            laps[asset.key.path[-1]] = f"{time.perf_counter() - t:.2f} s, peak {gb(peak_rss_bytes())}"
            written[asset.key.path[-1]] = result.metadata["rows_written"]
        return laps, written, time.perf_counter() - started
