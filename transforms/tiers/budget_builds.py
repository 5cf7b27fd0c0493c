"""Budget mode: the best whole machine a budget buys, per use case and condition.

Among the machines of every tier from 1 to 8 GPUs (the beginner tier assumes a computer the buyer already
has, so it is not a whole machine) whose purchase price (GPUs + platform, energy not counted: the budget is
what is spent now) fits the budget, keep those whose value (throughput per USD of TCO, the one cost model) is
at least NEAR_BEST of the best value that fits, and take the one with the most memory that counts, then the
most throughput. LLM budgets (with the workload catalog) first keep the machines that run the largest model
any machine the budget buys runs at a usable speed, and measure value on that model: its decode tokens/s per
USD of TCO; then the fastest. This is G5's rule lifted from cards to machines: among the top performers per USD, the most
memory the budget buys; for vision and beginner, as in the budget picks, never a machine that another machine the
budget buys outclasses (V1: a card of its vendor's newer architecture, at least the throughput, no dearer, or
dearer but within D16's 5% of its throughput per USD).
Which memory counts depends on the use (issue 36): vision and beginner train data-parallel, every card holding
the whole model, so a card's own memory counts (one 24 GB card over four 12 GB ones); LLM inference splits a
model's layers across the cards, so their pooled memory counts.
Only machines a buyer can get and run (rule O1): as many cards listed as the machine needs, and up to 4 GPUs
a machine that runs from the region's standard outlet (8-GPU servers need their own circuit and say so).
Cards pass the build tiers' screens first: software support (S1) and the use case's precision (S2), counted
in `excluded_cards`.
Throughput and value are in the use case's performance index (`perf_index`: llm by LLM inference, vision by
vision, beginner by training), as in the build tiers (transforms.tiers.build_tiers.in_index).
"""

from collections import Counter

import polars as pl

from transforms.perf_indices import USE_CASE_INDEX
from transforms.tiers.build_tiers import (
    RESALE_DECIDES,
    best_per_card,
    day_groups,
    excluded_text,
    for_use_case,
    in_index,
    supply_words,
    thin_supply,
    thin_supply_short,
)
from transforms.tiers.config import TierConfig
from transforms.tiers.machine import OWN_CIRCUIT, OWN_SOCKET, dedicated_circuit
from transforms.tiers.platforms import PartPrices, platform_rows, platforms_for
from transforms.tiers.power import machine_limit_words
from transforms.tiers.rules import D16_CLOSE, TIERS, V1_USE_CASES, outclasses
from transforms.use_cases import USE_CASES

# 500 USD (twenty-ninth review: a student with 500 USD found no answer on the first screen): no whole machine fits it,
# and its row says so; the first screen still gives the card pick and the card for the desktop one has (D6)
BUDGETS_USD = (500, 1_000, 1_500, 2_000, 3_000, 5_000, 7_500, 10_000, 15_000, 20_000, 30_000)
# the memory G5's "most memory" means per use case: LLM inference pools the cards' memory (a layer split);
# vision and beginner train data-parallel, where each card holds the whole model
MEMORY_THAT_COUNTS = {"llm": "total_vram_gb", "vision": "vram_gb", "beginner": "vram_gb"}
NEAR_BEST = 0.8  # ASSUMPTION: G5's "top perf per USD" read as within 20% of the best machine value that fits
# (machines differ less in value than cards do: platform and energy costs flatten the spread)
# ASSUMPTION: a training machine the budget buys with a quarter more throughput than the choice, at a value within
# NEAR_BEST of the choice's, is named beside it (fifth review: every used vision budget from 5,000 to 30,000 USD
# chose one RTX 5090, 1.92, where 4 RTX 5070 Ti, 3.11, and 2 RTX 5090, 3.5, fit; 2 x 5090 missed the value band,
# which is measured from the best value, by 1%)
FASTER_WORTH_NAMING = 1.25
# ASSUMPTIONS: a training budget's machine that costs at least 15% less (CHEAPER_WORTH_NAMING) for at least 90% of the
# chosen machine's throughput (NEARLY_AS_FAST), with as much memory per card, is named beside it (seventeenth review:
# used, 3,000 USD bought 2 x RTX 5080 at 2,983 USD where 2 x RTX 5070 Ti, the 2-GPU tier's machine, gave 91% of the
# throughput for 74% of the price, unsaid)
NEARLY_AS_FAST = 0.9
CHEAPER_WORTH_NAMING = 0.85


