"""Whole machines: physical rules, the choice by value of the whole machine, and hostile catalogs."""

import math
import re
from collections import Counter
from dataclasses import replace
from datetime import date

import polars as pl
import pytest

from dashboards.answer import power_words
from dashboards.report_data import circuit_words
from transforms.region_tiers import region_config
from transforms.tiers.budget_builds import _what_to_know, budget_builds, value_words
from transforms.tiers.build_tiers import DOES_NOT_HOLD, _summary, best_per_card, build_tiers, cards_with_specs
from transforms.tiers.config import TierConfig
from transforms.tiers.machine import (
    CAP_AT_BOOT,
    EPS_LEADS,
    OWN_CIRCUIT,
    OWN_SOCKET,
    SHARED_CIRCUIT_W,
    SOCKET,
    card_reason,
    circuit_for,
    circuit_room,
    evaluate,
)
from transforms.tiers.platforms import PartPrices, platform_rows, platforms_for
from transforms.tiers.power import wall_draw
from transforms.tiers.rules import D16_CLOSE, TIERS
from warehouse.catalog import load_platform_parts, load_platforms, load_regions

DAY = date(2026, 11, 20)
RULES = {r.tier: r for r in TIERS}
PLATFORMS, PARTS = load_platforms(), load_platform_parts()
PRICES = PartPrices.from_frame(PARTS)
PLATS = {p["platform_id"]: p for p in platform_rows(PLATFORMS)}
NO_SCALING = pl.DataFrame(schema={"model_id": pl.String, "gpu_count": pl.Int64, "efficiency": pl.Float64})


def card(
    model_id,
    price,
    perf,
    vram,
    tdp,
    slots=2.0,
    cooling="open_air",
    form="pcie",
    segment="consumer",
    connectors="2x 8-pin",
    vendor="nvidia",
    n=10,
    released=date(2022, 1, 1),
    name=None,
    length=280.0,
    condition="used",
    arch="Ampere",
    support="current",
    bf16=True,
    fp16_tensor=True,
    support_ends=None,
    psu=None,
    msrp=None,
    lanes=None,
):
    return {
        "snapshot_date": DAY,
        "model_id": model_id,
        "name": name or model_id.upper(),
        "condition": condition,
        "price_median": price,
        "price_low": price,
        "listing_count": n,
        "enough_listings": n >= 3,
        "relative_perf": perf,
        "perf_basis": "measured",
        "perf_per_1k_usd": perf / price * 1000 if price and perf else None,
        "vram_gb": vram,
        "tdp_w": tdp,
        "source_mode": "sample",
        "form_factor": form,
        "_specs": {
            "model_id": model_id,
            "vendor": vendor,
            "slot_width": slots,
            "length_mm": length,
            "cooling": cooling,
            "segment": segment,
            "pcie_gen": 4,
            "pcie_lanes": lanes,
            "power_connectors": connectors,
            "release_date": released,
            "architecture": arch,
            "bf16": bf16,
            "fp16_tensor": fp16_tensor,
            "software_support": support,
            "support_ends": support_ends,
            "recommended_psu_w": psu,
            "launch_msrp_usd": msrp,
            "support_label": {"current": "CUDA 13", "legacy": "CUDA 12 only"}.get(
                support, "software support unknown"
            ),
        },
    }


def frames(cards):
    value = pl.DataFrame([{k: v for k, v in c.items() if k != "_specs"} for c in cards])
    specs = pl.DataFrame([c["_specs"] for c in cards])
    return value, specs


def tiers(cards, cfg=None):
    return build_tiers(*frames(cards), PLATFORMS, PARTS, NO_SCALING, cfg)


def row(table, tier, use_case="vision", condition="used", default=True):
    """The default machine of a tier, use case and condition (default=False: the dedicated-circuit one)."""
    return table.filter(
        (pl.col("tier") == tier)
        & (pl.col("use_case") == use_case)
        & (pl.col("condition") == condition)
        & (pl.col("is_default") == default)
    ).row(0, named=True)


# a German socket (regions.csv: 230 V, 16 A, 10 A continuous): four RTX 3090 run uncapped from it
DE = TierConfig(mains_volts=230.0, mains_amps=16.0, continuous_fraction=10 / 16, usd_per_kwh=0.42)


def flat(c):
    return {**{k: v for k, v in c.items() if k != "_specs"}, **c["_specs"]}


def test_the_platform_changes_the_answer_four_fast_cards_beat_four_cheap_ones():
    """The issue's case: four RTX 3060 have the best perf per USD per card, four RTX 3090 the better machine
    (on a German socket, which carries four 3090s uncapped)."""
    cards = [
        card("rtx-3060-12gb", 202, 0.36, 12, 170, connectors="1x 8-pin"),
        card("rtx-3090", 745, 1.0, 24, 350, slots=3),
    ]
    t = tiers(cards, DE)
    four = row(t, "4gpu")
    assert four["circuit"] == "outlet" and four["power_cap_pct"] == 100
    assert four["model_id"] == "rtx-3090"
    assert four["card_rule_model_id"] == "rtx-3060-12gb"
    assert four["perf_per_1k_usd_tco"] > four["card_rule_perf_per_1k_usd_tco"]
    assert four["runner_up_model_id"] == "rtx-3060-12gb" and four["runner_up_gap_pct"] > 0
    assert "platform and energy change the answer" in four["notes"]


def test_optimality_no_eligible_alternative_beats_the_chosen_machine():
    cards = [
        card("a", 300, 0.5, 12, 200, released=date(2020, 1, 1)),
        card("b", 700, 1.0, 24, 350, slots=3),
        card("c", 1600, 1.6, 24, 450, slots=3, connectors="1x 16-pin 12VHPWR"),
        card("d", 600, 0.7, 16, 250, cooling="blower", released=date(2023, 1, 1), arch="Ada Lovelace"),
        card(
            "e", 900, 1.0, 32, 250, cooling="passive", segment="datacenter", connectors="1x 8-pin CPU (EPS)"
        ),
        card(
            "f",
            150,
            0.8,
            16,
            300,
            form="sxm",
            cooling="passive",
            segment="datacenter",
            name="TESLA V100 SXM2 16GB",
        ),
    ]
    t = tiers(cards)
    for r in t.iter_rows(named=True):
        rule = RULES[r["tier"]]
        plats = platforms_for(list(PLATS.values()), r["tier"], r["condition"])
        machines = [
            m
            for c in cards
            if card_reason(rule, flat(c), r["vram_floor_gb"], TierConfig().vendors) is None
            for p in plats
            if isinstance(m := evaluate(rule, flat(c), p, TierConfig(), PRICES, NO_SCALING), dict)
        ]
        # the default of a home tier is the best that runs from the outlet (when one does); the other row, the
        # best of all, which needs a dedicated circuit
        outlet = [m for m in machines if m["circuit"] == "outlet"]
        home_default = rule.gpu_count <= 4 and r["is_default"] and outlet
        values = [m["perf_per_1k_usd_tco"] for m in (outlet if home_default else machines)]
        if not r["is_default"]:
            assert r["circuit"] == "dedicated" and r["perf_per_1k_usd_tco"] > max(
                m["perf_per_1k_usd_tco"] for m in outlet
            )
        if not values:
            assert r["model_id"] is None
            continue
        assert r["perf_per_1k_usd_tco"] >= max(values) * (1 - D16_CLOSE) - 1e-12, r
        if "D16" not in r["notes"]:
            assert r["perf_per_1k_usd_tco"] == pytest.approx(max(values)), r


def test_d16_a_newer_generation_within_5_percent_wins_and_is_named():
    cards = [
        card("old", 700, 1.0, 24, 300, released=date(2020, 9, 1), arch="Ampere"),
        card("new", 730, 1.0, 24, 300, released=date(2024, 1, 1), arch="Ada Lovelace"),
    ]
    r = row(tiers(cards), "1gpu")
    assert r["model_id"] == "new" and "D16" in r["notes"] and r["runner_up_model_id"] == "old"
    assert "Ada Lovelace over Ampere" in r["notes"]
    assert r["runner_up_gap_pct"] < 0  # the older card was the better value, by less than 5%


def test_sxm_modules_only_on_their_own_baseboard_and_take_no_cables():
    sxm = card(
        "v100-sxm2",
        150,
        0.8,
        16,
        300,
        form="sxm",
        cooling="passive",
        segment="datacenter",
        name="NVIDIA Tesla V100 SXM2 16GB",
        connectors="",
    )
    t = tiers([sxm])
    for r in t.filter(pl.col("model_id").is_not_null()).iter_rows(named=True):
        assert r["tier"] == "8gpu" and r["platform_id"] == "server_sxm2_used"
        assert r["pcie_8pin_cables"] == r["pcie_16pin_cables"] == r["eps_8pin_cables"] == 0
    a100 = {**flat(sxm), "name": "NVIDIA A100 80GB SXM4"}
    assert "SXM4 module on a SXM2 baseboard" in evaluate(
        RULES["8gpu"], a100, PLATS["server_sxm2_used"], TierConfig(), PRICES, NO_SCALING
    )


def test_passive_cards_only_in_server_chassis_and_open_air_cards_never_there():
    passive = flat(card("p40", 250, 0.3, 24, 250, cooling="passive", segment="datacenter", length=267.0))
    for pid in ("am5_single_new", "x99_ws_used", "existing_desktop"):
        assert "forced airflow (D12)" in evaluate(
            RULES["1gpu"], passive, PLATS[pid], TierConfig(), PRICES, NO_SCALING
        )
    assert isinstance(
        evaluate(RULES["8gpu"], passive, PLATS["server_pcie8_used"], TierConfig(), PRICES, NO_SCALING), dict
    )
    open_air = flat(card("3090", 745, 1.0, 24, 350, slots=2))
    assert "(D10)" in evaluate(
        RULES["8gpu"], open_air, PLATS["server_pcie8_used"], TierConfig(), PRICES, NO_SCALING
    )


def test_a_passive_card_has_a_server_of_2_or_4_cards_a_rack_server_never_a_home_default():
    """Twenty-sixth review: no machine of fewer than 8 passive cards was priced (the PCIe servers were 8-GPU rows
    only), so 2 x A100 80GB, which hold Qwen3-235B at 4 bits, were never offered. The PCIe servers take 2 or 4
    cards too, as rack servers: a dedicated row with its circuit and room, never the outlet default, on 120 V and
    on 230 V alike (code review: at 230 V a 4U server became the default 4-GPU machine, "straight into a wall
    socket of its own")."""
    passive = flat(card("a100", 9000, 3.0, 80, 300, cooling="passive", segment="datacenter", length=267.0))
    assert PLATS["server_pcie8_used"] in platforms_for(list(PLATS.values()), "2gpu", "used")
    assert PLATS["server_pcie8_used"] in platforms_for(list(PLATS.values()), "4gpu", "used")
    for cfg in (TierConfig(), TierConfig(mains_volts=230.0, mains_amps=16.0)):
        for tier in ("2gpu", "4gpu"):
            m = evaluate(RULES[tier], passive, PLATS["server_pcie8_used"], cfg, PRICES, NO_SCALING)
            assert m["circuit"] == "dedicated" and m["power_cap_pct"] == 100, m["circuit_note"]
            assert m["circuit_note"].endswith(
                "on its own circuit, a rack server: 200-240 V supplies, each on a cord of its own, fans for a "
                "server room"
            )
            assert circuit_words(m) == (
                "dedicated: a circuit and a room of its own (a rack server: 200-240 V supplies, each on a cord of "
                "its own, fans for a server room)"
            )
    # a desktop card still never goes in the server; and the default of a home tier stays the best outlet machine
    open_air = flat(card("3090", 745, 1.0, 24, 350, slots=2))
    assert "(D10)" in evaluate(
        RULES["2gpu"], open_air, PLATS["server_pcie8_used"], TierConfig(), PRICES, NO_SCALING
    )
    t = tiers(
        [
            card("a100", 9000, 3.0, 80, 300, cooling="passive", segment="datacenter"),
            card("3090", 745, 1.0, 24, 350),
        ]
    )
    defaults = t.filter(pl.col("is_default") & pl.col("tier").is_in(["2gpu", "4gpu"]))
    assert defaults.height and "server_pcie8_used" not in defaults["platform_id"].to_list()


