"""Budget picks (transforms/budget_picks.py) against a plain reading of rule G5, one group at a time.

The vectorized picks sort each day's cards once and rank them under every budget by a running count; the
reference here loops over every date, condition, use case and budget and applies the rule's words directly.
Hypothesis draws value frames with ties in VRAM and in perf per USD, cards that fit no budget, ineligible
cards, two days and both conditions; most cards are eligible, so that a group holds several (with one eligible
card in twenty, as drawn before 2026-11-27, a group rarely held two and the reference's LLM-only comparison by
workload was read for every use case unnoticed)."""

from datetime import date, timedelta

import polars as pl
from hypothesis import example, given, settings
from hypothesis import strategies as st

from transforms.budget_picks import BAND, NEAR_BEST, budget_picks
from transforms.tiers.rules import ARCHITECTURE_ORDER

BUDGETS = (300, 750, 1_500)
USE_CASES = {"llm": 24, "vision": 12, "beginner": 8}
DAY = date(2026, 11, 20)

card = st.fixed_dictionaries(
    {
        "day": st.integers(0, 1),
        "condition": st.sampled_from(["new", "used"]),
        "price_median": st.sampled_from([150.0, 280.0, 300.0, 500.0, 740.0, 1_400.0, 2_000.0]),
        "vram_gb": st.sampled_from([8.0, 12.0, 16.0, 24.0, 48.0]),
        "relative_perf": st.sampled_from([0.3, 0.6, 1.0, 1.5]),
        "enough_listings": st.sampled_from([True, True, True, False]),
        "form_factor": st.sampled_from(["pcie", "pcie", "pcie", "sxm"]),
        "cooling": st.sampled_from(["open_air", "blower", "open_air", "passive"]),
        "vendor": st.sampled_from(["nvidia", "nvidia", "nvidia", "amd"]),
        # S1: current, legacy (CUDA 12 only), current but ending within 3 years, unknown; S2: bf16, fp16 tensor
        "support": st.sampled_from(["current"] * 5 + ["legacy", "ends_soon", "unknown"]),
        "bf16": st.sampled_from([True, True, True, False]),
        "fp16_tensor": st.sampled_from([True, True, True, False]),
        # D16's order (V1); 'Unknown': outside it, so V1 marks nothing for such a card
        "architecture": st.sampled_from(["Ampere", "Ada Lovelace", "Blackwell", "RDNA 3", "Unknown"]),
    }
)


def value_frame(cards: list[dict]) -> pl.DataFrame:
    rows = []
    for i, c in enumerate(cards):
        rows.append(
            {
                "snapshot_date": DAY + timedelta(days=c["day"]),
                "model_id": f"m{i}",
                "name": f"Card {i}",
                "condition": c["condition"],
                "price_median": c["price_median"],
                "listing_count": 5,
                "enough_listings": c["enough_listings"],
                "relative_perf": c["relative_perf"],
                "perf_basis": "measured",
                "perf_per_1k_usd": c["relative_perf"] / c["price_median"] * 1000,
                "vram_gb": c["vram_gb"],
                "form_factor": c["form_factor"],
                "cooling": c["cooling"],
                "vendor": c["vendor"],
                "software_support": "current" if c["support"] == "ends_soon" else c["support"],
                "support_label": {"legacy": "CUDA 12 only"}.get(c["support"], "CUDA 13"),
                "support_ends": date(2027, 6, 30) if c["support"] == "ends_soon" else None,
                "bf16": c["bf16"],
                "fp16_tensor": c["fp16_tensor"],
                "architecture": c.get("architecture"),
                "source_mode": "sample",
            }
        )
    return pl.DataFrame(rows, schema_overrides={"support_ends": pl.Date})


NEED = {"llm": "bf16", "vision": "fp16_tensor", "beginner": "fp16_tensor"}  # S2