def budget_builds(
    value: pl.DataFrame,
    specs: pl.DataFrame,
    platforms: pl.DataFrame,
    parts: pl.DataFrame,
    scaling: pl.DataFrame,
    cfg: TierConfig | None = None,
    budgets=BUDGETS_USD,
    use_cases: dict[str, int] = USE_CASES,
    llm=None,
) -> pl.DataFrame:
    """`llm` (transforms.llm_workload_fit.LlmContext): LLM budgets rank by the largest workload a machine runs at
    a usable speed, then its tokens/s (the build tiers' model, issue 35); without it, by pooled memory."""
    cfg = cfg or TierConfig()
    prices = PartPrices.from_frame(parts)
    plats = platform_rows(platforms)
    rows = []
    for day, condition, mode, cards in day_groups(value, specs, cfg.horizon_years):
        by_id = {c["model_id"]: c for c in cards}
        machines, s1 = [], Counter()
        for rule in TIERS:
            if rule.tier == "beginner":
                continue
            # each card's best machine on each circuit: up to 4 GPUs only an outlet machine is usable (O1), and
            # a card's best machine may need a dedicated circuit by a hair while its outlet one is the one to buy
            best, why = best_per_card(
                rule, cards, platforms_for(plats, rule.tier, condition), cfg, prices, scaling, by_circuit=True
            )
            machines += [{**m, "tier": rule.tier} for m in best.values()]
            s1 |= Counter(
                {r: n for r, n in why.items() if r.startswith("S1: ")}
            )  # the same cards in every tier
        for use_case, floor in use_cases.items():
            index = USE_CASE_INDEX.get(use_case, "training")
            sized, s2, _ = for_use_case(machines, by_id, use_case, floor, cfg)
            indexed = [
                m
                for m in (in_index(m, by_id[m["model_id"]], index) for m in sized)
                if m is not None and m["enough_for_sale"]
            ]
            if use_case == "llm" and llm is not None:
                indexed = [m | _largest_workload(llm, m) for m in indexed]
            usable = [m for m in indexed if m["circuit"] == "outlet" or m["gpu_count"] > 4]
            # up to 4 GPUs a machine that needs a dedicated circuit is never the answer (O1), only named beside it
            dedicated = [m for m in indexed if m["circuit"] == "dedicated" and m["gpu_count"] <= 4]
            for budget in budgets:
                row = _budget_row(day, condition, mode, use_case, budget, usable, llm, dedicated)
                rows.append(row | {"perf_index": index, "excluded_cards": excluded_text(s1, s2, usable)})
    return pl.DataFrame(rows, schema=BUDGET_SCHEMA, strict=False)


