"""Choose the machine for every tier, use case and condition: the GPU model (and platform) whose whole
machine gives the most throughput per USD of total cost of ownership.

Cards are not ranked by their own perf per USD: in a multi-GPU machine the platform is a large part of the
cost, so a cheap slow card can make the dearest machine per unit of work. Every eligible (card, platform) pair
is sized and priced (`machine.evaluate`), the best platform is kept per card, and the card whose machine has
the best value wins; within D16_CLOSE of the best value a newer architecture wins (D16, by the explicit
order in rules.ARCHITECTURE_ORDER). Cards are first screened by software support (S1) and, per use case, by
the precision the use case needs (S2); each row counts what they kept out (`excluded_cards`). Each row names the
runner-up and how much worse its value is, and the machine the single-card rule (best perf per USD of the
card alone) would have built, so a reader sees why.
"""

from collections import Counter
from collections.abc import Callable

import polars as pl

from transforms.cost_model import ASSUMED_RESALE_FRACTION, resale_frame, resale_words
from transforms.perf_indices import USE_CASE_INDEX, per_1k_column, perf_column
from transforms.tiers.config import TierConfig
from transforms.tiers.machine import card_reason, evaluate
from transforms.tiers.physical import riser_note
from transforms.tiers.platforms import PartPrices, platform_rows, platforms_for
from transforms.tiers.rules import (
    ARCHITECTURE_ORDER,
    D2L_LANES_PER_GPU,
    D16_CLOSE,
    L1_CLOSE,
    THIN_SUPPLY_SHARE,
    TIERS,
    TierRule,
)
from transforms.tiers.software_support import ADMITTED_WITH_LEGACY, precision_reason, support_reason
from transforms.use_cases import USE_CASES

SPEC_COLUMNS = [
    "model_id",
    "vendor",
    "recommended_psu_w",
    "slot_width",
    "board_slot_width",
    "length_mm",
    "cooling",
    "segment",
    "pcie_gen",
    "pcie_lanes",
    "power_connectors",
    "board_power_connectors",
    "release_date",
    "launch_msrp_usd",
    "architecture",
    "bf16",
    "fp16_tensor",
    "software_support",
    "support_ends",
    "support_label",
]
LEGACY = "allow_legacy_cards"


def cards_with_specs(
    value: pl.DataFrame,
    specs: pl.DataFrame,
    horizon_years: float = TierConfig.horizon_years,
    words: bool = True,
) -> pl.DataFrame:
    """Value rows with the spec columns the tiers read and the value rows do not already carry, and each card's
    resale at the end of the horizon (transforms/cost_model.py: resale_fraction of its price, resale_basis in
    words; null without `words`)."""
    # the price the card is bought at (marts.gpu_value.price_usd, rule B1); rows written before it: their median
    bought = pl.col("price_median")
    if "price_usd" in value.columns:
        bought = pl.coalesce("price_usd", "price_median")
    value = value.with_columns(price_usd=bought)
    cols = [c for c in SPEC_COLUMNS[1:] if c in specs.columns and c not in value.columns]
    merged = value.join(specs.select("model_id", *cols), on="model_id", how="left")
    dated = {"release_date", "launch_msrp_usd"}
    has_msrp = (
        dated <= set(merged.columns) and dated <= set(specs.columns) and "enough_listings" in value.columns
    )
    if merged.is_empty() or not has_msrp:
        return merged.with_columns(
            resale_fraction=pl.lit(None if merged.is_empty() else ASSUMED_RESALE_FRACTION, pl.Float64),
            resale_basis=pl.lit(
                None
                if merged.is_empty() or not words
                else resale_words("assumed", None, None, None, None, horizon_years),
                pl.String,
            ),
        )
    return resale_frame(merged, value, specs, horizon_years, words)


def day_groups(value: pl.DataFrame, specs: pl.DataFrame, horizon_years: float = TierConfig.horizon_years):
    """(day, condition, source mode, card dicts) per date and condition of the value rows."""
    for (day, condition), group in cards_with_specs(value, specs, horizon_years).group_by(
        "snapshot_date", "condition", maintain_order=True
    ):
        cards = group.to_dicts()
        yield day, condition, cards[0]["source_mode"], cards