def test_unknown_slot_width_is_never_placed_in_a_multi_gpu_machine():
    mystery = card("mystery", 300, 1.0, 24, 250, slots=None)
    t = tiers([mystery])
    assert row(t, "1gpu")["model_id"] == "mystery"
    for tier in ("2gpu", "4gpu"):
        r = row(t, tier)
        assert r["model_id"] is None and "slot width unknown" in r["notes"]


def test_p3_machines_are_planned_for_the_boards_a_buyer_receives_not_the_founders_edition():
    """Two RTX 5090s on the X870E board whose x16 slots are 1 and 4: the 2-slot Founders Edition fits both
    slots, the 3.5-4-slot partner boards most listings are do not (rule P3): one card moves to a riser, priced,
    and the plan names the width it was made for, in whole slots (twenty-fifth review: "up to 3.65 slots", the
    boards' median, told the owner of a 3.8-slot board that it did not fit the plan made for 4). A card without
    recorded designs keeps its own width."""
    fe_only = flat(card("5090", 2830, 2.0, 32, 575))
    m = evaluate(RULES["2gpu"], fe_only, PLATS["am5_dual_new"], TierConfig(), PRICES, NO_SCALING)
    assert m["risers"] == 0 and m["slot_plan"] == "2 in slots 1, 4; cards up to 2 slots wide"
    as_sold = flat(card("5090", 2830, 2.0, 32, 575)) | {"board_slot_width": 3.65, "pcie_gen": 5}
    sold = evaluate(RULES["2gpu"], as_sold, PLATS["am5_dual_new"], TierConfig(), PRICES, NO_SCALING)
    assert (
        sold["risers"] == 1
        and "cards up to 4 slots wide; set the riser slots to PCIe Gen 4" in sold["slot_plan"]
    )
    # the riser, and the open-air frame its card hangs on instead of the case (G17, eleventh review)
    swap = PRICES.riser + PRICES.open_frame - PRICES.chassis["am5_dual_new"]
    assert sold["total_build_cost_usd"] == pytest.approx(m["total_build_cost_usd"] + swap)
    no_risers = TierConfig(allow_risers=False)
    assert "riser" in evaluate(RULES["2gpu"], as_sold, PLATS["am5_dual_new"], no_risers, PRICES, NO_SCALING)


def test_g17_cards_on_risers_hang_on_an_open_frame_priced_instead_of_the_case():
    """Eleventh review: the riser machines said "riser cables to upright mounts" and priced a tower, whose vertical
    mount lies over the seated cards' slots. A machine with cards on risers is planned and priced on an open-air
    frame instead of the platform's case, and on a PCIe 5.0 board the notes say to set the riser slots to Gen 4."""
    assert PRICES.open_frame > 0 and PRICES.chassis["am5_dual_new"] > 0 and PRICES.chassis["x99_ws_used"] > 0
    three = flat(card("3090", 745, 1.0, 24, 350, slots=3))
    one = evaluate(RULES["1gpu"], three, PLATS["am4_dual_used"], TierConfig(), PRICES, NO_SCALING)
    two = evaluate(RULES["2gpu"], three, PLATS["am4_dual_used"], TierConfig(), PRICES, NO_SCALING)
    assert one["risers"] == 0 and "open-air frame" not in one["slot_plan"]
    assert two["risers"] == 1 and "riser cables to the rail of an open-air frame" in two["slot_plan"]
    # and the platform's words, which name its case, say the frame replaces it (twelfth review)
    assert two["platform"].endswith("three slots apart, open-air frame for the risers")
    assert "tower" not in two["platform"] and one["platform"].endswith("new full tower with 8 slot openings")
    from transforms.tiers.physical import on_frame

    assert on_frame("a board, a bench") == "a board, a bench, open-air frame for the risers"
    assert "upright" not in two["slot_plan"]
    # the frame replaces the case once; a machine without risers keeps its case
    dearer_frame = replace(PRICES, open_frame=PRICES.open_frame + 1000)
    dearer_case = replace(  # a case 1,000 USD dearer: in the platform's fixed parts and as its case
        PRICES,
        base={**PRICES.base, "am4_dual_used": PRICES.base["am4_dual_used"] + 1000},
        chassis={**PRICES.chassis, "am4_dual_used": PRICES.chassis["am4_dual_used"] + 1000},
    )
    for prices, riser_change, seated_change in ((dearer_frame, 1000, 0), (dearer_case, 0, 1000)):
        again = evaluate(RULES["2gpu"], three, PLATS["am4_dual_used"], TierConfig(), prices, NO_SCALING)
        assert again["platform_cost_usd"] == pytest.approx(two["platform_cost_usd"] + riser_change)
        alone = evaluate(RULES["1gpu"], three, PLATS["am4_dual_used"], TierConfig(), prices, NO_SCALING)
        assert alone["platform_cost_usd"] == pytest.approx(one["platform_cost_usd"] + seated_change)
    t = tiers([card("3090", 745, 1.0, 24, 350, slots=3)])
    on_risers = t.filter(pl.col("risers") > 0)
    assert on_risers.height > 0
    for r in on_risers.iter_rows(named=True):
        assert (
            f"{r['risers']} card(s) on riser cables on an open-air frame that replaces the case (G6, G17)"
            in r["notes"]
        )
        assert (
            "set the riser slots to PCIe Gen 4" not in r["slot_plan"]
        )  # a PCIe 4.0 card, whatever the board
    fifty = flat(card("5090", 2830, 2.0, 32, 575)) | {"board_slot_width": 3.65, "pcie_gen": 5}
    gen5 = evaluate(RULES["2gpu"], fifty, PLATS["am5_dual_new"], TierConfig(), PRICES, NO_SCALING)
    assert gen5["risers"] == 1 and gen5["pcie_gen"] == 5
    assert gen5["slot_plan"].endswith(
        "cards up to 4 slots wide; set the riser slots to PCIe Gen 4 in the firmware (or buy risers rated for PCIe 5.0)"
    )
    assert "Gen 4" not in two["slot_plan"]  # a PCIe 4.0 board: nothing to set
    # nor for a PCIe 4.0 card on a PCIe 5.0 board: its link trains at 4.0 over the riser priced (twenty-eighth
    # review: two RTX 3090s on the AM5 board were told to set Gen 4 or buy PCIe 5.0 risers)
    gen4_card = flat(card("3090", 745, 1.0, 24, 350, slots=3)) | {"pcie_gen": 4, "board_slot_width": 3.65}
    on_gen5 = evaluate(RULES["2gpu"], gen4_card, PLATS["am5_dual_new"], TierConfig(), PRICES, NO_SCALING)
    assert on_gen5["risers"] == 1 and on_gen5["pcie_gen"] == 5 and "Gen 4" not in on_gen5["slot_plan"]


def test_p3_board_width_is_the_median_of_the_recorded_designs():
    from transforms.gpu_specs import with_board_widths

    specs = pl.DataFrame({"model_id": ["a", "b", "c"], "slot_width": [2.0, 2.0, None]})
    designs = pl.DataFrame(
        {
            "model_id": ["a", "a", "a", "a"],
            "design": ["FE", "TUF", "Astral", "Gaming OC"],
            "slot_width": [2.0, 3.6, 3.8, 4.0],
            "source_url": ["u"] * 4,
            "quote": ["q"] * 4,
        }
    )
    out = {r["model_id"]: r for r in with_board_widths(specs, designs).iter_rows(named=True)}
    assert out["a"]["board_slot_width"] == pytest.approx(3.7)
    assert out["a"]["board_slot_width_basis"].startswith("median of 4 designs (FE 2.0; TUF 3.6; Astral 3.8;")
    assert out["b"]["board_slot_width"] == 2.0 and "reference board" in out["b"]["board_slot_width_basis"]
    assert out["c"]["board_slot_width"] is None and out["c"]["board_slot_width_basis"] is None


def test_every_recorded_design_has_a_width_a_page_and_its_words():
    from warehouse.catalog import load_board_designs, load_catalog

    designs = load_board_designs()
    assert designs.height >= 40
    assert designs.filter(
        pl.col("slot_width").is_null() | pl.col("source_url").is_null() | pl.col("quote").is_null()
    ).is_empty()
    assert designs["slot_width"].is_between(1, 5).all()
    assert set(designs["model_id"]) <= set(load_catalog()["model_id"])


def test_p3_board_power_connectors_are_the_boards_most_sold_where_a_sourced_row_says_so():
    from transforms.gpu_specs import with_board_power
    from transforms.tiers.connectors import cables_for
    from warehouse.catalog import load_board_power, load_catalog

    specs = pl.DataFrame(
        {"model_id": ["a", "b", "c"], "power_connectors": ["1x 16-pin 12VHPWR", "2x 8-pin", None]}
    )
    rows = pl.DataFrame(
        {"model_id": ["a"], "power_connectors": ["1x 8-pin"], "boards": ["most partner boards"]}
        | {"source_url": ["https://example.org/review"], "quote": ["q"]}
    )
    out = {r["model_id"]: r for r in with_board_power(specs, rows).iter_rows(named=True)}
    assert out["a"]["board_power_connectors"] == "1x 8-pin"
    assert out["a"]["board_power_connectors_basis"].startswith(
        "most partner boards (https://example.org/review, "
    )
    assert out["b"]["board_power_connectors"] == "2x 8-pin"
    assert out["b"]["board_power_connectors_basis"] == "the reference board's: no other boards recorded"
    assert out["c"]["board_power_connectors"] is None and out["c"]["board_power_connectors_basis"] is None
    # the catalog's rows: one per model of the catalog, each with its page and words, each differing from the
    # reference board's connectors and countable as cables
    recorded, catalog = load_board_power(), load_catalog()
    assert recorded.height >= 1 and recorded["model_id"].is_unique().all()
    assert recorded.filter(
        ~pl.col("source_url").str.starts_with("https://") | pl.col("quote").is_null()
    ).is_empty()
    joined = recorded.join(
        catalog.select("model_id", "tdp_w", ref="power_connectors"), on="model_id", how="left"
    )
    assert joined["ref"].is_not_null().all() and (joined["ref"] != joined["power_connectors"]).all()
    for r in joined.iter_rows(named=True):
        cables = cables_for(r["power_connectors"], r["tdp_w"], "pcie")
        assert cables.pcie_8pin + cables.pcie_16pin > 0 and cables.basis == "connectors", r
        # the rows record boards that take fewer 8-pin leads than the reference board (through its adapter, G16): the
        # words a kept PSU says ("take a board with ..., as most are") are written for that direction (code review)
        reference = cables_for(r["ref"], r["tdp_w"], "pcie")
        adapter = math.ceil(float(r["tdp_w"]) / 150)
        leads = cables.pcie_8pin + cables.pcie_16pin * adapter
        assert leads < reference.pcie_8pin + reference.pcie_16pin * adapter, r


def test_g6_at_most_every_other_card_goes_on_a_riser():
    """G6's way out for air cards is "alternated on risers": every other card at most. Four 2.5-slot cards on
    the W790 board, whose x16 slots are 1, 3, 5 and 7, seat none with a free slot between them and a slot left
    for a riser, so all four would hang on risers: an open frame, not the tower the platform names. They are
    refused, with the reason; on the X99 WS-E (seven slots) two are seated and two go on risers."""
    wide = flat(card("5070ti", 750, 0.95, 16, 300) | {"board_slot_width": 2.5})
    refused = evaluate(RULES["4gpu"], wide, PLATS["w790_quad_new"], TierConfig(), PRICES, NO_SCALING)
    assert (
        refused
        == "4 x 2.5-slot cards: 4 of 4 would go on riser cables, more than every other card (G6): an open-frame build"
    )
    x99 = evaluate(RULES["4gpu"], wide, PLATS["x99_ws_used"], TierConfig(), PRICES, NO_SCALING)
    assert x99["risers"] == 2 and x99["slot_plan"].startswith("2 in slots 1, ")
    # its x16 slots sit behind PLX switches on the CPU's 40 lanes: four cards get x8 each (G9, G10; fifteenth
    # review: it said x16 and D5 met)
    assert (x99["pcie_lanes_per_gpu"], x99["meets_d2l_x16"]) == (8, False)
    narrow = flat(card("a4000", 935, 0.5, 16, 140, slots=1, cooling="blower"))
    seated = evaluate(RULES["4gpu"], narrow, PLATS["w790_quad_new"], TierConfig(), PRICES, NO_SCALING)
    assert seated["risers"] == 0 and seated["slot_plan"] == "4 in slots 1, 3, 5, 7; cards up to 1 slot wide"


