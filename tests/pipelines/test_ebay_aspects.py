"""eBay's structured evidence (issue 37 item 2; transforms/ebay_aspects.py): the aspect distributions read
from each search's first page, one aspect-filtered call per suspect aspect, the calls they cost, and a
title and an aspect that disagree recorded and excluded, never guessed. Against scripted Browse responses
written here (httpx mock transports)."""

from datetime import date
from urllib.parse import parse_qs, urlsplit

import httpx
import polars as pl

from pipelines.sources.ebay.ingest import AspectEvidence, SpilledRows, run_searches
from pipelines.sources.ebay.queries import SearchQuery, build_filter
from pipelines.sources.http_session import CallBudget
from tests.pipelines.test_ebay_client import Recorder, make_client
from transforms.ebay_aspects import (
    CHIPSET,
    MEMORY,
    aspect_conflicts,
    aspect_counts,
    aspect_filter,
    memory_gb,
    named_models,
    suspect_values,
    variant_of,
)
from transforms.listings import flag_aspect_conflicts
from warehouse.catalog import load_catalog

CATALOG = load_catalog()
DAY = date(2026, 11, 20)
Q3090 = SearchQuery("rtx-3090", "RTX 3090", build_filter())
Q3060 = SearchQuery("rtx-3060-12gb", "RTX 3060 12GB", build_filter())


def refinement_of(chips: dict[str, int], sizes: dict[str, int]) -> dict:
    """A `refinement` as eBay sends it, with these value counts of the two aspects."""
    return {
        "dominantCategoryId": "27386",
        "aspectDistributions": [
            {
                "localizedAspectName": name,
                "aspectValueDistributions": [
                    {"localizedAspectValue": v, "matchCount": n, "refinementHref": "https://api.ebay.test/x"}
                    for v, n in values.items()
                ],
            }
            for name, values in ((CHIPSET, chips), (MEMORY, sizes))
        ],
    }


def item(item_id: str, title: str) -> dict:
    return {
        "itemId": item_id,
        "title": title,
        "price": {"value": "700.00", "currency": "USD"},
        "condition": "Used",
        "conditionId": "3000",
        "itemWebUrl": f"https://www.ebay.com/itm/{item_id.split('|')[1]}",
        "seller": {"username": "s", "feedbackPercentage": "99.5", "feedbackScore": 100},
    }


def test_the_distribution_is_read_and_wrong_types_are_reasons_not_crashes():
    chips = {"NVIDIA GeForce RTX 3090": 120, "NVIDIA GeForce RTX 3090 Ti": 7}
    counts, problems = aspect_counts(refinement_of(chips, {"24 GB": 110, "12 GB": 3}))
    assert counts == [
        (CHIPSET, "NVIDIA GeForce RTX 3090", 120),
        (CHIPSET, "NVIDIA GeForce RTX 3090 Ti", 7),
        (MEMORY, "24 GB", 110),
        (MEMORY, "12 GB", 3),
    ]
    assert problems == []
    assert aspect_counts(None) == ([], [])
    assert aspect_counts([1, 2]) == ([], ["refinement is list, not an object"])
    assert aspect_counts({"aspectDistributions": "lots"}) == ([], ["aspectDistributions is str, not a list"])
    wrong = {
        "aspectDistributions": [
            {"localizedAspectName": CHIPSET, "aspectValueDistributions": {"a": 1}},
            {
                "localizedAspectName": MEMORY,
                "aspectValueDistributions": [{"localizedAspectValue": "8 GB"}, 5],
            },
            {"localizedAspectName": "Brand", "aspectValueDistributions": 3},  # not wanted: not read at all
            "not an object",
        ]
    }
    counts, problems = aspect_counts(wrong)
    assert counts == [] and len(problems) == 3
    assert problems[0] == f"{CHIPSET}: aspectValueDistributions is dict, not a list"
    twice = refinement_of({"NVIDIA GeForce RTX 3090": 5}, {})
    twice["aspectDistributions"][0]["aspectValueDistributions"] *= 2
    assert aspect_counts(twice) == (
        [(CHIPSET, "NVIDIA GeForce RTX 3090", 5)],
        [f"{CHIPSET}: 'NVIDIA GeForce RTX 3090' given twice; the first count kept"],
    )


