"""Asset exports/daily_export: the daily recommendation files (exports/YYYY-MM-DD/)."""

from dataclasses import replace
from pathlib import Path

import dagster as dg

from dashboards.export import write_export
from dashboards.markdown import table
from dashboards.report_data import load_report
from pipelines.partitions import YESTERDAY_TOO, daily_partitions, partition_date
from pipelines.resources.alerts import AlertsResource
from pipelines.resources.warehouse import WarehouseResource
from pipelines.tables import export_asset, table_dep, table_key

# the tables of the day the report reads (the others it reads are upstream of these); a table read but not upstream
# was missing from the lineage and from what its automation waits for (thirty-sixth review: staging.listing_history,
# the first-seen day of the deals still listed, and marts.perf_index_fits, the indices' fits on the card pages)
SAME_DAY = [
    table_key(t)
    for t in (
        "staging.listing_history",
        "marts.perf_index_fits",
        "marts.budget_picks",
        "marts.build_tiers",
        "marts.budget_builds",
        "marts.buy_vs_rent",
        "marts.deals",
        "marts.alerts",
        "marts.listing_exits",
        "marts.region_tiers",
    )
]
TOP_COLUMNS = {
    "condition": "condition",
    "name": "GPU",
    "price_usd": "price USD",
    "listing_count": "listings",
    "perf_per_1k_usd": "perf / 1k USD",
}


def watchlist_problems(alerts: AlertsResource) -> tuple[str, ...]:
    """What marts/alerts skipped of the user's watchlist file, for the export and the dashboard to say. Read when
    the export runs, as marts/alerts read it earlier in the same run; a re-run of an older day reads today's file."""
    reading = alerts.watchlist()
    if reading is None:
        return ()
    # the file by its name: the export and the site are published, the user's folders are theirs (code review)
    path = str(Path(alerts.watchlist_path))
    return tuple(p.replace(path, Path(path).name) for p in reading.problems)


@export_asset(
    "daily_export",
    partitions_def=daily_partitions,
    kinds={"parquet", "csv", "json"},
    deps=[*SAME_DAY, table_dep("marts.gpu_value", YESTERDAY_TOO)],  # changes since yesterday
)
def daily_export(
    context: dg.AssetExecutionContext,
    warehouse: WarehouseResource,
    alerts: AlertsResource,
) -> dg.MaterializeResult:
    """exports/YYYY-MM-DD/recommendations.{csv,json,parquet,md}: top picks by performance per USD new and
    used, picks per budget and use case, build tiers with costs and power, best deals, and changes since
    yesterday; `exports/latest` points at the newest day. Sample data says so in every file."""
    day = partition_date(context)
    with warehouse.connect() as con:
        data = replace(load_report(con, day), watchlist_problems=watchlist_problems(alerts))
    paths = write_export(data)
    return dg.MaterializeResult(
        metadata={
            "source_mode": data.source_mode,
            "top_10": dg.MetadataValue.md(table(data.top_ranking.head(10), TOP_COLUMNS)),
            **{f"path_{ext}": dg.MetadataValue.path(str(p)) for ext, p in paths.items()},
        }
    )