def _generation(m: dict) -> tuple[str | None, int]:
    """(vendor, rank) of the machine's architecture in D16's explicit order; (None, 0) when unknown."""
    return ARCHITECTURE_ORDER.get(m.get("architecture") or "", (None, 0))


def _d16_newer(m: dict, other: dict) -> bool:
    """Whether D16 may choose `m` over `other` within D16_CLOSE of its value (rank_machines): a card of the same
    vendor, of a newer architecture, not one that new cards undercut."""
    (vendor, rank), (other_vendor, other_rank) = _generation(m), _generation(other)
    return vendor is not None and vendor == other_vendor and rank > other_rank and not m.get("new_undercuts")


def rank_machines(machines: list[dict]) -> list[dict]:
    """Best value first, then D16 by architecture: among the machines within D16_CLOSE of the best value whose
    card is of the best one's vendor, the one of the newest architecture (the best value among those) moves to
    the front when its architecture is newer than the best one's. A later release date within one architecture
    never counts, and no card passes a better-value card of its own or a newer architecture."""
    ranked = sorted(machines, key=lambda m: (-m["perf_per_1k_usd_tco"], m["model_id"]))
    if not ranked:
        return ranked
    best = ranked[0]
    vendor, best_rank = _generation(best)
    if vendor is None:
        return ranked
    close = [
        m
        for m in ranked
        if m["perf_per_1k_usd_tco"] >= best["perf_per_1k_usd_tco"] * (1 - D16_CLOSE)
        and _generation(m)[0] == vendor
        and not m.get("new_undercuts")  # the newer card is better bought new (rules.BUY_NEW)
    ]
    if not close:
        return ranked
    newest = max(close, key=lambda m: (_generation(m)[1], m["perf_per_1k_usd_tco"]))
    if newest is not best and _generation(newest)[1] > best_rank:
        ranked.remove(newest)
        ranked.insert(
            0,
            {
                **newest,
                "d16_preferred_over": best["model_id"],
                "d16_architectures": f"{newest.get('architecture')} over {best.get('architecture')}",
            },
        )
    return ranked


def support_gate(card: dict, cfg: TierConfig) -> tuple[str | None, str | None]:
    """Rule S1 for one card: (the reason it is kept out, or None; the note a row carries when only
    allow_legacy_cards lets it in)."""
    reason = support_reason(card, card.get("snapshot_date"), cfg.horizon_years)
    if reason is None:
        return None, None
    if cfg.allow_legacy_cards and card.get("software_support") in ADMITTED_WITH_LEGACY:
        return None, reason
    return f"S1: {reason}", None


def for_use_case(
    machines, by_id: dict, use_case: str, floor: float, cfg: TierConfig
) -> tuple[list[dict], Counter, int]:
    """The machines whose cards meet the use case's VRAM floor and precision (S2): (machines, S2 exclusions
    per reason, cards under the floor). With allow_legacy_cards a card without the precision stays, noted."""
    kept, out, under = [], {}, set()
    for m in machines:
        if m["vram_gb"] < floor:
            under.add(m["model_id"])
            continue
        reason = precision_reason(by_id[m["model_id"]], use_case)
        if reason and not cfg.allow_legacy_cards:
            out.setdefault(f"S2: {reason}", set()).add(m["model_id"])  # cards, not machines of a card
            continue
        kept.append({**m, "legacy_notes": [*m.get("legacy_notes", []), reason]} if reason else m)
    return kept, Counter({r: len(ids) for r, ids in out.items()}), len(under)


def excluded_text(why: Counter, s2: Counter, candidates: list[dict]) -> str | None:
    """S1 and S2 exclusions counted per reason, and the cards among the candidates that only
    allow_legacy_cards admitted, per reason, in words."""
    counts = [(r, n) for r, n in why.items() if r.startswith("S1: ")] + list(s2.items())
    pairs = {(m["model_id"], note) for m in candidates for note in m.get("legacy_notes", [])}
    admitted = Counter(note for _, note in pairs)
    parts = [f"{r} ({n})" for r, n in sorted(counts, key=lambda x: (-x[1], x[0]))]
    parts += [f"admitted by {LEGACY}: {r} ({n})" for r, n in sorted(admitted.items())]
    return "; ".join(parts) or None


