"""staging.listing_history: first and last seen, days listed, price changes; incremental and re-runnable."""

from datetime import date, timedelta
from pathlib import Path

import polars as pl
import pytest

from tests.support.staging_rows import staging_row
from warehouse.connection import connect
from warehouse.writes import read_frame, replace_slice

SQL = (
    Path(__file__).resolve().parents[2] / "warehouse" / "sql" / "staging" / "listing_history.sql"
).read_text()
D0 = date(2026, 11, 1)


def listing(day, listing_id, price):
    return staging_row(day, listing_id, price)


def fold(con, day, rows):
    replace_slice(con, "staging.listings", pl.DataFrame(rows), {"snapshot_date": day})
    con.execute(SQL, {"day": day})


def history(con) -> dict:
    rows = read_frame(con, "SELECT * FROM staging.listing_history")
    assert (
        rows.select("source", "listing_id").is_unique().all()
    )  # no index: the MERGE keeps one row per listing
    return {r["listing_id"]: r for r in rows.iter_rows(named=True)}


@pytest.fixture
def con(tmp_path):
    with connect(tmp_path / "h.duckdb") as c:
        yield c


def test_days_listed_and_price_changes(con):
    fold(con, D0, [listing(D0, "a", 700.0), listing(D0, "b", 500.0)])
    fold(con, D0 + timedelta(days=1), [listing(D0 + timedelta(days=1), "a", 650.0)])
    fold(con, D0 + timedelta(days=3), [listing(D0 + timedelta(days=3), "a", 650.0)])
    h = history(con)
    a = h["a"]
    assert (a["first_seen"], a["last_seen"], a["days_listed"], a["days_seen"]) == (
        D0,
        D0 + timedelta(days=3),
        4,
        3,
    )
    assert (a["first_price"], a["last_price"], a["min_price"], a["max_price"], a["price_changes"]) == (
        700,
        650,
        650,
        700,
        1,
    )
    assert h["b"]["days_listed"] == 1 and h["b"]["price_changes"] == 0


def test_refolding_a_day_changes_nothing(con):
    fold(con, D0, [listing(D0, "a", 700.0)])
    fold(con, D0 + timedelta(days=1), [listing(D0 + timedelta(days=1), "a", 600.0)])
    before = history(con)
    fold(con, D0 + timedelta(days=1), [listing(D0 + timedelta(days=1), "a", 600.0)])
    fold(con, D0, [listing(D0, "a", 700.0)])
    assert history(con) == before


def test_a_backfilled_earlier_day_widens_first_seen(con):
    fold(con, D0 + timedelta(days=5), [listing(D0 + timedelta(days=5), "a", 600.0)])
    fold(con, D0, [listing(D0, "a", 800.0)])
    a = history(con)["a"]
    assert (
        a["first_seen"] == D0 and a["first_price"] == 800 and a["last_price"] == 600 and a["days_listed"] == 6
    )


def test_any_order_of_days_gives_the_forward_table(tmp_path):
    """Days folded forward (the MERGE path) and in reverse or shuffled (the recompute path) agree, with a
    day re-run after later ones and a re-run that changed a price."""
    from warehouse.listing_history import fold_day

    days = [D0 + timedelta(days=n) for n in range(6)]
    prices = {
        "a": [700, 700, 650, 650, 600, 640],
        "b": [500, 480, None, 480, 470, None],
        "c": [None, 300, 300, 310, None, 290],
    }

    def day_rows(n):
        return [listing(days[n], k, float(v[n])) for k, v in prices.items() if v[n] is not None]

    def build(order, path):
        with connect(path) as c:
            for n in order:
                replace_slice(c, "staging.listings", pl.DataFrame(day_rows(n)), {"snapshot_date": days[n]})
                fold_day(c, days[n])
            return history(c)

    forward = build(range(6), tmp_path / "f.duckdb")
    assert (
        forward["a"]["price_changes"] == 3
        and forward["b"]["days_seen"] == 4
        and forward["c"]["days_listed"] == 5
    )
    assert build(reversed(range(6)), tmp_path / "r.duckdb") == forward
    assert build([3, 0, 5, 1, 4, 2, 3], tmp_path / "s.duckdb") == forward
    assert build([2, 0, 1, 4, 3, 5], tmp_path / "m.duckdb") == forward  # ends on the MERGE path


