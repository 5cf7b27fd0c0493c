"""Daily partitions: one per UTC snapshot date; today's partition exists (end_offset=1) so a run can
materialize the current day."""

from datetime import date

import dagster as dg

START_DATE = "2026-01-01"
daily_partitions = dg.DailyPartitionsDefinition(start_date=START_DATE, end_offset=1)


def partition_date(context: dg.AssetExecutionContext) -> date:
    return date.fromisoformat(context.partition_key)