def best_per_card(
    rule: TierRule,
    cards: list[dict],
    platforms: list[dict],
    cfg: TierConfig,
    prices: PartPrices,
    scaling: pl.DataFrame,
    by_circuit: bool = False,
) -> tuple[dict, Counter]:
    """For each card that passes the card-level rules at any floor: its best machine in the tier, and why
    other (card, platform) pairs failed. `by_circuit`: the best machine of each card on each circuit (outlet,
    dedicated), keyed (model_id, circuit): the build tiers choose their default among the outlet machines
    (O1), and a card whose best platform needs a dedicated circuit by a hair may still have the best outlet
    machine (on the sample, 4 RTX 6000 Ada: 0.2619 on the TRX50 board, 240 V, and 0.2618 on the W790 board
    from the outlet, the tier's best outlet machine)."""
    out, why = {}, Counter()
    for card in cards:
        reason = card_reason(rule, card, 0, cfg.vendors)
        legacy = None
        if reason is None:
            reason, legacy = support_gate(card, cfg)
        if reason:
            why[reason] += 1
            continue
        for platform in platforms:
            machine = evaluate(rule, card, platform, cfg, prices, scaling)
            if isinstance(machine, str):
                why[machine] += 1
                continue
            machine["vram_gb"] = card["vram_gb"]
            if legacy:
                machine["legacy_notes"] = [legacy]
            key = (card["model_id"], machine["circuit"]) if by_circuit else card["model_id"]
            held = out.get(key)
            if held is None or machine["perf_per_1k_usd_tco"] > held["perf_per_1k_usd_tco"]:
                out[key] = machine
    return out, why


def lanes_words(m: dict) -> str:
    """A machine's GPUs under D5's x16 in words: the slots' lanes, or the card's own narrower interface, which in
    a PCIe 3.0 slot is G9's floor (thirteenth review: an RTX 4060 Ti in the beginner's PCIe 3.0 desktop was
    reported x16)."""
    lanes = m["pcie_lanes_per_gpu"]
    if (m.get("card_pcie_lanes") or D2L_LANES_PER_GPU) >= D2L_LANES_PER_GPU:
        return f"x{lanes} per GPU: enough by G9, under D5's x16"
    link = f"; in PCIe {m['pcie_gen']}.0 slots x{lanes} is G9's floor" if m["pcie_gen"] <= 3 else ""
    return f"x{lanes} per GPU, the card's own interface{link}: enough by G9, under D5's x16"


# how the notes of a tier without a machine open when no pair of card and platform passes its rules
# (dashboards/report_data.without_machine reads the reasons after it)
NO_MACHINE_QUALIFIES = "no machine qualifies: "
# how an LLM tier's reason opens when a card's machines cannot hold the tier's model (transforms/llm_workload_fit.py)
DOES_NOT_HOLD = "does not hold "


def _summary(why: Counter, floor_rejects: int, floor: float) -> str:
    """Why no machine qualifies: the tier's model that no card holds first, whatever its count (thirteenth review:
    in DE and GB the 4-card LLM tier listed ten seating reasons, and the reason that decided, no card priced there
    holds the 235B model, was one card's and fell past the tenth), then the floor and the rest, most common first."""
    held = [rn for rn in why.most_common() if rn[0].startswith(DOES_NOT_HOLD)]
    rest = [rn for rn in why.most_common() if not rn[0].startswith(DOES_NOT_HOLD)]
    reasons = held + ([(f"under {floor:g} GB", floor_rejects)] if floor_rejects else []) + rest
    return NO_MACHINE_QUALIFIES + "; ".join(f"{r} ({n})" for r, n in reasons[:10])


# how the notes' resale sentence opens and ends (dashboards/report_data.resale_decides reads it out of the notes)
RESALE_DECIDES, RESALE_DECIDES_END = "resale decides: ", "transforms/cost_model.py)"
RESALE_DECIDES_DETAIL = (
    "; the cards of this machine"  # where the gain ends and what each resale rests on begins
)