def reference_picks(value: pl.DataFrame, llm_rank: dict[str, float] | None = None) -> list[tuple]:
    """G5 read literally: per date, condition and use case, the eligible cards at or above the floor (with
    current software support that does not end within 3 years, S1, and the use case's precision, S2); per
    budget, the top set is the cards it buys at least NEAR_BEST of the best perf per USD among those costing at
    least BAND of the priciest one it buys, less (vision, beginner) those another card of the group outclasses
    (V1: its vendor, a newer architecture, at least as fast, no dearer); the cards it buys, top set first,
    then most VRAM, then perf per USD, then input order; three of them. With `llm_rank`, LLM cards order by their
    workload rank in place of VRAM, and each is measured against the best of the band's cards whose rank is at
    least its own (none: top)."""
    cards = [
        (i, r)
        for i, r in enumerate(value.iter_rows(named=True))
        if r["enough_listings"]
        and r["price_median"] > 0
        and r["form_factor"] == "pcie"
        and r["cooling"] != "passive"
        and r["vendor"] == "nvidia"
        and r["software_support"] == "current"
        and (r["support_ends"] is None or r["support_ends"] >= date(r["snapshot_date"].year + 3, 1, 1))
    ]
    out = []
    for day, condition in sorted({(r["snapshot_date"], r["condition"]) for _, r in cards}):
        for use_case, floor in USE_CASES.items():
            group = [
                (i, r)
                for i, r in cards
                if r["snapshot_date"] == day
                and r["condition"] == condition
                and r["vram_gb"] >= floor
                and r[NEED[use_case]]
            ]
            if not group:
                continue
            for budget in BUDGETS:
                fits = [(i, r) for i, r in group if r["price_median"] <= budget]
                if not fits:
                    continue
                # the top is judged among the cards the budget buys: those costing at least half the priciest
                dearest = max(r["price_median"] for _, r in fits)
                band = [r for _, r in fits if r["price_median"] >= dearest * BAND]
                ranked = llm_rank is not None and use_case == "llm"

                def mem(r, ranked=ranked):
                    return llm_rank.get(r["model_id"], -1.0) if ranked else r["vram_gb"]

                def outclassed(r, group=group, use_case=use_case):
                    """V1: vision and beginner; a card of the group of its vendor, a newer architecture, at
                    least as fast and no dearer."""
                    mine = ARCHITECTURE_ORDER.get(r["architecture"])
                    return (
                        use_case in ("vision", "beginner")
                        and mine is not None
                        and any(
                            ARCHITECTURE_ORDER.get(o["architecture"], ("", 0))[0] == mine[0]
                            and ARCHITECTURE_ORDER[o["architecture"]][1] > mine[1]
                            and o["price_median"] <= r["price_median"]
                            and o["relative_perf"] >= r["relative_perf"]
                            for _, o in group
                        )
                    )

                def top(r, band=band, mem=mem, ranked=ranked):
                    # LLM with workload ranks: against the band's cards that run at least its workload; else all
                    peers = [o["perf_per_1k_usd"] for o in band if not ranked or mem(o) >= mem(r)]
                    good = not peers or r["perf_per_1k_usd"] >= max(peers) * NEAR_BEST
                    return good and not outclassed(r)

                fits.sort(
                    key=lambda ir: (
                        not top(ir[1]),
                        -mem(ir[1]),
                        -ir[1]["perf_per_1k_usd"],
                        ir[0],
                    )
                )
                for rank, (_, r) in enumerate(fits[:3], start=1):
                    out.append((day, condition, use_case, budget, rank, r["model_id"]))
    return sorted(out)


def _v1_case() -> list[dict]:
    """An example where V1 decides (the draws reach one in about a hundred): at 1,500 USD both cards clear G5's
    bar and the 48 GB Ampere card has the most memory, but the 24 GB Blackwell card, as fast and cheaper,
    outclasses it for vision and beginner; LLM keeps the 48 GB card first."""
    eligible = {
        "day": 0,
        "condition": "new",
        "enough_listings": True,
        "form_factor": "pcie",
        "cooling": "open_air",
    }
    eligible |= {"vendor": "nvidia", "support": "current", "bf16": True, "fp16_tensor": True}
    older = {"price_median": 1_400.0, "vram_gb": 48.0, "relative_perf": 1.0, "architecture": "Ampere"}
    newer = {"price_median": 740.0, "vram_gb": 24.0, "relative_perf": 1.0, "architecture": "Blackwell"}
    return [eligible | older, eligible | newer]


@settings(max_examples=150, deadline=None, derandomize=True)
@given(st.lists(card, min_size=1, max_size=14))
@example(_v1_case())
def test_picks_follow_the_rule_group_by_group(cards):
    value = value_frame(cards)
    picks = budget_picks(value, budgets=BUDGETS, use_cases=USE_CASES)
    got = sorted(
        picks.select("snapshot_date", "condition", "use_case", "budget_usd", "pick_rank", "model_id").rows()
    )
    assert got == reference_picks(value)
    assert (picks["price_usd"] <= picks["budget_usd"]).all()