def test_suspects_are_values_naming_another_model_or_size_and_never_a_guess():
    counts = [
        (CHIPSET, "NVIDIA GeForce RTX 3090", 120),
        (CHIPSET, "NVIDIA GeForce RTX 3090 Ti", 7),
        (CHIPSET, "NVIDIA GeForce RTX 3080", 2),  # two memory variants in the catalog: names no one model
        (CHIPSET, "Not Specified", 40),
        (MEMORY, "24 GB", 110),
        (MEMORY, "12 GB", 3),
        (MEMORY, "Not Specified", 9),
    ]
    assert suspect_values("rtx-3090", counts, CATALOG) == {
        CHIPSET: ["NVIDIA GeForce RTX 3090 Ti"],
        MEMORY: ["12 GB"],
    }
    assert suspect_values("rtx-3090", counts[:1] + counts[4:5], CATALOG) == {}  # all agree: no call
    assert memory_gb("12 GB") == 12 and memory_gb("24GB") == 24 and memory_gb("512 MB") is None
    assert aspect_filter(MEMORY, ["8 GB", "16 GB"]) == "categoryId:27386,Memory Size:{8 GB|16 GB}"
    assert aspect_filter("Brand", ["Bed|Stü", "Nike"]) == "categoryId:27386,Brand:{Bed\\|Stü|Nike}"


def test_a_title_and_an_aspect_that_disagree_are_excluded_with_both_sides():
    listings = pl.DataFrame(
        {
            "source": ["ebay", "ebay", "ebay", "ebay", "newegg"],
            "listing_id": ["v1|1|0", "v1|2|0", "v1|3|0", "v1|4|0", "v1|1|0"],
            "model_id": ["rtx-3090", "rtx-3090-ti", "rtx-3060-12gb", "rtx-3090", "rtx-3090"],
            "exclude_reason": [None, None, None, "lot", None],
            "evidence": ["3090 -> rtx-3090", "3090 TI -> rtx-3090-ti", "3060 -> rtx-3060-12gb", "lot", "x"],
        }
    )
    evidence = pl.DataFrame(
        {
            "item_id": ["v1|1|0", "v1|2|0", "v1|3|0", "v1|4|0"],
            "aspect_name": [CHIPSET, CHIPSET, MEMORY, CHIPSET],
            "stated_values": [["NVIDIA GeForce RTX 3090 Ti"]] * 2
            + [["8 GB"], ["NVIDIA GeForce RTX 3090 Ti"]],
        }
    )
    conflicts = aspect_conflicts(listings, evidence, CATALOG)
    # 1: title 3090, aspect 3090 Ti; 3: title 12GB, aspect 8 GB. 2 agrees; 4 is no card price anyway
    assert conflicts["listing_id"].to_list() == ["v1|1|0", "v1|3|0"]
    assert conflicts["aspect_conflict"][0] == (
        "title and eBay item aspect disagree: title rtx-3090; Chipset/GPU Model 'NVIDIA GeForce RTX 3090 Ti'"
    )
    flagged = flag_aspect_conflicts(listings, evidence, CATALOG)
    assert flagged["exclude_reason"].to_list() == [
        "unclear",
        None,
        "unclear",
        "lot",
        None,
    ]  # newegg untouched
    assert flagged["evidence"][0].startswith("3090 -> rtx-3090; title and eBay item aspect disagree")
    assert flagged["model_id"].to_list() == listings["model_id"].to_list()  # what the title said, kept
    assert flag_aspect_conflicts(listings, evidence.clear(), CATALOG).equals(listings)


def test_a_super_or_ti_card_stated_as_the_card_it_is_a_variant_of_is_a_recorded_slip_and_kept():
    listings = pl.DataFrame(
        {
            "source": ["ebay"] * 4,
            "listing_id": ["s1", "s2", "s3", "s4"],
            "model_id": ["rtx-2070-super", "rtx-3070-ti", "rtx-2070", "rtx-2060-super"],
            "exclude_reason": [None] * 4,
            "evidence": ["2070 SUPER", "3070 TI", "2070", "2060 SUPER"],
        }
    )
    evidence = pl.DataFrame(
        {
            "item_id": ["s1", "s2", "s3", "s4"],
            "aspect_name": [CHIPSET] * 4,
            "stated_values": [
                ["NVIDIA GeForce RTX 2070"],  # the base card of the title's SUPER: a slip
                ["NVIDIA GeForce RTX 3070"],
                ["NVIDIA GeForce RTX 2070 SUPER"],  # a base card under its SUPER: which one is it?
                ["NVIDIA GeForce RTX 3070"],  # another card altogether
            ],
        }
    )
    conflicts = aspect_conflicts(listings, evidence, CATALOG)
    assert conflicts["excludes"].to_list() == [False, False, True, True]
    flagged = flag_aspect_conflicts(listings, evidence, CATALOG)
    assert flagged["exclude_reason"].to_list() == [None, None, "unclear", "unclear"]
    assert flagged["evidence"][0] == (
        "2070 SUPER; eBay item aspect names the card this one is a variant of: title rtx-2070-super; "
        "Chipset/GPU Model 'NVIDIA GeForce RTX 2070'; title kept"
    )
    assert flagged["model_id"].to_list() == listings["model_id"].to_list()
    # SUPER, Ti, Ti SUPER and XT are variants; XTX is not the XT's
    names = dict(CATALOG.select("model_id", "name").iter_rows())
    assert variant_of("rtx-4070-ti-super", "rtx-4070-ti", names) and variant_of(
        "rx-6800-xt", "rx-6800", names
    )
    assert not variant_of("rx-7900-xtx", "rx-7900-xt", names) and not variant_of(
        "rtx-2070", "rtx-2070-super", names
    )