def _resale_decides(m: dict, runner: dict, cfg: TierConfig | None = None) -> str | None:
    """When the choice beats its runner-up only through the resale the cost model expects at the horizon (the
    runner-up gives more throughput per USD bought and powered; where D16 weighs a newer architecture, D16 would
    choose otherwise without the resale), the words that say so, with what each resale
    rests on (sixth review: 4 new RTX 6000 Ada beat 4 new RTX A6000 by 11.9% on their resale, 51% of launch
    price observed against 31% fitted; without it the A6000 machine gives 12.6% more)."""
    if m.get("resale_usd") is None or runner.get("resale_usd") is None:
        return None
    own = m["total_relative_perf"] / (m["tco_usd"] + m["resale_usd"])
    other = runner["total_relative_perf"] / (runner["tco_usd"] + runner["resale_usd"])
    # a newer architecture of the runner-up's vendor is chosen within D16_CLOSE of its value (rank_machines): the
    # resale decides only where, without it, the choice falls further behind than D16 allows (thirty-fourth review:
    # a German used RTX 5090 machine, 0.96% behind a 3090 one with its resale of 1,242 EUR, 9.4% behind without it;
    # its code review: a US 4 x RTX 5070 Ti machine 0.7% behind a 2080 Ti one without its resale is D16's choice
    # either way). Any other choice: where the runner-up is ahead without it.
    if _d16_newer(m, runner):
        if own >= other * (1 - D16_CLOSE):
            return None
    elif m["perf_per_1k_usd_tco"] <= runner["perf_per_1k_usd_tco"]:
        return None
    elif _d16_newer(runner, m):
        # an older card chosen over a newer runner-up: without the resale, D16 takes the runner-up once it is within
        # D16_CLOSE of this one's value (second code review)
        if other < own * (1 - D16_CLOSE):
            return None
    elif other <= own:
        return None

    def basis(machine: dict) -> str:
        return (machine.get("resale_basis") or "assumed").split(":", 1)[0]

    # in the buyer's currency, as the region's other notes (code review: a DE machine's resale was in USD beside
    # its L1 line in EUR)
    cfg = cfg or TierConfig()
    unit, money = cfg.currency, cfg.money

    gap = (
        f"the runner-up gives {other / own - 1:.1%} more per {unit}"
        if other > own
        else f"the runner-up, of a newer architecture, is within {D16_CLOSE:.0%} of it ({1 - other / own:.1%} less per "
        f"{unit}) and D16 would take it"
    )
    return (
        f"{RESALE_DECIDES}without it {gap}{RESALE_DECIDES_DETAIL} "
        f"resell for {money(m['resale_usd'])} ({basis(m)}), those of the runner-up for "
        f"{money(runner['resale_usd'])} ({basis(runner)}; {RESALE_DECIDES_END}"
    )


def thin_supply(gpu_count: int | None, listings: int | None) -> bool:
    """Rule A1: the machine's cards are at least THIN_SUPPLY_SHARE of the day's listings of its card (a machine of
    one card never: a price rests on 3 listings or more)."""
    return bool(gpu_count and listings and gpu_count > 1 and gpu_count >= THIN_SUPPLY_SHARE * listings)


def thin_supply_short(gpu_count: int, listings: int) -> str:
    """Rule A1 in a few words, where a line is narrow (the answers)."""
    return f"thin supply (A1): it takes {gpu_count} of the {listings} listed today"


def supply_words(gpu_count: int | None, listings: int | None) -> str:
    """The day's listings of the machine's card, in words, and whether the machine rests on thin supply (A1)."""
    if not thin_supply(gpu_count, listings):
        return f"{listings} listed today"
    return (
        f"{listings} listed today: thin supply (A1), the machine takes {gpu_count} of them; a sale or two and it is "
        "not for sale at this price"
    )