def test_g6_open_air_cards_keep_a_free_slot_else_risers_are_priced():
    three = flat(card("3090", 745, 1.0, 24, 350, slots=3))
    m = evaluate(RULES["2gpu"], three, PLATS["am4_dual_used"], TierConfig(), PRICES, NO_SCALING)
    assert m["risers"] == 1 and "riser" in m["slot_plan"]
    blower = flat(card("a5000", 1365, 0.88, 24, 230, cooling="blower"))
    m2 = evaluate(RULES["4gpu"], blower, PLATS["trx50_quad_new"], TierConfig(), PRICES, NO_SCALING)
    assert m2["risers"] == 0 and m2["slot_plan"] == "4 in slots 1, 3, 5, 7; cards up to 2 slots wide"
    no_risers = TierConfig(allow_risers=False)
    assert "riser" in evaluate(RULES["2gpu"], three, PLATS["am4_dual_used"], no_risers, PRICES, NO_SCALING)
    water = evaluate(
        RULES["4gpu"],
        three,
        PLATS["x99_ws_used"],
        TierConfig(allow_risers=False, allow_water_cooling=True),
        PRICES,
        NO_SCALING,
    )
    assert water["water_blocks"] == 4
    base = evaluate(RULES["4gpu"], three, PLATS["x99_ws_used"], TierConfig(), PRICES, NO_SCALING)
    on_frame = PRICES.open_frame - PRICES.chassis["x99_ws_used"]  # the riser machine's frame, not its case
    assert water["platform_cost_usd"] - (
        base["platform_cost_usd"] - base["risers"] * PRICES.riser - on_frame
    ) == pytest.approx(4 * PRICES.water_block + PRICES.water_loop)


def test_g17_a_card_longer_than_the_case_does_not_fit():
    long_card = flat(card("long", 700, 1.0, 24, 350, length=420.0))
    assert "(G17)" in evaluate(
        RULES["1gpu"], long_card, PLATS["am5_single_new"], TierConfig(), PRICES, NO_SCALING
    )


def test_every_priced_psu_covers_the_computed_size_and_the_platform_is_priced_as_sized():
    cards = [
        card(f"c{tdp}", 400 + tdp, tdp / 300, 24, tdp, cooling="blower") for tdp in (150, 250, 350, 450, 575)
    ]
    cards += [card("srv", 3000, 2.0, 48, 300, cooling="passive", segment="datacenter")]
    t = tiers(cards).filter(pl.col("model_id").is_not_null())
    assert t.height > 10
    for r in t.iter_rows(named=True):
        assert r["psu_watts"] >= r["psu_need_w"] >= 1.10 * r["system_draw_w"] - 1e-9, r
        base = PRICES.base.get(r["platform_id"], 0.0)
        ram = (r["ram_gb"] or 0) * PRICES.ram_per_gb.get(PLATS[r["platform_id"]]["ram_type"] or "", 0.0)
        assert r["platform_cost_usd"] >= base + ram
        assert r["total_build_cost_usd"] == pytest.approx(r["gpu_total_price"] + r["platform_cost_usd"])
        # the one cost model: purchase + energy - resale (no launch MSRP here: the labelled 50% assumption)
        assert r["resale_usd"] == pytest.approx(r["gpu_total_price"] * 0.5)
        assert r["resale_basis"].startswith("ASSUMPTION")
        assert r["tco_usd"] == pytest.approx(
            r["total_build_cost_usd"] + r["annual_energy_cost_usd"] * 3 - r["resale_usd"]
        )


def test_beginner_is_the_buyers_computer_plus_the_gpu_and_a_psu_only_when_needed():
    small = card("small", 200, 0.36, 12, 170, connectors="1x 8-pin")
    hungry = card("hungry", 400, 0.55, 12, 200, connectors="1x 16-pin 12VHPWR")
    r = row(tiers([small]), "beginner")
    assert r["platform_cost_usd"] == 0 and r["psu_config"].startswith("existing") and r["ram_gb"] is None
    r2 = row(tiers([hungry]), "beginner")
    assert r2["platform_cost_usd"] > 0
    assert r2["psu_config"].endswith("(replaces yours: 16-pin cable)")
    too_hot = row(tiers([card("hot", 500, 1.0, 12, 320)]), "beginner")
    assert too_hot["model_id"] is None and "over 200 W (D6)" in too_hot["notes"]


def test_the_buyers_own_psu_stays_when_the_load_fits_and_the_makers_figure_is_named():
    """Sixteenth review: an RTX 4070 (200 W) in the buyer's desktop drew 350 W (385 W with G13's 10%) on its 500 W
    PSU, yet the card maker's 650 W for a whole PC (P1) replaced the PSU, 85 USD on a 410 USD card. The machine keeps
    the PSU and says what the maker asks and what a unit costs; a PSU the load outgrows is still replaced, and sized
    on the maker's figure."""
    fits = row(tiers([card("fits", 410, 0.5, 12, 200, connectors="1x 8-pin", psu=650)]), "beginner")
    assert fits["model_id"] == "fits" and fits["platform_cost_usd"] == 0
    assert fits["psu_watts"] == 500 and fits["psu_need_w"] == pytest.approx(fits["system_draw_w"] * 1.10)
    assert fits["psu_need_w"] <= 500 < fits["recommended_psu_w"] == 650
    # what the verdict rests on (thirtieth review): the card's free 8-pin lead and a CPU within what the PSU carries
    # past the card and the rest of the machine at G13's 10%: 500 / 1.1 - 200 - 85 = 170 W
    cpu_room = 500 / 1.1 - 200 - (fits["system_draw_w"] - 200 - 65)
    assert fits["psu_config"].startswith(
        f"existing 500 W (with a free 8-pin lead and a CPU of up to {cpu_room:,.0f} W; the card maker asks 650 W: "
    )
    assert cpu_room == pytest.approx(169.5, abs=0.1)
    assert fits["psu_config"].endswith(" USD if yours is old)") and "(P1)" in fits["psu_basis"]
    # a region's machine prices that unit in its currency, as its other notes (thirty-fourth review's code review: a
    # German row read "83 USD if yours is old" beside its EUR price)
    usd = float(fits["psu_config"].split("650 W: ")[1].split(" USD")[0].replace(",", ""))
    euro = TierConfig(currency="EUR", usd_per_unit=1.25)
    de = row(tiers([card("fits", 410, 0.5, 12, 200, connectors="1x 8-pin", psu=650)], euro), "beginner")
    assert de["psu_config"].endswith(f"650 W: {usd / 1.25:,.0f} EUR if yours is old)"), de["psu_config"]
    # the same card on a desktop whose PSU its load outgrows: a unit is bought, of the maker's 650 W
    small = dict(PLATS["existing_desktop"], existing_psu_w=300)
    sized = evaluate(RULES["beginner"], fits_card(), small, TierConfig(), PRICES, NO_SCALING)
    assert sized["psu_watts"] >= 650 and sized["platform_cost_usd"] > 0, sized
    g13 = sized["system_draw_w"] * 1.10
    assert sized["psu_config"].endswith(f"(replaces yours: {g13:,.0f} W needed, G13)")


def test_the_buyers_own_psu_stays_for_the_boards_most_sold_and_names_the_reference_boards_need():
    """Thirtieth session: the RTX 4070 Founders Edition takes a 16-pin, most partner RTX 4070s one 8-pin
    (TechPowerUp; warehouse/catalog/gpu_board_power.csv). Counted on the reference board, the beginner machine in the
    buyer's own desktop replaced its 500 W PSU "for the 16-pin cable", 85 USD on a 410 USD card. Counted on the
    boards most sold (P3, board_power_connectors) it keeps the PSU, and says which board to take and what the
    reference board would need; a card whose boards are all 16-pin still replaces it."""
    sixteen = card("rtx-4070", 410, 0.5, 12, 200, connectors="1x 16-pin 12VHPWR", psu=650)
    reference_only = row(tiers([sixteen]), "beginner")
    assert reference_only["platform_cost_usd"] > 0
    assert reference_only["psu_config"].endswith("(replaces yours: 16-pin cable)")
    sixteen["_specs"]["board_power_connectors"] = "1x 8-pin"
    kept = row(tiers([sixteen]), "beginner")
    assert kept["model_id"] == "rtx-4070" and kept["platform_cost_usd"] == 0 and kept["psu_watts"] == 500
    assert kept["pcie_8pin_cables"] == 1 and kept["pcie_16pin_cables"] == 0
    assert kept["psu_config"].startswith("existing 500 W (with a free 8-pin lead and a CPU of up to 170 W; ")
    replacement = (
        reference_only["psu_config"].split(" x ")[1].split(" W")[0]
    )  # the unit the reference board needs
    # the Founders Edition's 16-pin runs through an adapter from 8-pin leads, 150 W each (G16): two for 200 W, and the
    # desktop has one (thirtieth review: "needs a new 650 W PSU" read as a matter of watts); the case's length
    assert kept["psu_config"].endswith(
        "; take a board with one 8-pin (most are, P3) up to 300 mm long: the reference board's one 16-pin 12VHPWR "
        f"takes two 8-pin leads through an adapter (G16), more than yours has, so it needs a new {replacement} W "
        f"PSU ({reference_only['platform_cost_usd']:,.0f} USD)"
    )
    assert kept["connector_basis"] == (
        "the boards most sold (1x 8-pin, P3): connectors; the reference board's: 1x 16-pin 12VHPWR"
    )
    # a machine that buys its PSU counts the boards' cables too, and says nothing of the reference board's PSU
    two = row(tiers([sixteen]), "2gpu")
    assert two["pcie_8pin_cables"] == 2 and two["pcie_16pin_cables"] == 0
    assert "reference board's one 16-pin" not in two["psu_config"]


def fits_card() -> dict:
    return flat(card("fits", 410, 0.5, 12, 200, connectors="1x 8-pin", psu=650))


def test_every_use_case_is_built_and_llm_machines_have_24_gb_cards():
    cards = [card("twelve", 300, 0.6, 12, 200), card("big", 745, 1.0, 24, 350, slots=3)]
    t = tiers(cards)
    assert set(t["use_case"]) == {"llm", "vision", "beginner"}
    assert t.filter(pl.col("is_default")).height == 5 * 3 * 1
    llm = t.filter((pl.col("use_case") == "llm") & pl.col("model_id").is_not_null())
    assert llm.height and (llm["total_vram_gb"] / llm["gpu_count"] >= 24).all()


def test_nvidia_unless_any_vendor_is_admitted():
    cards = [card("arc", 200, 1.0, 12, 190, vendor="intel"), card("rtx", 500, 1.0, 12, 200)]
    assert row(tiers(cards), "1gpu")["model_id"] == "rtx"
    assert row(tiers(cards, TierConfig(vendors=None)), "1gpu")["model_id"] == "arc"


def test_hostile_catalogs_give_clear_reasons_not_crashes():
    cards = [
        card("zero", 0.0, 1.0, 24, 300),
        card("noperf", 500, None, 24, 300),
        card("nowidth", 500, 1.0, 24, 300, slots=None),
        card("nocooling", 500, 1.0, 24, 300, cooling=None),
        card("notdp", 500, 1.0, 24, None, connectors=""),
    ]
    t = tiers(cards)
    notes = " ".join(t.filter(pl.col("model_id").is_null())["notes"].to_list())
    for reason in ("no usable price", "no performance figure", "cooling unknown"):
        assert reason in notes
    nowidth = flat(cards[2])
    assert "slot width unknown" in evaluate(
        RULES["2gpu"], nowidth, PLATS["am4_dual_used"], TierConfig(), PRICES, NO_SCALING
    )
    notdp = evaluate(
        RULES["1gpu"], flat(cards[4]), PLATS["am4_single_used"], TierConfig(), PRICES, NO_SCALING
    )
    assert notdp["gpu_draw_w"] == 350 and "budgeted at 350 W (D2)" in notdp["connector_basis"]


