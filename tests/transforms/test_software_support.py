"""Software support (S1), precision per use case (S2) and D16 by architecture (issue 34)."""

from datetime import date

import polars as pl
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.transforms.test_tiers_machines import NO_SCALING, PARTS, PLATFORMS, card, frames, row, tiers
from transforms.budget_picks import budget_picks
from transforms.gpu_value import EPS_WORDS, PASSIVE_WORDS, gpu_value
from transforms.tiers.budget_builds import budget_builds
from transforms.tiers.build_tiers import rank_machines
from transforms.tiers.config import TierConfig
from transforms.tiers.rules import ARCHITECTURE_ORDER, D16_CLOSE
from transforms.tiers.software_support import (
    support_blocker,
    support_blocks,
    support_gaps,
    support_reason,
    support_table,
)
from warehouse.catalog import load_catalog, load_compute_targets, load_software_support

DAY = date(2026, 11, 25)
CATALOG = load_catalog()
TARGETS = load_compute_targets()
FACTS = load_software_support()
SUPPORT = support_table(
    CATALOG.select("model_id", "vendor", "architecture", "has_tensor_cores"), TARGETS, FACTS
)
BY_ID = {r["model_id"]: r for r in SUPPORT.iter_rows(named=True)}


def test_every_support_fact_has_a_source_and_every_model_a_target():
    assert FACTS["source"].str.starts_with("https://").all()
    assert set(FACTS["source_kind"]) <= {"vendor", "secondary", "vendor_unverified"}
    assert set(TARGETS["source"].str.slice(0, 8)) == {"https://"}
    assert set(TARGETS["model_id"]) == set(CATALOG["model_id"])
    specs = CATALOG.join(SUPPORT.select("model_id", "software_support"), on="model_id")
    assert support_gaps(specs, TARGETS, FACTS, ARCHITECTURE_ORDER).is_empty()
    assert SUPPORT["software_support"].is_in(["current", "legacy", "ended"]).all()


@pytest.mark.parametrize(
    ("model_id", "status", "label", "bf16", "fp16_tensor"),
    [
        ("tesla-v100-pcie-32gb", "legacy", "CUDA 12 and PyTorch up to 2.14", False, True),
        ("tesla-v100-sxm2-16gb", "legacy", "CUDA 12 and PyTorch up to 2.14", False, True),
        ("tesla-p40", "legacy", "CUDA 12 and PyTorch up to 2.14", False, False),
        ("gtx-1080-ti", "legacy", "CUDA 12 and PyTorch up to 2.14", False, False),
        ("titan-x-maxwell", "legacy", "CUDA 12 and PyTorch up to 2.14", False, False),
        ("instinct-mi50", "ended", "ROCm support ended", False, False),
        ("rtx-2080-ti", "current", "CUDA 13", False, True),
        ("gtx-1660-super", "current", "CUDA 13", False, False),  # sm_75 without tensor cores
        ("rtx-3090", "current", "CUDA 13", True, True),
        ("rtx-5090", "current", "CUDA 13", True, True),
        # not on AMD's ROCm list, which names only the PRO W6800 and V620 of gfx1030 (eleventh review: "current")
        ("rx-6800", "legacy", "not on ROCm's support list", False, False),
        ("rx-6950-xt", "legacy", "not on ROCm's support list", False, False),
    ],
)
def test_the_support_of_known_cards(model_id, status, label, bf16, fp16_tensor):
    r = BY_ID[model_id]
    assert (r["software_support"], r["support_label"], r["bf16"], r["fp16_tensor"]) == (
        status,
        label,
        bf16,
        fp16_tensor,
    )
    assert r["support_sources"] and r["support_note"].startswith(r["compute_target"])