def _budget_row(
    day, condition, mode, use_case, budget, usable, llm=None, dedicated=(), fallback=True
) -> dict:
    """The budget's machine and its words; `fallback`: where the machine rests on thin supply (A1), also the rule's
    answer without its card (the answer of a row built with fallback False)."""
    row = {
        "snapshot_date": day,
        "budget_usd": budget,
        "use_case": use_case,
        "condition": condition,
        "source_mode": mode,
    }
    fits = [m for m in usable if m["total_build_cost_usd"] <= budget]
    if not fits:
        row["notes"] = "no machine fits the budget"
        return row
    largest = max((m["_workload_size"] for m in fits if "_workload_size" in m), default=None)
    if largest is not None and largest[0] > 0:
        # LLM with the workload catalog: the largest model any machine the budget buys runs at a usable speed,
        # then value on that model (its tokens/s per 1,000 USD TCO). Value in the LLM index would sum the cards'
        # index over a layer split, which decodes at about one card's speed, and shut out the machines a larger
        # model needs (the sample's 20,000 and 30,000 USD budgets stopped at 2 x RTX 5090 and 70B, while 4 x RTX
        # A6000 run a 235B model from the outlet for 15,405 USD used: third review)
        pool = [m for m in fits if m.get("_workload_size") == largest]
        workload = pool[0]["largest_workload"]
        value = _workload_value
        value_words = f"tokens/s of {workload} per 1,000 USD TCO"
    else:
        pool, workload, value, value_words = fits, None, _index_value, "per 1,000 USD TCO"
    best_value = max(value(m) for m in pool)
    near = [m for m in pool if value(m) >= NEAR_BEST * best_value]
    outclassed = 0
    # V1, as the budget picks: never a machine a newer, at least as fast and no dearer one outclasses; among
    # machines the budget buys, "no dearer" within D16's 5% of speed per USD (a faster RTX 5080 machine 15 USD
    # dearer than an RTX 3090 one outclasses it)
    if use_case in V1_USE_CASES:
        price, perf = "total_build_cost_usd", "total_relative_perf"
        kept = [m for m in near if not any(outclasses(o, m, perf, price, D16_CLOSE) for o in fits)]
        if kept:  # never a budget without an answer
            near, outclassed = kept, len(near) - len(kept)
    memory = MEMORY_THAT_COUNTS.get(use_case, "vram_gb")
    if workload:  # every machine left runs the largest model: the fastest on it
        ranked = sorted(near, key=lambda m: (-m["largest_workload_tokens_per_s"], m["model_id"]))
    elif "_workload_size" in near[0]:  # LLM, and no machine the budget buys runs a workload at a usable speed
        ranked = sorted(near, key=lambda m: (-m["total_relative_perf"], m["model_id"]))
    else:
        ranked = sorted(near, key=lambda m: (-m[memory], -m["total_relative_perf"], m["model_id"]))
    chosen = ranked[0]
    row.update({k: chosen[k] for k in ("largest_workload", "largest_workload_tokens_per_s") if k in chosen})
    row.update(
        {
            k: chosen[k]
            for k in (
                "tier",
                "model_id",
                "gpu_name",
                "gpu_count",
                "platform_id",
                "total_vram_gb",
                "total_relative_perf",
                "total_build_cost_usd",
                "tco_usd",
                "perf_per_1k_usd_tco",
                "perf_basis",
                "architecture",
                "software_support",
                "support_label",
                "circuit",
                "power_cap_pct",
                "resale_usd",
                "listings_available",
                "price_confidence",
                "wall_draw_w",
                "gpu_draw_w",
                "cpu",
                "ram_gb",
                "ram_kit",
                "psu_watts",
                "psu_config",
                "slot_plan",
            )
        }
    )
    # the cards' draw only from their own board power: an answer gives a cap's watts from it (code review)
    row["gpu_draw_w"] = chosen["gpu_draw_w"] if chosen.get("board_power_known", True) else None
    row["notes"] = (
        f"{_count(len(fits), 'machine fits', 'machines fit')}; "
        + (
            f"{_count(len(pool), 'runs', 'run')} {workload} at a usable speed, the largest model any of them runs; "
            if workload
            else ""
        )
        + f"{len(near)} within {NEAR_BEST:.0%} of the best value ({best_value:.3f} {value_words})"
        + (f", {outclassed} more outclassed (V1)" if outclassed else "")
        + "; then "
        + _memory_words(chosen, memory)
        + f"; {chosen['circuit_note']}"
    )
    faster = (
        (_faster_alternative(chosen, fits) or _cheaper_alternative(chosen, fits))
        if "_workload_size" not in chosen
        else _faster_on_a_smaller_model(chosen, fits, llm)
        if workload and llm is not None
        else None
    )
    on_own_circuit = _on_a_dedicated_circuit(
        chosen, [m for m in dedicated if m["total_build_cost_usd"] <= budget], fits
    )
    sold_out = resale = None
    if fallback and thin_supply(chosen["gpu_count"], chosen.get("listings_available")):
        others = [m for m in usable if m["model_id"] != chosen["model_id"]]
        plan_b = _budget_row(day, condition, mode, use_case, budget, others, llm, (), fallback=False)
        sold_out = _if_sold_out(chosen, plan_b)
    if fallback:
        resale = _resale_picks(
            chosen,
            _budget_row(
                day, condition, mode, use_case, budget, _without_resale(usable), llm, (), fallback=False
            ),
        )
    faster = "; ".join(words for words in (resale, faster, on_own_circuit, sold_out) if words) or None
    if faster:
        row["faster_alternative"] = faster
        row["notes"] += f"; {faster}"
    if thin_supply(chosen["gpu_count"], chosen.get("listings_available")):  # A1, as the build tiers say it
        row["notes"] += f"; {supply_words(chosen['gpu_count'], chosen['listings_available'])}"
    if chosen.get(
        "new_undercuts"
    ):  # the card's own "buy new", as the build tiers say it (seventeenth review)
        row["notes"] += f"; the card: {chosen['new_undercuts']}"
    if chosen.get("legacy_notes"):
        row["notes"] += (
            f"; allow_legacy_cards: {chosen['gpu_name']} is outside the default "
            f"({'; '.join(chosen['legacy_notes'])}); it runs on an older software stack only"
        )
    if len(ranked) > 1:
        runner = ranked[1]
        row.update(
            {
                "runner_up": f"{runner['gpu_count']} x {runner['gpu_name']} ({runner['tier']}, {runner['platform_id']})",
                "runner_up_relative_perf": runner["total_relative_perf"],
                "runner_up_build_cost_usd": runner["total_build_cost_usd"],
            }
        )
    if not fallback:  # a plan B's row (see fallback): the machine itself, for its words
        row["_machine"] = chosen
    return row


