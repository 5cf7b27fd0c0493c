"""Deals (transforms/deals.py): listings under their model's 30-day median or near the lowest price seen, and deals
as events (a new listing, a drop, a cut to the bar), one seller one voice. Moved from test_gpu_value.py (thirty-sixth
review: tests mirror the packages, and a developer changing the deal bar looked for the deals' tests here)."""

from datetime import date, timedelta

import polars as pl
import pytest

from transforms.deals import find_deals

D = date(2026, 11, 20)


def test_deals_under_the_30_day_median():
    history = pl.DataFrame(
        {
            "snapshot_date": [D - timedelta(days=k) for k in range(10)],
            "model_id": ["m"] * 10,
            "condition": ["used"] * 10,
            "median": [1000.0] * 10,
            "min_price": [900.0] * 10,
            "screen_median": [1000.0] * 10,  # the day's screen keeps 400-2500
            "listing_count": [3] * 10,
            "screened_out": [1] * 10,
        }
    )
    today = pl.DataFrame(
        {
            "snapshot_date": [D] * 3,
            "source": ["ebay"] * 3,
            "listing_id": ["a", "b", "c"],
            "model_id": ["m"] * 3,
            "condition": ["used"] * 3,
            "title": ["t"] * 3,
            "unit_price": [840.0, 930.0, 990.0],
            "url": [None] * 3,
            "source_mode": ["sample"] * 3,
        }
    )
    deals = find_deals(today, history)
    by = {r["listing_id"]: r for r in deals.iter_rows(named=True)}
    assert by["a"]["reason"] == "both" and by["a"]["discount_pct"] == pytest.approx(16.0)
    assert by["b"]["reason"] == "near_lowest_seen"
    assert "c" not in by
    # a listing the day's screen removes is never a deal, however far under the median
    placeholder = today.head(1).with_columns(listing_id=pl.lit("d"), unit_price=pl.lit(1.0))
    assert find_deals(placeholder, history).is_empty()
    assert by["a"]["event"] == by["b"]["event"] == "new_listing"  # no earlier price given: both are news
    # whether the price holds the shipping goes with the deal (thirtieth review: "shipping included" was untrue for a
    # sixth of the eBay deals); listings that do not say are unknown, not stated
    assert by["a"]["shipping_stated"] is None
    stated = find_deals(today.with_columns(shipping_stated=pl.Series([False, True, True])), history)
    assert dict(zip(stated["listing_id"], stated["shipping_stated"], strict=True)) == {"a": False, "b": True}
    # in a falling market: under the 30-day median, but dearer than the day's own median, is no deal (third review)
    fallen = history.with_columns(
        median=pl.when(pl.col("snapshot_date") == D).then(800.0).otherwise(pl.col("median"))
    )
    assert find_deals(today, fallen).is_empty()  # 840 and 930 lie over today's 800
    # and at least 5% under it, the bar of the deals still listed too (thirtieth review: 0.6% under the going price
    # was news "8.8% under" the 30-day median): 790 is not, 760 is
    assert find_deals(today.with_columns(unit_price=pl.lit(790.0)), fallen).is_empty()
    assert find_deals(today.with_columns(unit_price=pl.lit(760.0)), fallen).height == 3
    # a day priced grade D (one seller or nearly) sets no 30-day median (ninth review: a new RTX 2080 Ti "72%
    # under" a 30-day median of 1,300 one listing at 1,606 had set): the same listings against history whose
    # earlier days are D judge against today's median alone
    graded = history.with_columns(
        confidence=pl.when(pl.col("snapshot_date") < D).then(pl.lit("D")).otherwise(pl.lit("B"))
    )
    today_median = history.filter(pl.col("snapshot_date") == D)["median"][0]
    judged = find_deals(today.with_columns(unit_price=pl.lit(today_median * 0.84)), graded, events_only=True)
    assert judged.height == 3 and (judged["median_30d"] == today_median).all()
    inflated = graded.with_columns(
        median=pl.when(pl.col("snapshot_date") < D).then(5000.0).otherwise(pl.col("median"))
    )
    assert set(find_deals(today, inflated)["median_30d"]) <= {today_median}  # the D days' 5,000 sets nothing
    # every day D (one seller lists the card): no 30-day median, and so no deal near the lowest seen either: it
    # needs 5% under that median (thirteenth review: the day's own median stood in, a mean of two asks)
    all_d = history.with_columns(confidence=pl.lit("D"))
    lowest = all_d.filter(pl.col("snapshot_date") < D)["min_price"].min()
    at_lowest = today.head(1).with_columns(unit_price=pl.lit(lowest))
    assert find_deals(at_lowest, all_d).is_empty()
    # the same listing against a window whose days count is a deal near the lowest seen (the history's medians are
    # over 5% above its lowest price)
    near = find_deals(at_lowest, history)
    assert near.height == 1 and near["reason"][0] == "near_lowest_seen"
    # twelfth review: a day priced on two listings sets no 30-day median either (the median of two asks is their
    # mean: a new RTX 2080 Ti "61% under" a 994 USD median one 1,605 USD ask had set on two-listing days)
    pairs = history.with_columns(
        median=pl.when(pl.col("snapshot_date") < D).then(2000.0).otherwise(pl.col("median")),
        listing_count=pl.when(pl.col("snapshot_date") < D).then(2).otherwise(pl.col("listing_count")),
        confidence=pl.lit("C"),
    )
    assert set(find_deals(today, pairs)["median_30d"]) == {today_median}  # today's three listings alone
    # and "near the lowest seen" at the going price is no deal: flat prices make the lowest seen the median
    flat = history.with_columns(min_price=pl.col("median"))
    at_median = today.head(1).with_columns(unit_price=pl.lit(1000.0))
    assert find_deals(at_median, flat).is_empty()  # within 5% of the lowest seen, 0% under the median
    five_under = find_deals(at_median.with_columns(unit_price=pl.lit(950.0)), flat)
    assert five_under["reason"].to_list() == ["near_lowest_seen"]