def test_legacy_nvidia_support_ends_with_its_driver_branch_and_the_horizon_sees_it():
    v100 = BY_ID["tesla-v100-pcie-32gb"]
    assert v100["support_ends"] == date(2028, 8, 31)  # R580, NVIDIA's last branch for Volta
    assert "R580" in v100["support_note"] and "CUDA 13 removed" in v100["support_note"]
    # twenty-eighth review: the label alone did not say that the driver branch ends within the horizon
    assert (
        support_reason(v100, DAY, 3)
        == "CUDA 12 and PyTorch up to 2.14, support ends 2028-08, within the 3-year horizon"
    )
    assert (
        support_reason(v100, DAY, 1) == "CUDA 12 and PyTorch up to 2.14"
    )  # the end is past a 1-year horizon
    assert (
        support_reason(v100, date(2029, 1, 1), 3) == "CUDA 12 and PyTorch up to 2.14, support ended 2028-08"
    )
    # thirty-first review: the driver's end was the only date; PyTorch 2.15 (2026-10-28) has no wheel for Volta, so the
    # label names the last release that has, and the note and sources say where that comes from
    assert "PyTorch's wheels for it ended with 2.14" in v100["support_note"]
    assert "dev-discuss.pytorch.org" in v100["support_sources"]
    assert BY_ID["tesla-t4"]["support_label"] == "CUDA 13"  # Turing is in the CUDA 13 wheels
    mi50 = BY_ID["instinct-mi50"]
    assert support_reason(mi50, DAY, 3) == f"ROCm support ended ({mi50['support_ends'].isoformat()[:7]})"
    current = {**BY_ID["rtx-3090"], "support_ends": date(2028, 1, 31)}  # an announced end within 3 years
    assert support_reason(current, DAY, 3) == "support ends 2028-01, within the 3-year horizon"
    assert support_reason(current, DAY, 1) is None


def test_a_model_without_target_or_known_architecture_is_unknown_and_reported():
    models = pl.DataFrame(
        {"model_id": ["mystery"], "vendor": ["nvidia"], "architecture": ["Rubin"], "has_tensor_cores": [True]}
    )
    table = support_table(models, TARGETS, FACTS)
    assert table["software_support"].to_list() == ["unknown"]
    gaps = support_gaps(models.join(table, on="model_id"), TARGETS, FACTS, ARCHITECTURE_ORDER)
    assert {"no compute target", "architecture 'Rubin' not in D16's order"} <= set(gaps["problem"])
    bad_fact = FACTS.head(1).with_columns(source=pl.lit(""))
    assert "fact without a source URL" in set(
        support_gaps(models.head(0), TARGETS, bad_fact, ARCHITECTURE_ORDER)["problem"]
    )


@settings(max_examples=60, deadline=None)
@given(
    model=st.sampled_from(sorted(BY_ID)),
    days=st.integers(-2000, 2000),
    horizon=st.sampled_from([0.5, 1.0, 3.0, 5.0]),
    ends=st.one_of(st.none(), st.dates(date(2024, 1, 1), date(2032, 12, 31))),
)
def test_the_polars_rule_says_what_the_python_rule_says(model, days, horizon, ends):
    day = date.fromordinal(DAY.toordinal() + days)
    card_row = {
        **BY_ID[model],
        "support_ends": ends
        if BY_ID[model]["software_support"] == "current"
        else BY_ID[model]["support_ends"],
    }
    frame = pl.DataFrame([card_row | {"snapshot_date": day}]).with_columns(
        pl.col("support_ends").cast(pl.Date)
    )
    assert frame.select(support_blocker(pl.col("snapshot_date"), horizon)).item() == support_reason(
        card_row, day, horizon
    )
    # and the boolean the marts test every row with (no words formed) says the same
    assert frame.select(support_blocks(pl.col("snapshot_date"), horizon)).item() == (
        support_reason(card_row, day, horizon) is not None
    )


# machines: legacy cards that would win on value never reach a default machine, budget build or pick
def _legacy_market():
    return [
        card("v100", 250, 0.9, 32, 250, cooling="blower", arch="Volta", support="legacy", bf16=False),
        card(
            "p40",
            180,
            0.5,
            24,
            250,
            cooling="blower",
            arch="Pascal",
            support="legacy",
            bf16=False,
            fp16_tensor=False,
        ),
        card(
            "gtx1080ti",
            150,
            0.45,
            11,
            250,
            cooling="blower",
            arch="Pascal",
            support="legacy",
            bf16=False,
            fp16_tensor=False,
        ),
        card("rtx3090", 750, 1.0, 24, 350, slots=3),
        card("rtx3060", 250, 0.4, 12, 170),
    ]