def _without_resale(machines: list[dict]) -> list[dict]:
    """The machines as the budget's rule would value them without the resale their cards are expected to fetch at the
    horizon (a forecast: transforms/cost_model.py): TCO with the resale added back, and its value per 1,000 USD."""
    out = []
    for m in machines:
        resale = m.get("resale_usd") or 0.0
        tco = m["tco_usd"] + resale
        out.append({**m, "tco_usd": tco, "perf_per_1k_usd_tco": m["total_relative_perf"] / tco * 1000})
    return out


def _resale_picks(chosen: dict, without: dict) -> str | None:
    """Where the budget's rule picks another machine once the forecast resale is left out (`without`: that row,
    built with fallback False), the words that say so, with that machine's price and draw, as the build tiers' notes
    say "resale decides" (thirty-fourth review: the used 5,000 and 7,500 USD vision answers, 4 x RTX 5070 Ti on the
    X99 board at 1,439 W, rested on a forecast of 71% of their launch price; without it the rule picks one RTX 5090
    at 805 W, and the first screen said nothing); None where the choice stands without it."""
    m = without.get("_machine")
    if m is None or (m["model_id"], m["gpu_count"], m["platform_id"]) == (
        chosen["model_id"],
        chosen["gpu_count"],
        chosen["platform_id"],
    ):
        return None
    return (
        f"{RESALE_DECIDES}the choice rests on its cards' expected resale ({chosen['resale_usd']:,.0f} USD, a "
        f"forecast); without it the budget's rule picks {m['gpu_count']} x {m['gpu_name']} ({m['tier']}, "
        f"{m['platform_id']}, {m['total_build_cost_usd']:,.0f} USD, {m['wall_draw_w']:,.0f} W at the wall"
        f"{_what_to_know(m)})"
    )


