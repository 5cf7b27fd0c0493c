"""Assets: marts.region_prices, marts.region_value, marts.region_picks and marts.region_tiers (every region's
market, in its currency and in USD, and machines sized for its mains)."""

import dagster as dg
import polars as pl

from pipelines.defs.marts.machines import MACHINE_INPUT_KEYS, llm_context, machine_inputs
from pipelines.defs.marts.run_config import PickRunConfig, TierRunConfig
from pipelines.partitions import daily_partitions, partition_date
from pipelines.resources.market_rules import MarketRulesResource
from pipelines.resources.warehouse import WarehouseResource
from pipelines.tables import table_asset, table_key
from transforms.fx import usd_per_unit
from transforms.regions import region_picks as region_pick_rows
from transforms.regions import region_prices as region_price_rows
from transforms.regions import region_tiers as region_tier_rows
from transforms.regions import region_value as region_value_rows
from warehouse.catalog import load_regions
from warehouse.kept_listings import kept_sql
from warehouse.marts.value import llm_workload_ranks
from warehouse.source_runs import day_source_mode
from warehouse.writes import read_frame, replace_slice, table_columns

REGION_KEPT_COLUMNS = (
    "snapshot_date, source, listing_id, model_id, condition, region, currency, unit_price, "
    "unit_price / fx_rate_to_usd AS unit_price_local, fx_rate_to_usd, fx_rate_date, source_mode"
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
        _write_day(con, "marts.region_prices", rows, day)
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


@table_asset(
    "marts.region_value",
    partitions_def=daily_partitions,
    kinds={"duckdb", "polars"},
    deps=[table_key("marts.region_prices"), table_key("marts.gpu_specs")],
)
def region_value(context: dg.AssetExecutionContext, warehouse: WarehouseResource) -> dg.MaterializeResult:
    """marts.gpu_value per region: performance per USD in every index, ranks within the region, and the
    median in the region's currency beside the USD one."""
    day = partition_date(context)
    with warehouse.connect() as con:
        prices = read_frame(con, "SELECT * FROM marts.region_prices WHERE snapshot_date = ?", [day])
        specs = read_frame(con, "SELECT * FROM marts.gpu_specs")
        value = region_value_rows(prices.with_columns(source_mode=pl.lit(day_source_mode(con, day))), specs)
        _write_day(con, "marts.region_value", value, day)
    return dg.MaterializeResult(metadata={"dagster/row_count": value.height})


@table_asset(
    "marts.region_picks",
    partitions_def=daily_partitions,
    kinds={"duckdb", "polars"},
    deps=[table_key("marts.region_value"), table_key("marts.gpu_specs")],
)
def region_picks(
    context: dg.AssetExecutionContext, config: PickRunConfig, warehouse: WarehouseResource
) -> dg.MaterializeResult:
    """marts.budget_picks per region: the same rule (G5, each use case by its own index, LLM by workload) on the
    region's cards and prices; budgets in USD so regions compare, the pick's price in the region's currency beside."""
    day = partition_date(context)
    with warehouse.connect() as con:
        value = read_frame(con, "SELECT * FROM marts.region_value WHERE snapshot_date = ?", [day])
        picks = region_pick_rows(value, config.horizon_years, config.legacy(), llm_workload_ranks(con))
        _write_day(con, "marts.region_picks", picks, day)
    return dg.MaterializeResult(metadata={"dagster/row_count": picks.height})


@table_asset(
    "marts.region_tiers",
    partitions_def=daily_partitions,
    kinds={"duckdb", "polars"},
    deps=[table_key("marts.region_value"), *MACHINE_INPUT_KEYS, table_key("raw.fx_rates")],
)
def region_tiers(
    context: dg.AssetExecutionContext, config: TierRunConfig, warehouse: WarehouseResource
) -> dg.MaterializeResult:
    """marts.build_tiers per region: the region's cards at the region's prices, sized for its outlet (volts,
    amps, the continuous share) with the power cap that fits, and energy at its household electricity price
    (warehouse/catalog/regions.csv, sourced per row, converted at the day's ECB rate). Platform parts are the
    US estimates in USD everywhere (stated in the table comment and the export). A region without a sourced electricity
    price is left out and named in the metadata."""
    day = partition_date(context)
    regions = load_regions()
    with warehouse.connect() as con:
        value = read_frame(con, "SELECT * FROM marts.region_value WHERE snapshot_date = ?", [day])
        rates = read_frame(
            con, "SELECT rate_date, currency, per_eur FROM raw.fx_rates WHERE snapshot_date = ?", [day]
        )
        latest = usd_per_unit(rates).sort("rate_date").group_by("currency").last()
        per_unit = dict(latest.select("currency", "usd_per_unit").iter_rows())
        inputs = machine_inputs(con)
        tiers, skipped = region_tier_rows(
            value, *inputs, regions, per_unit, config.tier_config(), llm=llm_context(inputs[0], config)
        )
        _write_day(con, "marts.region_tiers", tiers, day)
    for why in skipped:
        context.log.info(f"region tiers: {why}")
    chosen = tiers.filter(pl.col("model_id").is_not_null()) if tiers.height else tiers
    return dg.MaterializeResult(
        metadata={
            "dagster/row_count": tiers.height,
            "machines": chosen.height,
            "regions": ", ".join(sorted(set(tiers["region"].to_list()))) if tiers.height else "none",
            "regions_left_out": "; ".join(skipped) or "none",
        }
    )


def _write_day(con, table: str, frame: pl.DataFrame, day) -> None:
    """Replace the day's slice of a region mart with `frame` in the table's column order; a day without rows
    empties the slice (a region transform returns a frame without columns when there is nothing to compute)."""
    columns = table_columns(con, table)
    rows = read_frame(con, f"SELECT * FROM {table} LIMIT 0") if frame.is_empty() else frame.select(columns)
    replace_slice(con, table, rows, {"snapshot_date": day})
