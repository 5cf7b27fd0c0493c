"""Asset marts/cloud_prices: the cheapest cloud GPU-hour price per card model (computation:
transforms/cloud_prices.py), and its check that buy-or-rent verdicts are only as fresh as those prices."""

import dagster as dg
import polars as pl

from pipelines.partitions import daily_partitions, partition_date
from pipelines.resources.warehouse import WarehouseResource
from pipelines.tables import table_asset, table_key
from transforms.cloud_prices import cheapest_offers, unmatched_gpus, with_snapshot
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


LIVE_MAX_AGE_DAYS = 3  # gpuhunt publishes daily; older means its collection for that provider stopped
SNAPSHOT_MAX_AGE_DAYS = 365  # ASSUMPTION: a year-old cloud price is too old to advise with

AGES_SQL = """
WITH day AS (SELECT max(snapshot_date) AS d FROM marts.cloud_prices)
SELECT snapshot_basis, provider, day.d,
       day.d - max(TRY_CAST(CASE WHEN length(price_date) = 7 THEN price_date || '-01' ELSE price_date END AS DATE)),
       count(*)
FROM marts.cloud_prices, day WHERE snapshot_date = day.d GROUP BY snapshot_basis, provider, day.d ORDER BY 1, 2
"""


@dg.asset_check(asset=table_key("marts.cloud_prices"), blocking=False)
def cloud_prices_current(warehouse: WarehouseResource) -> dg.AssetCheckResult:
    """Warns when, on the newest day, a provider's live catalog is more than 3 days old, or a snapshot
    provider's newest price is more than a year old (or undated)."""
    with warehouse.read_only() as con:
        rows = con.execute(AGES_SQL).fetchall()
    if not rows:
        return dg.AssetCheckResult(
            passed=False,
            severity=dg.AssetCheckSeverity.WARN,
            description="no cloud prices: buy or rent has nothing to compare with",
        )
    stale = [
        f"{provider} ({basis}, {'undated' if age is None else f'{age} days old'})"
        for basis, provider, _, age, _ in rows
        if age is None or age > (LIVE_MAX_AGE_DAYS if basis == "live" else SNAPSHOT_MAX_AGE_DAYS)
    ]
    ages = {
        f"{provider} ({basis})": {"newest_price_age_days": age, "rows": n}
        for basis, provider, _, age, n in rows
    }
    return dg.AssetCheckResult(
        passed=not stale,
        severity=dg.AssetCheckSeverity.WARN,
        description=f"stale cloud prices on {rows[0][2]}: {', '.join(stale)}"
        if stale
        else "every provider's prices are current",
        metadata={"providers": ages},
    )