def aspect_call(request: httpx.Request) -> str | None:
    return parse_qs(urlsplit(str(request.url)).query).get("aspect_filter", [None])[0]


def test_the_first_page_asks_for_the_distribution_and_a_suspect_costs_one_call(tmp_path):
    """Two searches: the 3090's distribution names a 3090 Ti value (one aspect call, which lists one of its
    items and one it never returned); the 3060's all agree (no call). The calls: 2 pages + 1 page + 1."""
    first = {
        "total": 3,
        "offset": 0,
        "limit": 2,
        "itemSummaries": [item("v1|1|0", "EVGA RTX 3090 FTW3 24GB"), item("v1|2|0", "RTX 3090 FE")],
        "next": "https://api.ebay.test/buy/browse/v1/item_summary/search?q=RTX+3090&offset=2&limit=2",
        "refinement": refinement_of(
            {"NVIDIA GeForce RTX 3090": 2, "NVIDIA GeForce RTX 3090 Ti": 1}, {"24 GB": 3}
        ),
    }
    second = {
        "total": 3,
        "offset": 2,
        "limit": 2,
        "itemSummaries": [item("v1|3|0", "Zotac RTX 3090 Trinity")],
    }
    under_ti = {"total": 2, "itemSummaries": [item("v1|2|0", "RTX 3090 FE"), item("v1|9|0", "RTX 3090 Ti")]}
    agreeing = {
        "total": 1,
        "itemSummaries": [item("v1|5|0", "MSI RTX 3060 Ventus 12GB")],
        "refinement": refinement_of({"NVIDIA GeForce RTX 3060": 1}, {"12 GB": 1}),
    }
    rec = Recorder([httpx.Response(200, json=b) for b in (first, second, under_ti, agreeing)])
    budget = CallBudget(5000)
    client, _ = make_client(rec, budget=budget)
    aspects = AspectEvidence(lambda model_id, counts: suspect_values(model_id, counts, CATALOG))
    sink = SpilledRows(tmp_path)
    errors = run_searches(client, [Q3090, Q3060], DAY, "live", lambda m: None, sink, aspects)

    assert errors == [] and sink.count == 4
    searches = rec.searches
    assert len(searches) == 4 and budget.made_now == 5  # 4 searches and the token: one aspect call added
    params = [parse_qs(urlsplit(str(r.url)).query) for r in searches]
    assert params[0]["fieldgroups"] == ["ASPECT_REFINEMENTS,MATCHING_ITEMS"]  # the first page only
    assert "fieldgroups" not in params[1]  # eBay's `next` as given
    assert params[2]["aspect_filter"] == ["categoryId:27386,Chipset/GPU Model:{NVIDIA GeForce RTX 3090 Ti}"]
    assert params[2]["q"] == ["RTX 3090"] and params[2]["category_ids"] == ["27386"]
    assert params[2]["filter"] == params[0]["filter"] and "fieldgroups" not in params[2]
    assert params[3]["fieldgroups"] == ["ASPECT_REFINEMENTS,MATCHING_ITEMS"]  # the 3060: no aspect call
    assert aspects.calls == 1
    assert [(e["item_id"], e["stated_values"], e["items_total"]) for e in aspects.evidence] == [
        ("v1|2|0", ["NVIDIA GeForce RTX 3090 Ti"], 2),
        ("v1|9|0", ["NVIDIA GeForce RTX 3090 Ti"], 2),
    ]
    assert len(aspects.counts) == 5 and aspects.notes == []