def flat_history(**columns) -> pl.DataFrame:
    """Ten days of one model's used price_daily rows at a median of 1,000 and a low of 900 (`columns` override)."""
    base = {
        "median": 1000.0,
        "min_price": 900.0,
        "screen_median": 1000.0,
        "listing_count": 3,
        "screened_out": 1,
    }
    n = 10
    return pl.DataFrame(
        {
            "snapshot_date": [D - timedelta(days=k) for k in range(n)],
            "model_id": ["m"] * n,
            "condition": ["used"] * n,
            **{c: [v] * n for c, v in {**base, **columns}.items()},
        }
    )


def listings_today(ids: list[str], prices: list[float], **columns) -> pl.DataFrame:
    """Kept eBay listings of model m, used, on D (`columns`: more columns, a list each)."""
    n = len(ids)
    return pl.DataFrame(
        {
            "snapshot_date": [D] * n,
            "source": ["ebay"] * n,
            "listing_id": ids,
            "model_id": ["m"] * n,
            "condition": ["used"] * n,
            "title": ["t"] * n,
            "unit_price": prices,
            "url": [None] * n,
            "source_mode": ["sample"] * n,
            **columns,
        }
    )


def earlier_prices(ids: list[str], days_ago: list[int], prices: list[float]) -> pl.DataFrame:
    """The listings' earlier prices on eBay (deals' `previous`), each `days_ago` before D."""
    return pl.DataFrame(
        {
            "source": ["ebay"] * len(ids),
            "listing_id": ids,
            "snapshot_date": [D - timedelta(days=k) for k in days_ago],
            "unit_price": prices,
        }
    )


