"""The answer first (issue 39): per use case and condition, the card and the whole one-GPU machine to buy today
(for a beginner: the card for the desktop they have, D6).

Read from marts.build_tiers' default one-GPU (or beginner) machine, which already weighs what a buyer would: the platform
sized for the card, energy and resale over the horizon (the one cost model), the region's outlet (O1), software
support (S1, S2) and whether the card is for sale. `make run` ends with these lines and the markdown export
opens with them; the tables (2-8 GPUs, budgets, every card) follow in the export.
"""

from functools import cache

import duckdb
import polars as pl

from dashboards.report_data import (
    NEEDS_ITS_OWN_MACHINE,
    card_caveats,
    over_d6_words,
    own_circuit_note,
    resale_decides,
)
from transforms.tiers.build_tiers import RESALE_DECIDES, RESALE_DECIDES_DETAIL, thin_supply, thin_supply_short
from transforms.tiers.machine import OWN_CIRCUIT, OWN_SOCKET, platform_words
from transforms.tiers.power import machine_limit_words
from transforms.tiers.rules import BEGINNER_MAX_TDP_W, D16_CLOSE
from transforms.use_cases import OWN_DESKTOP_USE_CASES
from warehouse.catalog import load_llm_workloads
from warehouse.writes import read_frame

USE_CASE_ORDER, CONDITION_ORDER = ("llm", "vision", "beginner"), ("used", "new")


def _defaults(tiers: pl.DataFrame) -> pl.DataFrame:
    """marts.build_tiers rows that are a tier's default machine (not its dedicated-circuit row) and have one."""
    default = pl.col("is_default").fill_null(True) if "is_default" in tiers.columns else pl.lit(True)
    return tiers.filter(default & pl.col("model_id").is_not_null())


def answer_rows(tiers: pl.DataFrame) -> list[dict]:
    """The default one-GPU machines of marts.build_tiers rows (one day), LLM first, used before new; for the
    beginner use case the beginner tier (the card in the buyer's own desktop, D6)."""
    if tiers.is_empty():
        return []
    tier = pl.when(pl.col("use_case") == "beginner").then(pl.lit("beginner")).otherwise(pl.lit("1gpu"))
    chosen = _defaults(tiers).filter(pl.col("tier") == tier)
    return sorted(
        chosen.to_dicts(),
        key=lambda r: (USE_CASE_ORDER.index(r["use_case"]), CONDITION_ORDER.index(r["condition"])),
    )


def power_words(r: dict) -> str:
    """A machine's draw at the wall and its circuit in words (marts.build_tiers or budget_builds row)."""
    watts = f"{r['wall_draw_w']:,.0f} W" if r.get("wall_draw_w") is not None else "power unknown"
    power = (
        f"{watts} from a standard outlet"
        if r["circuit"] == "outlet"
        else f"{watts}, needs a dedicated circuit"
    )
    if r["power_cap_pct"] is not None and r["power_cap_pct"] < 100:
        # the limit in watts (thirty-first review): the capped draw per card is its board power times the cap
        watts = machine_limit_words(r).strip(" ()")
        power += (
            f" capped to {r['power_cap_pct']:.0f}% ({watts + '; ' if watts else ''}a limit to set at every boot, "
            "persistence on)"
        )
    note = own_circuit_note(r)
    # within SHARED_CIRCUIT_W of its rating: the circuit's, or where the rating is the socket's, the socket's
    power += "".join(f"; {own}" for own in (OWN_CIRCUIT, OWN_SOCKET) if own in note)
    return power


def workload_words(r: dict) -> list[str]:
    """What an LLM machine runs, in words: the tier's workload, the same model for every machine of the tier, so
    that used and new compare on one model; then the largest model it runs at a usable speed where that is
    another one (a 5090 runs Mixtral 8x7B at 125 tokens/s, a 3090 no model past Qwen2.5 32B: both speeds
    side by side would look like one model at 4.5 times the speed)."""
    out = []
    if r.get("workload") and r.get("workload_tokens_per_s") is not None:
        out.append(f"runs {r['workload']} at {r['workload_tokens_per_s']:.0f} tokens/s")
    if r.get("largest_workload") and r["largest_workload"] != r.get("workload"):
        out.append(
            f"the largest model it runs at a usable speed: {r['largest_workload']} at "
            f"{r['largest_workload_tokens_per_s']:.0f} tokens/s"
        )
    return out