def test_a_failed_aspect_call_or_a_bad_distribution_loses_nothing_else(tmp_path):
    first = {
        "total": 1,
        "itemSummaries": [item("v1|1|0", "RTX 3090 24GB")],
        "refinement": refinement_of({"NVIDIA GeForce RTX 3090 Ti": 1}, {}),
    }
    bad = {"total": 1, "itemSummaries": [item("v1|5|0", "RTX 3060 12GB")], "refinement": ["not", "an object"]}
    rec = Recorder(
        [httpx.Response(200, json=first), httpx.Response(404, json={}), httpx.Response(200, json=bad)]
    )
    client, _ = make_client(rec)
    aspects = AspectEvidence(lambda model_id, counts: suspect_values(model_id, counts, CATALOG))
    sink = SpilledRows(tmp_path)
    errors = run_searches(client, [Q3090, Q3060], DAY, "live", lambda m: None, sink, aspects)
    assert errors == [] and sink.count == 2  # both searches count as done, every item kept
    assert [(n.target, n.error_kind) for n in aspects.notes] == [
        ("RTX 3090", "aspect_call"),
        ("RTX 3060 12GB", "bad_aspects"),
    ]
    assert aspects.notes[0].reason.startswith(f"{CHIPSET}: ") and aspects.calls == 1
    assert aspects.evidence == []


def test_a_marketplace_with_other_aspect_names_asks_for_no_aspect_call(tmp_path):
    german = SearchQuery("rtx-3090", "RTX 3090", build_filter(country="DE", currency="EUR"), "EBAY_DE")
    body = {
        "total": 1,
        "itemSummaries": [item("v1|1|0", "RTX 3090 24GB")],
        "refinement": refinement_of({"NVIDIA GeForce RTX 3090 Ti": 1}, {}),
    }
    rec = Recorder([httpx.Response(200, json=body)])
    client, _ = make_client(rec)
    aspects = AspectEvidence(lambda model_id, counts: suspect_values(model_id, counts, CATALOG))
    run_searches(client, [german], DAY, "live", lambda m: None, SpilledRows(tmp_path), aspects)
    assert len(rec.searches) == 1 and aspects.calls == 0 and aspects.counts == []


def test_on_a_simulated_market_the_evidence_costs_at_most_two_calls_a_search(tmp_path):
    """A live day against the loopback Browse API serving the simulated market (tests/support/market_sim.py:
    sellers state aspects for most listings, a few a sibling model's): every search asks for its
    distribution on its first page, at most two aspect-filtered calls follow it, and each listing flagged
    unclear was served with an aspect that names another model or size than its title does."""
    import json

    import dagster as dg

    from pipelines.defs.raw.ebay_listings import ebay_listings
    from pipelines.defs.staging.listings import listings
    from tests.support.fake_market import FakeMarket
    from tests.support.live import live_resources
    from tests.support.market_sim import MarketSim
    from warehouse.connection import connect

    sim = MarketSim(seed=7, catalog=CATALOG, active_listings=900, seller_aspects=True)
    day = date(2026, 10, 5)
    queries = [q for q in CATALOG["search_query"].to_list() if q]
    with FakeMarket(max_requests=100_000, max_seconds=300) as fake:
        fake.custom_items, fake.default_items = {q: sim.search(q, day) for q in queries}, 0
        resources = live_resources(fake, tmp_path / "w.duckdb")
        assert dg.materialize(
            [ebay_listings, listings], partition_key=day.isoformat(), resources=resources
        ).success
        searches = [r for r in fake.log if r.endpoint == "search"]
    aspect_calls = [r for r in searches if "aspect_filter=" in r.path]
    firsts = [r for r in searches if "fieldgroups=ASPECT_REFINEMENTS" in r.path and "offset=" not in r.path]
    assert len(firsts) == len(queries)  # every search's first page asked for its distribution
    assert 0 < len(aspect_calls) <= 2 * len(queries)
    with connect(tmp_path / "w.duckdb", read_only=True) as con:
        (calls,) = con.execute("SELECT sum(calls) FROM raw.api_calls WHERE source = 'ebay'").fetchone()
        flagged = con.execute(
            "SELECT s.model_id, r.raw_json FROM staging.listings s JOIN raw.ebay_listings r "
            "ON r.item_id = s.listing_id AND r.snapshot_date = s.snapshot_date "
            "WHERE s.evidence LIKE '%title and eBay item aspect disagree%'"
        ).fetchall()
        evidence = con.execute("SELECT count(*) FROM raw.ebay_aspect_evidence").fetchone()[0]
    assert calls == len(searches) + 1  # the budget counts the aspect calls too (and the token)
    assert evidence > 0 and flagged
    memory = dict(CATALOG.select("model_id", "memory_gb").iter_rows())
    for model_id, raw in flagged:
        stated = json.loads(raw)["simAspects"]
        chip = named_models([stated[CHIPSET]], CATALOG)[stated[CHIPSET]]
        assert (chip is not None and chip != model_id) or memory_gb(stated[MEMORY]) != memory[model_id], (
            stated
        )
