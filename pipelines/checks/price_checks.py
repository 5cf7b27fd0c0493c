"""Checks on prices: coverage, freshness, and plausibility against launch prices."""

from datetime import UTC, date, datetime

import dagster as dg

from pipelines.resources.warehouse import WarehouseResource

MIN_COVERAGE = 0.10  # share of catalog models with >= 3 listings (the sample covers ~30 of ~140 models)
MAX_AGE_DAYS = 2
PLAUSIBLE = (0.05, 3.0)  # median new price within 5% .. 300% of launch MSRP


@dg.asset_check(asset="price_daily", blocking=False)
def price_coverage(warehouse: WarehouseResource) -> dg.AssetCheckResult:
    """Share of catalog models with at least three listings on the newest day."""
    with warehouse.read_only() as con:
        covered, total = con.execute(
            "SELECT (SELECT count(DISTINCT model_id) FROM marts.price_daily WHERE source = 'all' AND listing_count >= 3 "
            "AND snapshot_date = (SELECT max(snapshot_date) FROM marts.price_daily)), (SELECT count(*) FROM marts.gpu_specs)"
        ).fetchone()
    share = covered / total if total else 0.0
    return dg.AssetCheckResult(passed=share >= MIN_COVERAGE, severity=dg.AssetCheckSeverity.WARN,
                               metadata={"models_with_3_listings": covered, "catalog_models": total,
                                         "share": round(share, 3)})


@dg.asset_check(asset="price_daily", blocking=False)
def price_freshness(warehouse: WarehouseResource) -> dg.AssetCheckResult:
    """The newest snapshot is at most two days old."""
    with warehouse.read_only() as con:
        newest = con.execute("SELECT max(snapshot_date) FROM marts.price_daily").fetchone()[0]
    age = age_days(newest, datetime.now(UTC).date())
    return dg.AssetCheckResult(passed=age is not None and age <= MAX_AGE_DAYS, severity=dg.AssetCheckSeverity.WARN,
                               metadata={"newest_snapshot": str(newest), "age_days": age})


def age_days(newest: date | None, today: date) -> int | None:
    return (today - newest).days if newest else None


@dg.asset_check(asset="price_daily", blocking=False)
def price_plausible(warehouse: WarehouseResource) -> dg.AssetCheckResult:
    """Median new prices lie within 5%..300% of the model's launch price (where one was published)."""
    with warehouse.read_only() as con:
        rows = con.execute(
            "SELECT p.model_id, p.median, s.launch_msrp_usd FROM marts.price_daily p JOIN marts.gpu_specs s USING (model_id) "
            "WHERE p.source = 'all' AND p.condition = 'new' AND s.launch_msrp_usd IS NOT NULL "
            "AND p.snapshot_date = (SELECT max(snapshot_date) FROM marts.price_daily) "
            "AND (p.median < s.launch_msrp_usd * ? OR p.median > s.launch_msrp_usd * ?)", list(PLAUSIBLE)).fetchall()
    return dg.AssetCheckResult(passed=not rows, severity=dg.AssetCheckSeverity.WARN,
                               metadata={"implausible": [f"{m}: median {p:,.0f} vs launch {msrp:,.0f}" for m, p, msrp in rows]})
