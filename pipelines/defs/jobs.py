"""The daily job and its schedule.

The job runs in one process (in_process_executor): DuckDB allows one writing process per file, and the
assets write one after another through short-lived connections. dagster.yaml also caps concurrent runs at 1.
"""

import dagster as dg

from pipelines.partitions import daily_partitions

daily_refresh = dg.define_asset_job(
    "daily_refresh",
    selection=dg.AssetSelection.all(),
    partitions_def=daily_partitions,
    executor_def=dg.in_process_executor,
    description="Ingest today's listings and spec sheets, classify, price, rank and export.",
)


@dg.schedule(
    job=daily_refresh,
    cron_schedule="0 6 * * *",
    execution_timezone="UTC",
    default_status=dg.DefaultScheduleStatus.RUNNING,
)
def daily_refresh_schedule(context: dg.ScheduleEvaluationContext) -> dg.RunRequest:
    """Every day at 06:00 UTC, for that day's partition."""
    day = context.scheduled_execution_time.strftime("%Y-%m-%d")
    return dg.RunRequest(run_key=day, partition_key=day)
