"""Asset marts/deals: listings under their model's recent median, as events. Computation: warehouse/marts/deals.py
-> transforms/deals.py (deals_sql)."""

import dagster as dg

from pipelines.partitions import DEALS_WINDOW, daily_partitions, partition_days, rows_metadata, run_id
from pipelines.resources.market_rules import MarketRulesResource
from pipelines.resources.warehouse import WarehouseResource
from pipelines.tables import table_asset, table_dep
from warehouse import day_writes
from warehouse.marts.deals import build_deals


@table_asset(
    "marts.deals",
    partitions_def=daily_partitions,
    kinds={"duckdb", "sql"},
    deps=[table_dep("staging.listings", DEALS_WINDOW), table_dep("marts.price_daily", DEALS_WINDOW)],
)
def deals(
    context: dg.AssetExecutionContext, rules: MarketRulesResource, warehouse: WarehouseResource
) -> dg.MaterializeResult:
    """Deal events: today's listings at least 15% under their model's 30-day median, or within 5% of the lowest
    price seen for that model and condition before today (needs 7 earlier days) and 5% under that median, and at
    least 5% under the day's own median; on the day they are news: a new listing, a price at least 3% under every
    price it asked in the 7 days before, or a smaller cut under all of them from a price over its day's bar. Listings
    removed by the outlier screen are never deals; of one seller's listings of a card, the cheapest alone."""
    first, last = partition_days(context)
    with warehouse.connect() as con:
        written = build_deals(con, first, last, rules.open_box_as_new)
        day_writes.note(con, "marts.deals", first, last, run_id(context))  # the stale-day rule reads it
    return dg.MaterializeResult(metadata=rows_metadata(first, last, written))