def test_a_deal_is_news_once_new_or_cheaper_not_every_day_it_rests():
    """Issue 37: a listing resting at a price it had before is still a deal but no event; one that drops by 3%
    or more is a price_drop; one unseen for more than 7 days is a new listing again."""
    history = flat_history()
    ids = ["rest", "drop", "fresh", "back", "nudge"]
    today = listings_today(ids, [840.0] * 5)
    previous = earlier_prices(
        ["rest", "rest", "drop", "back", "nudge"], [2, 1, 1, 9, 1], [900.0, 840.0, 900.0, 840.0, 850.0]
    )
    every = find_deals(today, history, previous, events_only=False)
    deals = {r["listing_id"]: r for r in every.iter_rows(named=True)}
    assert set(deals) == set(ids)  # every one is a deal
    assert deals["rest"]["event"] is None and deals["rest"]["previous_price"] == 840.0
    assert deals["drop"]["event"] == "price_drop" and deals["drop"]["previous_price"] == 900.0
    assert deals["nudge"]["event"] is None  # 1.2% under its last price: under MIN_PRICE_DROP, not news
    assert deals["fresh"]["event"] == "new_listing" and deals["fresh"]["previous_price"] is None
    assert deals["back"]["event"] == "new_listing" and deals["back"]["previous_price"] is None
    # marts.deals holds the events only: the resting and the nudged listing are no new deal today
    assert set(find_deals(today, history, previous)["listing_id"]) == {"drop", "fresh", "back"}


def test_a_cut_under_3_percent_that_brings_a_listing_under_the_bar_is_news():
    """Twenty-fourth review: a used RTX 4080 SUPER cut from 843 to 741 USD in 13 steps of under 3% was never news, so
    a watchlist's deal alert never fired for it. A cut that brings a listing under the bar from a price over that
    day's bar is a deal event (cut_to_deal) whatever its size; a cut of a listing that was a deal already is not,
    nor is one from a day without a bar. The bar here: within 5% of the lowest seen (900 -> 945) and 5% under the
    30-day median of 1,000."""
    history = flat_history().filter(pl.col("snapshot_date") != D - timedelta(days=3))  # a day without a price
    today = listings_today(["cut", "still", "nobar", "rise", "old"], [940.0, 930.0, 940.0, 930.0, 940.0])
    previous = earlier_prices(
        ["cut", "still", "nobar", "rise", "old"], [1, 1, 3, 1, 12], [960.0, 940.0, 960.0, 920.0, 960.0]
    )
    every = find_deals(today, history, previous, events_only=False)
    events = dict(every.select("listing_id", "event").iter_rows())
    # 960 was over the day's bar of 945: 940 is news; 940 was under it already: 930 is not; 960 on a day without a
    # price has no bar to have been over; a dearer listing than before is no news; a price beyond the look-back
    # makes a new listing
    assert events == {"cut": "cut_to_deal", "still": None, "nobar": None, "rise": None, "old": "new_listing"}
    assert set(find_deals(today, history, previous)["listing_id"]) == {"cut", "old"}


def test_a_raise_trimmed_back_is_no_news():
    """Thirtieth review: the day's only two news items had raised their price the day before and trimmed it back: a
    used RTX 5070 Ti at 635 USD that had asked that or less on 12 of the 13 days before (a cut_to_deal from 639, over
    that day's bar), while a cheaper one sat among the deals still listed. A cut is news only under every price the
    listing asked in the look-back: a price_drop at least 3% under the lowest, a cut_to_deal under it."""
    history = (
        flat_history()
    )  # bar: 5% under the 30-day median of 1,000, within 5% of the lowest seen (900 -> 945)
    ids = ["trim", "cut", "bounce", "drop", "newlow"]
    today = listings_today(ids, [940.0, 940.0, 840.0, 840.0, 935.0])
    previous = earlier_prices(
        ["trim", "trim", "cut", "cut", "bounce", "bounce", "drop", "drop", "newlow", "newlow"],
        [2, 1, 2, 1, 3, 1, 2, 1, 9, 1],
        # trim: 930 two days ago, 960 (over the bar) yesterday, 940 today; cut: 960 both days; bounce: 830, then
        # 900, then 840 (6.7% under yesterday, over its low); drop: 900 both days; newlow: its only price in the
        # look-back is yesterday's 960 (930 was nine days ago)
        [930.0, 960.0, 960.0, 960.0, 830.0, 900.0, 900.0, 900.0, 930.0, 960.0],
    )
    events = dict(
        find_deals(today, history, previous, events_only=False).select("listing_id", "event").iter_rows()
    )
    assert events == {
        "trim": None,
        "cut": "cut_to_deal",
        "bounce": None,
        "drop": "price_drop",
        "newlow": "cut_to_deal",
    }
    assert set(find_deals(today, history, previous)["listing_id"]) == {"cut", "drop", "newlow"}
    # a drop that is not 3% under the look-back's lowest may still be a cut to a deal, from a price over the bar to
    # under every earlier one (code review: the larger cut, from 960, was silenced where the smaller, from 950, was news)
    bigger, smaller = (
        listings_today(["x", "y"], [925.0, 925.0]),
        earlier_prices(["x", "x", "y", "y"], [2, 1, 2, 1], [930.0, 960.0, 930.0, 950.0]),
    )
    cut = dict(
        find_deals(bigger, history, smaller, events_only=False).select("listing_id", "event").iter_rows()
    )
    assert cut == {"x": "cut_to_deal", "y": "cut_to_deal"}


