"""Assets: marts.cloud_prices (cloud GPU-hour prices) and marts.buy_vs_rent (when owning beats renting)."""

import dagster as dg
import polars as pl

from pipelines.partitions import daily_partitions, partition_date
from pipelines.resources.warehouse import WarehouseResource
from pipelines.tables import table_asset, table_key
from transforms.buy_vs_rent import buy_vs_rent as buy_vs_rent_rows
from transforms.cloud_offers import cheapest_offers, unmatched_gpus, with_snapshot
from warehouse.catalog import load_cloud_gpu_names, load_cloud_prices
from warehouse.writes import read_frame, replace_slice


@table_asset(
    "marts.cloud_prices",
    partitions_def=daily_partitions,
    kinds={"duckdb", "polars"},
    deps=[table_key("raw.cloud_offers")],
)
def cloud_prices(context: dg.AssetExecutionContext, warehouse: WarehouseResource) -> dg.MaterializeResult:
    """Cloud GPU-hour prices (on-demand, serverless, marketplace, spot) for catalog models. Live: the
    cheapest offer per model, provider and kind in the day's gpuhunt catalog (raw.cloud_offers; instance
    price / GPUs, any region), plus the dated snapshot warehouse/catalog/cloud_prices.csv for the providers
    the catalog does not cover. Sample mode, or a day the catalog failed: the snapshot only. Every row keeps
    its date, source and basis (live or snapshot)."""
    day = partition_date(context)
    names = load_cloud_gpu_names()
    with warehouse.connect() as con:
        offers = read_frame(con, "SELECT * FROM raw.cloud_offers WHERE snapshot_date = ?", [day])
        prices = with_snapshot(cheapest_offers(offers, names), load_cloud_prices()).with_columns(
            snapshot_date=pl.lit(day)
        )
        replace_slice(con, "marts.cloud_prices", prices, {"snapshot_date": day})
    live = prices.filter(pl.col("snapshot_basis") == "live")
    unmatched = unmatched_gpus(offers, names)
    if unmatched:
        context.log.info(
            f"cloud GPUs without a catalog model (add to cloud_gpu_names.csv if wanted): {', '.join(unmatched)}"
        )
    dated = prices.filter(pl.col("price_date").is_not_null())["price_date"]
    return dg.MaterializeResult(
        metadata={
            "dagster/row_count": prices.height,
            "live_rows": live.height,
            "snapshot_rows": prices.height - live.height,
            "models": prices["model_id"].n_unique(),
            "providers": sorted(prices["provider"].unique().to_list()),
            "oldest_price_date": dated.min() if dated.len() else None,
            "undated_rows": prices.height - dated.len(),
            "unmatched_cloud_gpus": ", ".join(unmatched) or "none",
        }
    )


@table_asset(
    "marts.buy_vs_rent",
    partitions_def=daily_partitions,
    kinds={"duckdb", "polars"},
    deps=[table_key("marts.build_tiers"), table_key("marts.cloud_prices")],
)
def buy_vs_rent(context: dg.AssetExecutionContext, warehouse: WarehouseResource) -> dg.MaterializeResult:
    """Per tier, use case and condition: the hours of use per month above which owning the recommended
    machine (its build cost, less the GPUs' resale value after the horizon, plus electricity per hour) costs
    less than renting the same throughput from the cheapest cloud GPU that meets the use case's VRAM floor
    (D16: the cloud for large or occasional work). The resale basis is observed from today's used prices of
    older cards, or a labelled assumption."""
    day = partition_date(context)
    with warehouse.connect() as con:
        tiers = read_frame(
            con, "SELECT * FROM marts.build_tiers WHERE snapshot_date = ? AND is_default", [day]
        )
        value = read_frame(con, "SELECT * FROM marts.gpu_value WHERE snapshot_date = ?", [day])
        specs = read_frame(con, "SELECT * FROM marts.gpu_specs")
        cloud = read_frame(con, "SELECT * FROM marts.cloud_prices WHERE snapshot_date = ?", [day])
        rows = buy_vs_rent_rows(tiers, value, specs, cloud)
        replace_slice(con, "marts.buy_vs_rent", rows, {"snapshot_date": day})
    context.log.info(f"buy or rent: {rows.height} machines")
    return dg.MaterializeResult(
        metadata={
            "dagster/row_count": rows.height,
            "verdicts": dg.MetadataValue.md(
                "\n".join(
                    f"- {r['tier']} / {r['use_case']} ({r['condition']}): {r['verdict']}"
                    for r in rows.iter_rows(named=True)
                )
                or "no machines"
            ),
        }
    )