def test_budget_mode_buys_the_most_vram_among_near_best_machines_that_fit():
    cards = [
        card("twelve", 300, 0.6, 12, 200),
        card("big", 745, 1.0, 24, 350, slots=3),
        card("huge", 3500, 1.2, 48, 300, cooling="blower"),
    ]
    b = budget_builds(
        *frames(cards), PLATFORMS, PARTS, NO_SCALING, TierConfig(), budgets=(1000, 2000, 5000, 30000)
    )
    chosen = b.filter(pl.col("model_id").is_not_null())
    assert chosen.height
    for r in chosen.iter_rows(named=True):
        assert r["total_build_cost_usd"] <= r["budget_usd"]
    vision = chosen.filter(pl.col("use_case") == "vision").sort("budget_usd")
    assert vision["total_vram_gb"].to_list() == sorted(vision["total_vram_gb"].to_list())
    assert (
        vision["model_id"].n_unique() > 1 or vision["gpu_count"].n_unique() > 1
    )  # answers change with budget


def test_budget_mode_measures_llm_machines_in_the_llm_index():
    """Same price, same VRAM: the card with more memory bandwidth (higher LLM index, lower training index) is
    the LLM budget machine, the compute card the beginner one, and each row names its index."""
    compute, bandwidth = card("compute", 800, 1.4, 24, 300), card("bandwidth", 800, 0.9, 24, 300)
    compute |= {"perf_llm_inference": 0.7, "perf_llm_inference_basis": "tensor_model"}
    bandwidth |= {"perf_llm_inference": 1.3, "perf_llm_inference_basis": "measured"}
    b = budget_builds(
        *frames([compute, bandwidth]),
        PLATFORMS,
        PARTS,
        NO_SCALING,
        TierConfig(),
        budgets=(2000,),
        use_cases={"llm": 24, "beginner": 8},
    )
    by = {r["use_case"]: r for r in b.iter_rows(named=True)}
    assert (by["llm"]["model_id"], by["llm"]["perf_index"], by["llm"]["perf_basis"]) == (
        "bandwidth",
        "llm_inference",
        "measured",
    )
    assert (by["beginner"]["model_id"], by["beginner"]["perf_index"]) == ("compute", "training")
    assert by["llm"]["total_relative_perf"] == pytest.approx(1.3 * by["llm"]["gpu_count"], rel=0.05)


def test_best_per_card_keeps_the_best_platform_of_each_card():
    cards = [card("b", 700, 1.0, 24, 350, slots=3)]
    merged = cards_with_specs(*frames(cards)).to_dicts()
    best, _ = best_per_card(
        RULES["4gpu"],
        merged,
        platforms_for(list(PLATS.values()), "4gpu", "used"),
        TierConfig(),
        PRICES,
        NO_SCALING,
    )
    options = [
        evaluate(RULES["4gpu"], merged[0], p, TierConfig(), PRICES, NO_SCALING)
        for p in platforms_for(list(PLATS.values()), "4gpu", "used")
    ]
    assert best["b"]["perf_per_1k_usd_tco"] == max(
        o["perf_per_1k_usd_tco"] for o in options if isinstance(o, dict)
    )


def test_best_per_card_by_circuit_keeps_each_cards_best_machine_on_each_circuit():
    """The build tiers' default is the best outlet machine (O1): a card whose best platform needs a dedicated
    circuit keeps its best outlet machine too, else a hair's difference on another platform would drop the
    tier's best outlet machine (the sample's 4 RTX 6000 Ada, 2026-11-27)."""
    cards = [card("b", 700, 1.0, 24, 280, slots=2, cooling="blower", n=4, condition="new")]
    merged = cards_with_specs(*frames(cards)).to_dicts()
    platforms = platforms_for(list(PLATS.values()), "4gpu", "new")
    options = [evaluate(RULES["4gpu"], merged[0], p, TierConfig(), PRICES, NO_SCALING) for p in platforms]
    machines = [o for o in options if isinstance(o, dict)]
    assert {m["circuit"] for m in machines} == {"outlet", "dedicated"}  # the case the rule is for
    best, _ = best_per_card(
        RULES["4gpu"], merged, platforms, TierConfig(), PRICES, NO_SCALING, by_circuit=True
    )
    assert set(best) == {("b", "outlet"), ("b", "dedicated")}
    for circuit in ("outlet", "dedicated"):
        assert best[("b", circuit)]["perf_per_1k_usd_tco"] == max(
            m["perf_per_1k_usd_tco"] for m in machines if m["circuit"] == circuit
        )


def test_budget_builds_keep_a_cards_outlet_machine_when_its_best_needs_a_dedicated_circuit():
    """O1 in budget mode: a machine of up to 4 GPUs must run from the outlet, so each card's best outlet machine
    has to stay a candidate. Four 7,000 USD blower cards of 300 W: the TRX50 board (240 V) is 0.17035 per 1,000
    USD TCO, the W790 board (outlet, capped at 82%) 0.17008; keeping only the card's best machine dropped its
    only 4-GPU outlet machine, and the budget fell back to two cards. (At 9,000 USD a card since the twenty-third
    review sized each of two PSUs for its own worst case, which made the TRX50 machine's units 120 USD dearer: 0.14203
    against the W790's 0.14145.)"""
    cards = [
        card("b", 9000, 1.0, 48, 300, slots=2, cooling="blower", n=8, condition="new", segment="workstation")
    ]
    merged = cards_with_specs(*frames(cards)).to_dicts()
    options = {
        p["platform_id"]: evaluate(RULES["4gpu"], merged[0], p, TierConfig(), PRICES, NO_SCALING)
        for p in platforms_for(list(PLATS.values()), "4gpu", "new")
    }
    dedicated, outlet = options["trx50_quad_new"], options["w790_quad_new"]
    assert (dedicated["circuit"], outlet["circuit"]) == ("dedicated", "outlet")  # the case the rule is for
    assert dedicated["perf_per_1k_usd_tco"] > outlet["perf_per_1k_usd_tco"]
    builds = budget_builds(
        *frames(cards), PLATFORMS, PARTS, NO_SCALING, budgets=(45_000,), use_cases={"vision": 12}
    )
    chosen = builds.filter(pl.col("condition") == "new").row(0, named=True)
    assert (chosen["gpu_count"], chosen["platform_id"], chosen["circuit"]) == (4, "w790_quad_new", "outlet")


# --- issue 36: the outlet as a constraint, the cap that feeds everything, the maker's PSU figure, depth ---


def test_g8_example_four_3090s_capped_fit_the_guides_1800_w_socket():
    """G8: four 3090s limited by 20% draw 1,120 W and, with 400 W for the other parts, run from an 1,800 W
    socket. Through the machine code with the guide's socket reading (1,800 W, no continuous derating) and a
    platform drawing 400 W besides the GPUs: an outlet machine, capped by at most 20%, whose PSU, draw and
    throughput are the capped ones. G13's 10% headroom on the capped load (1,718 W) is more than G8's 1,600 W
    unit: G13 governs, so it gets two units (a 2,000 W unit takes 200-240 V only), each sized for its own worst
    case: 1,200 W units, the board and one card on one, three cards' cables (3 x 290.5 W) on the other."""
    guide = TierConfig(mains_volts=120.0, mains_amps=15.0, continuous_fraction=1.0)
    platform = {**PLATS["trx50_quad_new"], "cpu_w": 300, "platform_w": 100}
    c = flat(card("rtx-3090", 745, 1.0, 24, 350, slots=2.0, cooling="blower", psu=750))
    m = evaluate(RULES["4gpu"], c, platform, guide, PRICES, NO_SCALING)
    assert m["circuit"] == "outlet" and 80 <= m["power_cap_pct"] < 100
    assert m["gpu_draw_w"] == pytest.approx(1400 * m["power_cap_pct"] / 100) and m["gpu_draw_w"] <= 1170
    assert m["wall_draw_w"] <= 1800 and m["system_draw_w"] == pytest.approx(m["gpu_draw_w"] + 400)
    assert (
        m["psu_need_w"] == pytest.approx(m["system_draw_w"] * 1.1)
        and m["psu_config"]
        == "2 x 1200 W (dual PSU with an add2psu adapter: board + 1 card on one, 3 on the other)"
    )
    assert m["annual_energy_kwh"] == pytest.approx(m["wall_draw_w"] * 8760 * 0.2 / 1000)
    assert m["throughput_at_cap"] < 1 and m["total_relative_perf"] == pytest.approx(
        4 * m["scaling_efficiency"] * m["throughput_at_cap"]
    )
    assert "Puget" in m["cap_basis"] and "P2" in m["cap_basis"]
    # and in watts, which nvidia-smi -pl takes (thirty-first review: a percentage of a board power no page showed)
    watts = math.floor(350 * m["power_cap_pct"] / 100)
    assert (
        f"capped to {m['power_cap_pct']:.0f}% per GPU ({watts} W: nvidia-smi -pl {watts}) to fit"
        in m["circuit_note"]
    )
    # the limit is the driver's runtime state: the note says to set it at every boot (fifth review)
    assert m["circuit_note"].startswith("capped to") and m["circuit_note"].endswith(
        "at every boot enable persistence (nvidia-persistenced, or nvidia-smi -pm 1), then set it (a service running "
        "nvidia-smi -pl)"
    )
    uncapped = evaluate(RULES["4gpu"], c, platform, DE, PRICES, NO_SCALING)  # 2,300 W continuous: no cap
    assert uncapped["circuit"] == "outlet" and uncapped["power_cap_pct"] == 100
    assert "nvidia-smi" not in uncapped["circuit_note"]
    assert uncapped["total_relative_perf"] == pytest.approx(4 * uncapped["scaling_efficiency"])


def test_a_us_home_tier_defaults_to_an_outlet_machine_and_shows_the_better_dedicated_one_beside_it():
    cards = [
        card("rtx-3060-12gb", 202, 0.36, 12, 170, connectors="1x 8-pin"),
        card("rtx-3090", 745, 1.0, 24, 350, slots=3),
    ]
    us = tiers(cards)
    default, dedicated = row(us, "4gpu"), row(us, "4gpu", default=False)
    assert default["circuit"] == "outlet" and default["model_id"] == "rtx-3060-12gb"
    assert default["wall_draw_w"] <= default["outlet_continuous_w"] + 1e-9
    assert dedicated["circuit"] == "dedicated" and dedicated["model_id"] == "rtx-3090"
    assert dedicated["perf_per_1k_usd_tco"] > default["perf_per_1k_usd_tco"]
    assert "if a dedicated circuit is available" in dedicated["notes"] and "240 V" in dedicated["notes"]
    # every US home row that is the default runs from the outlet, unless no machine of its tier does (LLM
    # needs 24 GB: only four 3090s, which no US outlet carries), and then it says so; 8-GPU servers are
    # dedicated and say so
    for r in us.filter(pl.col("model_id").is_not_null()).iter_rows(named=True):
        if r["gpu_count"] <= 4 and r["is_default"] and r["use_case"] != "llm":
            assert r["circuit"] == "outlet" and r["wall_draw_w"] <= r["outlet_continuous_w"] + 1e-9
        if r["gpu_count"] == 8:
            assert r["circuit"] == "dedicated" and "server" in r["circuit_note"]
    llm = row(us, "4gpu", "llm")
    assert llm["circuit"] == "dedicated" and llm["notes"].startswith(
        "no machine of this tier that is for sale runs from a standard outlet of the region"
    )
    de = tiers(cards, DE)  # the German socket carries four 3090s uncapped: one row, the better machine
    four = de.filter(
        (pl.col("tier") == "4gpu") & (pl.col("use_case") == "vision") & (pl.col("condition") == "used")
    )
    assert four.height == 1 and four["model_id"][0] == "rtx-3090" and four["power_cap_pct"][0] == 100