@settings(max_examples=150, deadline=None, derandomize=True)
@given(
    st.lists(card, min_size=1, max_size=14), st.lists(st.sampled_from([-1.0, 8e6, 32e6, 70e6]), min_size=14)
)
def test_llm_picks_with_workload_ranks_follow_the_rule(cards, ranks):
    """The same with workload ranks (LLM_LIKE_WITH_LIKE): an LLM card is judged against the cards of the band that
    run at least its workload."""
    value = value_frame(cards)
    llm_rank = {f"m{i}": r for i, r in enumerate(ranks)}
    picks = budget_picks(value, budgets=BUDGETS, use_cases=USE_CASES, llm_rank=llm_rank)
    got = sorted(
        picks.select("snapshot_date", "condition", "use_case", "budget_usd", "pick_rank", "model_id").rows()
    )
    assert got == reference_picks(value, llm_rank)


# one used NVIDIA PCIe card with its own fans and current support, every precision: eligible for every use case
PLAIN_CARD = dict(
    day=0,
    condition="used",
    enough_listings=True,
    form_factor="pcie",
    cooling="open_air",
    vendor="nvidia",
    support="current",
    bf16=True,
    fp16_tensor=True,
)


def test_the_pick_rises_with_the_budget():
    """Issue 36: a cheap card with the best perf per USD no longer sets the bar for every budget. At 300 USD the
    150 USD 24 GB card; at 1,500 the 1,400 USD 48 GB card, top among the cards that spend the budget."""
    value = value_frame(
        [
            PLAIN_CARD | dict(price_median=150.0, vram_gb=24.0, relative_perf=1.0),
            PLAIN_CARD | dict(price_median=1_400.0, vram_gb=48.0, relative_perf=1.5),
        ]
    )
    picks = budget_picks(value, budgets=(300, 1_500), use_cases={"llm": 24}).filter(pl.col("pick_rank") == 1)
    assert dict(picks.select("budget_usd", "model_id").rows()) == {300: "m0", 1_500: "m1"}


def test_llm_picks_take_the_largest_workload_a_card_runs_in_place_of_vram():
    """Issue 35 item 5: with the workload ranks, an LLM pick is the card that runs the largest catalog workload
    at a usable speed; a 48 GB card too slow for any beats no 24 GB card that runs a 32B model. Vision keeps VRAM."""
    value = value_frame(
        [
            PLAIN_CARD | dict(price_median=740.0, vram_gb=24.0, relative_perf=1.0),
            PLAIN_CARD | dict(price_median=1_400.0, vram_gb=48.0, relative_perf=1.0),
        ]
    )
    ranks = {"m0": 32e6 + 4.8e3 + 8.192, "m1": -1.0}
    top = lambda picks, use_case: picks.filter(  # noqa: E731
        (pl.col("pick_rank") == 1) & (pl.col("use_case") == use_case)
    )["model_id"].to_list()
    cases = {"llm": 24, "vision": 12}
    assert top(budget_picks(value, budgets=(1_500,), use_cases=cases), "llm") == ["m1"]  # VRAM alone
    ranked = budget_picks(value, budgets=(1_500,), use_cases=cases, llm_rank=ranks)
    assert top(ranked, "llm") == ["m0"] and top(ranked, "vision") == ["m1"]


def test_an_llm_card_is_measured_against_the_cards_that_run_at_least_its_workload():
    """LLM_LIKE_WITH_LIKE: at 5,000 USD the band is the cards from 1,750 USD. The 48 GB card (70B workload, 0.25 per
    1,000 USD) is top, as no card of the band runs its workload; the 24 GB card at 700 USD is measured against
    the band's cards that run at least its 32B workload (the 70B card at 2.0) and misses the bar; the 2,000 USD
    card that runs only an 8B model is measured against every card of the band and clears it."""
    value = value_frame(
        [
            PLAIN_CARD | dict(price_median=3_500.0, vram_gb=48.0, relative_perf=7.0),  # 2.0 per 1,000 USD
            PLAIN_CARD | dict(price_median=700.0, vram_gb=24.0, relative_perf=0.35),  # 0.5
            PLAIN_CARD | dict(price_median=2_000.0, vram_gb=24.0, relative_perf=3.0),  # 1.5
        ]
    )
    ranks = {"m0": 70e6, "m1": 32e6, "m2": 8e6}
    picks = budget_picks(value, budgets=(5_000,), use_cases={"llm": 24}, llm_rank=ranks)
    assert picks.sort("pick_rank")["model_id"].to_list() == ["m0", "m2", "m1"]