@cache
def _workloads() -> dict[str, dict]:
    return {r["workload"]: r for r in load_llm_workloads().iter_rows(named=True)}


def workload_terms(workload: str | None) -> str | None:
    """A workload's terms in words, from the catalog (warehouse/catalog/llm_workloads.csv): "Llama 3.3 70B Instruct,
    Q4_K_M, 8k context full" (thirtieth review: the dashboard showed "llama-3.3-70b-q4km-8k" and
    never said what its quantization and context were); None for a workload the catalog lacks."""
    row = _workloads().get(workload or "")
    if not row:
        return None
    context = f", {int(row['context_tokens']) // 1024}k context full" if row.get("context_tokens") else ""
    quant = f", {row['quant']}" if row.get("quant") else ""
    return f"{row['model_name']}{quant}{context}"


# the index a training machine's throughput is in, per use case (marts.build_tiers.perf_index; RTX 3090 = 1.0)
THROUGHPUT_INDEX = {"vision": "vision", "beginner": "training"}


def throughput_words(r: dict, use_case: str | None = None) -> str | None:
    """A vision or beginner machine's throughput in words, against one RTX 3090 in its use case's index, and whether it
    is measured or modelled (thirty-fifth review: the vision answers stated no speed, while the LLM ones give
    tokens/s); None for an LLM machine or one without it."""
    index = THROUGHPUT_INDEX.get(use_case or r.get("use_case") or "")
    if index is None or r.get("total_relative_perf") is None:
        return None
    basis = "measured" if str(r.get("perf_basis") or "").startswith("measured") else "modelled"
    return f"throughput {r['total_relative_perf']:.2f} x one RTX 3090 in the {index} index ({basis})"


def _listed(r: dict) -> str:
    """The day's listings of the card, and where the machine takes most of them (A1), how many."""
    if thin_supply(r.get("gpu_count"), r.get("listings_available")):
        return thin_supply_short(r["gpu_count"], r["listings_available"])
    return f"{r['listings_available']} listed"


def answer_line(r: dict) -> str:
    """One row in words: what to buy, what the whole machine costs and draws, what it runs, the runner-up."""
    power = power_words(r)
    where = (
        f"{r['total_build_cost_usd']:,.0f} USD in your own desktop ({power}; PSU: {r['psu_config']})"
        if r["platform_id"] == "existing_desktop"
        else f"in a {r['total_build_cost_usd']:,.0f} USD machine ({r['platform_id']}, {power})"
    )
    parts = [
        f"{r['use_case']} (>= {r['vram_floor_gb']:g} GB), {r['condition']}: {r['gpu_name']} at "
        f"{r['unit_price']:,.0f} USD ({_listed(r)}), {where}"
    ]
    parts.extend(workload_words(r))
    if (throughput := throughput_words(r)) is not None:
        parts.append(throughput)
    if r["runner_up_gpu_name"]:
        parts.append(
            f"runner-up {r['runner_up_gpu_name']} ({runner_up_gap_words(r['runner_up_gap_pct'], 0)})"
        )
    resale = resale_decides(r.get("notes"))
    if resale:  # the headline choice rests on a forecast of what its cards fetch: say so beside it
        parts.append(RESALE_DECIDES + resale.split(RESALE_DECIDES_DETAIL)[0])
    return "; ".join(parts)


def runner_up_gap_words(gap: float | None, digits: int = 2, currency: str = "USD") -> str | None:
    """How much less value per USD (a region's row: per its `currency`, thirty-fourth review) a machine's runner-up
    gives, in words; a runner-up of more value is the machine D16 set aside for a newer architecture within
    D16_CLOSE, and says so (a bare "-3% less" read as nonsense; the regions' table printed -0.96 unexplained:
    twenty-fifth review)."""
    if gap is None:
        return None
    if float(f"{abs(gap):.{digits}f}") == 0:  # twenty-eighth review's code review: "(0% less value per USD)"
        return f"about the same value per {currency}"
    if gap >= 0:
        return f"{gap:,.{digits}f}% less value per {currency}"
    return (
        f"{-gap:,.{digits}f}% more value per {currency}; D16 prefers the newer architecture within "
        f"{D16_CLOSE:.0%}"
    )