def test_a_one_3090_machine_gets_the_card_makers_750_w():
    r = row(tiers([card("rtx-3090", 745, 1.0, 24, 350, slots=3, psu=750)]), "1gpu")
    assert r["system_draw_w"] * 1.1 < 750 <= r["psu_watts"] and r["psu_need_w"] == 750
    assert r["recommended_psu_w"] == 750 and "card maker's recommended 750 W (P1)" in r["psu_basis"]
    unsourced = row(tiers([card("rtx-3090", 745, 1.0, 24, 350, slots=3)]), "1gpu")
    assert unsourced["psu_need_w"] < 750 and "no card maker's figure" in unsourced["psu_basis"]


def test_a_machine_needing_more_cards_than_are_listed_is_not_the_default():
    scarce = card(
        "a100", 4000, 3.0, 40, 250, cooling="passive", segment="datacenter", n=3, name="A100", length=260
    )
    plenty = card(
        "a4000", 600, 0.6, 16, 140, cooling="blower", n=12, name="A4000", connectors="1x 6-pin", length=241
    )
    eight = row(tiers([scarce, plenty]), "8gpu")
    assert eight["model_id"] == "a4000" and eight["listings_available"] == 12
    assert "12 listed today" in eight["notes"]
    alone = row(tiers([scarce]), "8gpu")  # nothing else: no machine, and the notes say why and how many
    assert alone["model_id"] is None and alone["listings_available"] is None
    assert alone["notes"].startswith(
        "no machine of 8 cards is for sale today: no card has that many listings (the best would be 8 x A100, "
        "3 listed)"
    )


def test_resale_enters_the_machines_tco_and_buy_vs_rent_identically():
    """Issue 36: one cost model. Used prices of five cards of different ages give the day's depreciation curve;
    a new card's machine gets back its GPUs' expected used price, its TCO is build + energy - resale, and
    buy-or-rent weighs exactly that resale."""
    from transforms.buy_vs_rent import buy_vs_rent

    aged = [
        card(
            f"old{i}",
            1000 * math.exp(-0.25 * age),
            0.3,
            12,
            150,
            n=5,
            msrp=1000.0,
            released=date(2026 - age, 11, 20),
            connectors="1x 8-pin",
        )
        for i, age in enumerate((1, 2, 3, 4, 5))
    ]
    fresh = card("fresh", 700, 1.0, 24, 300, condition="new", msrp=700.0, released=date(2026, 5, 20))
    t = tiers([*aged, fresh])
    r = row(t, "1gpu", condition="new")
    assert r["model_id"] == "fresh" and r["resale_basis"].startswith("fitted")
    expected = 700 * math.exp(-0.25 * (0.5 + 3))  # its MSRP x the curve at its age in 3 years (about 0.5 + 3)
    assert r["resale_usd"] == pytest.approx(expected, rel=0.01)
    assert r["tco_usd"] == pytest.approx(
        r["total_build_cost_usd"] + r["energy_cost_horizon_usd"] - r["resale_usd"]
    )
    value, specs = frames([*aged, fresh])
    specs = specs.with_columns(
        memory_gb=pl.col("model_id").map_elements(lambda m: 24.0, return_dtype=pl.Float64)
    )
    cloud = pl.DataFrame(
        schema={
            "model_id": pl.String,
            "provider": pl.String,
            "offer_kind": pl.String,
            "usd_per_gpu_hour": pl.Float64,
        }
    )
    specs = specs.with_columns(
        relative_perf=pl.lit(1.0), perf_vision=pl.lit(1.0), perf_llm_inference=pl.lit(1.0)
    )
    rent = buy_vs_rent(t.filter(pl.col("is_default")), value, specs, cloud)
    same = rent.filter(
        (pl.col("tier") == "1gpu") & (pl.col("use_case") == "vision") & (pl.col("condition") == "new")
    )
    assert same["resale_value_usd"][0] == r["resale_usd"] and same["resale_basis"][0] == r["resale_basis"]
    assert same["own_fixed_usd"][0] == pytest.approx(r["total_build_cost_usd"] - r["resale_usd"])


def test_a_vision_budget_prefers_one_24_gb_card_to_four_12_gb_cards_an_llm_budget_pools_memory():
    """Issue 36: data-parallel training holds the whole model on every card, so vision compares memory per
    card; LLM layers split across cards, so LLM compares pooled memory. The rule: among machines within 20% of
    the best value that fits, the most memory that counts (MEMORY_THAT_COUNTS), then throughput."""
    cards = [
        card("rtx-3060-12gb", 202, 0.36, 12, 170, connectors="1x 8-pin", n=20),
        card("rtx-3090", 745, 1.0, 24, 350, slots=3, n=20),
    ]
    value, specs = frames(cards)
    builds = budget_builds(value, specs, PLATFORMS, PARTS, NO_SCALING, budgets=(2_000, 5_000))
    vision = builds.filter((pl.col("use_case") == "vision") & (pl.col("budget_usd") == 2_000)).row(
        0, named=True
    )
    assert vision["model_id"] == "rtx-3090", vision
    assert "memory per card (data-parallel" in vision["notes"]
    fours = [
        m
        for m in best_per_card(
            RULES["4gpu"],
            cards_with_specs(value, specs).to_dicts(),
            list(PLATS.values()),
            TierConfig(),
            PRICES,
            NO_SCALING,
        )[0].values()
        if m["model_id"] == "rtx-3060-12gb"
    ]
    # the four 12 GB cards were a candidate that fits the budget (48 GB pooled), and lost on memory per card
    assert fours and fours[0]["total_build_cost_usd"] <= 2_000 and fours[0]["total_vram_gb"] == 48
    llm = builds.filter((pl.col("use_case") == "llm") & (pl.col("budget_usd") == 5_000)).row(0, named=True)
    assert "pooled memory" in llm["notes"]


def test_a_budget_build_says_its_circuit_resale_and_listings():
    cards = [
        card("rtx-3090", 745, 1.0, 24, 350, slots=3, n=20),
        card("rtx-3060-12gb", 202, 0.36, 12, 170, n=20),
    ]
    builds = budget_builds(*frames(cards), PLATFORMS, PARTS, NO_SCALING, budgets=(3_000,))
    chosen = builds.filter(pl.col("model_id").is_not_null())
    assert chosen.height
    for r in chosen.iter_rows(named=True):
        assert (
            r["circuit"] == "outlet" and r["listings_available"] >= r["gpu_count"]
        )  # up to 4 GPUs: the outlet
        assert r["resale_usd"] > 0 and r["tco_usd"] < r["total_build_cost_usd"] + 10_000


def test_a_price_graded_d_never_sets_a_machine():
    """Issue 37: a card whose price rests on one seller (grade D) builds no machine, however good its value; the
    machine names the grade of the price it rests on."""
    cheap = card("rtx-3090", 500, 1.0, 24, 350, slots=3) | {"price_confidence": "D"}
    fair = card("rtx-a5000", 1300, 0.9, 24, 230, cooling="blower") | {"price_confidence": "B"}
    r = row(tiers([cheap, fair]), "1gpu", use_case="llm")
    assert r["model_id"] == "rtx-a5000" and r["price_confidence"] == "B"
    assert card_reason(RULES["1gpu"], flat(cheap), 24, TierConfig().vendors) == (
        "price grade D (one seller or nearly: issue 37)"
    )
    cheap["price_confidence"] = "C"
    assert row(tiers([cheap, fair]), "1gpu", use_case="llm")["model_id"] == "rtx-3090"


def test_v1_a_vision_budget_never_buys_a_machine_a_newer_faster_cheaper_one_outclasses():
    """V1 for machines, as for the budget picks: a 48 GB Ampere card a little slower and dearer than a 32 GB Blackwell
    one, both machines within 20% of the best value, wins a vision budget on memory per card alone (G5); with V1
    the Blackwell machine is bought and the note says how many machines V1 set aside. For LLM (pooled memory, no
    V1) the 48 GB machine stays."""
    old = card("rtx-a6000", 3_400, 1.15, 48, 300, cooling="blower", arch="Ampere", n=20)
    new = card("rtx-5090", 3_000, 1.2, 32, 575, slots=3, arch="Blackwell", n=20, connectors="1x 16-pin")

    def bought(cards, use_case):
        builds = budget_builds(*frames(cards), PLATFORMS, PARTS, NO_SCALING, budgets=(5_000,))
        return builds.filter(pl.col("use_case") == use_case).row(0, named=True)

    vision = bought([old, new], "vision")
    assert vision["model_id"] == "rtx-5090" and "outclassed (V1)" in vision["notes"], vision
    assert bought([old, new], "llm")["model_id"] == "rtx-a6000"
    # the same cards with the faster one the older architecture: nothing is outclassed, G5's memory decides
    older_fast = new | {"_specs": new["_specs"] | {"architecture": "Turing"}}
    g5 = bought([old, older_fast], "vision")
    assert g5["model_id"] == "rtx-a6000" and "V1" not in g5["notes"]


def test_v1_among_machines_a_little_dearer_newer_faster_one_still_outclasses():
    """V1 for machines reads "no dearer" with D16's 5% (D16_CLOSE): on the 2026-11-20 sample a new RTX 3090
    machine (1,977 USD, 1.00) won 2,000 USD of vision on memory over an RTX 5080 machine 15 USD dearer and 3%
    faster. A newer machine at least as fast whose speed per USD is within 5% of the older one's outclasses it; one
    that is dearer beyond that does not. Between two rows, as rules.outclasses states it."""
    from transforms.tiers.rules import outclasses

    ampere = {"architecture": "Ampere", "perf": 1.00, "usd": 1977.0}
    blackwell = {"architecture": "Blackwell", "perf": 1.03, "usd": 1992.0}
    assert not outclasses(blackwell, ampere, "perf", "usd")  # the card picks' exact reading
    assert outclasses(blackwell, ampere, "perf", "usd", D16_CLOSE)
    dear = blackwell | {"usd": 1977.0 * 1.03 / (1 - D16_CLOSE) * 1.01}  # speed per USD 1% beyond the 5%
    assert not outclasses(dear, ampere, "perf", "usd", D16_CLOSE)
    slower = blackwell | {"perf": 0.99, "usd": 1500.0}  # cheaper but slower: V1 never passes a faster card
    assert not outclasses(slower, ampere, "perf", "usd", D16_CLOSE)
    assert not outclasses(ampere | {"architecture": "Hopper?"}, blackwell, "perf", "usd", D16_CLOSE)


