"""Asset exports/dashboard: the static dashboard site (dashboards/site/)."""

from dataclasses import replace

import dagster as dg

from dashboards.export import latest_export_day
from dashboards.site import write_site
from dashboards.site_data import load_site
from pipelines.defs.exports.daily_export import SAME_DAY, watchlist_problems
from pipelines.partitions import CHART_DAYS, daily_partitions, partition_date
from pipelines.resources.alerts import AlertsResource
from pipelines.resources.warehouse import WarehouseResource
from pipelines.tables import export_asset, export_key, table_dep


@export_asset(
    "dashboard",
    partitions_def=daily_partitions,
    kinds={"html", "plotly"},
    deps=[
        *SAME_DAY,
        export_key("daily_export"),
        table_dep("marts.price_daily", CHART_DAYS),  # card pages chart 90 days
        table_dep("marts.gpu_value", CHART_DAYS),
    ],
)
def dashboard(
    context: dg.AssetExecutionContext,
    warehouse: WarehouseResource,
    alerts: AlertsResource,
) -> dg.MaterializeResult:
    """dashboards/site/: index.html (what changed since yesterday; filters by VRAM, use case, budget, vendor,
    condition and form factor; sortable tables of value, picks, build tiers and deals; charts) and a page per
    card under cards/ (price history new and used with the 7-day median and the middle half, listings per
    day, value rank over time, specs and performance basis, today's cheapest listings with links). No
    network at view time (plotly.js in assets/), every text escaped, a sample notice on sample data. The site
    shows the newest good day: re-running or refreshing an older day leaves it alone."""
    day = partition_date(context)
    newest = latest_export_day()
    if newest is not None and newest > day:
        context.log.info(f"dashboard stays on {newest}, the newest exported day")
        return dg.MaterializeResult(metadata={"kept_on": str(newest)})
    with warehouse.connect() as con:
        data = load_site(con, day)
    data = replace(data, report=replace(data.report, watchlist_problems=watchlist_problems(alerts)))
    path = write_site(data)
    return dg.MaterializeResult(
        metadata={
            "path": dg.MetadataValue.path(str(path)),
            "source_mode": data.report.source_mode,
            "card_pages": len(data.card_ids()),
            "history_days": data.days_with_data,
        }
    )
