"""The Dagster code location: `dagster dev -w workspace.yaml` loads `defs` from here."""

import dagster as dg

from pipelines.assets import ALL_ASSETS
from pipelines.checks import ALL_CHECKS
from pipelines.jobs import daily_refresh, daily_refresh_schedule
from pipelines.resources import build_resources
from pipelines.sample_days import sample_history, sample_specs
from pipelines.stale_days import refresh_stale_days, stale_days_sensor

defs = dg.Definitions(
    assets=ALL_ASSETS,
    asset_checks=ALL_CHECKS,
    jobs=[daily_refresh, refresh_stale_days, sample_history, sample_specs],
    schedules=[daily_refresh_schedule],
    sensors=[stale_days_sensor],
    resources=build_resources(),
)