def _faster_alternative(chosen: dict, fits: list[dict]) -> str | None:
    """For a training budget: the machine with the most throughput the budget buys at a value per USD within
    NEAR_BEST of the choice's, when it has at least FASTER_WORTH_NAMING times the choice's throughput, in words
    (what it costs, how much faster, its value against the choice's, memory per card): the rule picks value and
    memory first; the buyer sees what more of the budget buys at about the same value (on the sample, used
    beginner from 7,500 USD: 2 RTX 5090, 1.8 times one of them at 2% less value, rather than 4 RTX A6000, faster
    still at half the value). None when no such machine is fast enough."""
    perf, value = "total_relative_perf", "perf_per_1k_usd_tco"
    close = [m for m in fits if m[value] >= NEAR_BEST * chosen[value]]
    fastest = max(close, key=lambda m: (m[perf], -m["total_build_cost_usd"], m["model_id"]))
    if fastest[perf] < FASTER_WORTH_NAMING * chosen[perf]:
        return None
    more = fastest[value] / chosen[value] - 1
    if more <= 0 or same_value(more):
        head = "faster within the budget at about this value"
    else:  # the band is the choice's value and up: a machine both faster and of more value lost on memory per card
        head = "faster and more value per USD within the budget (this one has more memory per card, G5)"
    words = value_words(more)
    return (
        f"{head}: {fastest['gpu_count']} x {fastest['gpu_name']} "
        f"({fastest['tier']}, {fastest['platform_id']}, {fastest['total_build_cost_usd']:,.0f} USD"
        f"{_what_to_know(fastest)}): "
        f"throughput {fastest[perf]:.2f}, {fastest[perf] / chosen[perf]:.1f}x this one, {words}, "
        f"{fastest['vram_gb']:g} GB per card"
    )


def _if_sold_out(chosen: dict, plan_b: dict) -> str | None:
    """The rule's answer without the chosen machine's card, in words, for a choice on thin supply (A1; twenty-ninth
    review: every used vision budget from 5,000 to 30,000 USD took 4 of the 5 RTX 5070 Ti listed, its runner-up
    the same card, and never named the 2 x RTX 5090 machine the rule picks without it); None where there is none."""
    m = plan_b.get("_machine")
    if m is None:
        return None
    smaller = (
        f" (it does not run {chosen['largest_workload']})"
        if chosen.get("largest_workload") and m.get("largest_workload") != chosen["largest_workload"]
        else ""
    )
    speed = (
        f"{m['largest_workload']} at {m['largest_workload_tokens_per_s']:.1f} tokens/s{smaller}"
        if m.get("largest_workload") and m.get("largest_workload_tokens_per_s")
        else f"throughput {m['total_relative_perf']:.2f}, "
        f"{m['total_relative_perf'] / chosen['total_relative_perf']:.2f}x this one"
    )
    return (
        f"if the {chosen['gpu_name']} sells out, the rule's answer without it: {m['gpu_count']} x {m['gpu_name']} "
        f"({m['tier']}, {m['platform_id']}, {m['total_build_cost_usd']:,.0f} USD{_what_to_know(m)}): {speed}, "
        f"{m['total_vram_gb'] / m['gpu_count']:g} GB per card, {m['listings_available']} listed today"
    )


