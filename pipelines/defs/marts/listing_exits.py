"""Asset marts/listing_exits: listings that left the market (sold or withdrawn). Computation:
warehouse/marts/listing_exits.py -> warehouse/sql/marts/listing_exits.sql."""

import dagster as dg

from pipelines.partitions import YESTERDAY_TOO, daily_partitions, partition_date
from pipelines.resources.market_rules import MarketRulesResource
from pipelines.resources.warehouse import WarehouseResource
from pipelines.tables import table_asset, table_dep
from warehouse.marts.listing_exits import update_exits
from warehouse.transactions import transaction


@table_asset(
    "marts.listing_exits",
    partitions_def=daily_partitions,
    kinds={"duckdb"},
    deps=[table_dep("staging.listings", YESTERDAY_TOO)],
)
def listing_exits(
    context: dg.AssetExecutionContext, rules: MarketRulesResource, warehouse: WarehouseResource
) -> dg.MaterializeResult:
    """Listings seen on one day and absent on the source's next ingested day, not seen since: sold or
    withdrawn (asking data cannot tell which), with the last price and the days listed; the card only when
    the listing counted toward its price that last day (not excluded, inside the outlier screen). One row per
    listing; a listing that comes back is no longer an exit. Rebuilt for the listings the day can
    affect, so days may come in any order; per model and day in the view marts.exits_daily."""
    day = partition_date(context)
    with warehouse.connect() as con:
        with transaction(con):
            exits = update_exits(con, day, rules.open_box_as_new)
        total = con.execute("SELECT count(*) FROM marts.listing_exits").fetchone()[0]
    return dg.MaterializeResult(
        metadata={"exits_on_day": exits, "dagster/row_count": total, "meaning": "sold or withdrawn"}
    )