def _row_notes(rule: TierRule, m: dict, cfg: TierConfig, runner: dict | None, card_rule: dict | None) -> str:
    notes = [rule.sources]
    if m.get("d16_preferred_over"):
        notes.append(
            f"D16: newer architecture ({m['d16_architectures']}) within {D16_CLOSE:.0%} of the best value "
            f"(preferred over {m['d16_preferred_over']})"
        )
    if m.get("legacy_notes"):
        notes.append(
            f"{LEGACY}: {m['gpu_name']} is outside the default ({'; '.join(m['legacy_notes'])}); "
            "it runs on an older software stack only"
        )
    if runner:
        notes.append(
            f"runner-up {runner['gpu_name']} on {runner['platform_id']}: value "
            f"{runner['perf_per_1k_usd_tco']:.3f} per 1,000 USD TCO"
        )
        decides = _resale_decides(m, runner, cfg)
        if decides:
            notes.append(decides)
    if card_rule and card_rule["model_id"] != m["model_id"]:
        notes.append(
            f"the card with the best perf per USD alone ({card_rule['gpu_name']}) builds a machine of "
            f"{card_rule['perf_per_1k_usd_tco']:.3f}: the platform and energy change the answer"
        )
    if m["risers"]:
        notes.append(riser_note(m["risers"]))
    if m["water_blocks"]:
        notes.append("water blocks fitted (G6; voids the warranty)")
    notes.append(m["circuit_note"])
    if m["power_cap_pct"] < 100:
        notes.append(m["cap_basis"])
    if m.get("listings_available") is not None:
        notes.append(supply_words(m["gpu_count"], m["listings_available"]))
    if m.get("new_undercuts"):  # the card's own row says it (seventeenth review: its machines did not)
        notes.append(f"the card: {m['new_undercuts']}")
    if not m["meets_d2l_x16"]:
        notes.append(lanes_words(m))
    if m.get("workload"):
        notes.append(
            f"ranked by single-stream decode of {m['workload']} ({m['workload_tokens_per_s']:.1f} tokens/s, "
            f"{m['perf_basis']}) per 1,000 USD TCO; the largest workload it runs at a usable speed: "
            + (
                f"{m['largest_workload']} ({m['largest_workload_tokens_per_s']:.1f} tokens/s)"
                if m.get("largest_workload")
                else "none"
            )
        )
    elif m["perf_basis"] != "measured":
        notes.append(f"performance modelled ({m['perf_basis']}), not measured")
    return "; ".join(notes)


def build_tiers(
    value: pl.DataFrame,
    specs: pl.DataFrame,
    platforms: pl.DataFrame,
    parts: pl.DataFrame,
    scaling: pl.DataFrame,
    cfg: TierConfig | None = None,
    use_cases: dict[str, int] = USE_CASES,
    llm=None,
) -> pl.DataFrame:
    """One row per date, tier, use case and condition (new, used). `llm` (transforms.llm_workload_fit.LlmContext):
    LLM machines are ranked by single-stream decode of their tier's workload per USD of TCO instead of the LLM
    inference index (issue 35); without it, by the index."""
    cfg = cfg or TierConfig()
    prices = PartPrices.from_frame(parts)
    plats = platform_rows(platforms)
    rows = []
    for day, condition, mode, cards in day_groups(value, specs, cfg.horizon_years):
        by_id = {c["model_id"]: c for c in cards}
        for rule in TIERS:
            best, why = best_per_card(
                rule, cards, platforms_for(plats, rule.tier, condition), cfg, prices, scaling, by_circuit=True
            )
            for use_case, floor in use_cases.items():
                index = USE_CASE_INDEX.get(use_case, "training")
                sized, s2, under = for_use_case(best.values(), by_id, use_case, floor, cfg)
                # why a card's machines miss the tier's workload, counted in cards, not machines
                held_by: dict[str, set] = {}
                nothing = None
                if use_case == "llm" and llm is not None:
                    index, fit = "llm_workload", []
                    # no card of the day holds the tier's model on its cards: that decides, whatever the seating,
                    # and is said once for every card (each seated machine would say it again)
                    nothing = llm.none_holds(by_id, rule.tier, rule.gpu_count)
                    if nothing:
                        held_by[nothing] = set(by_id)
                    for m in [] if nothing else sized:
                        measured = llm.in_workload(m, rule.tier)
                        if isinstance(measured, str):
                            held_by.setdefault(measured, set()).add(m["model_id"])
                        else:
                            fit.append(measured)
                else:
                    fit = [
                        r for r in (in_index(m, by_id[m["model_id"]], index) for m in sized) if r is not None
                    ]
                rows.extend(
                    r | {"perf_index": index, "excluded_cards": excluded_text(why, s2, fit)}
                    for r in _tier_row(
                        day,
                        condition,
                        mode,
                        rule,
                        use_case,
                        floor,
                        fit,
                        under,
                        # where no card holds the model, the seating reasons are moot: that one is the answer
                        (Counter() if nothing else why + s2)
                        + Counter({r: len(ids) for r, ids in held_by.items()}),
                        cfg,
                    )
                )

    return pl.DataFrame(earns_its_cards(rows, cfg.money), schema=TIER_SCHEMA, strict=False)


