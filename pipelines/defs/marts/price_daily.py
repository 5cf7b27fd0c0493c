"""Asset marts/price_daily: robust asking prices per day, model, condition and source (computation:
warehouse/marts/price_daily.py -> transforms/price_daily.py), and its blocking checks."""

import dagster as dg

from pipelines.day_checks import blocking_check, coverage, plausibility
from pipelines.partitions import (
    PRICE_HISTORY,
    PRICE_LISTINGS,
    daily_partitions,
    partition_days,
    rows_metadata,
    run_id,
)
from pipelines.resources.market_rules import MarketRulesResource
from pipelines.resources.warehouse import WarehouseResource
from pipelines.tables import table_asset, table_dep
from transforms.price_daily import PRICE_BASIS
from warehouse import day_writes
from warehouse.marts.price_daily import build_price_daily


@table_asset(
    "marts.price_daily",
    partitions_def=daily_partitions,
    kinds={"duckdb", "sql"},
    deps=[table_dep("staging.listings", PRICE_LISTINGS), table_dep("marts.price_daily", PRICE_HISTORY)],
)
def price_daily(
    context: dg.AssetExecutionContext, rules: MarketRulesResource, warehouse: WarehouseResource
) -> dg.MaterializeResult:
    """Asking prices of active listings (not sale prices), shipping included, per date, model, condition
    (new incl. open box, used, refurbished) and source (each store, eBay, and 'all'): count, min, mean of the
    three lowest, p25, median, p75 after a median-relative outlier screen, with the 7-day rolling median and
    the change against 7 and 30 days earlier. One statement for a day or a range of days."""
    first, last = partition_days(context)
    with warehouse.connect() as con:
        written = build_price_daily(con, first, last, rules.open_box_as_new)
        day_writes.note(con, "marts.price_daily", first, last, run_id(context))  # later days read it
        models, screened, modes = con.execute(
            "SELECT count(DISTINCT model_id), coalesce(sum(screened_out), 0), string_agg(DISTINCT source_mode) "
            "FROM marts.price_daily WHERE source = 'all' AND snapshot_date BETWEEN ? AND ?",
            [first, last],
        ).fetchone()
    return dg.MaterializeResult(
        metadata={
            **rows_metadata(first, last, written),
            "models_priced": models,
            "listings_screened_out": int(screened),
            "source_mode": modes or "none",
            "price_basis": PRICE_BASIS,
        }
    )


price_coverage = blocking_check(
    "marts.price_daily",
    "price_coverage",
    coverage,
    "At least 10% of catalog models are priced on three or more listings that day.",
)
price_plausible = blocking_check(
    "marts.price_daily",
    "price_plausible",
    plausibility,
    "At most 10% of new-card medians lie outside 5%-300% of the model's launch price.",
)