def test_exits_are_counted_once_and_a_store_outage_is_not_an_exit(tmp_path):
    """A listing that leaves, comes back and leaves again is one exit (the last); a store missing a whole
    day does not make its listings leave; any order of days gives the same table."""
    from warehouse.marts.listing_exits import update_exits

    days = [D0 + timedelta(days=n) for n in range(5)]
    present = {
        "ebay": {"a": [0, 1, 3], "b": [0], "c": [4], "d": [0, 1, 2, 3, 4]},
        "newegg": {"s1": [0, 1, 3, 4]},
    }  # newegg answered nothing on day 2 (an outage)
    ingested = {"ebay": range(5), "newegg": [0, 1, 3, 4]}

    def rows(n):
        return [
            dict(listing(days[n], k, 500.0 + n), source=src)
            for src, items in present.items()
            for k, seen in items.items()
            if n in seen and n in ingested[src]
        ]

    def build(order, path):
        with connect(path) as c:
            for n in order:
                replace_slice(c, "staging.listings", pl.DataFrame(rows(n)), {"snapshot_date": days[n]})
                update_exits(c, days[n])
            return sorted(
                c.execute(
                    "SELECT source, listing_id, exit_date, last_seen, days_listed, last_price "
                    "FROM marts.listing_exits"
                ).fetchall()
            )

    forward = build(range(5), tmp_path / "f.duckdb")
    assert forward == [("ebay", "a", days[4], days[3], 4, 503.0), ("ebay", "b", days[1], days[0], 1, 500.0)]
    assert build([4, 3, 2, 1, 0], tmp_path / "r.duckdb") == forward
    assert build([2, 0, 4, 1, 3, 2], tmp_path / "s.duckdb") == forward


def test_one_ebay_marketplace_missing_a_day_does_not_make_its_listings_leave(tmp_path):
    """EBAY_DE answers nothing on day 1 while EBAY_US does: the German listings have not left; the US one that
    is gone has."""
    from warehouse.marts.listing_exits import update_exits

    days = [D0 + timedelta(days=n) for n in range(3)]
    present = {("US", "us1"): [0], ("US", "us2"): [0, 1, 2], ("DE", "de1"): [0, 2], ("DE", "de2"): [0]}
    de_ingested = [0, 2]  # an outage of the German marketplace on day 1

    with connect(tmp_path / "m.duckdb") as c:
        for n in range(3):
            rows = [
                dict(listing(days[n], k, 500.0), region=region)
                for (region, k), seen in present.items()
                if n in seen and (region == "US" or n in de_ingested)
            ]
            replace_slice(c, "staging.listings", pl.DataFrame(rows), {"snapshot_date": days[n]})
            update_exits(c, days[n])
        exits = sorted(c.execute("SELECT listing_id, exit_date FROM marts.listing_exits").fetchall())
    # de2 left: first absent on day 2, the next day DE answered; de1 was missing on day 1 only because DE was down
    assert exits == [("de2", days[2]), ("us1", days[1])]


def test_an_exit_names_its_card_only_when_the_listing_counted_toward_the_cards_price(tmp_path):
    """A "$1 placeholder, message me for price" that leaves is no card sold, nor is an excluded listing (a lot):
    their exits have no model, so marts.exits_daily and the days to sell count only priced cards (third review:
    three placeholders at about 1 USD were exits of their cards)."""
    from warehouse.marts.listing_exits import update_exits

    day0, day1 = D0, D0 + timedelta(days=1)
    rows0 = [listing(day0, f"k{n}", 700.0 + n) for n in range(3)] + [
        staging_row(day0, "placeholder", 1.01, title="RTX 3090 * PLACEHOLDER * message me for price"),
        staging_row(day0, "lot", 650.0, exclude_reason="lot", lot_quantity=None),
        staging_row(day0, "pricey", 1200.0, condition="new"),  # alone in its group: no screen applies
    ]
    with connect(tmp_path / "e.duckdb") as c:
        replace_slice(c, "staging.listings", pl.DataFrame(rows0), {"snapshot_date": day0})
        update_exits(c, day0)
        replace_slice(
            c, "staging.listings", pl.DataFrame([listing(day1, "k0", 700.0)]), {"snapshot_date": day1}
        )
        update_exits(c, day1)
        exits = dict(c.execute("SELECT listing_id, model_id FROM marts.listing_exits").fetchall())
        daily = c.execute("SELECT model_id, condition, exits FROM marts.exits_daily ORDER BY ALL").fetchall()
    assert exits == {
        "k1": "rtx-3090",
        "k2": "rtx-3090",
        "placeholder": None,
        "lot": None,
        "pricey": "rtx-3090",
    }
    assert daily == [("rtx-3090", "new", 1), ("rtx-3090", "used", 2)]