def test_legacy_cards_never_reach_a_default_machine_or_budget_build_and_are_counted():
    legacy = {"v100", "p40", "gtx1080ti"}
    t = tiers(_legacy_market())
    assert not legacy & set(t["model_id"].drop_nulls())
    assert t.filter(pl.col("model_id").is_not_null()).height
    r = row(t, "1gpu", "vision")
    assert "S1: CUDA 12 only (3)" in r["excluded_cards"] and r["software_support"] == "current"
    b = budget_builds(
        *frames(_legacy_market()), PLATFORMS, PARTS, NO_SCALING, TierConfig(), budgets=(1000, 3000, 10000)
    )
    assert not legacy & set(b["model_id"].drop_nulls())
    assert b["excluded_cards"].str.contains("S1: CUDA 12 only").all()


def test_allow_legacy_cards_brings_them_back_and_the_rows_say_so():
    cfg = TierConfig(allow_legacy_cards=True)
    t = tiers(_legacy_market(), cfg)
    chosen = t.filter(pl.col("model_id").is_in(["v100", "p40", "gtx1080ti"]))
    assert chosen.height  # cheap legacy cards are the best value once admitted
    for r in chosen.iter_rows(named=True):
        assert r["software_support"] == "legacy"
        assert "allow_legacy_cards" in r["notes"] and "CUDA 12 only" in r["notes"]
        assert "admitted by allow_legacy_cards" in r["excluded_cards"]
    b = budget_builds(*frames(_legacy_market()), PLATFORMS, PARTS, NO_SCALING, cfg, budgets=(1000, 3000))
    legacy_builds = b.filter(pl.col("software_support") == "legacy")
    assert legacy_builds.height and legacy_builds["notes"].str.contains("allow_legacy_cards").all()


def test_llm_machines_need_bf16_and_vision_accepts_turing_fp16():
    turing = card(
        "rtx2080ti", 120, 0.8, 24, 250, arch="Turing", bf16=False
    )  # a 24 GB Turing card, for the test
    t = tiers([turing, card("rtx3090", 750, 1.0, 24, 350, slots=3)])
    assert row(t, "1gpu", "vision")["model_id"] == "rtx2080ti"
    llm = row(t, "1gpu", "llm")
    assert llm["model_id"] == "rtx3090" and "S2: no bf16 tensor support (1)" in llm["excluded_cards"]


def _value_rows(cards):
    value, specs = frames(cards)
    return value.join(specs, on="model_id")


def test_budget_picks_leave_out_legacy_cards_unless_allowed():
    value = _value_rows(_legacy_market()).with_columns(
        pl.col("support_ends").cast(pl.Date),
        perf_per_1k_usd=pl.col("relative_perf") / pl.col("price_median") * 1000,
        perf_vision=pl.col("relative_perf"),
        perf_per_1k_usd_vision=pl.col("relative_perf") / pl.col("price_median") * 1000,
        perf_llm_inference=pl.col("relative_perf"),
        perf_per_1k_usd_llm_inference=pl.col("relative_perf") / pl.col("price_median") * 1000,
    )
    picks = budget_picks(value, budgets=(300, 1000, 3000))
    assert not {"v100", "p40", "gtx1080ti"} & set(picks["model_id"])
    assert (picks["support_excluded"] >= 1).all()
    allowed = budget_picks(value, budgets=(300, 1000, 3000), allow_legacy_cards=True)
    assert {"v100", "p40"} & set(allowed.filter(pl.col("pick_rank") <= 3)["model_id"])
    assert set(allowed.filter(pl.col("model_id") == "v100")["software_support"]) == {"legacy"}


