"""Assets: the daily recommendation export, the dashboard page, and the warehouse copy published for readers."""

from pathlib import Path

import dagster as dg

from dashboards.export import latest_export_day, write_export
from dashboards.markdown import table
from dashboards.report_data import load_report
from dashboards.site import write_site
from dashboards.site_data import load_site
from pipelines.partitions import CHART_DAYS, YESTERDAY_TOO, daily_partitions, partition_date
from pipelines.resources.warehouse import WarehouseResource
from warehouse.publish import publish

SAME_DAY = ["budget_picks", "build_tiers", "budget_builds", "buy_vs_rent", "deals", "alerts", "listing_exits",
            "region_tiers"]
UPSTREAM = [*SAME_DAY, dg.AssetDep("gpu_value", partition_mapping=YESTERDAY_TOO)]  # changes since yesterday


@dg.asset(partitions_def=daily_partitions, group_name="exports", kinds={"parquet", "csv", "json"}, deps=UPSTREAM)
def daily_export(context: dg.AssetExecutionContext, warehouse: WarehouseResource) -> dg.MaterializeResult:
    """exports/YYYY-MM-DD/recommendations.{csv,json,parquet,md}: top picks by performance per USD new and
    used, picks per budget and use case, build tiers with costs and power, best deals, and changes since
    yesterday; `exports/latest` points at the newest day. Sample data says so in every file."""
    day = partition_date(context)
    with warehouse.connect() as con:
        data = load_report(con, day)
    paths = write_export(data)
    top = data.top_ranking.head(10)
    return dg.MaterializeResult(metadata={
        "source_mode": data.source_mode,
        "top_10": dg.MetadataValue.md(table(top, {"condition": "condition", "name": "GPU", "price_median": "median USD",
                                                  "listing_count": "listings", "perf_per_1k_usd": "perf / 1k USD"})),
        **{f"path_{ext}": dg.MetadataValue.path(str(p)) for ext, p in paths.items()},
    })


@dg.asset(partitions_def=daily_partitions, group_name="exports", kinds={"html", "plotly"},
          deps=[*SAME_DAY, daily_export, dg.AssetDep("price_daily", partition_mapping=CHART_DAYS),
                dg.AssetDep("gpu_value", partition_mapping=CHART_DAYS)])  # card pages chart 90 days
def dashboard(context: dg.AssetExecutionContext, warehouse: WarehouseResource) -> dg.MaterializeResult:
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
    path = write_site(data)
    return dg.MaterializeResult(metadata={"path": dg.MetadataValue.path(str(path)), "source_mode": data.report.source_mode,
                                          "card_pages": len(data.card_ids()), "history_days": data.days_with_data})


@dg.asset(partitions_def=daily_partitions, group_name="exports", kinds={"duckdb"}, deps=[daily_export, dashboard])
def published_warehouse(context: dg.AssetExecutionContext, warehouse: WarehouseResource) -> dg.MaterializeResult:
    """warehouse/published/gpu_market.duckdb: the copy SQL users and BI tools open (read-only), replaced as a
    whole after a good day (warehouse/publish.py says why a copy). Readers never block the job, nor the job
    readers; a day stopped by a blocking check never gets here, so readers keep the last good day."""
    size = publish(Path(warehouse.db_path), warehouse.published_path)
    context.log.info(f"published {warehouse.published_path} ({size / 1e6:.1f} MB)")
    return dg.MaterializeResult(metadata={"path": dg.MetadataValue.path(str(warehouse.published_path)),
                                          "bytes": size})