def _what_to_know(machine: dict) -> str:
    """What a named alternative machine needs that its answer would say (twenty-ninth review: 4 x RTX 5070 Ti named
    "faster" without "give it the circuit to itself" or the thin supply of 4 of the 5 listed): its power cap or its
    dedicated circuit, the outlet to itself (machine.circuit_room's words in its circuit note) and rule A1."""
    note = machine.get("circuit_note") or ""
    cap = machine.get("power_cap_pct")
    # and the cap's watts where the card's board power is known (code review of 2026-11-28)
    words = (
        [f"capped to {cap:.0f}% per card{machine_limit_words(machine)}"]
        if machine.get("circuit") == "outlet" and cap is not None and cap < 100
        else ["needs a dedicated circuit"]
        if machine.get("circuit") == "dedicated"
        else []
    )
    words += [w for w in (OWN_CIRCUIT, OWN_SOCKET) if w in note][:1]
    if thin_supply(machine["gpu_count"], machine.get("listings_available")):
        words.append(thin_supply_short(machine["gpu_count"], machine["listings_available"]))
    return "".join(f", {w}" for w in words)


def _cheaper_alternative(chosen: dict, fits: list[dict]) -> str | None:
    """For a training budget: the machine of the most value per USD of TCO the budget buys that costs at most
    CHEAPER_WORTH_NAMING of the choice's price for at least NEARLY_AS_FAST of its throughput, with at least its
    memory per card, in words; None when there is none. The rule takes the most throughput among good buys of the
    same memory: the buyer sees what a little less of it saves."""
    perf, value, cost = "total_relative_perf", "perf_per_1k_usd_tco", "total_build_cost_usd"
    cheaper = [
        m
        for m in fits
        if m[cost] <= CHEAPER_WORTH_NAMING * chosen[cost]
        and m[perf] >= NEARLY_AS_FAST * chosen[perf]
        and (m["vram_gb"] or 0) >= (chosen["vram_gb"] or 0)
    ]
    if not cheaper:
        return None
    best = max(cheaper, key=lambda m: (m[value], -m[cost], m["model_id"]))
    more = best[value] / chosen[value] - 1
    return (
        f"nearly as fast for less within the budget: {best['gpu_count']} x {best['gpu_name']} "
        f"({best['tier']}, {best['platform_id']}, {best[cost]:,.0f} USD{_what_to_know(best)}): "
        f"{best[perf] / chosen[perf]:.0%} of this "
        f"one's throughput for {best[cost] / chosen[cost]:.0%} of its price, {value_words(more)}, "
        f"{best['vram_gb']:g} GB per card"
    )


# twenty-eighth review: "faster and more value per USD ... 0% more value per USD of TCO" for 0.1% more: a difference
# that rounds to 0% is no difference in words


def same_value(more: float) -> bool:
    """Whether a fraction more (or less) value reads as 0% in whole percent (0.5% included: it rounds to even)."""
    return f"{abs(more):.0%}" == "0%"


def value_words(more: float, per: str = "value per USD of TCO") -> str:
    """A value against the choice's or the pick's (`more`: the fraction more, negative for less), in words."""
    if same_value(more):
        return f"about the same {per}"
    return f"{more:.0%} more {per}" if more > 0 else f"{-more:.0%} less {per}"


def _faster_on_a_smaller_model(chosen: dict, fits: list[dict], llm) -> str | None:
    """For an LLM budget, which takes the machine that runs the largest model: the machine the budget buys that
    decodes a smaller model at least FASTER_WORTH_NAMING times as fast as the choice does, in words (twelfth
    review: 15,000 USD new bought 2 x RTX A6000 for GLM-4.5-Air, and decoded Llama 3.3 70B at 11.2 tokens/s
    where the 10,000 USD answer, 2 x RTX 5090, does 23.2, unsaid). Among such machines, the one whose own largest
    model is the largest, then the fastest on it; None when none is."""
    found = []
    for m in fits:
        workload, speed = m.get("largest_workload"), m.get("largest_workload_tokens_per_s")
        if not workload or not speed or m["_workload_size"] >= chosen["_workload_size"]:
            continue
        own = llm.speed(chosen["model_id"], chosen["gpu_count"], workload, chosen.get("power_cap_pct", 100.0))
        if own and speed >= FASTER_WORTH_NAMING * own:
            found.append((m["_workload_size"], speed / own, m, own))
    if not found:
        return None
    _, ratio, m, own = max(found, key=lambda f: (f[0], f[1], -f[2]["total_build_cost_usd"]))
    return (
        f"faster on a smaller model within the budget: {m['gpu_count']} x {m['gpu_name']} ({m['tier']}, "
        f"{m['platform_id']}, {m['total_build_cost_usd']:,.0f} USD{_what_to_know(m)}) decodes {m['largest_workload']} at "
        f"{m['largest_workload_tokens_per_s']:.1f} tokens/s, {ratio:.1f}x this one's {own:.1f}; it does not run "
        f"{chosen['largest_workload']}"
    )


