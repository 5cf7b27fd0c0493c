"""Asset: marts.price_daily, robust asking prices per day, model, condition and source."""

from datetime import timedelta

import dagster as dg
import polars as pl

from pipelines.partitions import PRICE_HISTORY, PRICE_LISTINGS, daily_partitions, partition_date
from pipelines.resources.warehouse import WarehouseResource
from pipelines.tables import table_asset, table_dep
from transforms.price_stats import HISTORY_DAYS, PRICE_BASIS, add_history, daily_price_stats
from warehouse.kept_listings import kept_listings
from warehouse.source_runs import day_source_mode
from warehouse.writes import read_frame, replace_slice


class PriceConfig(dg.Config):
    open_box_as_new: bool = True


@table_asset(
    "marts.price_daily",
    partitions_def=daily_partitions,
    kinds={"duckdb", "polars"},
    deps=[table_dep("staging.listings", PRICE_LISTINGS), table_dep("marts.price_daily", PRICE_HISTORY)],
)
def price_daily(
    context: dg.AssetExecutionContext, config: PriceConfig, warehouse: WarehouseResource
) -> dg.MaterializeResult:
    """Asking prices of active listings (not sale prices), shipping included, per date, model, condition
    (new incl. open box, used, refurbished) and source (each store, eBay, and 'all'): count, min, mean of the
    three lowest, p25, median, p75 after a median-relative outlier screen, with the 7-day rolling median and
    the change against 7 and 30 days earlier."""
    day = partition_date(context)
    with warehouse.connect() as con:
        kept = kept_listings(con, day, config.open_box_as_new)
        mode = day_source_mode(con, day)
        stats = daily_price_stats(kept)
        history = read_frame(
            con,
            "SELECT snapshot_date, model_id, condition, source, median FROM marts.price_daily "
            "WHERE snapshot_date BETWEEN ? AND ?",
            [day - timedelta(days=HISTORY_DAYS), day - timedelta(days=1)],
        )
        out = add_history(stats, history).with_columns(
            price_basis=pl.lit(PRICE_BASIS), source_mode=pl.lit(mode)
        )
        replace_slice(con, "marts.price_daily", out, {"snapshot_date": day})
    pooled = out.filter(pl.col("source") == "all")
    return dg.MaterializeResult(
        metadata={
            "dagster/row_count": out.height,
            "models_priced": pooled["model_id"].n_unique(),
            "listings_screened_out": int(pooled["screened_out"].sum() or 0),
            "source_mode": mode,
            "price_basis": PRICE_BASIS,
        }
    )