def test_l1_a_machine_of_more_cards_that_runs_no_more_than_a_smaller_one_says_so():
    from transforms.tiers.build_tiers import earns_its_cards

    def row(tier, n, name, workload, speed, tco, condition="used", use_case="llm", notes="D9", perf=None):
        return {
            "snapshot_date": date(2026, 11, 20),
            "tier": tier,
            "use_case": use_case,
            "perf_index": {"llm": "llm_workload", "vision": "vision"}.get(use_case, "training"),
            "condition": condition,
            "is_default": True,
            "gpu_count": n,
            "gpu_name": name,
            "largest_workload": workload,
            "largest_workload_tokens_per_s": speed,
            "total_relative_perf": perf,
            "tco_usd": tco,
            "total_build_cost_usd": tco,
            "notes": notes,
        }

    two = row("2gpu", 2, "RTX 3090", "70b-q4", 12.8, 2400.0)
    four = row("4gpu", 4, "RTX A5000", "70b-q4", 10.2, 6500.0)
    bigger = row("4gpu", 4, "RTX 6000 Ada", "235b-q4", 41.0, 32000.0, condition="new")
    two_new = row("2gpu", 2, "RTX 5090", "70b-q4", 23.2, 7400.0, condition="new")
    # training use cases compare throughput in the use case's index, within the use case
    v_two = row("2gpu", 2, "RTX 5090", None, None, 6200.0, "new", "vision", perf=3.49)
    v_four = row("4gpu", 4, "RTX A4000", None, None, 6900.0, "new", "vision", perf=1.85)
    v_used = row("4gpu", 4, "RTX 5070 Ti", None, None, 3500.0, "used", "vision", perf=3.11)
    v_used_two = row("2gpu", 2, "RTX 5070 Ti", None, None, 2100.0, "used", "vision", perf=1.75)
    b_four = row("4gpu", 4, "RTX 2080 Ti", None, None, 6300.0, "new", "beginner", perf=2.17)
    b_one = row("1gpu", 1, "RTX 5090", None, None, 3200.0, "new", "beginner", perf=1.98)  # slower: no note
    own_desktop = row(
        "beginner", 1, "RTX 4070", None, None, 600.0, "new", "beginner", perf=9.0
    )  # not a machine
    # a dedicated-circuit row of the tier is held to the smaller defaults too
    dedicated = row("4gpu", 4, "RTX 3090", "70b-q4", 12.4, 4250.0, notes="better value than the default") | {
        "is_default": False
    }
    rows = [
        two,
        four,
        bigger,
        two_new,
        v_two,
        v_four,
        v_used,
        v_used_two,
        b_four,
        b_one,
        own_desktop,
        dedicated,
    ]
    out = {(r["tier"], r["condition"], r["use_case"]): r for r in earns_its_cards(rows) if r["is_default"]}
    assert dedicated["notes"] == (
        "L1: a smaller machine does as much: 2 x RTX 3090 (2gpu, 2,400 USD) runs 70b-q4 at 12.8 tokens/s, this one "
        "at 12.4; better value than the default"
    )
    assert out[("4gpu", "used", "llm")]["notes"] == (
        "L1: a smaller machine does as much: 2 x RTX 3090 (2gpu, 2,400 USD) runs 70b-q4 at 12.8 tokens/s, this one "
        "at 10.2; D9"
    )
    assert out[("4gpu", "new", "llm")]["notes"] == "D9"  # it runs a larger model: its cards buy something
    assert out[("2gpu", "used", "llm")]["notes"] == "D9"
    assert out[("4gpu", "new", "vision")]["notes"] == (
        "L1: a smaller machine does as much: 2 x RTX 5090 (2gpu, 6,200 USD) has a throughput of 3.49 in the vision "
        "index, this one 1.85; D9"
    )
    assert out[("4gpu", "used", "vision")]["notes"] == "D9"  # 4 used cards do more than 2
    assert (
        out[("4gpu", "new", "beginner")]["notes"] == "D9"
    )  # the 1-GPU machine is slower; the own desktop no machine
    # within L1_CLOSE (5%) counts as much, and says "nearly" (eighth review: 4 RTX 5080 on a 240 V circuit at 3.61
    # in the training index beside 2 RTX 5090 from the outlet at 3.58 for 60% of the TCO); 6% less does not
    near_two = row("2gpu", 2, "RTX 5090", None, None, 6200.0, "new", "beginner", perf=3.58)
    near_four = row("4gpu", 4, "RTX 5080", None, None, 10400.0, "new", "beginner", perf=3.61) | {
        "is_default": False
    }
    far_four = row("4gpu", 4, "RTX 5080", None, None, 10400.0, "new", "beginner", perf=3.58 / 0.94)
    earns_its_cards([near_two, near_four, far_four])
    assert near_four["notes"] == (
        "L1: a smaller machine does nearly as much (within 5%): 2 x RTX 5090 (2gpu, 6,200 USD) has a throughput of "
        "3.58 in the training index, this one 3.61; D9"
    )
    assert far_four["notes"] == "D9"


def test_a_machine_over_the_outlet_names_the_smallest_circuit_that_carries_it():
    """Where outlets are 120 V 15 A (1,440 W continuous), a 20 A circuit of 120 V carries 1,920 W continuous: a
    machine between the two needs that, or 240 V; past it, 240 V (third review: 4 used RTX 3090 at 1,862 W were
    told 'a 240 V circuit')."""
    cfg = TierConfig()
    for other_w, expected in (
        (220.0, "a 20 A 120 V circuit (1,920 W continuous) or a 240 V one"),
        (450.0, "a 240 V circuit"),
    ):
        circuit, cap, words = circuit_for(RULES["4gpu"], 1400.0, other_w, 1440.0, cfg)
        wall = wall_draw(1400.0 + other_w, cfg.psu_efficiency)
        assert circuit == "dedicated" and cap == 100.0 and words.endswith(f": {expected}"), words
        assert (wall <= 1920) == ("20 A" in expected)


def test_a_machine_that_fills_its_outlet_circuit_says_it_needs_that_circuit_to_itself():
    """The continuous rating is the circuit's (NEC 210.19/210.20), shared by every socket on it: a machine capped to
    within a few watts of 1,440 W, or uncapped within SHARED_CIRCUIT_W of it, says to give it the circuit to itself,
    with the watts it leaves (eighth review: seven default tier machines drew 1,435.6-1,439.1 W); one with room
    says nothing of it."""
    cfg = TierConfig()
    # 2 x 600 W + 100 W: over the outlet uncapped, capped to fit within a few watts of it
    circuit, cap, words = circuit_for(RULES["2gpu"], 1200.0, 100.0, 1440.0, cfg)
    capped = wall_draw(1200.0 * cap / 100 + 100.0, cfg.psu_efficiency)
    assert circuit == "outlet" and cap < 100 and 1440 - SHARED_CIRCUIT_W < capped <= 1440
    assert f"it leaves {1440 - capped:,.0f} W of the circuit's continuous rating: {OWN_CIRCUIT}" in words, (
        words
    )
    assert words.endswith(CAP_AT_BOOT)
    # uncapped, 1,350 W at the wall: 90 W left
    circuit, cap, words = circuit_for(RULES["2gpu"], 1350.0 * cfg.psu_efficiency - 100.0, 100.0, 1440.0, cfg)
    assert (circuit, cap) == ("outlet", 100.0) and "it leaves 90 W" in words and OWN_CIRCUIT in words, words
    # 1,000 W at the wall: room for a monitor, nothing said
    circuit, cap, words = circuit_for(RULES["2gpu"], 1000.0 * cfg.psu_efficiency - 100.0, 100.0, 1440.0, cfg)
    assert (circuit, cap) == (
        "outlet",
        100.0,
    ) and words == "1,000 W at the wall fits a 120 V 15 A outlet (1,440 W continuous)"
    assert power_words(
        {"wall_draw_w": 1436.0, "circuit": "outlet", "power_cap_pct": 93.0, "notes": words}
    ) == ("1,436 W from a standard outlet capped to 93% (a limit to set at every boot, persistence on)")
    # with the cards' capped draw, the limit in watts (thirty-first review): 2 x 575 W at 93% is 534 W a card
    two_5090 = {
        "wall_draw_w": 1436.0,
        "circuit": "outlet",
        "power_cap_pct": 93.0,
        "gpu_count": 2,
        "gpu_draw_w": 1069.5,
    }
    assert power_words(two_5090) == (
        "1,436 W from a standard outlet capped to 93% (534 W: nvidia-smi -pl 534; a limit to set at every boot, "
        "persistence on)"
    )
    row = {
        "wall_draw_w": 1436.0,
        "circuit": "outlet",
        "power_cap_pct": 93.0,
        "circuit_note": circuit_room(1436, 1440),
    }
    assert power_words(row).endswith(f"persistence on); {OWN_CIRCUIT}")
    # where the rating is the socket's and plug's (UK, Schuko: regions.csv continuous_limit), the socket to itself
    socket = circuit_room(1836, 1840, SOCKET)
    assert OWN_SOCKET in socket and OWN_CIRCUIT not in socket and "no extension lead" in socket
    assert power_words({**row, "circuit_note": socket}).endswith(f"persistence on); {OWN_SOCKET}")


def test_a_value_difference_that_rounds_to_nothing_is_said_as_about_the_same():
    """Twenty-eighth review: "faster and more value per USD ... 0% more value per USD of TCO" for 0.1% more."""
    assert value_words(0.001) == value_words(-0.004) == "about the same value per USD of TCO"
    assert (
        value_words(0.005) == value_words(-0.005) == "about the same value per USD of TCO"
    )  # 0.5% rounds to 0%
    assert value_words(0.006) == "1% more value per USD of TCO"
    assert value_words(0.02) == "2% more value per USD of TCO"
    assert value_words(-0.13, "value per USD") == "13% less value per USD"


def test_a_named_alternative_machine_says_what_its_answer_would():
    """Twenty-ninth review: a "faster" 4 x RTX 5070 Ti on 1 W of the circuit, 4 of the 5 listed, was named without
    "give it the circuit to itself" or its thin supply (A1), which the same machine says as an answer."""
    full = circuit_room(1439.1, 1440.0)
    assert _what_to_know({"gpu_count": 4, "listings_available": 5, "circuit_note": f"fits{full}"}) == (
        f", {OWN_CIRCUIT}, thin supply (A1): it takes 4 of the 5 listed today"
    )
    socket = circuit_room(3600.0, 3680.0, SOCKET)
    assert (
        _what_to_know({"gpu_count": 2, "listings_available": 9, "circuit_note": socket}) == f", {OWN_SOCKET}"
    )
    assert _what_to_know({"gpu_count": 2, "listings_available": 9, "circuit_note": "fits"}) == ""


def test_a_training_budget_names_a_faster_machine_at_about_its_value():
    """G5 takes memory per card among the machines near the best value, so a budget may buy one big card where
    four smaller ones train 1.7 times as fast at more value per USD: the row names that machine (fifth review:
    every used vision budget from 5,000 to 30,000 USD on the sample bought one RTX 5090). A machine named must
    be at least 1.25 times as fast, within 20% of the choice's value; a budget whose choice is the fastest such
    machine names none."""
    big = card("rtx-5090", 3000, 1.9, 32, 575, slots=3, arch="Blackwell", n=20, connectors="1x 16-pin")
    fast = card("rtx-5070-ti", 750, 0.95, 16, 300, slots=2, arch="Blackwell", n=20)
    builds = budget_builds(*frames([big, fast]), PLATFORMS, PARTS, NO_SCALING, budgets=(3_000, 5_000, 10_000))
    vision = {r["budget_usd"]: r for r in builds.filter(pl.col("use_case") == "vision").iter_rows(named=True)}
    five = vision[5_000]
    assert (five["gpu_count"], five["model_id"]) == (1, "rtx-5090")
    # after what the budget's rule picks without the cards' forecast resale, where that differs (thirty-fourth review)
    named = five["faster_alternative"]
    named = named[named.index("faster and more value") :]
    # more value too, so it lost on memory per card alone; capped to fit the outlet, and the row says so
    assert named.startswith(
        "faster and more value per USD within the budget (this one has more memory per card, G5): 4 x RTX-5070-TI "
        "(4gpu, "
    )
    # and what its answer would say of it: the circuit to itself at 1 W from the rating (twenty-ninth review)
    assert re.search(
        r"USD, capped to 86% per card \(\d+ W: nvidia-smi -pl \d+\), give it the circuit to itself\)", named
    )
    ratio = float(named.split("x this one")[0].rsplit(", ", 1)[1])
    assert ratio >= 1.25 and "more value per USD of TCO, 16 GB per card" in named and named in five["notes"]
    assert vision[3_000]["faster_alternative"] is None  # 2 x RTX 5070 Ti, the fastest machine it buys
    # 10,000 USD: four RTX 5070 Ti on the X99 frame set the best value, the two-card RTX 5090 machine falls outside
    # 80% of it, and the budget takes one RTX 5090 (its 32 GB), naming the two-card one beside it
    ten = vision[10_000]
    assert (ten["model_id"], ten["gpu_count"]) == ("rtx-5090", 1)
    assert ten["faster_alternative"][ten["faster_alternative"].index("faster within") :].startswith(
        "faster within the budget at about this value: 2 x RTX-5090 (2gpu, "
    )
    llm = builds.filter(pl.col("use_case") == "llm")
    assert llm["faster_alternative"].is_null().all()  # LLM budgets take the largest model, then the fastest


