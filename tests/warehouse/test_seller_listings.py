"""staging.listings.seller_listings (ddl/410): a seller's listings of a model that day. marts.price_daily takes a
seller's only listing as a voice by itself instead of grouping it; the figures must be exactly those of the
grouping, whatever the mix of sellers, conditions (open box pooled with new), regions and exclusions."""

import random
from datetime import date, timedelta

import polars as pl
import pytest

from tests.support.staging_rows import staging_row
from transforms.listings import with_seller_listings
from warehouse.connection import connect
from warehouse.marts.price_daily import build_price_daily
from warehouse.writes import read_frame, replace_slice

D0 = date(2026, 10, 1)
DAYS = 12


def row(day, n, source, seller, model, condition, price, region="US", excluded=None) -> dict:
    return staging_row(
        day,
        f"{source}-{n}",
        price,
        source=source,
        title=model or "a card",
        condition=condition,
        model_id=model,
        exclude_reason=excluded,
        region=region,
        seller_key=seller,
    )


def test_a_seller_counts_its_listings_of_a_model_that_day_in_its_source():
    day = D0
    frame = pl.DataFrame(
        [
            row(day, 1, "ebay", "s1", "rtx-3090", "used", 700.0),
            row(day, 2, "ebay", "s1", "rtx-3090", "open_box", 900.0),  # another condition: the same seller
            row(day, 3, "ebay", "s1", "rtx-3090", "used", 1.0, excluded="for_parts"),  # excluded: counted
            row(day, 4, "ebay", "s1", "rtx-4090", "used", 1500.0),  # another model
            row(day, 5, "ebay", "s2", "rtx-3090", "used", 720.0),
            row(day, 6, "ebay", None, "rtx-3090", "used", 710.0),  # no seller key
            row(day, 7, "ebay", "s2", None, "used", 50.0, excluded="accessory"),  # no model
            row(day + timedelta(days=1), 8, "ebay", "s2", "rtx-3090", "used", 730.0),  # another day
            row(day, 9, "newegg", None, "rtx-3090", "new", 999.0),  # a store: no seller
        ]
    )
    got = dict(zip(frame["listing_id"], with_seller_listings(frame)["seller_listings"], strict=True))
    assert got == {
        "ebay-1": 3,
        "ebay-2": 3,
        "ebay-3": 3,
        "ebay-4": 1,
        "ebay-5": 1,
        "ebay-6": None,
        "ebay-7": None,
        "ebay-8": 1,
        "newegg-9": None,
    }


def random_days(seed: int) -> list[pl.DataFrame]:
    """Days of listings of two models from a few sellers with one to four listings each, in every condition the
    price buckets pool (open box with new), two regions, some excluded, some without a seller, and a store."""
    rng = random.Random(seed)
    days, n = [], 0
    for d in range(DAYS):
        day = D0 + timedelta(days=d)
        rows = []
        for seller in [f"s{i}" for i in range(12)] + [None] * 3:
            model = rng.choice(["rtx-3090", "rtx-4090"])
            for _ in range(rng.choice([1, 1, 1, 2, 3, 4])):
                n += 1
                base = 800.0 if model == "rtx-3090" else 1700.0
                price = round(base * rng.uniform(0.3, 2.8), 2)  # some outside the screen's 40-250%
                rows.append(
                    row(
                        day,
                        n,
                        "ebay",
                        seller,
                        model,
                        rng.choice(["new", "open_box", "used", "used", "refurbished", "for_parts"]),
                        price,
                        region=rng.choice(["US", "US", "US", "GB"]),
                        excluded=rng.choice([None, None, None, None, "lot"]),
                    )
                )
        rows.append(row(day, n + 1, "newegg", None, "rtx-3090", "new", 1099.0))
        n += 1
        days.append(with_seller_listings(pl.DataFrame(rows)))
    return days


@pytest.mark.parametrize("open_box_as_new", [True, False])
def test_price_daily_is_the_same_with_and_without_seller_listings(tmp_path, open_box_as_new):
    days = random_days(seed=7)
    alone = sum(int((d["seller_listings"] == 1).sum()) for d in days)
    several = sum(int((d["seller_listings"] > 1).sum()) for d in days)
    assert alone > 50 and several > 50  # both paths are taken
    tables = {}
    for name, filled in (("filled", True), ("unknown", False)):
        with connect(tmp_path / f"{name}.duckdb") as con:
            for frame in days:
                rows = frame if filled else frame.with_columns(seller_listings=pl.lit(None, pl.Int32))
                replace_slice(con, "staging.listings", rows, {"snapshot_date": rows["snapshot_date"][0]})
            assert build_price_daily(con, D0, D0 + timedelta(days=DAYS - 1), open_box_as_new) > 0
            tables[name] = read_frame(
                con,
                "SELECT * EXCLUDE (source_mode) FROM marts.price_daily "
                "ORDER BY snapshot_date, model_id, condition, source",
            )
    assert tables["filled"].height > 50
    assert tables["filled"]["distinct_sellers"].max() >= 3
    assert tables["filled"].equals(tables["unknown"])  # exactly, float for float
