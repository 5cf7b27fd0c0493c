"""Issue 16's proof: ten days of a moving market materialized forward, in reverse, and shuffled with an
old day re-run after later ones give identical tables (run timestamps aside) once the stale later days are
refreshed, the way the stale-days sensor, `make run` and `make backfill` do it.

The market is the project's simulator (tests/support/market_sim.py: listings that persist, change price and end),
each day's searches answered by the eBay client's replay transport (the sample mode's, in this process), so
the days really differ and the 7/30-day look-backs, deals and the listing history have something to get wrong.
(The same client over a loopback server, live mode, is tests/pipelines/test_faults.py's and test_secrets.py's;
the server cost this test a sixth of its time.)"""

import shutil
from datetime import date, timedelta

import dagster as dg
import pytest

from pipelines.defs.marts.deals import deals
from pipelines.defs.marts.gpu_specs import gpu_specs_mart
from pipelines.defs.marts.gpu_value import gpu_value
from pipelines.defs.marts.listing_exits import listing_exits
from pipelines.defs.marts.price_daily import price_daily
from pipelines.defs.raw.ebay_listings import ebay_listings
from pipelines.defs.raw.retailer_listings import retailer_listings
from pipelines.defs.staging.gpu_specs import gpu_specs
from pipelines.defs.staging.listing_history import listing_history
from pipelines.defs.staging.listings import listings
from pipelines.defs.stale_days import refresh, stale_days
from pipelines.resources import EbayResource
from tests.conftest import sample_resources
from tests.pipelines.test_faults_rerun import assert_same, snapshot
from tests.support.market_sim import MarketSim
from tests.warehouse.test_readers_writers import finish, start
from warehouse.catalog import load_catalog
from warehouse.connection import connect

DAYS = [(date(2026, 10, 1) + timedelta(days=n)).isoformat() for n in range(10)]
# eBay's days differ (the simulator); the stores serve the same bundled pages every day, so their rows are the
# same on every day and in every order: left out here (a third of each day's time), they are in every sample day
# of the other tests
DAILY = [
    ebay_listings,
    listings,
    listing_history,
    listing_exits,
    price_daily,
    deals,
    gpu_value,
]
CATALOG = [gpu_specs, gpu_specs_mart]


@pytest.fixture(scope="module")
def market():
    """A Market serving the simulator's items of each day, keyed by catalog model as the sample snapshot is."""
    catalog = load_catalog()
    sim = MarketSim(seed=5, catalog=catalog, active_listings=900)
    models = {q: m for m, q in catalog.select("model_id", "search_query").iter_rows() if q}
    by_day = {d: {q: sim.search(q, date.fromisoformat(d)) for q in models} for d in DAYS}
    return Market(by_day, models)


class Market:
    def __init__(self, by_day: dict[str, dict[str, list[dict]]], models: dict[str, str]):
        self.by_day, self.models, self.day = by_day, models, DAYS[0]

    def snapshot(self, marketplace_id: str) -> dict[str, list[dict]]:
        """pipelines.resources.ebay.market_snapshot's answer on the day being run: the US market only."""
        if marketplace_id != "EBAY_US":
            return {}
        return {self.models[q]: items for q, items in self.by_day[self.day].items()}


def stale(db) -> list[str]:
    with connect(db, read_only=True) as con:
        return [d.isoformat() for d in stale_days(con)]


def build(market: "Market", db, order: list[str]) -> dict:
    resources = {**sample_resources(db), "ebay": EbayResource(mode="sample", marketplace_ids=["EBAY_US"])}
    with dg.DagsterInstance.ephemeral() as instance:  # disposed after: its temporary folder goes with it
        assert dg.materialize(CATALOG, resources=resources, instance=instance).success

        def run_day(day: str, assets=DAILY) -> bool:
            market.day = day
            return dg.materialize(assets, partition_key=day, resources=resources, instance=instance).success

        for day in order:
            assert run_day(day)
        before = snapshot(db)
        refreshed = refresh(db, lambda day: run_day(day, [price_daily, deals, gpu_value]), log=lambda m: None)
    assert not stale(db)  # nothing is left stale
    return {"tables": snapshot(db), "before_refresh": before, "refreshed": refreshed}