def answer_lines(con: duckdb.DuckDBPyConnection, day) -> list[str]:
    """What `make run` prints at its end: a header and one line per use case and condition."""
    rows = answer_rows(read_frame(con, "SELECT * FROM marts.build_tiers WHERE snapshot_date = ?", [day]))
    header = (
        f"what to buy on {day}: per use case the card and the whole one-GPU machine (beginner: the card for your "
        "own desktop); 2-8 GPUs, budgets and every card are in the export:"
    )
    if not rows:
        return [header, "  no one-GPU machine could be built today: see marts.build_tiers' notes"]
    return [header, *(f"  {answer_line(r)}" for r in rows)]


# ------------------------------------------------------------------------------------ the page's first screen
# The dashboard opens on a choice of use case and budget (issue 39), remembered in the URL hash; for each choice
# the card to buy used and new (marts.budget_picks) and the whole machine that budget buys (marts.budget_builds).
DEFAULT_USE_CASE, DEFAULT_BUDGET = "llm", 3_000


def _pick_for(picks: pl.DataFrame, use_case: str, condition: str, budget: int) -> dict | None:
    """The card pick (rank 1) of the largest pick budget up to `budget` (the picks stop at 10,000 USD)."""
    part = picks.filter(
        (pl.col("use_case") == use_case)
        & (pl.col("condition") == condition)
        & (pl.col("pick_rank") == 1)
        & (pl.col("budget_usd") <= budget)
    ).sort("budget_usd")
    return part.row(-1, named=True) if part.height else None


# seventeenth review: a 350 W card "as below" where the line below said no machine was within the budget;
# nineteenth: or where the machine below, the whole machine the budget buys, was built on another card
NO_MACHINE_FOR_IT = "which this budget does not buy with it"
ANOTHER_CARD_BELOW = ""  # the machine below says "instead": no "as below" (the page is at its 8,000 px)


def card_words(tdp_w: float | None, machine_below: bool | None = True) -> str:
    """What the card alone is for, by its power: a card of at most D6's 200 W goes into a computer the buyer already
    has; a hotter one needs the PSU, cables and room of a machine built for it (the eighth review: an RTX 5090,
    575 W, had been offered "for a computer you already have"): the machine below (`machine_below` True), none
    the budget buys (False), or no word where the machine below holds another card (None: it is "instead")."""
    if tdp_w is None:
        return (
            f"Card to buy (the card alone, its power unknown: check it against the {BEGINNER_MAX_TDP_W:g} W a "
            "computer you already have takes (D6))"
        )
    if tdp_w <= BEGINNER_MAX_TDP_W:
        return f"Card to buy for a computer you already have (the card alone, {tdp_w:,.0f} W: D6)"
    below = (
        "as below" if machine_below else ANOTHER_CARD_BELOW if machine_below is None else NO_MACHINE_FOR_IT
    )
    tail = f", {below}" if below else ""
    return f"Card to buy (the card alone, {over_d6_words(tdp_w)}, so {NEEDS_ITS_OWN_MACHINE}{tail})"


def _own_desktop(tiers: pl.DataFrame | None, use_case: str, condition: str, budget: int) -> dict | None:
    """The beginner tier's machine (a card in the desktop the buyer has, D6) of the use case and condition, when it
    costs no more than the budget (tenth review: a beginner with 1,000 USD was offered no machine new, and a whole
    954 USD machine used, beside a headline RTX 4070 in their own desktop at 603 and 495 USD)."""
    if tiers is None or tiers.is_empty() or use_case not in OWN_DESKTOP_USE_CASES:
        return None
    rows = _defaults(tiers).filter(
        (pl.col("tier") == "beginner")
        & (pl.col("use_case") == use_case)
        & (pl.col("condition") == condition)
        & (pl.col("total_build_cost_usd") <= budget)
    )
    return rows.row(0, named=True) if rows.height else None


