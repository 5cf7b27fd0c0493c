"""Asset marts/region_tiers: machines sized for each region's mains and electricity, the US tiers' code by
parameter. Computation: transforms/region_tiers.py -> transforms/tiers/build_tiers.py."""

import dagster as dg
import polars as pl

from pipelines.defs.marts.machine_inputs import MACHINE_INPUT_KEYS, llm_context, machine_inputs
from pipelines.defs.marts.run_config import TierRunConfig
from pipelines.partitions import daily_partitions, partition_date
from pipelines.resources.warehouse import WarehouseResource
from pipelines.tables import table_asset, table_key
from transforms.fx import usd_per_unit
from transforms.region_tiers import region_tiers as region_tier_rows
from warehouse.catalog import load_regions
from warehouse.writes import read_frame, replace_day


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
    (warehouse/catalog/regions.csv, sourced per row, converted at the latest ECB rate on or before the day:
    fx_rate_date in marts.region_prices). Platform parts are the US estimates in USD everywhere, new ones with
    the region's VAT added (regions.csv vat_rate; stated in the table comment and the export). A region without a
    sourced electricity price is left out and named in the metadata."""
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
        replace_day(con, "marts.region_tiers", tiers, day)
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