def test_days_listed_count_only_listings_first_seen_after_the_first_day(tmp_path):
    """A listing seen on the warehouse's first day of its source may have been listed long before: its days listed
    are a lower bound, so the medians of days listed (marts.exits_daily, the export's days to sell) leave it out
    (third review: 20 of the sample's 24 exits behind "How fast cards go" were first seen on its first day)."""
    from dashboards.report_data import DAYS_TO_SELL_SQL
    from warehouse.marts.listing_exits import update_exits

    days = [D0 + timedelta(days=n) for n in range(4)]
    seen = {
        "old1": [0, 1, 2],
        "old2": [0, 1, 2],
        "new1": [1],
        "new2": [1, 2],
        "new3": [2],
        "stays": [0, 1, 2, 3],
    }
    with connect(tmp_path / "d.duckdb") as c:
        for n, day in enumerate(days):
            rows = [listing(day, k, 700.0 + i) for i, (k, on) in enumerate(seen.items()) if n in on]
            replace_slice(c, "staging.listings", pl.DataFrame(rows), {"snapshot_date": day})
            update_exits(c, day)
        daily = c.execute(
            "SELECT exit_date, exits, median_days_to_exit FROM marts.exits_daily ORDER BY exit_date"
        ).fetchall()
        to_sell = c.execute(DAYS_TO_SELL_SQL, [days[0], days[3]]).fetchall()
    # day 2: new1 (1 day) left; day 3: old1 and old2 (3 days, first seen on the first day) and new2 (2 days), new3 (1)
    assert daily == [(days[2], 1, 1.0), (days[3], 4, 1.5)]
    assert [(m, c, n, d) for m, c, n, d, *_ in to_sell] == [("rtx-3090", "used", 3, 1.0)]


def test_days_listed_count_from_the_first_day_of_the_listings_own_marketplace(tmp_path):
    """One eBay source holds several marketplaces, read from different days: a German listing first seen on the
    first day the German marketplace was read is as uncertain as a US one on the US first day (fourth review)."""
    from dashboards.report_data import DAYS_TO_SELL_SQL
    from warehouse.marts.listing_exits import update_exits

    days = [D0 + timedelta(days=n) for n in range(5)]
    # the US marketplace, read from day 0: u1 first seen then (left out of the days listed), u2-u4 2 days each
    us = {"u1": [0, 1, 2], "u2": [1, 2], "u3": [1, 2], "u4": [1, 2], "stays": [0, 1, 2, 3, 4]}
    de = {
        "d1": [2, 3],
        "d2": [2, 3],
        "d3": [2, 3],
        "d4": [3],
        "d5": [3],
        "d6": [3],
        "keep": [2, 3, 4],
    }  # DE from day 2
    with connect(tmp_path / "r.duckdb") as c:
        for n, day in enumerate(days):
            rows = [listing(day, k, 700.0) for k, on in us.items() if n in on]
            rows += [dict(listing(day, k, 700.0), region="DE") for k, on in de.items() if n in on]
            replace_slice(c, "staging.listings", pl.DataFrame(rows), {"snapshot_date": day})
            update_exits(c, day)
        regions = dict(c.execute("SELECT listing_id, region FROM marts.listing_exits").fetchall())
        to_sell = c.execute(DAYS_TO_SELL_SQL, [days[0], days[4]]).fetchall()
        daily = c.execute(
            "SELECT exit_date, region, exits, median_days_to_exit FROM marts.exits_daily ORDER BY ALL"
        ).fetchall()
    assert sorted(k for k, r in regions.items() if r == "DE") == list(de)[:6] and len(regions) == 10
    # d1-d3 were first seen on DE's first day: left out; d4-d6 (1 day each) count. Each region apart (thirty-fourth
    # review: the UK's and Germany's exits were pooled with the US ones under one model and condition)
    assert daily == [(days[3], "US", 4, 2.0), (days[4], "DE", 6, 1.0)]
    # the report's days to sell are the US ones, as its prices are: u2-u4, not DE's d4-d6 pooled with them
    assert [(n, d) for _, _, n, d, *_ in to_sell] == [(3, 2.0)]
