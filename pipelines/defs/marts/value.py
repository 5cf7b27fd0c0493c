"""Assets: marts.gpu_value, marts.budget_picks, marts.deals."""

from datetime import timedelta

import dagster as dg
import polars as pl

from pipelines.partitions import DEALS_WINDOW, daily_partitions, partition_date
from pipelines.resources.warehouse import WarehouseResource
from pipelines.tables import table_asset, table_dep, table_key
from transforms.budget_picks import budget_picks as pick_for_budgets
from transforms.deals import WINDOW_DAYS, find_deals
from transforms.price_stats import screen_outliers
from transforms.value import gpu_value as value_table
from warehouse.kept_listings import kept_listings
from warehouse.writes import read_frame, replace_slice


@table_asset(
    "marts.gpu_value",
    partitions_def=daily_partitions,
    kinds={"duckdb", "polars"},
    deps=[table_key("marts.price_daily"), table_key("marts.gpu_specs")],
)
def gpu_value(context: dg.AssetExecutionContext, warehouse: WarehouseResource) -> dg.MaterializeResult:
    """Performance per USD, new and used: median asking price (and robust low), relative performance
    (dl_index_v1), perf per 1,000 USD, USD per GB of VRAM, per FP16 TFLOP and per GB/s, ranks overall and
    within the VRAM class, and whether the price rests on at least 3 listings."""
    day = partition_date(context)
    with warehouse.connect() as con:
        prices = read_frame(
            con, "SELECT * FROM marts.price_daily WHERE snapshot_date = ? AND source = 'all'", [day]
        )
        specs = read_frame(con, "SELECT * FROM marts.gpu_specs")
        value = value_table(prices, specs)
        replace_slice(con, "marts.gpu_value", value, {"snapshot_date": day})
    top = value.filter(pl.col("enough_listings")).sort("perf_per_1k_usd", descending=True).head(5)
    return dg.MaterializeResult(
        metadata={
            "dagster/row_count": value.height,
            "top_by_perf_per_usd": dg.MetadataValue.md(
                "\n".join(
                    f"- {r['name']} ({r['condition']}): {r['perf_per_1k_usd']:.2f} per 1,000 USD at {r['price_median']:,.0f} USD"
                    for r in top.iter_rows(named=True)
                )
            ),
        }
    )


@table_asset(
    "marts.budget_picks",
    partitions_def=daily_partitions,
    kinds={"duckdb", "polars"},
    deps=[table_key("marts.gpu_value")],
)
def budget_picks(context: dg.AssetExecutionContext, warehouse: WarehouseResource) -> dg.MaterializeResult:
    """The pick and two alternatives for budgets from 300 to 10,000 USD and the use cases LLM (>= 24 GB),
    vision (>= 12 GB) and beginner (>= 8 GB), new and used, by the build guide's rule: among the best
    performance-per-USD cards, the one with the most memory the budget buys. Each use case ranks by its own
    performance index (LLM inference, vision, training), named with its basis on every row."""
    day = partition_date(context)
    with warehouse.connect() as con:
        value = read_frame(con, "SELECT * FROM marts.gpu_value WHERE snapshot_date = ?", [day])
        picks = pick_for_budgets(value)
        replace_slice(con, "marts.budget_picks", picks, {"snapshot_date": day})
    return dg.MaterializeResult(metadata={"dagster/row_count": picks.height})


@table_asset(
    "marts.deals",
    partitions_def=daily_partitions,
    kinds={"duckdb", "polars"},
    deps=[table_dep("staging.listings", DEALS_WINDOW), table_dep("marts.price_daily", DEALS_WINDOW)],
)
def deals(context: dg.AssetExecutionContext, warehouse: WarehouseResource) -> dg.MaterializeResult:
    """Today's listings at least 15% under their model's 30-day median, or within 5% of the lowest price
    seen for that model and condition before today (needs 7 earlier days). Listings removed by the outlier
    screen are never deals."""
    day = partition_date(context)
    with warehouse.connect() as con:
        kept = screen_outliers(kept_listings(con, day)).filter(pl.col("kept_by_screen"))
        history = read_frame(
            con,
            "SELECT * FROM marts.price_daily WHERE source = 'all' AND snapshot_date BETWEEN ? AND ?",
            [day - timedelta(days=WINDOW_DAYS - 1), day],
        )
        found = find_deals(kept, history) if kept.height else None
        if found is None:
            found = read_frame(con, "SELECT * FROM marts.deals LIMIT 0")
        replace_slice(con, "marts.deals", found, {"snapshot_date": day})
    return dg.MaterializeResult(metadata={"dagster/row_count": found.height})