def test_d16_never_reorders_two_cards_of_one_architecture_released_weeks_apart():
    """The RTX 5090 and 5070 Ti are both Blackwell, launched 21 days apart: D16 keeps the better value first."""
    cards = [
        card("rtx5090", 2000, 2.0, 32, 575, slots=3.5, released=date(2025, 1, 30), arch="Blackwell"),
        card("rtx5070ti", 1000, 0.98, 16, 300, released=date(2025, 2, 20), arch="Blackwell"),
    ]
    r = row(tiers(cards), "1gpu", "vision", "used")
    assert r["model_id"] == "rtx5090" and "D16" not in r["notes"]


machine = st.fixed_dictionaries(
    {
        "model_id": st.text("abcdef", min_size=1, max_size=4),
        "perf_per_1k_usd_tco": st.floats(0.1, 1.0),
        "architecture": st.sampled_from(
            ["Turing", "Ampere", "Ada Lovelace", "Hopper", "Blackwell", "RDNA 4", None]
        ),
        "release_date": st.dates(date(2018, 1, 1), date(2025, 12, 31)),
    }
)


@settings(max_examples=200, deadline=None)
@given(st.lists(machine, min_size=1, max_size=8, unique_by=lambda m: m["model_id"]))
def test_d16_only_moves_a_newer_architecture_within_5_percent_ahead(machines):
    ranked = rank_machines(machines)
    best = sorted(machines, key=lambda m: (-m["perf_per_1k_usd_tco"], m["model_id"]))[0]
    first = ranked[0]
    assert len(ranked) == len(machines)
    if first["model_id"] == best["model_id"]:
        return
    assert first["perf_per_1k_usd_tco"] >= best["perf_per_1k_usd_tco"] * (1 - D16_CLOSE)
    vendor, rank = ARCHITECTURE_ORDER[first["architecture"]]
    assert ARCHITECTURE_ORDER[best["architecture"]] < (vendor, rank)  # newer than the best, same vendor
    for (
        other
    ) in machines:  # no better-value card of its vendor and the same or a newer architecture is passed
        other_vendor, other_rank = ARCHITECTURE_ORDER.get(other["architecture"] or "", (None, 0))
        if other["perf_per_1k_usd_tco"] > first["perf_per_1k_usd_tco"] and other_vendor == vendor:
            assert other_rank < rank
    assert first["d16_architectures"].startswith(first["architecture"])


