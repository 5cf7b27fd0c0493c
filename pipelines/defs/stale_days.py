"""Later days made stale by an earlier one, and the sensor that brings them up to date.

marts.price_daily and marts.deals read earlier days (their partition mappings in pipelines/partitions.py).
A materialized partition is stale when it was computed before something it reads existed or changed:

- the listings of a day in its window were written after it (a backfill in reverse, an old day
  re-run, late data): the figures it read from that day may differ now;
- a day of price_daily in its window first appeared after it: it was computed without that day.

Re-materializing a price_daily day again does not make later days stale: what they read from it (the day's
median and low) depends on that day's listings only, which the first rule watches. So refreshing a day
does not ripple through every later day. The refresh re-materializes, for each stale day, the look-back
marts and everything downstream of them for that day, in date order; after it the tables are those a
forward backfill gives.

Staleness is read from the warehouse file itself (raw.day_writes: when each day of staging.listings,
marts.price_daily and marts.deals was first and last written, warehouse/day_writes.py), not from the Dagster
instance's run history: it follows the file (restored, copied, rebuilt, or a wiped dagster_home/) and costs
one small query. No cursor, so a check at any time gives the same answer. Used by the `stale_days_sensor`
(running under `make ui`), and by `make run` and `make backfill`, which refresh the stale days themselves.
"""

import time
from collections.abc import Callable
from datetime import date, datetime, timedelta
from pathlib import Path

import dagster as dg
import duckdb

from pipelines.partitions import START_DATE
from pipelines.resources.warehouse import WarehouseResource
from pipelines.tables import table_key
from warehouse import day_writes
from warehouse.connection import WarehouseBusyError, connect

# the assets whose partition mappings reach back in time (their mappings are read from the asset graph)
LOOKBACK_KEYS = (table_key("marts.price_daily"), table_key("marts.deals"))
DAY_LOCAL = {
    table_key("marts.price_daily")
}  # marts whose figures for a day come from that day's listings alone
REFRESH = dg.AssetSelection.assets(*LOOKBACK_KEYS).downstream()


def _window(mapping: dg.PartitionMapping | None, day: date) -> list[date]:
    """The upstream days `day` reads through `mapping` (the same day without one), from START_DATE on."""
    first, last = (0, 0)
    if isinstance(mapping, dg.TimeWindowPartitionMapping):
        first, last = mapping.start_offset, mapping.end_offset
    start = max(day + timedelta(days=first), date.fromisoformat(START_DATE))
    return [start + timedelta(days=n) for n in range((day + timedelta(days=last) - start).days + 1)]


def table_name(key: dg.AssetKey) -> str:
    return ".".join(key.path)


def stale_days(con: duckdb.DuckDBPyConnection, graph=None) -> dict[date, datetime]:
    """Days with a look-back mart written before one of the days it reads, oldest first, each with the time
    of the newest upstream write that made it stale (raw.day_writes). `graph`: the asset graph whose
    partition mappings say which days each look-back mart reads (default: the project's)."""
    if graph is None:
        from pipelines.definitions import defs  # the code location imports this module

        graph = defs().resolve_asset_graph()
    stale: dict[date, datetime] = {}
    seen: dict[dg.AssetKey, tuple[dict[date, datetime], dict[date, datetime]]] = {}

    def times(key: dg.AssetKey, which: int) -> dict[date, datetime]:
        if key not in seen:
            seen[key] = day_writes.times(con, table_name(key))
        return seen[key][which]

    for key in LOOKBACK_KEYS:
        for day, at in times(key, 1).items():
            for upstream in graph.get(key).parent_keys:
                changed = times(
                    upstream, 0 if upstream in DAY_LOCAL else 1
                )  # first appearance, or latest write
                newer = [
                    t
                    for d in _window(graph.get_partition_mapping(key, upstream), day)
                    if (t := changed.get(d)) is not None and t > at
                ]
                if newer:
                    stale[day] = max(stale.get(day, at), *newer)
    return dict(sorted(stale.items()))


def refresh(
    db: str | Path,
    run_day: Callable[[str], bool],
    log: Callable[[str], None] = print,
    graph=None,
) -> list[str]:
    """Bring every stale day of the warehouse `db` up to date, oldest first, with `run_day(day)`
    (materializes REFRESH for that partition, True on success); the days refreshed. A day that fails is
    reported and left stale."""
    with connect(db, read_only=True) as con:
        days = list(stale_days(con, graph))
    done = []
    for n, day in enumerate(days, start=1):
        started = time.perf_counter()
        ok = run_day(day.isoformat())
        log(
            f"refresh {n}/{len(days)} {day}: {'ok' if ok else 'FAILED'} in {time.perf_counter() - started:.1f}s"
        )
        if ok:
            done.append(day.isoformat())
    return done


refresh_stale_days = dg.define_asset_job(
    "refresh_stale_days",
    selection=REFRESH,
    executor_def=dg.in_process_executor,
    description="Re-materialize the look-back marts (price_daily, deals) and what is downstream of them for "
    "one day whose history changed after it was computed.",
)


def _graph(context: dg.SensorEvaluationContext):
    """The code location's asset graph (None outside one, e.g. a test's bare sensor context: the project's)."""
    return context.repository_def.asset_graph if context.repository_def is not None else None


@dg.sensor(
    job=refresh_stale_days, minimum_interval_seconds=300, default_status=dg.DefaultSensorStatus.RUNNING
)
def stale_days_sensor(
    context: dg.SensorEvaluationContext, warehouse: WarehouseResource
) -> dg.SensorResult | dg.SkipReason:
    """Every 5 minutes: one run per stale day, oldest first (runs queue one at a time: one writer). The run
    key names the change that made the day stale, so a day already queued for that change is not asked again.
    While a run is writing the warehouse the tick is skipped (the next one looks again)."""
    try:
        with connect(warehouse.db_path, read_only=True, wait_s=2) as con:
            days = stale_days(con, _graph(context))
    except FileNotFoundError:
        return dg.SkipReason("no warehouse yet")
    except WarehouseBusyError:
        return dg.SkipReason("a run is writing the warehouse; the next tick looks again")
    return dg.SensorResult(
        run_requests=[
            dg.RunRequest(
                partition_key=day.isoformat(),
                run_key=f"refresh-{day.isoformat()}-{since.timestamp():.0f}",
            )
            for day, since in days.items()
        ]
    )
