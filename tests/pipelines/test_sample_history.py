"""The sample's earlier days (pipelines/sources/ebay/sample_history.py, pipelines/defs/sample_days.py): the sample
day is the bundled snapshot unchanged; earlier days have fewer of today's items, ended twins and other prices;
the same day always gives the same items; `make run` builds only the days the warehouse lacks."""

from datetime import date, timedelta

from pipelines.defs.sample_days import TREND_ASSETS, anchor_config, build_earlier_days, missing_days
from pipelines.sources.ebay.replay import load_snapshot, snapshot_day
from pipelines.sources.ebay.sample_history import items_on

DAY0 = snapshot_day()


def _items(model="rtx-3090"):
    return load_snapshot()[1][model]


def _prices(items):
    return {i["itemId"]: float(i["price"]["value"]) for i in items}


def test_the_sample_day_is_the_bundled_snapshot_unchanged():
    items = _items()
    assert items_on(items, "rtx-3090", DAY0, 0) is items


def test_earlier_days_lose_recent_arrivals_and_gain_listings_that_ended_since():
    items = _items()
    today = {i["itemId"] for i in items}
    sizes, twins_seen = [], set()
    for back in range(1, 21):
        earlier = items_on(items, "rtx-3090", DAY0, back)
        ids = {i["itemId"] for i in earlier}
        twins = {x for x in ids if x.endswith("|sample1")}
        twins_seen |= twins
        assert ids - twins <= today  # nothing but today's items and their ended twins
        sizes.append(len(ids - twins))
    assert sizes == sorted(sizes, reverse=True) and sizes[-1] < len(
        today
    )  # arrivals: fewer items further back
    assert twins_seen  # some listings ended before the sample day: exits for the dashboard


def test_earlier_prices_move_but_stay_plausible_and_repeatable():
    items = _items()
    now = _prices(items)
    back = _prices(items_on(items, "rtx-3090", DAY0, 10))
    same = {k: v for k, v in back.items() if k in now}
    assert same and any(abs(same[k] / now[k] - 1) > 0.005 for k in same)
    assert all(0.8 < same[k] / now[k] < 1.25 for k in same)
    assert (
        _prices(items_on(items, "rtx-3090", DAY0, 10)) == back
    )  # deterministic: a re-run stores the same rows
    assert items[0]["price"]["value"] == _items()[0]["price"]["value"]  # the snapshot itself is never mutated


def test_missing_days_are_the_ones_the_warehouse_lacks_oldest_first():
    day = date(2026, 11, 23)
    stored = {day - timedelta(days=3), day - timedelta(days=1)}
    assert missing_days(day, stored, 5) == [day - timedelta(days=4), day - timedelta(days=2)]
    assert missing_days(day, set(), 1) == []
    assert missing_days(date(2026, 1, 2), set(), 14) == [date(2026, 1, 1)]  # never before the first partition


def test_build_earlier_days_runs_specs_once_then_each_day_with_the_anchor_and_stops_at_a_failure():
    day = date(2026, 11, 23)
    calls = []

    def run_job(job, earlier, config):
        calls.append((job, earlier, config))
        return earlier != day - timedelta(days=2)

    def run_range(job, first, last):
        calls.append((job, first, last))
        return True

    built = build_earlier_days(
        day, set(), specs_stored=False, run_job=run_job, run_range=run_range, log=lambda line: None, count=5
    )
    assert [c[0] for c in calls] == [
        "sample_specs", "sample_history", "sample_history", "sample_history", "sample_marts"
    ]  # fmt: skip
    assert calls[-1][1:] == (
        day - timedelta(days=4),
        day - timedelta(days=3),
    )  # one range run, the days built
    assert built == [day - timedelta(days=4), day - timedelta(days=3)]  # the failed day stops the rest
    assert calls[1][2] == anchor_config(day)
    assert calls[1][2]["ops"]["raw__ebay_listings"]["config"]["sample_anchor_day"] == "2026-11-23"
    assert "raw.ebay_listings" in TREND_ASSETS
    calls.clear()
    assert build_earlier_days(
        day, set(), specs_stored=True, run_job=run_job, run_range=run_range, log=lambda line: None, count=2
    ) == [day - timedelta(days=1)]
    assert [c[0] for c in calls] == ["sample_history", "sample_marts"]
