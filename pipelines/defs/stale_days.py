"""Later days made stale by an earlier one, and the sensor that brings them up to date.

marts.price_daily and marts.deals read earlier days (their partition mappings in pipelines/partitions.py).
A materialized partition is stale when it was computed before something it reads existed or changed:

- the listings of a day in its window were materialized after it (a backfill in reverse, an old day
  re-run, late data): the figures it read from that day may differ now;
- a day of price_daily in its window first appeared after it: it was computed without that day.

Re-materializing a price_daily day again does not make later days stale: what they read from it (the day's
median and low) depends on that day's listings only, which the first rule watches. So refreshing a day
does not ripple through every later day. The refresh re-materializes, for each stale day, the look-back
marts and everything downstream of them for that day, in date order; after it the tables are those a
forward backfill gives.

Staleness is read from the Dagster instance's materialization records (the same run history the UI
shows): no cursor, so a check at any time gives the same answer. Used by the `stale_days_sensor` (running
under `make ui`), and by `make run` and `make backfill`, which refresh the stale days themselves.
"""

import time
from collections import defaultdict
from collections.abc import Callable
from datetime import date, timedelta

import dagster as dg

from pipelines.partitions import START_DATE
from pipelines.tables import table_key

# the assets whose partition mappings reach back in time (their mappings are read from the asset graph)
LOOKBACK_KEYS = (table_key("marts.price_daily"), table_key("marts.deals"))
DAY_LOCAL = {
    table_key("marts.price_daily")
}  # marts whose figures for a day come from that day's listings alone
REFRESH = dg.AssetSelection.assets(*LOOKBACK_KEYS).downstream()


def _times_by_day(
    instance: dg.DagsterInstance, key: dg.AssetKey
) -> tuple[dict[date, float], dict[date, float]]:
    """When each day of `key` was first and last materialized."""
    first: dict[date, float] = {}
    latest: dict[date, float] = defaultdict(float)
    cursor = None
    while True:
        result = instance.fetch_materializations(
            dg.AssetRecordsFilter(asset_key=key), limit=1000, cursor=cursor
        )
        for record in result.records:
            if record.partition_key:
                day = date.fromisoformat(record.partition_key)
                latest[day] = max(latest[day], record.timestamp)
                first[day] = min(first.get(day, record.timestamp), record.timestamp)
        if not result.has_more:
            return first, latest
        cursor = result.cursor


def _window(mapping: dg.PartitionMapping | None, day: date) -> list[date]:
    """The upstream days `day` reads through `mapping` (the same day without one), from START_DATE on."""
    first, last = (0, 0)
    if isinstance(mapping, dg.TimeWindowPartitionMapping):
        first, last = mapping.start_offset, mapping.end_offset
    start = max(day + timedelta(days=first), date.fromisoformat(START_DATE))
    return [start + timedelta(days=n) for n in range((day + timedelta(days=last) - start).days + 1)]


def stale_days(instance: dg.DagsterInstance, graph=None) -> dict[date, float]:
    """Days with a look-back mart materialized before one of the days it reads, oldest first, each with
    the time of the newest upstream materialization that made it stale. `graph`: the asset graph whose
    partition mappings say which days each look-back mart reads (default: the project's)."""
    if graph is None:
        from pipelines.definitions import defs  # the code location imports this module

        graph = defs().resolve_asset_graph()
    stale: dict[date, float] = {}
    seen: dict[dg.AssetKey, tuple[dict[date, float], dict[date, float]]] = {}

    def times(key: dg.AssetKey, which: int) -> dict[date, float]:
        if key not in seen:
            seen[key] = _times_by_day(instance, key)
        return seen[key][which]

    for key in LOOKBACK_KEYS:
        for day, at in times(key, 1).items():
            for upstream in graph.get(key).parent_keys:
                changed = times(
                    upstream, 0 if upstream in DAY_LOCAL else 1
                )  # first appearance, or latest run
                newer = [
                    t
                    for d in _window(graph.get_partition_mapping(key, upstream), day)
                    if (t := changed.get(d, 0.0)) > at
                ]
                if newer:
                    stale[day] = max(stale.get(day, 0.0), *newer)
    return dict(sorted(stale.items()))


def refresh(
    instance: dg.DagsterInstance,
    run_day: Callable[[str], bool],
    log: Callable[[str], None] = print,
    graph=None,
) -> list[str]:
    """Bring every stale day up to date, oldest first, with `run_day(day)` (materializes REFRESH for that
    partition, True on success); the days refreshed. A day that fails is reported and left stale."""
    done = []
    days = list(stale_days(instance, graph))
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
def stale_days_sensor(context: dg.SensorEvaluationContext) -> dg.SensorResult:
    """Every 5 minutes: one run per stale day, oldest first (runs queue one at a time: one writer). The run
    key names the change that made the day stale, so a day already queued for that change is not asked again."""
    return dg.SensorResult(
        run_requests=[
            dg.RunRequest(partition_key=day.isoformat(), run_key=f"refresh-{day.isoformat()}-{since:.0f}")
            for day, since in stale_days(context.instance, _graph(context)).items()
        ]
    )