def earns_its_cards(rows: list[dict], money: Callable[[float], str] | None = None) -> list[dict]:
    """Rule L1 (the project's): a machine of more cards must do more than a machine of fewer. When the default
    machine of a smaller tier (same day, condition and use case; not the beginner tier, which is the buyer's own
    desktop) does as much for a lower TCO, this row's notes say so first: the extra cards buy nothing. That
    holds for a tier's default and for its dedicated-circuit row alike (the sample's 4 used RTX 3090s on a 240 V
    circuit run a 70B model at 4 bits at 12.4 tokens/s, 2 used RTX 3090s from the outlet at 12.8). An LLM
    machine does as much when it runs this default's largest usable workload at least as fast (on the
    2026-11-20 sample while the 4-GPU tier ranked by a 70B at 8 bits, 4 used RTX A5000s at 6,597 USD ran a 70B
    model at 4 bits at 10.2 tokens/s, 2 used RTX 3090s at 2,478 USD at 12.8); a training machine when its throughput in the use case's index, over all its
    cards, is at least this one's (new, vision: one RTX 5090 in a 3,792 USD machine has 1.92, 4 RTX A4000s in
    a 7,564 USD machine 1.85). At most L1_CLOSE (5%) less counts as much, and the note then says "nearly as
    much": the larger machine's edge would rest on an assumed scaling and a modelled index. The machine stays
    the tier's answer to "which 4-GPU machine"; the note answers "do I need 4 GPUs". `money`: a price in words, in the buyer's currency (default USD)."""
    money = money or (lambda usd: f"{usd:,.0f} USD")
    machines = [r for r in rows if r.get("tco_usd") and r.get("tier") != "beginner"]
    defaults = [r for r in machines if r.get("is_default")]

    def output(m: dict) -> float:  # what L1 compares: the workload's speed (LLM) or the index's throughput
        if m.get("use_case") == "llm":
            return m.get("largest_workload_tokens_per_s") or 0.0
        return m.get("total_relative_perf") or 0.0

    def does_as_much(o: dict, r: dict) -> bool:  # at most L1_CLOSE less counts as much (an assumption)
        if r.get("use_case") == "llm" and not (
            r.get("largest_workload") and o.get("largest_workload") == r["largest_workload"]
        ):
            return False
        return output(r) > 0 and output(o) >= output(r) * (1 - L1_CLOSE)

    for r in machines:  # a dedicated-circuit row too: its circuit buys nothing a smaller outlet machine lacks
        smaller = [
            o
            for o in defaults
            if o["snapshot_date"] == r["snapshot_date"]
            and o["condition"] == r["condition"]
            and o.get("use_case") == r.get("use_case")
            and o["gpu_count"] < r["gpu_count"]
            and o["tco_usd"] < r["tco_usd"]
            and does_as_much(o, r)
        ]
        if not smaller:
            continue
        o = min(smaller, key=lambda m: (m["tco_usd"], m["gpu_count"]))
        much = "as much" if output(o) >= output(r) else f"nearly as much (within {L1_CLOSE:.0%})"
        head = (
            f"L1: a smaller machine does {much}: {o['gpu_count']} x {o['gpu_name']} ({o['tier']}, "
            f"{money(o['total_build_cost_usd'])})"
        )
        if r.get("use_case") == "llm":
            note = (
                f"{head} runs {r['largest_workload']} at {o['largest_workload_tokens_per_s']:.1f} tokens/s, this "
                f"one at {r['largest_workload_tokens_per_s']:.1f}"
            )
        else:
            note = (
                f"{head} has a throughput of {o['total_relative_perf']:.2f} in the "
                f"{r.get('perf_index') or 'training'} index, this one {r['total_relative_perf']:.2f}"
            )
        r["notes"] = f"{note}; {r['notes']}" if r.get("notes") else note
    return rows