def test_forward_reverse_and_shuffled_backfills_give_identical_tables(market, tmp_path, monkeypatch):
    monkeypatch.setattr("pipelines.resources.ebay.market_snapshot", market.snapshot)
    forward = build(market, tmp_path / "forward.duckdb", DAYS)
    tables = forward["tables"]
    assert forward["refreshed"] == []  # in order, nothing goes stale
    assert len({r[0] for r in tables["marts.price_daily"]}) == len(DAYS)
    assert tables["marts.deals"], "the simulated market has deals"
    # exits counted exactly: served on a day, absent the next day, never served again
    served = {d: {i["itemId"] for items in market.by_day[d].values() for i in items} for d in DAYS}
    truth = sorted(
        (DAYS[n + 1], item)
        for n in range(len(DAYS) - 1)
        for item in served[DAYS[n]] - set().union(*(served[d] for d in DAYS[n + 1 :]))
    )
    exits = sorted((str(r[2]), r[1]) for r in tables["marts.listing_exits"] if r[0] == "ebay")
    assert exits == truth and len(truth) > 50

    reverse = build(market, tmp_path / "reverse.duckdb", list(reversed(DAYS)))
    assert reverse["refreshed"] == DAYS[1:]  # every day but the first read history that came later
    assert (
        reverse["before_refresh"]["marts.price_daily"] != tables["marts.price_daily"]
    )  # stale until refreshed
    assert reverse["before_refresh"]["marts.deals"] != tables["marts.deals"]
    assert (
        reverse["before_refresh"]["staging.listing_history"] == tables["staging.listing_history"]
    )  # exact at once
    assert_same(tables, reverse["tables"])

    shuffled = [DAYS[i] for i in (4, 0, 1, 7, 2, 3, 9, 5, 6, 8)] + [DAYS[2]]  # day 3 again at the end
    again = build(market, tmp_path / "shuffled.duckdb", shuffled)
    assert again["refreshed"] and again["refreshed"][0] > DAYS[0]
    assert_same(tables, again["tables"])


def test_the_sensor_asks_once_per_stale_day_and_change(tmp_path, dagster_instance):
    from pipelines.defs.stale_days import stale_days_sensor

    instance = dagster_instance
    db = tmp_path / "w.duckdb"
    resources = sample_resources(db)
    assets = [ebay_listings, retailer_listings, listings, price_daily, deals]
    for day in (DAYS[1], DAYS[0]):  # the later day first: it read a history that came after it
        assert dg.materialize(assets, partition_key=day, resources=resources, instance=instance).success
    # a context manager: the warehouse resource has a setup and a teardown (pipelines/resources/warehouse.py)
    with dg.build_sensor_context(instance=instance, resources=resources) as sensor:
        first = stale_days_sensor(sensor).run_requests
        again = stale_days_sensor(sensor).run_requests
        assert [r.partition_key for r in first] == [DAYS[1]]
        assert [r.run_key for r in again] == [
            r.run_key for r in first
        ]  # the same change: Dagster skips a repeat key
        assert dg.materialize(
            [price_daily, deals], partition_key=DAYS[1], resources=resources, instance=instance
        ).success
        assert stale_days_sensor(sensor).run_requests == []
        # while a run writes the warehouse, the tick is skipped with a reason (the next one looks again)
        writer = start("hold", db, 4)
        try:
            busy = stale_days_sensor(sensor)
        finally:
            finish(writer)
    assert isinstance(busy, dg.SkipReason) and "writing the warehouse" in busy.skip_message


def test_refreshing_a_day_does_not_ripple_but_new_listings_do(tmp_path, dagster_instance):
    instance = dagster_instance
    db = tmp_path / "w.duckdb"
    resources = sample_resources(db)
    assets = [ebay_listings, retailer_listings, listings, price_daily, deals]
    for day in DAYS[:3]:
        assert dg.materialize(assets, partition_key=day, resources=resources, instance=instance).success
    assert not stale(db)
    # a day's prices again (what a refresh does): later days read only its own figures, which did not change
    assert dg.materialize(
        [price_daily, deals], partition_key=DAYS[0], resources=resources, instance=instance
    ).success
    assert not stale(db)
    # its listings again (a re-run, late data): that day and every later day whose window holds it
    assert dg.materialize([listings], partition_key=DAYS[0], resources=resources, instance=instance).success
    assert stale(db) == DAYS[:3]
    # the rule reads the warehouse file, not the Dagster instance: a copy of the file (a restore, a wiped
    # dagster_home/) knows the same stale days
    copy = tmp_path / "copy.duckdb"
    shutil.copy(db, copy)
    assert stale(copy) == DAYS[:3]