def _on_a_dedicated_circuit(chosen: dict, dedicated: list[dict], fits: list[dict]) -> str | None:
    """The machine of up to 4 GPUs the budget buys on a dedicated circuit (O1 keeps it from being the answer) when
    it does markedly more than any the budget buys from the outlet (`fits`), or as much for markedly less, in words
    (its price, draw at the wall, PSU and what it does); None when none does. LLM: a larger model than the choice's
    at a usable speed; else the choice's model at least FASTER_WORTH_NAMING times as fast as the fastest outlet
    machine on it (twenty-sixth review: 30,000 USD used bought 4 x RTX 6000 Ada at 41.2 tokens/s of Qwen3-235B while
    2 x A100 80GB in a used server decode it at 83.4 for less, on a 240 V circuit, unsaid); else at least the
    choice's speed on it for at most CHEAPER_WORTH_NAMING of its price (twenty-seventh review: 4 x RTX 3090 on a
    20 A circuit, 4,357 USD and 63.8 tokens/s, against 4 x RTX A5000 at 6,597 USD and 52.5). Training: at least
    FASTER_WORTH_NAMING times the throughput of the fastest outlet machine within NEAR_BEST of the choice's value,
    at a value within NEAR_BEST of it too."""
    cost = "total_build_cost_usd"
    if "_workload_size" in chosen:
        speed, size = "largest_workload_tokens_per_s", "_workload_size"
        if not chosen.get(speed):
            return None
        outlet_best = max(
            m[speed] for m in fits if m["circuit"] == "outlet" and m.get(speed) and m[size] == chosen[size]
        )
        runs = [m for m in dedicated if m.get(speed) and m[size] >= chosen[size]]
        if not runs:
            return None
        best = max(runs, key=lambda m: (m[size], m[speed], -m[cost]))
        larger = best[size] > chosen[size]
        if not larger and best[speed] < FASTER_WORTH_NAMING * outlet_best:
            cheaper = [
                m
                for m in runs
                if m[speed] >= chosen[speed] and m[cost] <= CHEAPER_WORTH_NAMING * chosen[cost]
            ]
            if not cheaper:
                return None
            best = min(cheaper, key=lambda m: (m[cost], -m[speed], m["model_id"]))
        does = f"decodes {best['largest_workload']} at {best[speed]:.1f} tokens/s" + (
            f" (this one runs {chosen['largest_workload']})"
            if larger
            else f", {best[speed] / chosen[speed]:.1f}x this one, for {best[cost] / chosen[cost]:.0%} of its price"
        )
    else:
        perf, value = "total_relative_perf", "perf_per_1k_usd_tco"
        outlet_best = max(
            m[perf] for m in fits if m["circuit"] == "outlet" and m[value] >= NEAR_BEST * chosen[value]
        )
        close = [m for m in dedicated if m[value] >= NEAR_BEST * chosen[value]]
        if not close:
            return None
        best = max(close, key=lambda m: (m[perf], -m[cost], m["model_id"]))
        if best[perf] < FASTER_WORTH_NAMING * outlet_best:
            return None
        does = f"throughput {best[perf]:.2f}, {best[perf] / chosen[perf]:.1f}x this one"
    circuit = dedicated_circuit(best["circuit_note"]) or "a circuit of its own"
    # the circuit is an electrician's job the budget does not price (thirtieth review: "within the budget" read as if
    # the price held it)
    return (
        f"on a dedicated circuit within the budget ({circuit}; the circuit not priced, an electrician's job): "
        f"{best['gpu_count']} x {best['gpu_name']} "
        f"({best['platform_id']}, {best[cost]:,.0f} USD, {best['wall_draw_w']:,.0f} W at the wall, PSU "
        f"{best['psu_config']}) {does}"
    )