def in_index(machine: dict, card: dict, index: str) -> dict | None:
    """The machine measured in a use case's performance index. The best platform of a card does not depend on
    the index (the card's performance scales every platform's value alike), so the machine is sized once and
    its throughput and value rescaled by the card's index over its training index. None: no figure."""
    column = perf_column(index)
    if index == "training" or column not in card:  # a value frame without the index: training
        return machine
    perf, base = card.get(column), card.get("relative_perf")
    if not perf or not base or perf <= 0 or base <= 0:
        return None
    factor = perf / base
    return {
        **machine,
        "total_relative_perf": machine["total_relative_perf"] * factor,
        "perf_per_1k_usd_tco": machine["perf_per_1k_usd_tco"] * factor,
        "perf_basis": card.get(f"{column}_basis"),
        "card_perf_per_1k_usd": card.get(per_1k_column(index)),
    }


def _tier_row(day, condition, mode, rule, use_case, floor, fit, floor_rejects, why, cfg) -> list[dict]:
    """The tier's rows for one use case and condition (rule O1): the default machine (`is_default`), and in home tiers
    (beginner to 4 GPUs) a better machine that needs a dedicated circuit as a row of its own, never instead.
    The default is the best machine that runs from the region's standard outlet (uncapped or capped by at most
    20%, G8) and whose card has at least as many listings as the machine needs cards; 8-GPU servers are
    dedicated by nature. A tier with no machine for sale in the numbers it needs has no machine (its notes name
    the best one and how many are listed); one with no machine on the outlet gets the best dedicated one as its
    default, and its notes say so."""
    row = {
        "snapshot_date": day,
        "tier": rule.tier,
        "use_case": use_case,
        "vram_floor_gb": float(floor),
        "condition": condition,
        "gpu_count": rule.gpu_count,
        "horizon_years": cfg.horizon_years,
        "candidates_considered": len({m["model_id"] for m in fit}),
        "source_mode": mode,
        "is_default": True,
    }
    if not fit:
        return [row | {"notes": f"{_summary(why, floor_rejects, floor)}; rule: {rule.sources}"}]
    home = rule.gpu_count <= HOME_MAX_GPUS
    sellable = [m for m in fit if m["enough_for_sale"]]
    if not sellable:  # a machine nobody can buy today is no answer: none, and the best that is not for sale
        best = rank_machines(fit)[0]
        return [
            row
            | {
                "notes": f"no machine of {rule.gpu_count} cards is for sale today: no card has that many listings "
                f"(the best would be {rule.gpu_count} x {best['gpu_name']}, {best['listings_available']} listed); "
                f"rule: {rule.sources}"
            }
        ]
    outlet = [m for m in sellable if m["circuit"] == "outlet"]
    pool = (outlet if home else sellable) or sellable
    lacks = []
    if home and not outlet:
        lacks.append("no machine of this tier that is for sale runs from a standard outlet of the region")
    ranked = rank_machines(pool)
    card_rule = max(fit, key=lambda m: (m["card_perf_per_1k_usd"] or 0, m["model_id"]))
    rows = [_machine_row(row, rule, cfg, ranked, card_rule, lacks)]
    chosen = ranked[0]
    if home and chosen["circuit"] == "outlet":
        dedicated = rank_machines([m for m in sellable if m["circuit"] == "dedicated"])
        if dedicated and dedicated[0]["perf_per_1k_usd_tco"] > chosen["perf_per_1k_usd_tco"]:
            better = (
                f"better value than the default ({chosen['gpu_count']} x {chosen['gpu_name']} on a standard "
                f"outlet, {chosen['perf_per_1k_usd_tco']:.3f}) if a dedicated circuit is available"
            )
            rows.append(_machine_row(row | {"is_default": False}, rule, cfg, dedicated, card_rule, [better]))
    return rows


HOME_MAX_GPUS = 4  # beginner to 4 GPUs: machines for a home or office socket; 8 GPUs: a server room (D10)