def test_gpu_value_marks_every_card_a_buyer_cannot_act_on_by_default():
    specs = (
        CATALOG.with_columns(relative_perf=pl.lit(1.0), perf_basis=pl.lit("measured"))
        .join(SUPPORT, on="model_id")
        .filter(
            pl.col("model_id").is_in(
                [
                    "tesla-v100-sxm2-16gb",
                    "tesla-p40",
                    "instinct-mi50",
                    "rtx-3090",
                    "arc-b580",
                    "rtx-2080-ti",
                    "rtx-3080-10gb",
                    "gtx-1060-6gb",
                    "gtx-1080-ti",
                    "rtx-a6000",
                ]
            )
        )
    )
    prices = specs.select(
        "model_id",
        snapshot_date=pl.lit(DAY),
        condition=pl.lit("used"),
        source=pl.lit("all"),
        median=pl.lit(500.0),
        low3_mean=pl.lit(450.0),
        listing_count=pl.lit(10),
        source_mode=pl.lit("sample"),
    )
    v = {r["model_id"]: r for r in gpu_value(prices, specs).iter_rows(named=True)}
    assert v["rtx-3090"]["recommended"] and v["rtx-3090"]["caveat"] is None
    sxm = v["tesla-v100-sxm2-16gb"]
    assert not sxm["recommended"] and "server only: needs an SXM2 baseboard" in sxm["caveat"]
    assert "CUDA 12 and PyTorch up to 2.14" in sxm["caveat"]
    assert "passive: needs server airflow" in v["tesla-p40"]["caveat"] and not v["tesla-p40"]["recommended"]
    # thirty-first review: a card on an 8-pin EPS (CPU) plug says so, a recommended one too (the RTX A6000), where
    # the buyer decides; a card on PCIe leads does not
    assert f"{PASSIVE_WORDS}; {EPS_WORDS}" in v["tesla-p40"]["caveat"]
    assert EPS_WORDS in (v["rtx-a6000"]["caveat"] or "") and v["rtx-a6000"]["recommended"]
    assert (
        EPS_WORDS not in (v["rtx-3090"]["caveat"] or "")
        and EPS_WORDS not in v["tesla-v100-sxm2-16gb"]["caveat"]
    )
    assert "ROCm support ended" in v["instinct-mi50"]["caveat"]
    assert (
        "INTEL: outside the default (D11: CUDA)" in v["arc-b580"]["caveat"]
        and not v["arc-b580"]["recommended"]
    )
    # memory under the use cases' floors is said where the card is listed: the top lists rank every card
    assert "11 GB: beginner only (G2: vision needs 12 GB, LLM 24 GB)" in v["rtx-2080-ti"]["caveat"]
    assert v["rtx-3080-10gb"]["caveat"] == "10 GB: beginner only (G2: vision needs 12 GB, LLM 24 GB)"
    assert "6 GB: under every use case's memory floor (D14: 8 GB)" in v["gtx-1060-6gb"]["caveat"]
    assert "beginner only" not in (v["arc-b580"]["caveat"] or "") and "GB" not in v["tesla-p40"]["caveat"]
    # twenty-eighth review: a card S2 keeps from every use says so, and is never called a beginner's card
    pascal = v["gtx-1080-ti"]["caveat"]
    assert "CUDA 12 and PyTorch up to 2.14, support ends 2028-08, within the 3-year horizon" in pascal
    assert "no fp16 tensor cores or bf16: not for training or LLM use by default (S2)" in pascal
    assert "11 GB: under vision's 12 GB and LLM's 24 GB (G2)" in pascal and "beginner only" not in pascal
    assert "no bf16: not for LLM use by default" in v["rtx-2080-ti"]["caveat"]


def test_a_card_of_unknown_support_is_never_recommended_even_with_allow_legacy_cards():
    mystery = card("mystery", 100, 1.5, 48, 250, arch="Rubin", support="unknown")  # by far the best value
    market = [mystery, card("rtx3090", 750, 1.0, 24, 350, slots=3)]
    for cfg in (TierConfig(), TierConfig(allow_legacy_cards=True)):
        t = tiers(market, cfg)
        assert "mystery" not in set(t["model_id"].drop_nulls()) and t["model_id"].drop_nulls().len()
        assert (
            "S1: software support unknown (never recommended) (1)" in row(t, "1gpu", "llm")["excluded_cards"]
        )
    value = _value_rows(market).with_columns(
        pl.col("support_ends").cast(pl.Date),
        perf_vision=pl.col("relative_perf"),
        perf_per_1k_usd_vision=pl.col("relative_perf") / pl.col("price_median") * 1000,
    )
    for allow in (False, True):
        picks = budget_picks(value, budgets=(300, 3000), use_cases={"vision": 12}, allow_legacy_cards=allow)
        assert picks.height and "mystery" not in set(picks["model_id"])


def test_a_used_card_new_ones_undercut_earns_no_d16_preference():
    """Seventeenth review: the used 1-GPU LLM machine was an RTX 5090 (3,189 USD), preferred by D16 within 5% over
    an RTX 3090 machine of more value (1,304 USD), while the 5090's own row said "buy new". D16 passes over such a
    card; without the words it still prefers it."""
    ampere = {"model_id": "rtx-3090", "perf_per_1k_usd_tco": 20.353, "architecture": "Ampere"}
    blackwell = {"model_id": "rtx-5090", "perf_per_1k_usd_tco": 19.83, "architecture": "Blackwell"}
    assert rank_machines([ampere, blackwell])[0]["model_id"] == "rtx-5090"
    undercut = {**blackwell, "new_undercuts": "3 lowest new asks avg. 2,260 USD: buy new"}
    ranked = rank_machines([ampere, undercut])
    assert [m["model_id"] for m in ranked] == ["rtx-3090", "rtx-5090"] and "d16_preferred_over" not in ranked[
        0
    ]