def test_a_choice_that_rests_on_resale_says_so():
    """Sixth review: 4 new RTX 6000 Ada beat 4 new RTX A6000 by 11.9% only through the resale the cost model
    expects (13,950 USD observed against 5,837 fitted); without it the A6000 machine gives 12.6% more. The row's
    notes say which resale decides, and say nothing where the choice wins without it."""
    from transforms.tiers.build_tiers import _resale_decides

    ada = {
        "total_relative_perf": 41.2,
        "tco_usd": 20_168,
        "resale_usd": 13_950,
        "resale_basis": "observed: ...",
    }
    a6000 = {
        "total_relative_perf": 32.5,
        "tco_usd": 18_040,
        "resale_usd": 5_837,
        "resale_basis": "fitted: ...",
    }
    for m in (ada, a6000):
        m["perf_per_1k_usd_tco"] = m["total_relative_perf"] / m["tco_usd"] * 1000
    words = _resale_decides(ada, a6000)
    bought_and_powered = (32.5 / (18_040 + 5_837)) / (
        41.2 / (20_168 + 13_950)
    ) - 1  # 12.7% on these rounded figures
    assert words.startswith(
        f"resale decides: without it the runner-up gives {bought_and_powered:.1%} more per USD"
    )
    assert 0.12 < bought_and_powered < 0.13
    assert "13,950 USD (observed)" in words and "5,837 USD (fitted" in words
    # a region's machine says it in the buyer's currency, as its other notes (code review: USD beside EUR)
    euro = _resale_decides(ada, a6000, TierConfig(currency="EUR", usd_per_unit=1.25))
    assert "more per EUR" in euro and "11,160 EUR (observed)" in euro and "4,670 EUR (fitted" in euro, euro
    assert _resale_decides(a6000 | {"total_relative_perf": 50.0}, ada) is None  # it wins without resale too
    assert _resale_decides(ada | {"resale_usd": None}, a6000) is None
    # chosen for another reason (D16: a newer architecture within 5% of the best value), resale equal: no such note
    newer = {"total_relative_perf": 1.95, "tco_usd": 1_000, "resale_usd": 600, "perf_per_1k_usd_tco": 1.95}
    older = {"total_relative_perf": 2.0, "tco_usd": 1_000, "resale_usd": 600, "perf_per_1k_usd_tco": 2.0}
    assert _resale_decides(newer, older) is None
    # ... but where the runner-up's lead without resale is over D16's 5%, D16 would not have chosen it: the resale
    # decides, and says so (thirty-fourth review: a German used RTX 5090 machine 0.96% behind a 3090 one through its
    # resale of 1,242 EUR, 9.4% behind without it)
    tco_5090, tco_3090 = 4_000, 1_460  # the machines' costs less their resale (tco_usd)
    used_5090 = {
        "total_relative_perf": 43.0,
        "tco_usd": tco_5090,
        "resale_usd": 1_200,
        "resale_basis": "fitted: x",
    }
    used_3090 = {
        "total_relative_perf": 16.0,
        "tco_usd": tco_3090,
        "resale_usd": 280,
        "resale_basis": "fitted: y",
    }
    used_5090["architecture"], used_3090["architecture"] = "Blackwell", "Ampere"
    for m in (used_5090, used_3090):
        m["perf_per_1k_usd_tco"] = m["total_relative_perf"] / m["tco_usd"] * 1000
    assert used_5090["perf_per_1k_usd_tco"] < used_3090["perf_per_1k_usd_tco"]  # D16's choice
    lead = (16.0 / (tco_3090 + 280)) / (43.0 / (tco_5090 + 1_200)) - 1
    assert lead > 0.05
    assert _resale_decides(used_5090, used_3090).startswith(
        f"resale decides: without it the runner-up gives {lead:.1%} more per USD"
    )
    # within 5% without resale too: D16's choice stands on its own
    near = used_3090 | {"total_relative_perf": 16.5, "resale_usd": 500}
    near["perf_per_1k_usd_tco"] = near["total_relative_perf"] / near["tco_usd"] * 1000
    assert used_5090["perf_per_1k_usd_tco"] < near["perf_per_1k_usd_tco"]
    assert 0 < (16.5 / (tco_3090 + 500)) / (43.0 / (tco_5090 + 1_200)) - 1 < 0.05
    assert _resale_decides(used_5090, near) is None
    # the same test where the newer choice leads with its resale (code review: a US 4 x RTX 5070 Ti machine, 0.7% behind
    # a 2080 Ti one without it, is D16's choice either way), and D16's own edge: within 5% of the runner-up's value
    # means at least 95% of it, a lead of up to 5.26%
    without = (
        43.0 / (tco_5090 + 1_200) * (tco_3090 + 280)
    )  # the 3090's perf that matches the 5090 without resale
    ahead = used_3090 | {"total_relative_perf": without * 1.007}
    ahead["perf_per_1k_usd_tco"] = ahead["total_relative_perf"] / ahead["tco_usd"] * 1000
    assert used_5090["perf_per_1k_usd_tco"] > ahead["perf_per_1k_usd_tco"]
    assert _resale_decides(used_5090, ahead) is None
    edge = used_3090 | {"total_relative_perf": without / 0.951}
    edge["perf_per_1k_usd_tco"] = edge["total_relative_perf"] / edge["tco_usd"] * 1000
    assert _resale_decides(used_5090, edge) is None  # a 5.15% lead: D16 still chooses the newer card
    assert _resale_decides(used_5090, used_3090 | {"total_relative_perf": without / 0.949}) is not None
    # an older card chosen over a newer runner-up (more than 5% ahead with its resale): the resale decides where,
    # without it, the newer card comes within D16's 5% and D16 would take it (second code review)
    ampere = {"total_relative_perf": 10.6, "tco_usd": 1_000, "resale_usd": 20, "architecture": "Ampere"}
    blackwell = {"total_relative_perf": 10.0, "tco_usd": 1_000, "resale_usd": 0, "architecture": "Blackwell"}
    for m in (ampere, blackwell):
        m["perf_per_1k_usd_tco"] = m["total_relative_perf"] / m["tco_usd"] * 1000
    assert ampere["perf_per_1k_usd_tco"] > blackwell["perf_per_1k_usd_tco"] / 0.95  # chosen with the resale
    assert 10.0 / 1_000 >= 10.6 / 1_020 * 0.95  # within D16's 5% without it
    assert _resale_decides(ampere, blackwell).startswith(
        "resale decides: without it the runner-up, of a newer architecture, is within 5% of it (3.8% less per USD) "
        "and D16 would take it; the cards of this machine resell for 20 USD"
    ), _resale_decides(ampere, blackwell)
    far = {**ampere, "total_relative_perf": 11.5, "resale_usd": 20}
    far["perf_per_1k_usd_tco"] = far["total_relative_perf"] / far["tco_usd"] * 1000
    assert 10.0 / 1_000 < 11.5 / 1_020 * 0.95 and _resale_decides(far, blackwell) is None  # D16 stays out


def test_a1_thin_supply_is_most_of_the_days_listings_of_the_card():
    """Rule A1 (eleventh review): four cards of five listed is thin, four of six is not; one card never is (a price
    rests on three listings or more); the notes, the dashboard's answer line and the export use the same rule."""
    from dashboards.answer import _listed
    from transforms.tiers.build_tiers import supply_words, thin_supply

    assert thin_supply(4, 5) and thin_supply(4, 4) and thin_supply(2, 2) and thin_supply(8, 10)
    assert (
        not thin_supply(4, 6) and not thin_supply(1, 1) and not thin_supply(2, 3) and not thin_supply(4, None)
    )
    assert supply_words(4, 6) == "6 listed today"
    assert supply_words(4, 5).startswith("5 listed today: thin supply (A1), the machine takes 4 of them")
    assert (
        _listed({"gpu_count": 4, "listings_available": 5})
        == "thin supply (A1): it takes 4 of the 5 listed today"
    )
    assert _listed({"gpu_count": 1, "listings_available": 5}) == "5 listed"
    four = card("a6000", 4500, 1.2, 48, 300, slots=2, cooling="blower", n=5)
    notes = row(tiers([four]), "4gpu", use_case="llm")["notes"]
    assert "5 listed today: thin supply (A1), the machine takes 4 of them" in notes
    plenty = row(
        tiers([card("a6000", 4500, 1.2, 48, 300, slots=2, cooling="blower", n=6)]), "4gpu", use_case="llm"
    )
    assert "6 listed today" in plenty["notes"] and "thin supply" not in plenty["notes"]
    # a budget that buys the same machine says it too (twelfth review: the budget answers did not)
    builds = budget_builds(*frames([four]), PLATFORMS, PARTS, NO_SCALING, budgets=(30_000,))
    four_card = [r for r in builds.iter_rows(named=True) if r["gpu_count"] == 4]
    assert four_card and all("thin supply (A1), the machine takes 4 of them" in r["notes"] for r in four_card)


def test_a_parts_table_without_a_sized_part_fails_with_its_name_not_a_ranking_error():
    """A warehouse whose marts.platform_parts predates a part (the open-air frame, 2026-11-27) made every riser
    machine's value NaN and failed the tier ranking with `max() arg is an empty sequence`; now the table is named."""
    with pytest.raises(ValueError, match="no price for open_frame .*materialize marts/platform_parts"):
        PartPrices.from_frame(PARTS.filter(pl.col("part") != "open_frame"))


def test_no_machine_qualifies_names_the_model_no_card_holds_first():
    """Thirteenth review: in DE and GB the 4-card LLM tier said "no machine qualifies" with ten seating reasons;
    the one that decided, the tier's model held by no card priced there, was one card's and fell past the tenth."""
    seating = Counter({f"4 x {w}-slot cards: 4 of 4 would go on riser cables ({w})": 2 for w in range(2, 14)})
    why = seating + Counter({f"{DOES_NOT_HOLD}qwen3-235b-a22b-q4km-8k (138 GiB on 4 cards)": 1})
    words = _summary(why, floor_rejects=5, floor=24)
    assert words.startswith(
        "no machine qualifies: does not hold qwen3-235b-a22b-q4km-8k (138 GiB on 4 cards) (1); "
        "under 24 GB (5); 4 x "
    ), words
    assert words.count("; ") == 9  # still ten reasons at most
    # otherwise the most common first
    common = seating + Counter({"4 x 5-slot cards: 4 of 4 would go on riser cables (5)": 1})
    assert _summary(common, 0, 24).startswith("no machine qualifies: 4 x 5-slot cards"), _summary(
        common, 0, 24
    )


def test_an_x8_card_gets_x8_and_in_a_pcie_3_desktop_says_it_is_g9s_floor():
    """Thirteenth review: an RTX 4060 Ti 16GB (an x8 interface, warehouse/catalog/gpu_pcie_lanes.csv) in the
    beginner's PCIe 3.0 desktop was reported x16 and meeting D5. A machine's lanes per GPU are the lesser of the
    slot's and the card's own; a card without a figure takes the slot's."""
    narrow = card("x8-card", 400, 0.4, 16, 165, lanes=8)
    wide = card("x16-card", 400, 0.4, 16, 165, lanes=16)
    unknown = card("card", 400, 0.4, 16, 165)
    beginner = {}
    for c in (narrow, wide, unknown):
        out = tiers([c])
        beginner[c["model_id"]] = row(out, "beginner", "beginner")
        one = row(out, "1gpu")
        assert one["pcie_lanes_per_gpu"] == (8 if c is narrow else 16)
        assert one["meets_d2l_x16"] is (c is not narrow)
    b = beginner["x8-card"]
    assert (b["pcie_gen"], b["pcie_lanes_per_gpu"], b["meets_d2l_x16"]) == (3, 8, False)
    assert "x8 per GPU, the card's own interface; in PCIe 3.0 slots x8 is G9's floor" in b["notes"], b[
        "notes"
    ]
    for other in ("x16-card", "card"):
        assert (beginner[other]["pcie_lanes_per_gpu"], beginner[other]["meets_d2l_x16"]) == (16, True)
        assert "own interface" not in beginner[other]["notes"]


def test_a_machine_over_a_sockets_rating_needs_a_socket_for_hours_of_load_not_an_own_circuit():
    """Code review of the thirteenth review's fix: where the continuous rating is the socket's and plug's (on a
    circuit rated higher), a machine over it even capped needs a socket rated for hours of load, or a circuit of
    its own; where it is the circuit's, a circuit with a higher rating."""
    socket = TierConfig(mains_volts=230.0, mains_amps=16.0, continuous_fraction=0.5, continuous_limit=SOCKET)
    circuit, cap, words = circuit_for(RULES["4gpu"], 2400.0, 200.0, 1840.0, socket)
    assert (circuit, cap) == ("dedicated", 100.0)
    assert words.endswith(
        "a socket rated for hours of load, or a circuit of its own (an electrician's work)"
    ), words
    _, _, words = circuit_for(
        RULES["4gpu"], 2400.0, 200.0, 1840.0, replace(socket, continuous_limit="circuit")
    )
    assert words.endswith("a circuit of its own with a higher rating"), words


