"""Declarative automation (issue 38): an asset that reads others keeps today's partition up to date by its
automation condition (pipelines/tables.automation_for); the daily run's own assets are not asked again,
earlier days are left to the stale-days sensor, and a mart reading earlier days does not wait for days that
were never run."""

from datetime import UTC, datetime

import dagster as dg

from pipelines.defs.marts.deals import deals
from pipelines.defs.marts.listing_exits import listing_exits
from pipelines.defs.marts.price_daily import price_daily
from pipelines.defs.raw.ebay_listings import ebay_listings
from pipelines.defs.raw.fx_rates import fx_rates
from pipelines.defs.raw.retailer_listings import retailer_listings
from pipelines.defs.staging.listings import listings
from pipelines.tables import EAGER, EAGER_OVER_GAPS
from tests.conftest import DAY, sample_resources

SOURCES = [ebay_listings, retailer_listings, fx_rates]
ASSETS = [*SOURCES, listings, price_daily, deals, listing_exits]
NOON = datetime.fromisoformat(f"{DAY}T12:00:00").replace(tzinfo=UTC)  # the latest day is DAY
YESTERDAY = "2026-11-19"


def condition(asset: dg.AssetsDefinition):
    """The condition of the asset's tables (raw.ebay_listings writes three: they share one)."""
    (only,) = {asset.automation_conditions_by_key.get(key) for key in asset.keys}
    return only


def requested(result) -> dict[str, set]:
    return {
        key.to_user_string(): result.get_requested_partitions(key)
        for a in ASSETS
        for key in a.keys
        if result.get_num_requested(key)
    }


def test_today_follows_a_source_re_run_and_nothing_else(tmp_path, dagster_instance):
    assert [condition(a) for a in SOURCES] == [None] * 3  # the schedule runs the sources
    assert condition(listings) == EAGER
    assert condition(price_daily) == EAGER_OVER_GAPS == condition(deals)
    instance = dagster_instance
    resources = sample_resources(tmp_path / "w.duckdb")

    def run(assets, day=DAY) -> None:
        assert dg.materialize(assets, partition_key=day, resources=resources, instance=instance).success

    defs = dg.Definitions(assets=ASSETS, resources=resources)

    def evaluate(previous=None):
        """One tick of the automation sensor at NOON, after the tick `previous`."""
        return dg.evaluate_automation_conditions(
            defs=defs, instance=instance, evaluation_time=NOON, cursor=previous and previous.cursor
        )

    run(ASSETS)  # the daily run: every asset once
    first = evaluate()
    assert first.total_requested == 0  # a run that ran an asset and its inputs asks for nothing more

    run([retailer_listings])  # a source re-run alone, from the UI
    after = evaluate(first)
    # everything downstream of it, for today only; price_daily and deals although none of the 30 earlier
    # days they read was ever run (eager's "no input missing" would hold them back for good)
    assert requested(after) == {
        "staging/listings": {DAY},
        "marts/price_daily": {DAY},
        "marts/deals": {DAY},
        "marts/listing_exits": {DAY},
    }
    run(ASSETS[3:])  # what the sensor's run does
    settled = evaluate(after)
    assert settled.total_requested == 0

    # an earlier day's listings: that day is not the latest (its marts are the stale-days sensor's), but
    # today's look-back marts read it, so today's are asked again
    run(ASSETS[:4], day=YESTERDAY)
    late = evaluate(settled)
    assert requested(late) == {
        "marts/price_daily": {DAY},
        "marts/deals": {DAY},
        "marts/listing_exits": {DAY},
    }