def _machine_row(row: dict, rule, cfg, ranked: list[dict], card_rule: dict, lead: list[str]) -> dict:
    chosen, runner = ranked[0], (ranked[1] if len(ranked) > 1 else None)
    out = dict(row)
    out.update({k: v for k, v in chosen.items() if k in TIER_SCHEMA and k not in row})
    if runner:
        out.update(
            {
                "runner_up_model_id": runner["model_id"],
                "runner_up_gpu_name": runner["gpu_name"],
                "runner_up_platform_id": runner["platform_id"],
                "runner_up_perf_per_1k_usd_tco": runner["perf_per_1k_usd_tco"],
                "runner_up_gap_pct": (1 - runner["perf_per_1k_usd_tco"] / chosen["perf_per_1k_usd_tco"])
                * 100,
            }
        )
    out.update(
        {
            "card_rule_model_id": card_rule["model_id"],
            "card_rule_perf_per_1k_usd_tco": card_rule["perf_per_1k_usd_tco"],
            "notes": "; ".join([*lead, _row_notes(rule, chosen, cfg, runner, card_rule)]),
        }
    )
    return out


TIER_SCHEMA = {
    "snapshot_date": pl.Date,
    "tier": pl.String,
    "use_case": pl.String,
    "vram_floor_gb": pl.Float64,
    "condition": pl.String,
    "model_id": pl.String,
    "gpu_name": pl.String,
    "gpu_count": pl.Int32,
    "perf_basis": pl.String,
    "platform_id": pl.String,
    "platform": pl.String,
    "unit_price": pl.Float64,
    "gpu_total_price": pl.Float64,
    "total_vram_gb": pl.Float64,
    "total_relative_perf": pl.Float64,
    "scaling_efficiency": pl.Float64,
    "scaling_basis": pl.String,
    "cpu": pl.String,
    "cpu_cores": pl.Int32,
    "cpu_threads": pl.Int32,
    "cpu_boost_ghz": pl.Float64,
    "pcie_gen": pl.Int32,
    "pcie_lanes_per_gpu": pl.Int32,
    "meets_d2l_x16": pl.Boolean,
    "ram_gb": pl.Int32,
    "ram_kit": pl.String,
    "slot_plan": pl.String,
    "risers": pl.Int32,
    "water_blocks": pl.Int32,
    "psu_need_w": pl.Float64,
    "psu_watts": pl.Int32,
    "psu_config": pl.String,
    "d2l_psu_w": pl.Float64,
    "d2l_tier_psu": pl.String,
    "pcie_8pin_cables": pl.Int32,
    "pcie_16pin_cables": pl.Int32,
    "eps_8pin_cables": pl.Int32,
    "connector_basis": pl.String,
    "gpu_draw_w": pl.Float64,
    "system_draw_w": pl.Float64,
    "wall_draw_w": pl.Float64,
    "outlet_guide_w": pl.Float64,
    "power_cap_pct_guide": pl.Float64,
    "outlet_continuous_w": pl.Float64,
    "power_cap_pct_continuous": pl.Float64,
    "annual_energy_kwh": pl.Float64,
    "annual_energy_cost_usd": pl.Float64,
    "gold_vs_bronze_saving_usd": pl.Float64,
    "platform_cost_usd": pl.Float64,
    "total_build_cost_usd": pl.Float64,
    "horizon_years": pl.Float64,
    "energy_cost_horizon_usd": pl.Float64,
    "tco_usd": pl.Float64,
    "perf_per_1k_usd_tco": pl.Float64,
    "runner_up_model_id": pl.String,
    "runner_up_gpu_name": pl.String,
    "runner_up_platform_id": pl.String,
    "runner_up_perf_per_1k_usd_tco": pl.Float64,
    "runner_up_gap_pct": pl.Float64,
    "card_rule_model_id": pl.String,
    "card_rule_perf_per_1k_usd_tco": pl.Float64,
    "candidates_considered": pl.Int32,
    "notes": pl.String,
    "source_mode": pl.String,
    "perf_index": pl.String,
    "architecture": pl.String,
    "software_support": pl.String,
    "support_label": pl.String,
    "excluded_cards": pl.String,
    "workload": pl.String,
    "workload_tokens_per_s": pl.Float64,
    "largest_workload": pl.String,
    "largest_workload_tokens_per_s": pl.Float64,
    "resale_usd": pl.Float64,
    "resale_basis": pl.String,
    "circuit": pl.String,
    "is_default": pl.Boolean,
    "circuit_note": pl.String,
    "power_cap_pct": pl.Float64,
    "throughput_at_cap": pl.Float64,
    "cap_basis": pl.String,
    "psu_basis": pl.String,
    "recommended_psu_w": pl.Float64,
    "listings_available": pl.Int32,
    "price_confidence": pl.String,
}
