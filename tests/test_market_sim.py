"""The market simulator (tests/support/market_sim.py): seeded, Browse-shaped, marked simulated, listings that
persist, change price and end; retailer pages the project's parsers read. No timing here."""

import json
from datetime import date, datetime, timedelta

import pytest

from pipelines.sources.retailers import bestbuy, microcenter, newegg
from tests.support.market_sim import (
    SIM_HOST,
    SOURCE_MODE,
    MarketSim,
    browse_summary,
    browse_summary_problems,
    fit_title,
)
from transforms.ebay_items import item_row
from warehouse.catalog import load_catalog

DAY = date(2026, 11, 20)


@pytest.fixture(scope="module")
def sim():
    return MarketSim(seed=11, catalog=load_catalog(), active_listings=1500)


@pytest.fixture(scope="module")
def day_items(sim):
    return list(sim.items_for_day(DAY))


def test_same_seed_same_market_and_another_seed_another():
    a = list(MarketSim(seed=3, active_listings=400).items_for_day(DAY))
    b = list(MarketSim(seed=3, active_listings=400).items_for_day(DAY))
    c = list(MarketSim(seed=4, active_listings=400).items_for_day(DAY))
    assert a == b
    assert json.dumps(a) != json.dumps(c)


def test_size_follows_the_request(day_items):
    assert 1200 < len(day_items) < 1800  # about `active_listings` live on the day


def test_items_are_browse_summaries_and_marked_simulated(day_items):
    for model_id, item in day_items:
        assert browse_summary_problems(item) == [], (item["title"], browse_summary_problems(item))
        assert len(item["title"]) <= 80
        assert item["simulated"] is True and item["itemWebUrl"].startswith(f"https://{SIM_HOST}/")
        row = item_row(
            item,
            snapshot_date=DAY,
            query_model_id=model_id,
            query="q",
            fetched_at=datetime(2026, 11, 20),
            source_mode=SOURCE_MODE,
        )
        assert row["price"] is not None and row["condition"] is not None and row["source_mode"] == "simulated"
        assert '"simulated": true' in row["raw_json"]
    assert len({i["itemId"] for _, i in day_items}) == len(day_items)


def test_hard_cases_are_all_there(day_items):
    kinds = {i["simTruth"]["kind"] for _, i in day_items}
    assert {
        "card",
        "accessory",
        "box_only",
        "lot",
        "system",
        "for_parts",
        "variation",
        "wedged",
        "sibling",
    } <= kinds
    variations = [i for _, i in day_items if i["simTruth"]["kind"] == "variation"]
    assert all(i["itemGroupType"] == "SELLER_DEFINED_VARIATIONS" for i in variations)
    wedged = [i["title"] for _, i in day_items if i["simTruth"]["kind"] == "wedged"]
    assert any(" SUPER " in t or " TI " in t or " XT" in t for t in wedged)
    lots = [i for _, i in day_items if i["simTruth"]["kind"] == "lot"]
    assert all(i["simTruth"]["lotQuantity"] >= 2 for i in lots)


def test_used_is_cheaper_than_new_and_parts_cheaper_still():
    by_cond: dict[str, list[float]] = {}
    for lst in MarketSim(seed=11, active_listings=20000).listings_for_model("rtx-4090", DAY):
        if lst.kind in ("card", "for_parts"):
            by_cond.setdefault(lst.condition_id, []).append(lst.price_on(DAY))
    med = {c: sorted(v)[len(v) // 2] for c, v in by_cond.items()}
    assert med["7000"] < med["3000"] < med["1000"]


def test_listings_persist_change_price_and_end(sim):
    days = [DAY + timedelta(days=k) for k in range(10)]
    seen = [{lst.item_id: lst for lst in sim.listings_for_model("rtx-3090", d)} for d in days]
    assert set(seen[0]) & set(seen[1])  # persisting
    assert set(seen[0]) - set(seen[9])  # ended
    assert set(seen[9]) - set(seen[0])  # new ones arrived
    changed = [lst for lst in seen[0].values() if lst.changes and lst.end > lst.start + timedelta(days=2)]
    assert changed
    lst = changed[0]
    at, _ = lst.changes[0]
    assert lst.price_on(lst.start + timedelta(days=at)) != lst.price_on(lst.start)
    assert not lst.active_on(lst.end + timedelta(days=1)) and lst.active_on(lst.end)


def test_search_answers_a_query_on_a_day(sim):
    catalog = load_catalog()
    q = catalog.filter(catalog["model_id"] == "rtx-4070")["search_query"][0]
    items = sim.search(q, DAY)
    assert items and all(i["simulated"] for i in items)
    assert sim.query_items(DAY)(q) == items
    assert sim.search("no such query", DAY) == []


def test_titles_are_cut_like_a_seller_would():
    long = (
        "ASUS ROG Strix GeForce RTX 4090 OC Edition 24GB GDDR6X Graphics Card - Brand New Sealed In Box Fast"
    )
    out = fit_title(long)
    assert len(out) <= 80 and out.startswith("ASUS ROG Strix GeForce RTX 4090")


def test_browse_summary_for_rows_made_elsewhere():
    item = browse_summary("v1|123456789012|0", "RTX 3090 24GB", 700.0, "3000")
    assert browse_summary_problems(item) == []


def test_retailer_pages_parse_with_the_project_parsers(sim):
    pages = sim.retailer_pages("newegg", DAY, page_size=20)
    parsed = [
        newegg.parse_search_page(p, f"https://{SIM_HOST}/newegg/p/pl?page={n}")
        for n, p in enumerate(pages, 1)
    ]
    assert len(pages) >= 2 and parsed[0].next_url and parsed[-1].next_url is None
    assert sum(len(p.listings) for p in parsed) == len(sim.retailer_products("newegg", DAY))
    assert all(x.price_usd and x.url.startswith(f"https://{SIM_HOST}/") for p in parsed for x in p.listings)

    mc = sim.retailer_pages("microcenter", DAY, page_size=20)
    first = microcenter.parse_category_page(mc[0], f"https://{SIM_HOST}/microcenter/search?page=1")
    assert first.listings and first.next_url

    bb = sim.retailer_pages("bestbuy", DAY, page_size=20)
    pages_bb = [bestbuy.parse_products_response(json.loads(p)) for p in bb]
    assert pages_bb[0].next_url and pages_bb[-1].next_url is None
    assert all(x.price_usd for p in pages_bb for x in p.listings)
    assert all(json.loads(p)["simulated"] is True for p in bb)


def test_write_day_uses_the_sample_layout(tmp_path, sim):
    counts = MarketSim(seed=2, active_listings=300, retailer_skus=10).write_day(tmp_path, DAY)
    manifest = json.loads((tmp_path / "ebay" / "manifest.json").read_text())
    assert manifest["kind"] == "simulated" and manifest["files"]
    first = json.loads((tmp_path / "ebay" / next(iter(manifest["files"].values()))).read_text())
    assert all(i["simulated"] for i in first["itemSummaries"])
    assert counts["ebay_items"] > 0 and (tmp_path / "retailers" / "newegg" / "search-page-1.html").exists()
