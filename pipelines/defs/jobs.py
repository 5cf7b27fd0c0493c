"""The daily job, its schedule, and the sensor that evaluates the assets' automation conditions.

The job runs in one process (in_process_executor): DuckDB allows one writing process per file, and the
assets write one after another through short-lived connections. dagster.yaml also caps concurrent runs at 1.
"""

import dagster as dg

daily_refresh = dg.define_asset_job(
    "daily_refresh",
    selection=dg.AssetSelection.all(),
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


# Evaluates the assets' automation conditions (pipelines/tables.automation_for) every 30 seconds under
# `make ui`: today's marts follow a source re-run from the UI. Named and on by default, like the schedule and
# the stale-days sensor; the runs it asks for queue one at a time (dagster.yaml).
today_follows_its_inputs = dg.AutomationConditionSensorDefinition(
    "today_follows_its_inputs",
    target=dg.AssetSelection.all(),
    default_status=dg.DefaultSensorStatus.RUNNING,
    description="Today's partition of an asset is materialized again when something it reads changed "
    "outside the daily run (the eager automation conditions, pipelines/tables.py).",
)