def test_a_uk_machine_over_3_a_says_what_lead_it_needs():
    """Thirty-fourth review: a UK plug carries its own fuse, and one whose fuse is not known takes 3 A up to 700 W; a
    machine drawing more (over 690 W at 230 V) says its mains lead must be rated for it: the next BS 1362 fuse over
    its current and, above a thin cord's 6 A, a cord of 1.0 mm2 or thicker, not a bigger fuse on a thinner lead (two
    code reviews); capped or not. A machine under it, a region without fused plugs (Schuko) and the US say nothing."""
    gb = TierConfig(
        mains_volts=230.0,
        mains_amps=13.0,
        continuous_fraction=8 / 13,
        continuous_limit=SOCKET,
        fused_plug=True,
    )
    regions = load_regions()
    assert region_config(
        regions.filter(pl.col("region") == "GB").row(0, named=True), TierConfig(), 1.3
    ).fused_plug
    assert not region_config(
        regions.filter(pl.col("region") == "DE").row(0, named=True), TierConfig(), 1.1
    ).fused_plug
    _, cap, words = circuit_for(RULES["2gpu"], 1150.0, 250.0, 1840.0, gb)  # 1,609 W at the wall: 7.0 A
    assert (
        cap == 100.0
        and (
            "; at 7.0 A its mains lead must be rated for it: its plug's fuse (BS 1362, marked on a moulded plug) 10 A or "
            "more; above 6 A a cord of 1.0 mm2 or thicker, not a bigger fuse on a thinner lead"
        )
        in words
    ), words
    _, cap, words = circuit_for(RULES["4gpu"], 1600.0, 250.0, 1840.0, gb)  # capped to fit: still over 6 A
    assert cap < 100 and "plug's fuse (BS 1362, marked on a moulded plug) 10 A or more" in words, words
    assert words.endswith(CAP_AT_BOOT), words
    _, _, words = circuit_for(RULES["1gpu"], 450.0, 200.0, 1840.0, gb)  # 747 W: 3.2 A, over a 3 A fuse
    assert (
        "at 3.2 A its mains lead must be rated for it: its plug's fuse" in words
        and " 5 A or more, not" in words
    )
    assert "1.0 mm2" not in words, words  # a thin cord carries 3.2 A
    _, _, words = circuit_for(RULES["1gpu"], 300.0, 150.0, 1840.0, gb)  # 517 W: 2.2 A
    assert "fuse" not in words, words
    # the tables' circuit says it in a few words (they have no notes column)
    row = {"circuit": "outlet", "circuit_note": words, "notes": ""}
    assert circuit_words(row) == "outlet"
    row["circuit_note"] = circuit_for(RULES["2gpu"], 1150.0, 250.0, 1840.0, gb)[2]
    assert circuit_words(row) == "outlet, a lead rated for it", circuit_words(row)
    for other in (replace(gb, fused_plug=False), TierConfig()):
        assert "fuse" not in circuit_for(RULES["2gpu"], 700.0, 250.0, other.mains_volts * 8, other)[2]


def test_a_training_budget_names_a_machine_nearly_as_fast_for_less():
    """Seventeenth review: used, 3,000 USD bought 2 x RTX 5080 (2,983 USD) where 2 x RTX 5070 Ti, 91% of the
    throughput for 74% of the price, went unnamed (the rule takes the most throughput among the good buys of the same
    memory per card). Where no faster machine is named, one with at least the choice's memory per card, at least 90%
    of its throughput and at most 85% of its price is; a machine of less memory per card never is."""
    dear = card("rtx-5080", 1050, 1.15, 16, 360, arch="Blackwell", n=20)
    cheap = card("rtx-5070-ti", 680, 1.05, 16, 300, arch="Blackwell", n=20)
    small = card("small", 800, 1.05, 12, 200, arch="Blackwell", n=20)
    builds = budget_builds(*frames([dear, cheap]), PLATFORMS, PARTS, NO_SCALING, budgets=(2_000,))
    row = builds.filter((pl.col("use_case") == "vision") & (pl.col("condition") == "used")).row(0, named=True)
    assert (row["gpu_count"], row["model_id"]) == (1, "rtx-5080"), row["notes"]
    named = row["faster_alternative"]
    assert named.startswith("nearly as fast for less within the budget: 1 x RTX-5070-TI (1gpu, "), named
    share, price = (
        float(x) / 100 for x in re.findall(r"(\d+)% of (?:this one's throughput|its price)", named)
    )
    assert share >= 0.9 and price <= 0.85 and "16 GB per card" in named and named in row["notes"]
    # a cheaper machine of less memory per card is no alternative to a choice made on memory (G5)
    alone = budget_builds(*frames([dear, small]), PLATFORMS, PARTS, NO_SCALING, budgets=(2_000,))
    other = alone.filter((pl.col("use_case") == "vision") & (pl.col("condition") == "used")).row(
        0, named=True
    )
    assert other["model_id"] == "rtx-5080" and not (other["faster_alternative"] or "").startswith("nearly")


def test_a_training_budget_names_a_markedly_faster_machine_on_a_dedicated_circuit_beside_its_answer():
    """Twenty-sixth review's code review: the training branch of the dedicated alternative. One card, a 350 W 24 GB
    board: two run from the outlet, four need more than a 120 V 15 A circuit carries. The answer of a budget that
    buys both stays the outlet machine (O1); the four-card machine, at least 1.25 times as fast at about its value,
    is named beside it with the circuit it needs; a budget that buys only the outlet machines names none."""
    b = budget_builds(
        *frames([card("3090", 745, 1.0, 24, 350, slots=2, n=12)]),
        PLATFORMS,
        PARTS,
        NO_SCALING,
        budgets=(3_000, 20_000),
        use_cases={"vision": 12},
    ).filter(pl.col("condition") == "used")
    rich = b.filter(pl.col("budget_usd") == 20_000).row(0, named=True)
    assert rich["circuit"] == "outlet" and rich["gpu_count"] <= 2
    named = rich["faster_alternative"].split("on a dedicated circuit within the budget (", 1)[1]
    assert (
        named.startswith("a 20 A 120 V circuit")
        and "; the circuit not priced, an electrician's job): 4 x 3090 (" in named
        and " W at the wall, PSU " in named
    )
    ratio = float(named.split("x this one")[0].rsplit(", ", 1)[1])
    assert ratio >= 1.25
    poor = b.filter(pl.col("budget_usd") == 3_000).row(0, named=True)
    assert "dedicated circuit" not in (poor["faster_alternative"] or "")


def test_an_answer_on_thin_supply_names_the_rules_answer_without_its_card():
    """Twenty-ninth review: a budget's machine that takes 4 of the 5 cards listed (A1) names the machine the same
    rule chooses without that card: the answer of the same budgets over the market without it."""
    thin = card("rtx-5070-ti", 650, 0.95, 16, 300, slots=2, arch="Blackwell", n=5)
    # dear enough that four of the cheaper card are the best value, and its 32 GB does not pull the answer over
    other = card("rtx-5090", 3400, 1.6, 32, 575, slots=3, arch="Blackwell", n=6, connectors="1x 16-pin")
    budgets = (5_000, 10_000, 15_000)
    both = budget_builds(*frames([thin, other]), PLATFORMS, PARTS, NO_SCALING, budgets=budgets)
    alone = budget_builds(*frames([other]), PLATFORMS, PARTS, NO_SCALING, budgets=budgets)
    answers = {
        (r["use_case"], r["condition"], r["budget_usd"]): r
        for r in alone.iter_rows(named=True)
        if r["model_id"]
    }
    named = 0
    for r in both.filter(pl.col("model_id") == "rtx-5070-ti").iter_rows(named=True):
        words = r["faster_alternative"] or ""
        if r["gpu_count"] < 4:  # 1 or 2 of 5 listed: no thin supply, no plan B
            assert "sells out" not in words
            continue
        b = answers[(r["use_case"], r["condition"], r["budget_usd"])]
        assert (
            f"if the RTX-5070-TI sells out, the rule's answer without it: {b['gpu_count']} x {b['gpu_name']} "
            f"({b['tier']}, {b['platform_id']}, {b['total_build_cost_usd']:,.0f} USD"
        ) in words, words
        named += 1
    assert named


def test_rule_b1_a_new_machine_buys_at_the_cards_price_and_resells_at_the_share_of_its_median():
    """Rule B1: a new machine's first card is bought at price_usd (further ones at the median), and its resale
    is the share of the card's median that cost_model gives (code review of 2026-11-28: the resale shrank with what
    B1 saved on the purchase, so a new RTX 5090's TCO was about 290 USD too high)."""
    c = flat(card("rtx-5090", 2850.0, 2.0, 32, 575, condition="new", slots=3.0))
    c = {**c, "resale_fraction": 0.5, "resale_basis": "x"}
    platform = PLATS["am5_single_new"]
    at_median = evaluate(RULES["1gpu"], c, platform, TierConfig(), PRICES, NO_SCALING)
    at_quartile = evaluate(
        RULES["1gpu"], {**c, "price_usd": 2260.0}, platform, TierConfig(), PRICES, NO_SCALING
    )
    assert at_median["gpu_total_price"] == 2850.0 and at_quartile["gpu_total_price"] == 2260.0
    assert at_quartile["unit_price"] == 2260.0
    assert at_median["resale_usd"] == at_quartile["resale_usd"] == pytest.approx(2850.0 * 0.5)
    assert at_quartile["tco_usd"] == pytest.approx(at_median["tco_usd"] - (2850.0 - 2260.0))


def test_a_cap_gives_watts_only_from_the_cards_own_board_power():
    """Code review of 2026-11-28: a card without a board power is budgeted at D2's 350 W; its cap in watts would be
    an assumption read as a fact, so the machine's words give the percentage alone and its draw is not carried into
    a budget answer's watts."""
    guide = TierConfig(mains_volts=120.0, mains_amps=15.0, continuous_fraction=1.0)
    platform = {**PLATS["trx50_quad_new"], "cpu_w": 300, "platform_w": 100}
    known = flat(card("rtx-3090", 745, 1.0, 24, 350, slots=2.0, cooling="blower", psu=750))
    unknown = {**known, "tdp_w": None}
    m_known = evaluate(RULES["4gpu"], known, platform, guide, PRICES, NO_SCALING)
    m_unknown = evaluate(RULES["4gpu"], unknown, platform, guide, PRICES, NO_SCALING)
    assert m_known["power_cap_pct"] == m_unknown["power_cap_pct"] < 100  # the same 350 W either way
    assert "W: nvidia-smi -pl" in m_known["circuit_note"] and m_known["board_power_known"]
    assert "W: nvidia-smi -pl" not in m_unknown["circuit_note"] and not m_unknown["board_power_known"]
    assert f"capped to {m_unknown['power_cap_pct']:.0f}% per GPU to fit" in m_unknown["circuit_note"]


def test_a_machine_of_eps_powered_cards_says_what_its_psu_must_feed_them():
    """Review of 2026-11-28: RTX A6000 machines warned that a PSU's PCIe lead does not fit the card and never said what
    powers it; an ATX unit ships one or two EPS leads for the board, and bulk OEM cards come without an adapter. A
    machine of cards on 8-pin EPS sockets names the leads its unit needs; a server's chassis feeds its own."""
    a6000 = flat(
        card("rtx-a6000", 4490.0, 1.2, 48, 300, slots=2.0, cooling="blower", connectors="1x 8-pin CPU (EPS)")
    )
    m = evaluate(RULES["4gpu"], a6000, PLATS["w790_quad_new"], TierConfig(), PRICES, NO_SCALING)
    assert m["eps_8pin_cables"] == 4
    assert m["psu_config"].endswith(EPS_LEADS.format(n=4)), m["psu_config"]
    pcie = evaluate(
        RULES["4gpu"],
        flat(card("rtx-a5000", 1500.0, 1.0, 24, 230, slots=2.0, cooling="blower")),
        PLATS["w790_quad_new"],
        TierConfig(),
        PRICES,
        NO_SCALING,
    )
    assert "EPS" not in pcie["psu_config"]
