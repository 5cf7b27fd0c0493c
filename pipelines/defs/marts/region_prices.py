"""Asset marts/region_prices: every region's prices in its currency and in USD. Computation:
transforms/region_prices.py on warehouse/kept_listings.py's listings."""

import dagster as dg
import polars as pl

from pipelines.partitions import daily_partitions, partition_date
from pipelines.resources.market_rules import MarketRulesResource
from pipelines.resources.warehouse import WarehouseResource
from pipelines.tables import table_asset, table_key
from transforms.region_prices import region_prices as region_price_rows
from warehouse.kept_listings import kept_sql
from warehouse.source_runs import day_source_mode
from warehouse.writes import read_frame, replace_day

REGION_KEPT_COLUMNS = (
    "snapshot_date, source, listing_id, seller_key, model_id, condition, region, currency, unit_price, "
    "unit_price / fx_rate_to_usd AS unit_price_local, fx_rate_to_usd, fx_rate_date, source_mode, "
    "seller_account_type"
)


@table_asset(
    "marts.region_prices",
    partitions_def=daily_partitions,
    kinds={"duckdb", "polars"},
    deps=[table_key("staging.listings")],
)
def region_prices(
    context: dg.AssetExecutionContext, rules: MarketRulesResource, warehouse: WarehouseResource
) -> dg.MaterializeResult:
    """Asking prices per date, region (where the buyer lives: the marketplace's country, US for US stores),
    model and condition, pooled over the region's sources, after the same outlier screen as
    marts.price_daily: in USD and in the region's currency, with the ECB rate and its date."""
    day = partition_date(context)
    with warehouse.connect() as con:
        kept = read_frame(
            con,
            kept_sql(rules.open_box_as_new, REGION_KEPT_COLUMNS, us_only=False),
            {"first": day, "last": day},
        )
        rows = region_price_rows(kept)
        if rows.height:
            rows = rows.with_columns(source_mode=pl.lit(day_source_mode(con, day)))
        replace_day(con, "marts.region_prices", rows, day)
    regions = (
        rows.group_by("region").agg(models=pl.col("model_id").n_unique()).sort("region")
        if rows.height
        else rows
    )
    return dg.MaterializeResult(
        metadata={
            "dagster/row_count": rows.height,
            "regions": ", ".join(f"{r} ({n} models)" for r, n in regions.iter_rows())
            if rows.height
            else "none",
        }
    )
