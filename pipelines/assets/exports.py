"""Assets: the daily recommendation export and the dashboard page."""

import dagster as dg

from dashboards.export import write_export
from dashboards.html_page import write_html
from dashboards.markdown import table
from dashboards.report_data import load_report
from pipelines.partitions import daily_partitions, partition_date
from pipelines.resources.warehouse import WarehouseResource

UPSTREAM = ["gpu_value", "budget_picks", "build_tiers", "budget_builds", "deals"]


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


@dg.asset(partitions_def=daily_partitions, group_name="exports", kinds={"html", "plotly"}, deps=UPSTREAM)
def dashboard(context: dg.AssetExecutionContext, warehouse: WarehouseResource) -> dg.MaterializeResult:
    """dashboards/site/index.html: one self-contained page (scripts inlined): performance vs price new and
    used, the perf-per-USD ranking, price history, TDP vs performance, the tiers, and banners with the data
    date and, for sample data, a sample notice. Listing text is escaped."""
    day = partition_date(context)
    with warehouse.connect() as con:
        data = load_report(con, day)
    path = write_html(data)
    return dg.MaterializeResult(metadata={"path": dg.MetadataValue.path(str(path)), "source_mode": data.source_mode})
