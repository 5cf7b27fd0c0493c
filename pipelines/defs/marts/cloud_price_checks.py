"""Check on cloud prices: buy-or-rent verdicts are only as fresh as the prices they compare against."""

import dagster as dg

from pipelines.resources.warehouse import WarehouseResource
from pipelines.tables import table_key

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