def _count(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


def _index_value(machine: dict) -> float:
    return machine["perf_per_1k_usd_tco"]


def _workload_value(machine: dict) -> float:
    """Decode tokens/s of the machine's largest workload per 1,000 USD of TCO."""
    return machine["largest_workload_tokens_per_s"] / machine["tco_usd"] * 1000


def _largest_workload(llm, machine: dict) -> dict:
    """The largest workload of the catalog the machine runs at a usable speed, its tokens/s and its size."""
    name, speed = llm.largest(machine["model_id"], machine["gpu_count"], machine.get("power_cap_pct", 100.0))
    w = llm.workloads.get(name) if name else None
    size = (w["params_b"], w["bits_per_weight"], w["context_tokens"]) if w else (-1.0, 0.0, 0)
    return {"largest_workload": name, "largest_workload_tokens_per_s": speed, "_workload_size": size}


def _memory_words(chosen: dict, memory: str) -> str:
    if "_workload_size" in chosen:
        if not chosen["largest_workload"]:
            return "the most LLM throughput (no machine the budget buys runs a workload at a usable speed)"
        return f"the fastest on it: {chosen['largest_workload_tokens_per_s']:.1f} tokens/s"
    if memory == "total_vram_gb":
        return "the most pooled memory (LLM layers split across cards)"
    return "the most memory per card (data-parallel: every card holds the whole model)"


BUDGET_SCHEMA = {
    "snapshot_date": pl.Date,
    "budget_usd": pl.Int32,
    "use_case": pl.String,
    "condition": pl.String,
    "tier": pl.String,
    "model_id": pl.String,
    "gpu_name": pl.String,
    "gpu_count": pl.Int32,
    "platform_id": pl.String,
    "total_vram_gb": pl.Float64,
    "total_relative_perf": pl.Float64,
    "total_build_cost_usd": pl.Float64,
    "tco_usd": pl.Float64,
    "perf_per_1k_usd_tco": pl.Float64,
    "perf_basis": pl.String,
    "runner_up": pl.String,
    "runner_up_relative_perf": pl.Float64,
    "runner_up_build_cost_usd": pl.Float64,
    "notes": pl.String,
    "source_mode": pl.String,
    "perf_index": pl.String,
    "architecture": pl.String,
    "software_support": pl.String,
    "support_label": pl.String,
    "excluded_cards": pl.String,
    "circuit": pl.String,
    "power_cap_pct": pl.Float64,
    "resale_usd": pl.Float64,
    "listings_available": pl.Int32,
    "price_confidence": pl.String,
    "wall_draw_w": pl.Float64,
    # the cards' (capped) draw, so that an answer gives a cap in watts (code review of 2026-11-28)
    "gpu_draw_w": pl.Float64,
    "largest_workload": pl.String,
    "largest_workload_tokens_per_s": pl.Float64,
    # the parts a buyer orders besides the cards, as the build tiers size them (fifth review: a budget's machine
    # that is no tier's default had no PSU or RAM in any mart)
    "cpu": pl.String,
    "ram_gb": pl.Int32,
    "ram_kit": pl.String,
    "psu_watts": pl.Int32,
    "psu_config": pl.String,
    "slot_plan": pl.String,
    "faster_alternative": pl.String,
}