def test_of_one_sellers_listings_of_a_card_only_the_cheapest_is_a_deal():
    """Twenty-first review: a seller's second listing of a card, dearer than its first (which had rested at its
    price for days), was a new deal. One seller, one voice: of a seller's listings of a card on a day under the
    thresholds, the cheapest alone can be a deal; two sellers' listings are two deals; a listing without a seller
    is its own."""
    history = flat_history(listing_count=5, distinct_sellers=4, screened_out=0)
    today = listings_today(
        ["first", "second", "other", "anon1", "anon2"],
        [797.57, 805.49, 805.49, 810.0, 810.0],
        seller_key=["s1", "s1", "s2", None, None],
    )
    # the seller's first listing rests at its price; the others are new today
    previous = earlier_prices(["first"], [1], [797.57])
    assert set(find_deals(today, history, previous)["listing_id"]) == {"other", "anon1", "anon2"}
    every = find_deals(today, history, previous, events_only=False)
    assert set(every["listing_id"]) == {"first", "other", "anon1", "anon2"}  # not the seller's dearer second
    # at one price one of the seller's twins speaks for it, whichever: never both (one voice)
    twin = today.with_columns(
        listing_id=pl.Series(["b-rest", "a-new", "other", "anon1", "anon2"]),
        unit_price=pl.Series([800.0, 800.0, 805.49, 810.0, 810.0]),
    )
    rested = previous.with_columns(listing_id=pl.lit("b-rest"), unit_price=pl.lit(800.0))
    every = set(find_deals(twin, history, rested, events_only=False)["listing_id"])
    assert (
        every - {"a-new", "b-rest"} == {"other", "anon1", "anon2"} and len(every & {"a-new", "b-rest"}) == 1
    )
    # price_daily rows written before the column existed (NULL distinct_sellers) count their listings
    unknown = history.with_columns(distinct_sellers=pl.lit(None, pl.Int64))
    assert set(find_deals(today, unknown, previous)["listing_id"]) == {"other", "anon1", "anon2"}


def test_the_rules_words_everywhere_follow_its_constants():
    """Thirty-sixth review (a developer moving the deal bar from 15% to 20%): the export's words follow the constants
    (DEAL_RULE), but the module's and the asset's docstrings (the Dagster UI's description) and the table's and the
    reason column's comments (schema.sql, docs/export.md) were written out by hand, so a change of the constant alone
    left "15%" in them with the suite green. Each states the bar, and each text of the whole rule the drop too;
    a change of either constant fails here until a migration re-comments the table and the docstrings are updated."""
    from pipelines.defs.marts import deals as asset_module
    from transforms import deals
    from warehouse.schema_file import table_comments, table_schemas

    bar, drop = f"at least {1 - deals.UNDER_MEDIAN:.0%} under", f"at least {deals.MIN_PRICE_DROP:.0%}"
    reason = next(c["comment"] for c in table_schemas()["marts.deals"] if c["name"] == "reason")
    texts = {
        "transforms/deals.py": deals.__doc__,
        "the asset's description": asset_module.deals.op.description,
        "marts.deals' comment": table_comments()["marts.deals"],
    }
    for where, text in texts.items():
        words = " ".join(text.split())
        # the module's docstring names the drop by its constant, MIN_PRICE_DROP
        assert bar in words and (drop in words or "MIN_PRICE_DROP" in words), where
    assert bar in reason and f"within {deals.NEAR_LOWEST - 1:.0%} of lowest_seen" in reason
