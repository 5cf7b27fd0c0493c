"""The rules of the blocking checks on a day's data: completeness, coverage, plausibility and freshness.
The checks themselves are in pipelines/defs/staging/listings.py and pipelines/defs/marts/price_daily.py, beside their tables' assets.

Each runs for the partition its asset just materialized. A failure has ERROR severity and blocks: Dagster
skips everything downstream in that run (the marts, the export, the dashboard), so `exports/latest`, the
dashboard and the published warehouse stay on the last good day, and `make run` prints the check's
description as the reason. The rules are plain functions of (connection, day) so tests can call them.
"""

from collections.abc import Callable
from datetime import date

import dagster as dg
import duckdb

from pipelines.partitions import run_days
from pipelines.resources.warehouse import WarehouseResource
from pipelines.tables import table_key
from warehouse.source_runs import day_source_mode

MIN_COVERAGE = 0.10  # share of catalog models with >= 3 listings (the sample covers ~30 of ~140 models)
MAX_FAILED_SEARCHES = 0.20  # eBay searches that failed or were not run, as a share of those asked
MAX_FETCH_LAG_DAYS = 2  # a live day's listings were fetched on that day or at most 2 days after
PLAUSIBLE = (0.05, 3.0)  # median new price within 5% .. 300% of launch MSRP
MAX_IMPLAUSIBLE_SHARE = 0.10  # more implausible models than this share of those priced new blocks the day

ERROR = dg.AssetCheckSeverity.ERROR


def _result(passed: bool, description: str, **metadata) -> dg.AssetCheckResult:
    return dg.AssetCheckResult(passed=passed, severity=ERROR, description=description, metadata=metadata)


def completeness(con: duckdb.DuckDBPyConnection, day: date) -> dg.AssetCheckResult:
    """The day's newest eBay run that did not fail asked every search and at most 20% failed or went unrun."""
    row = con.execute(
        "SELECT targets, targets_failed, rows_loaded FROM raw.source_runs WHERE snapshot_date = ? "
        "AND source = 'ebay' AND outcome <> 'failed' ORDER BY finished_at DESC LIMIT 1",
        [day],
    ).fetchone()
    if row is None:
        return _result(False, f"no eBay run that loaded listings is recorded for {day}")
    targets, failed, rows = row
    if not targets:  # runs recorded before migration 100 counted no searches
        return _result(True, f"{rows} listings; how many searches ran was not recorded for {day}")
    share = (failed or 0) / targets
    return _result(
        share <= MAX_FAILED_SEARCHES,
        f"{failed or 0} of {targets} eBay searches failed or were not run ({share:.0%}, at most "
        f"{MAX_FAILED_SEARCHES:.0%} allowed); {rows} listings",
        failed_share=round(share, 3),
    )


def coverage(con: duckdb.DuckDBPyConnection, day: date) -> dg.AssetCheckResult:
    covered, total = con.execute(
        "SELECT (SELECT count(DISTINCT model_id) FROM marts.price_daily WHERE snapshot_date = ? AND source = 'all' "
        "AND listing_count >= 3), (SELECT count(*) FROM marts.gpu_specs)",
        [day],
    ).fetchone()
    share = covered / total if total else 0.0
    return _result(
        share >= MIN_COVERAGE,
        f"{covered} of {total} catalog models priced on at least 3 listings ({share:.0%}, at least "
        f"{MIN_COVERAGE:.0%} needed)",
        models_with_3_listings=covered,
        catalog_models=total,
    )


def plausibility(con: duckdb.DuckDBPyConnection, day: date) -> dg.AssetCheckResult:
    rows = con.execute(
        "SELECT p.model_id, p.median, s.launch_msrp_usd FROM marts.price_daily p JOIN marts.gpu_specs s USING (model_id) "
        "WHERE p.snapshot_date = ? AND p.source = 'all' AND p.condition = 'new' AND s.launch_msrp_usd IS NOT NULL",
        [day],
    ).fetchall()
    odd = [
        f"{m}: median {p:,.0f} vs launch {msrp:,.0f}"
        for m, p, msrp in rows
        if not PLAUSIBLE[0] * msrp <= p <= PLAUSIBLE[1] * msrp
    ]
    share = len(odd) / len(rows) if rows else 0.0
    return _result(
        share <= MAX_IMPLAUSIBLE_SHARE,
        f"{len(odd)} of {len(rows)} new-card medians lie outside 5%-300% of launch price ({share:.0%}, "
        f"at most {MAX_IMPLAUSIBLE_SHARE:.0%} allowed)" + (f": {'; '.join(odd[:5])}" if odd else ""),
        implausible=odd,
    )


def freshness(con: duckdb.DuckDBPyConnection, day: date) -> dg.AssetCheckResult:
    mode = day_source_mode(con, day)
    if mode != "live":
        return _result(True, f"{mode} data: not dated market data, freshness applies to live days only")
    fetched = con.execute(
        "SELECT max(fetched_at)::DATE FROM raw.ebay_listings WHERE snapshot_date = ?", [day]
    ).fetchone()[0]
    lag = (fetched - day).days if fetched else None
    ok = lag is not None and 0 <= lag <= MAX_FETCH_LAG_DAYS
    return _result(
        ok,
        f"listings for {day} were fetched on {fetched} ({lag} days later; 0 to {MAX_FETCH_LAG_DAYS} "
        "allowed: a live run fetches today's listings, so an old day cannot be re-fetched)",
        fetched_on=str(fetched),
        lag_days=lag,
    )


def _days(context: dg.AssetCheckExecutionContext) -> list[date]:
    """The days the run materialized: its partition, or every day of a range run (the listing marts
    compute a range in one run). Read from the run rather than declared with `partitions_def=` on the
    check, which Dagster 1.13 still marks as a preview feature."""
    return run_days(context.run.tags)


def _each_day(rule, con: duckdb.DuckDBPyConnection, days: list[date]) -> dg.AssetCheckResult:
    """`rule` on every day: the last day's result when all pass, else the first failure, naming how many
    days failed."""
    results = [rule(con, day) for day in days]
    failed = [(day, r) for day, r in zip(days, results, strict=True) if not r.passed]
    if not failed:
        return results[-1]
    day, first = failed[0]
    if len(days) == 1:
        return first
    return _result(
        False,
        f"{len(failed)} of {len(days)} days fail, the first {day}: {first.description}",
        days_failed=len(failed),
    )


def blocking_check(
    table: str,
    name: str,
    rule: Callable[[duckdb.DuckDBPyConnection, date], dg.AssetCheckResult],
    description: str,
) -> dg.AssetChecksDefinition:
    """A blocking check on the asset of `table` that applies `rule` to the day the run materialized."""

    @dg.asset_check(asset=table_key(table), name=name, blocking=True, description=description)
    def check(context: dg.AssetCheckExecutionContext, warehouse: WarehouseResource) -> dg.AssetCheckResult:
        with warehouse.read_only() as con:
            return _each_day(rule, con, _days(context))

    return check