def answer_choices(
    builds: pl.DataFrame,
    picks: pl.DataFrame,
    ranking: pl.DataFrame | None = None,
    tiers: pl.DataFrame | None = None,
    card_machines: dict[tuple[str, str], float] | None = None,
    platforms: dict[str, str] | None = None,
    platform_os: dict[str, str] | None = None,
    platform_extras: dict[str, str] | None = None,
) -> list[dict]:
    """Every (use case, budget) of the day's budget builds, with the card and the machine per condition: a list
    of {use_case, budget_usd, card: {used, new}, machine: {used, new}} (None where there is none). A card carries
    its `tdp_w` (for card_words) and its condition's `caveat` from `ranking` (the day's marts.gpu_value);
    `own_desktop` per condition is the beginner tier's machine from `tiers` (marts.build_tiers) where it fits the
    budget (OWN_DESKTOP_USE_CASES); and `machine_usd`, the price of its own 1-GPU machine from `card_machines`
    (ReportData.card_machines; None where not known). A machine carries `platform_words`, its platform in words from
    `platforms` (ReportData.platform_words: the board it depends on), and `extras`, the parts priced in that the parts
    line would not name otherwise (ReportData.platform_extras: the CPU cooler, the SSD)."""
    out = []
    if builds.is_empty():
        return out
    power = (
        dict(ranking.select("model_id", "tdp_w").unique("model_id").iter_rows())
        if ranking is not None and "tdp_w" in ranking.columns
        else {}
    )
    # the card's caveat of its condition (marts.gpu_value): a pick is a card a buyer can act on, so it is what is
    # left to know, e.g. that new ones are listed for no more (fourteenth review: a used RTX 5090 at 2,560 USD)
    caveat = card_caveats(ranking)
    keys = builds.select("use_case", "budget_usd").unique().rows()
    for use_case, budget in sorted(keys, key=lambda k: (USE_CASE_ORDER.index(k[0]), k[1])):
        choice = {"use_case": use_case, "budget_usd": budget, "card": {}, "machine": {}, "own_desktop": {}}
        for condition in CONDITION_ORDER:
            machine = builds.filter(
                (pl.col("use_case") == use_case)
                & (pl.col("condition") == condition)
                & (pl.col("budget_usd") == budget)
                & pl.col("model_id").is_not_null()
            )
            row = machine.row(0, named=True) if machine.height else None
            choice["machine"][condition] = row and {
                **row,
                "platform_words": machine_platform(row, platforms, platform_os),
                "extras": (platform_extras or {}).get(row["platform_id"]),
            }
            choice["own_desktop"][condition] = _own_desktop(tiers, use_case, condition, budget)
            card = _pick_for(picks, use_case, condition, budget)
            choice["card"][condition] = card and {
                **card,
                "tdp_w": power.get(card["model_id"]),
                "caveat": caveat.get((card["model_id"], condition)) or None,
                # None where not known: marts.llm_workload_machines holds LLM-capable cards only (S2: bf16), so a
                # beginner's card without bf16 has no row there (code review: an RTX 2080 Ti was said to be unhoused)
                "machine_usd": (card_machines or {}).get((card["model_id"], condition)),
            }
        out.append(choice)
    return out


def machine_platform(
    machine: dict, platforms: dict[str, str] | None, platform_os: dict[str, str] | None = None
) -> str | None:
    """A budget machine's platform in words as transforms.tiers.machine.platform_words gives a tier's: its description
    (marts.platforms), its case named as the open-air frame where its slot plan hangs cards on riser cables (as the
    machine is priced), then what its CPU means for the operating system where that limits it (os_note)."""
    words = (platforms or {}).get(machine.get("platform_id"))
    if not words:
        return None
    platform = {"description": words, "os_note": (platform_os or {}).get(machine.get("platform_id"))}
    return platform_words(platform, "riser" in (machine.get("slot_plan") or ""))


def why_line(machine: dict) -> str:
    """A budget build's notes up to the final choice: how many machines fit, (LLM) how many run the largest model
    any of them runs, and how many came near the best value."""
    return (machine.get("notes") or "").split("; then ")[0]