def test_a_price_graded_d_never_sets_a_pick():
    """Issue 37: a card whose price rests on one seller (grade D) is never a pick, however good its value;
    the same card graded C is."""
    cards = [
        PLAIN_CARD | dict(price_median=300.0, vram_gb=24.0, relative_perf=3.0),
        PLAIN_CARD | dict(price_median=400.0, vram_gb=24.0, relative_perf=1.0),
    ]
    graded = value_frame(cards).with_columns(price_confidence=pl.Series(["D", "B"]))
    picks = budget_picks(graded, budgets=(500,), use_cases={"llm": 24})
    assert picks["model_id"].to_list() == ["m1"] and picks["price_confidence"].to_list() == ["B"]
    fair = value_frame(cards).with_columns(price_confidence=pl.Series(["C", "B"]))
    assert budget_picks(fair, budgets=(500,), use_cases={"llm": 24}).sort("pick_rank")["model_id"][0] == "m0"


def test_v1_an_older_slower_dearer_card_is_never_the_vision_or_beginner_top_pick():
    """The 2026-11-26 sample at 10,000 USD, new: an RTX A6000 (48 GB, Ampere) at 4,490 USD and an RTX 6000 Ada
    (48 GB) at 7,050 USD, both slower than an RTX 5090 (32 GB, Blackwell) at 2,830 USD. The band is the cards from
    3,525 USD, so the bar is the A6000's perf per USD and every card clears it: G5 alone picks the 48 GB A6000. V1
    keeps the two older, slower, dearer cards out of the vision and beginner top set, where memory beyond the
    floor is only G5's tie-break; for LLM (VRAM as the memory here, no workload ranks) the A6000 stays first. A
    card of another vendor, or of an older architecture, outclasses nothing."""
    cards = [
        {"price_median": 4_490.0, "vram_gb": 48.0, "relative_perf": 1.05},
        {"price_median": 2_830.0, "vram_gb": 32.0, "relative_perf": 1.92},
        {"price_median": 7_050.0, "vram_gb": 48.0, "relative_perf": 1.35},
    ]
    base = {"day": 0, "condition": "new", "enough_listings": True, "form_factor": "pcie", "cooling": "blower"}
    base |= {"support": "current", "bf16": True, "fp16_tensor": True}

    def firsts(architectures: list, vendors=("nvidia",) * 3) -> dict[str, str]:
        value = value_frame(
            [
                {**base, **c, "architecture": a, "vendor": v}
                for c, a, v in zip(cards, architectures, vendors, strict=True)
            ]
        )
        # every vendor admitted (run config), so that an AMD card is a candidate
        picks = budget_picks(value, budgets=(10_000,), use_cases=USE_CASES, vendors=None)
        return dict(picks.filter(pl.col("pick_rank") == 1).select("use_case", "model_id").rows())

    g5_alone = {"llm": "m0", "vision": "m0", "beginner": "m0"}
    assert firsts(["Ampere", "Blackwell", "Ada Lovelace"]) == {"llm": "m0", "vision": "m1", "beginner": "m1"}
    assert firsts([None, None, None]) == g5_alone  # a frame without architectures: G5 alone
    assert firsts(["Blackwell", "Ampere", "Blackwell"]) == g5_alone  # the fast cheap card is the older one
    assert firsts(["Ampere", "RDNA 4", "Ada Lovelace"], ("nvidia", "amd", "nvidia")) == g5_alone


def test_an_alternative_of_about_the_same_value_never_gives_value_as_the_picks_reason():
    """Code review of the twenty-eighth review's round: "about the same value per USD ... (the pick has more value per
    USD, the reason to take it)"; and a vision alternative over D6's 200 W says so, as a beginner one does."""
    from transforms.budget_picks import _alternative_words

    r = {
        "a_ppk": 0.999, "_ppk": 1.0, "vram_gb": 16, "a_vram": 16, "use_case": "vision", "a_tdp": 220.0,
        "a_name": "RTX 4070 SUPER", "a_price": 498.0, "a_perf": 1.73, "_perf": 1.0, "perf_index": "vision",
    }  # fmt: skip
    words = _alternative_words("faster within the budget at about this value", r)
    assert "about the same value per USD" in words and words.endswith("(G5 ranks the pick first)")
    assert "220 W, over the 200 W of D6" in words
    dearer = _alternative_words("faster within the budget at about this value", {**r, "a_ppk": 0.9})
    assert "10% less value per USD" in dearer and dearer.endswith(
        "(the pick has more value per USD, the reason to take it)"
    )
