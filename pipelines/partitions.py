"""Daily partitions: one per UTC snapshot date; today's partition exists (end_offset=1) so a run can
materialize the current day. And the look-backs as partition mappings, so Dagster knows that a day depends
on earlier days: re-materializing day D marks the later days that read it stale (pipelines/defs/stale_days.py
brings them up to date), and Dagster's own backfills run the days in order."""

from datetime import date, timedelta

import dagster as dg

from transforms.deals import PRICE_DAYS_BEFORE
from transforms.price_daily import HISTORY_DAYS
from warehouse.user_days import START_DATE

# The run tags that make one run materialize a range of partitions, as Dagster's maintainers give them for
# launching a range run (github.com/dagster-io/dagster/discussions/11653). Spelled here, not imported from
# dagster._core (private); tests/pipelines/test_definitions.py checks they still equal Dagster's own.
ASSET_PARTITION_RANGE_START_TAG = "dagster/asset_partition_range_start"
ASSET_PARTITION_RANGE_END_TAG = "dagster/asset_partition_range_end"

daily_partitions = dg.DailyPartitionsDefinition(start_date=START_DATE, end_offset=1)


def days_before(first: int, last: int = 0) -> dg.TimeWindowPartitionMapping:
    """Day D reads days D-first .. D-last (days before START_DATE simply do not exist)."""
    return dg.TimeWindowPartitionMapping(start_offset=-first, end_offset=-last)


# marts.price_daily reads its own medians of the 30 days before (7-day rolling median, 7/30-day changes),
# which are figures of those days' listings: it depends on them too
PRICE_HISTORY = days_before(HISTORY_DAYS, 1)
PRICE_LISTINGS = days_before(HISTORY_DAYS)
# marts.deals reads price_daily's medians and lows over the 30 dates ending on the day, and those of the 7 days
# before it, whose bars judge its listings' earlier prices (and so their listings)
DEALS_WINDOW = days_before(PRICE_DAYS_BEFORE)
# the export compares with yesterday's marts.gpu_value ("changes since yesterday")
YESTERDAY_TOO = days_before(1)
# the dashboard charts 90 days of marts.price_daily
CHART_DAYS = days_before(90)


def partition_date(context: dg.AssetExecutionContext) -> date:
    return date.fromisoformat(context.partition_key)


def range_tags(first: date, last: date) -> dict[str, str]:
    """The tags that make a run materialize the days first..last as one range (a single-run backfill)."""
    return {
        ASSET_PARTITION_RANGE_START_TAG: first.isoformat(),
        ASSET_PARTITION_RANGE_END_TAG: last.isoformat(),
    }


def run_days(tags: dict[str, str]) -> list[date]:
    """The days a run materializes, from its tags: its partition, or every day of its range."""
    if "dagster/partition" in tags:
        return [date.fromisoformat(tags["dagster/partition"])]
    first = date.fromisoformat(tags[ASSET_PARTITION_RANGE_START_TAG])
    last = date.fromisoformat(tags[ASSET_PARTITION_RANGE_END_TAG])
    return [first + timedelta(days=n) for n in range((last - first).days + 1)]


def run_id(context: dg.AssetExecutionContext) -> str:
    """The id of the run materializing the asset, recorded beside what it writes; `EPHEMERAL` when the asset
    is invoked directly (the benchmarks, a notebook), as Dagster's deprecated `context.run_id` says then."""
    try:
        return context.run.run_id
    except dg.DagsterError:  # invoked directly: there is no run
        return "EPHEMERAL"


def partition_days(context: dg.AssetExecutionContext) -> tuple[date, date]:
    """The first and last day of the run: one day for a daily run, many for a range run (a backfill
    started with range_tags: the listing marts compute the whole range in one call, pipelines/range_run.py)."""
    keys = context.partition_key_range
    return date.fromisoformat(keys.start), date.fromisoformat(keys.end)


def rows_metadata(first: date, last: date, rows: int) -> dict:
    """Row-count metadata of a range run: `dagster/row_count` (the UI's row count of a partition) only when
    the run was one day, since Dagster records a range run's metadata on every day of the range."""
    return {
        "rows_written": rows,
        **({"dagster/row_count": rows} if first == last else {"days": (last - first).days + 1}),
    }


# the marts computed by one statement over any range of days (warehouse/marts/), which `make rebuild` runs
# as one range run
LISTING_MARTS = ("marts.price_daily", "marts.gpu_value", "marts.budget_picks", "marts.deals")  # in flow order
