"""recommendations.md: what a person reads in the morning."""

import html

import polars as pl

from dashboards.answer import answer_line, answer_rows, machine_platform, runner_up_gap_words
from dashboards.report_data import (
    SOURCE_WORDS,
    ReportData,
    card_caveats,
    circuit_words,
    fewer_cards,
    resale_decided,
    thin_supplied,
    without_machine,
)
from dashboards.safe_text import blank_controls
from transforms.budget_picks import ABOUT_THIS_VALUE, FASTER_WORTH_NAMING
from transforms.deals import DEAL_RULE, NEWS_RULE, UNDER_DAY_MEDIAN
from transforms.gpu_value import BUY_PRICE_SENTENCE
from transforms.llm_workload_fit import FINE_TUNE_WORDS, USABLE_TOKENS_PER_S
from transforms.tiers.budget_builds import CHEAPER_WORTH_NAMING, NEARLY_AS_FAST
from transforms.tiers.machine import CAP_AT_BOOT, SHARED_CIRCUIT_W
from transforms.tiers.physical import ON_FRAME
from transforms.tiers.power import HOURS_PER_YEAR
from transforms.tiers.rules import BEGINNER_MAX_TDP_W, buy_new_words

# what the speeds and the energy measure, which a reader of this file alone could not tell (twentieth review)
FIGURES_MEAN = (
    "\nWhat the figures measure. Vision and beginner throughput is Lambda's training benchmarks, which Lambda runs "
    "on synthetic data unless it tests a system's I/O (github.com/lambdal/deeplearning-benchmark, pytorch/README.md): "
    "a machine whose CPU decodes the JPEGs, 2 cores per card (G10), can fall well short of it; decode on the GPUs "
    "(NVIDIA DALI) or train from pre-decoded data. LLM tokens/s is one user's decode (llama.cpp) of the workload named, "
    "at its quantization and with its context full (qwen2.5-32b-q4km-8k: 4-bit weights, 8k tokens). Several users "
    "share the machine's memory, a context each, and a machine is sized for one; a server that batches them "
    "(llama-server --parallel, vLLM) decodes far more tokens/s in total than one user's figure (64 streams on RTX "
    "3090s: about 1,000 tokens/s against 46-60 for one, docs/research/issue-35-multi-gpu.md), and a second card "
    "holding its own copy of a model one card runs serves twice the users, where a layer split over both makes no "
    "one faster. Usable means at "
    f"least {USABLE_TOKENS_PER_S:g} tokens/s by default (the run's usable_tokens_per_s); the LLM machines are "
    f"{FINE_TUNE_WORDS}. Energy counts every card at its (capped) board power for the hours "
    "under load and nothing for the others (idle draw not counted): more than a layer split draws while it decodes, "
    "its cards taking turns. The machines of 2 cards and more mostly hang cards on riser cables from an open-air "
    "frame instead of a case: the slots column says where each card goes.\n"
)

SAMPLE_BANNER = (
    "> **SAMPLE DATA.** Built from the project's bundled sample snapshot, not from live listings: "
    "these are not market prices.\n"
)


def _cell(value) -> str:
    if value is None:
        return "–"
    if isinstance(value, float):
        return f"{value:,.2f}" if abs(value) < 100 else f"{value:,.0f}"
    text = blank_controls(value)
    # Markdown viewers render raw HTML: escape it (listing titles are seller-written; quotes stay as they are, as no
    # tag can open without "<": "this one's", not "this one&#x27;s" in the file); then backslash-escape the
    # backslash itself (first, or "\\|" would end the cell), the table pipe, emphasis, links and code
    text = html.escape(text, quote=False).replace("\\", "\\\\")
    for char in "|*_[]`":
        text = text.replace(char, "\\" + char)
    return text


FIT_COLUMNS = {
    "perf_index": "index",
    "source": "measured by",
    "measured_cards": "cards measured",
    "weight_bandwidth": "bandwidth weight",
    "loo_mean_abs_pct_error": "LOO mean %",
    "loo_max_abs_pct_error": "LOO max %",
    "loo_worst_model": "worst card",
    "hbm_factors": "HBM factor",
}
"""The performance indices' fits (marts.perf_index_fits) as the export and the gpu_specs metadata show them."""


def table(frame: pl.DataFrame, columns: dict[str, str]) -> str:
    if frame.is_empty():
        return "_none_\n"
    head = "| " + " | ".join(columns.values()) + " |\n| " + " | ".join("---" for _ in columns) + " |\n"
    body = "".join(
        "| " + " | ".join(_cell(r[c]) for c in columns) + " |\n" for r in frame.iter_rows(named=True)
    )
    return head + body


# what the grade column means (code review, 2026-11-28: the top-10 tables showed A-D unexplained)
GRADE_WORDS = (
    "Grade: how far the day's prices of the card can be trusted, A to D, from its sellers, the largest seller's share, the spread "
    "of their asks and the days priced in the last 7 (docs/method.md); a D price never sets a pick or a machine."
)
RANK_COLS = {
    "buy_rank": "#",
    "name": "GPU",
    "vram_gb": "VRAM GB",
    "price_usd": "price USD",
    "listing_count": "listings",
    "price_confidence": "grade",
    "relative_perf": "rel. perf",
    "perf_per_1k_usd": "perf / 1k USD",
    "caveat": "caveat",
}


def _deals_table(deals: pl.DataFrame, when: dict[str, str]) -> str:
    """A table of deals: the card, its source, `when` (what makes it news, or since when it is listed), its prices
    and its caveat."""
    return table(
        deals.with_columns(pl.col("source").replace(SOURCE_WORDS)),
        {
            "model_id": "model",
            "condition": "condition",
            "source": "source",
            **when,
            "unit_price": "USD",
            "previous_price": "was USD",
            "median_30d": "30-day median",
            "discount_pct": "% under",
            "caveat": "caveat",
            "title": "title",
        },
    )


def _machine_label() -> pl.Expr:
    return pl.format("{} x {}", pl.col("gpu_count"), pl.col("gpu_name"))


def machine_vram_words(gpu_count: int, total_vram_gb: float, use_case: str) -> str:
    """A machine's memory as its use case counts it (twenty-fifth review: "2 x RTX 5080, 32 GB" read as much as one
    RTX 5090's 32 GB): per card, as a training card holds the whole model; for LLM also pooled, as a layer split
    spreads the model over the cards."""
    per_card = f"{total_vram_gb / gpu_count:g} GB"
    if gpu_count == 1:
        return per_card
    pooled = f" ({total_vram_gb:g} GB pooled)" if use_case == "llm" else " each"
    return f"{gpu_count} x {per_card}{pooled}"


def _runner_up_gap(rows: pl.DataFrame) -> pl.Series:
    """Each machine's runner-up gap in words (dashboards.answer.runner_up_gap_words), per the row's currency where it
    has one (a region's)."""
    currencies = rows["currency"] if "currency" in rows.columns else pl.Series([None] * rows.height)
    return pl.Series(
        [
            runner_up_gap_words(g, currency=c or "USD")
            for g, c in zip(rows["runner_up_gap_pct"], currencies, strict=True)
        ],
        dtype=pl.String,
    )


def _platform_label(data: ReportData) -> pl.Expr:
    """A machine's platform id, with what its CPU means for the operating system where it limits it (twenty-second
    review: a Windows buyer was not told that the used X99 machines' CPU has no supported Windows)."""
    notes = {p: f"{p} ({note})" for p, note in data.platform_os.items()}
    return pl.col("platform_id").replace(notes) if notes else pl.col("platform_id")


def _platform_priced(data: ReportData, rows: pl.DataFrame, platform_id: str) -> str:
    """A platform's words as its machines in `rows` are priced (dashboards.answer.machine_platform): with the open-air
    frame where they hang cards on risers, both where some do and some do not (code review)."""
    words = {
        machine_platform(r, data.platform_words, data.platform_os)
        for r in rows.filter(pl.col("platform_id") == platform_id).iter_rows(named=True)
    }
    # the case first, then the frame (ON_FRAME's words)
    return "; or, with cards on riser cables: ".join(
        sorted((w for w in words if w), key=lambda w: ON_FRAME in w)
    )


def _tier_of(r: dict) -> str:
    """A machine row's tier and condition in a list's words, a region's row first named by its region and use case
    (marts.region_tiers; marts.build_tiers rows have no region)."""
    where = f"{_cell(r['region'])} {_cell(r['use_case'])} " if r.get("region") else ""
    return f"{where}{_cell(r['tier'])} {_cell(r['condition'])}"


def _machines_lines(pairs: list[tuple[dict, str]]) -> str:
    """Machine rows, each with its sentence, one list line each."""
    return "".join(
        f"- {_tier_of(r)}, {r['gpu_count']} x {_cell(r['gpu_name'])}"
        + ("" if r.get("is_default", True) else " (dedicated circuit)")
        + f": {_cell(sentence)}\n"
        for r, sentence in pairs
    )


def _fewer_cards(rows: pl.DataFrame) -> str:
    """Rule L1's warnings under a table of machines: the machines a smaller tier's machine matches for less."""
    lines = _machines_lines(fewer_cards(rows.iter_rows(named=True)))
    return "\nDo you need that many cards? (rule L1)\n\n" + lines if lines else ""


def _watchlist_problems(problems: tuple[str, ...]) -> str:
    """Above the alerts: what in the watchlist file could not be used (twelfth review: a broken file read as no
    alert fired, as if it had been watched)."""
    if not problems:
        return ""
    return (
        "**The watchlist was not read whole**: what is below was skipped, so no alert from it means it was not "
        "watched, not that nothing matched.\n\n" + "".join(f"- {_cell(p)}\n" for p in problems) + "\n"
    )


def _machines_listed(pairs: list[tuple[dict, str]], heading: str) -> str:
    """Machine rows, each with its sentence, listed under their table after `heading` ('' when there is none)."""
    lines = _machines_lines(pairs)
    return f"\n{heading}:\n\n" + lines if lines else ""


def _without_machine(rows: pl.DataFrame, table_name: str = "marts.build_tiers") -> str:
    """The tiers that have no machine, each with why (report_data.without_machine), under their table."""
    lines = [f"- {_tier_of(r)}: {_cell(why)}\n" for r, why in without_machine(rows.iter_rows(named=True))]
    return (
        f"\nNo machine (the first reasons; the tier's notes in {table_name} give all):\n\n" + "".join(lines)
        if lines
        else ""
    )


def _thin_supply(rows: pl.DataFrame) -> str:
    """The machines that take most of the day's listings of their card (rule A1), under their table."""
    return _machines_listed(
        thin_supplied(rows.iter_rows(named=True)),
        "Thin supply (rule A1: the machine takes most of the day's listings of its card)",
    )


def _resale_decided(rows: pl.DataFrame) -> str:
    """The machines whose choice over the runner-up rests on the GPUs' expected resale, under their table."""
    return _machines_listed(
        resale_decided(rows.iter_rows(named=True)),
        "Where resale decides (the choice rests on the resale its cards are expected to fetch at the end of the "
        "horizon, a forecast: without it the runner-up gives more, or for a newer card D16 prefers, more by over "
        "5%)",
    )


def _horizon(data: ReportData) -> str:
    years = data.tiers["horizon_years"].drop_nulls()
    return f"{years[0]:g}" if years.len() else "3"


def _energy_basis(data: ReportData) -> str:
    """The electricity price and the share of the time under load the tiers' energy is counted at, read back from
    the rows (eighth review: the export named neither; the price is the region's, not G14's example)."""
    rows = (
        data.tiers.filter(pl.col("annual_energy_kwh") > 0)
        if "annual_energy_kwh" in data.tiers.columns
        else None
    )
    if rows is None or rows.is_empty():
        return ""
    r = rows.row(0, named=True)
    usd_per_kwh = r["annual_energy_cost_usd"] / r["annual_energy_kwh"]
    load_share = r["annual_energy_kwh"] * 1000 / (r["wall_draw_w"] * HOURS_PER_YEAR)
    return f" at {usd_per_kwh:.4g} USD/kWh, under load {load_share:.0%} of the time"


def _cards_of(prices: pl.DataFrame, machines: pl.DataFrame, at_least: int) -> pl.DataFrame:
    """The cross-market prices of the cards the regions' machines use, in each region and condition they use
    them, then others (in the mart's order) up to `at_least` rows: the prices behind the machines above, not the
    first cards of the alphabet (eighth review: the RTX 5090 and 5070 Ti every regional machine used were cut)."""
    used = (
        machines.filter(pl.col("model_id").is_not_null()).select("model_id", "condition", "region").unique()
    )
    if prices.is_empty() or used.is_empty():
        return prices.head(at_least)
    keys = ["model_id", "condition", "region"]
    behind = prices.join(used, on=keys, how="semi", maintain_order="left")
    rest = prices.join(used, on=keys, how="anti", maintain_order="left")
    return pl.concat([behind, rest.head(max(at_least - behind.height, 0))])


def render_markdown(data: ReportData, top_n: int = 10) -> str:
    out = [f"# GPU recommendations for deep learning: {data.day.isoformat()}\n"]
    if data.is_sample:
        out.append(SAMPLE_BANNER)
    out.append(
        "Prices are asking prices of active listings (not sale prices), shipping included where the listing states it "
        "(shipping calculated at checkout counts as 0; a deal says so in its caveat), after an outlier screen. "
        "Relative performance: `dl_index_v1` (RTX 3090 = 1.0). The top lists rank only cards a buyer can act on by "
        "default: priced on at least 3 listings, a PCIe card with its own fans (no SXM/OAM "
        "module, no passive server card), NVIDIA (D11), software support current in CUDA 13 for the "
        "horizon (S1) and fp16 tensor cores (S2). Their caveats (e.g. no bf16) stand in the row; "
        "`marts.gpu_value` and `recommendations.csv` keep every card with the reason it is left out.\n"
    )
    out.append(FIGURES_MEAN)
    answers = answer_rows(data.tiers)
    # a used card that new ones undercut says so beside its machine too (fifteenth review: the used RTX 5090's line
    # had no "buy new" that its pick and its card page carried)
    caveats = card_caveats(data.ranking)

    def buy_new(r: dict) -> str:
        said = buy_new_words(caveats.get((r["model_id"], r["condition"])))
        return f"; {said}" if said else ""

    out.append(
        "\n## What to buy\n\nFor a buyer in the US (its listings, a 120 V outlet; other regions' machines under Other "
        "regions). The card and the whole one-GPU machine per use case, new and used (beginner: the card "
        "for the desktop you have, D6): the machine with "
        "the most throughput per USD of total cost of ownership (platform, energy and resale included) that runs "
        "from a standard outlet and is for sale today. Machines of 2-8 GPUs and budgets follow below.\n\n"
        + (
            "\n".join(f"- {answer_line(r)}{buy_new(r)}" for r in answers)
            if answers
            else "_no one-GPU machine today_"
        )
        + "\n"
    )
    for condition in ("new", "used"):
        ranked = data.top_ranking.filter(pl.col("condition") == condition).head(top_n)
        out.append(
            f"\n## Top {top_n} by performance per USD ({condition})\n\n{BUY_PRICE_SENTENCE} {GRADE_WORDS}\n\n"
            + table(ranked, RANK_COLS)
        )
    picks = data.picks_with_caveat.filter(pl.col("pick_rank") == 1)
    out.append(
        "\n## Picks per budget and use case\n\nUse cases: LLM >= 24 GB, vision >= 12 GB, beginner >= 8 GB. "
        "Each ranks by its own index: LLM by LLM inference, vision by vision, beginner by training. Among the "
        "best performance per USD the budget buys (G5), an LLM pick is the card that runs the largest model at a "
        "usable speed (so a 48 GB card that runs a 70B model beats a faster 32 GB one), a vision or beginner pick "
        "the card with the most memory. Vision and beginner never pick a card that a newer, at least as fast and "
        "no dearer card of its maker outclasses (V1, docs/rules.md). A beginner or vision pick over D6's "
        f"{BEGINNER_MAX_TDP_W:g} W says so in its caveat: the card for the desktop you have is the beginner tier's.\n\n"
    )
    out.append(
        table(
            picks,
            {
                "condition": "condition",
                "use_case": "use case",
                "budget_usd": "budget USD",
                "name": "pick",
                "vram_gb": "VRAM GB",
                "price_usd": "price USD",
                "listing_count": "listings",
                "perf_index": "index",
                "relative_perf": "perf",
                "perf_basis": "basis",
                "caveat": "caveat",
            },
        )
    )
    faster = picks.filter(pl.col("faster_alternative").is_not_null())
    if faster.height:
        out.append(
            f"\nWhere a vision or beginner budget buys a card at least {FASTER_WORTH_NAMING:g} times as fast as the pick "
            f"at about its value (at least {ABOUT_THIS_VALUE:.0%} of the pick's value per USD), or a cheaper card at "
            "least as fast, it is named here: the rule above takes memory before speed.\n\n"
            + "\n".join(
                f"- {r['use_case']}, {r['condition']}, {r['budget_usd']:,} USD, {_cell(r['name'])}: "
                f"{_cell(r['faster_alternative'])}"
                for r in faster.iter_rows(named=True)
            )
            + "\n"
        )
    out.append(
        "\n## Build tiers\n\nWhole machines chosen for throughput per USD of total cost of ownership (GPUs, "
        f"the platform sized for them and energy over {_horizon(data)} years{_energy_basis(data)}, less the GPUs' "
        "resale at the end: so a TCO may be below the price). Platform prices are estimates. The runner-up shows "
        "why. Each tier's first machine runs from a standard US outlet (capped by at most 20% where needed; "
        f"{CAP_AT_BOOT}; one that leaves under {SHARED_CIRCUIT_W:g} W of the circuit's continuous rating needs "
        "that circuit to itself, as its notes say); a `dedicated` row after "
        "it is a better machine that needs a dedicated circuit (20 A or 240 V: its notes say which).\n"
    )
    for use_case in ("llm", "vision", "beginner"):
        rows = data.tiers.filter(pl.col("use_case") == use_case)
        floor = rows["vram_floor_gb"][0] if rows.height else None
        out.append(
            f"\n### Use case: {use_case}" + (f" (at least {floor:g} GB per GPU)" if floor else "") + "\n\n"
        )
        # an LLM machine's value is the decode speed of its tier's workload (issue 35), a model per tier: the
        # column says so and the workload is named; the others are the use case's index
        value = (
            {"workload": "workload", "perf_per_1k_usd_tco": "tokens/s per 1k USD TCO"}
            if use_case == "llm"
            else {"perf_per_1k_usd_tco": "perf / 1k USD TCO"}
        )
        shown = rows.with_columns(
            machine=_machine_label(),
            platform_id=_platform_label(data),
            circuit=pl.Series([circuit_words(r) for r in rows.iter_rows(named=True)], dtype=pl.String),
            runner_up_gap=_runner_up_gap(rows),
        )
        out.append(
            table(
                shown,
                {
                    "tier": "tier",
                    "condition": "condition",
                    "machine": "machine",
                    "platform_id": "platform",
                    "total_build_cost_usd": "price USD",
                    "tco_usd": "TCO USD",
                    **value,
                    "runner_up_gpu_name": "runner-up",
                    "runner_up_gap": "runner-up gives",
                    "circuit": "circuit",
                    "psu_config": "PSU",
                    "wall_draw_w": "wall W",
                    "power_cap_pct": "cap %",
                    "slot_plan": "slots",
                },
            )
        )
        out.append(_fewer_cards(rows))
        out.append(_resale_decided(rows))
        out.append(_thin_supply(rows))
        out.append(_without_machine(rows))
    out.append(
        "\n## Buy or rent\n\nHours of use per month above which owning the tier's machine (price, less the "
        "GPUs' resale after the horizon, plus electricity) costs less than renting the same throughput from "
        "the cheapest cloud GPU that meets the use case's VRAM floor (D16); an LLM machine against the cheapest "
        "whole cloud GPUs that hold its workload and decode it at least as fast (R1). Cloud prices are the "
        "day's gpuhunt catalog when run live, else a dated snapshot; each row's notes give the price's date "
        "and basis.\n\n"
    )
    out.append(
        table(
            data.buy_vs_rent,
            {
                "use_case": "use case",
                "tier": "tier",
                "condition": "condition",
                "gpu_count": "GPUs",
                "model_id": "machine GPU",
                "own_fixed_usd": "price - resale USD",
                "rent_model_id": "cloud GPU",
                "rent_gpus_for_same_perf": "cloud GPUs",
                "rent_provider": "provider",
                "rent_offer_kind": "offer",
                "rent_usd_per_hour": "rent USD/h",
                "break_even_hours_per_month": "break-even h/month",
                "verdict": "verdict",
                # the cloud price's date and source, which the text above promises (twenty-first review)
                "notes": "notes",
            },
        )
    )
    out.append(
        "\n## Performance indices\n\nEach use case ranks by its own index (RTX 3090 = 1.0): measured where a "
        "published benchmark has the card, else a fit of compute, memory bandwidth and the memory's kind (a vendor's HBM "
        "cards take its HBM factor, fitted on its measured HBM cards, which run slower than their bandwidth alone says); the "
        "fit's leave-one-out error says how far to trust a modelled value.\n\n"
    )
    out.append(table(data.perf_fits, FIT_COLUMNS))
    # every tier a region has but the 8-GPU server (the US's tables above show it): the beginner's card for the
    # desktop they have too (eighth review: the dashboard listed it, the export did not)
    other = data.region_tiers.filter(
        (pl.col("region") != "US") & pl.col("tier").is_in(["beginner", "1gpu", "2gpu", "4gpu"])
    )
    if other.height:
        out.append(
            "\n## Other regions\n\nThe same choice for buyers elsewhere (`marts.region_tiers`): the region's "
            "listings and prices in its currency (UK and EU business sellers include VAT), sized for its "
            "outlet, energy at its household price, every card at its median (rule B1's new-card price is the US "
            "answer's: docs/regions.md). Platform parts are US estimates, the new ones with the region's VAT "
            "added. A cap of – means over the "
            "outlet's continuous rating even at -20%: the machine needs a circuit of its own, or where the rating is "
            "the socket's (UK, EU) a socket rated for hours of load; `outlet, a wall socket to itself`: no extension lead. "
            + " ".join(words for words in (data.region_choice, data.region_basis) if words)
            + "\n\n"
        )
        out.append(
            table(
                other.with_columns(
                    machine=_machine_label(),
                    platform_id=_platform_label(data),
                    circuit=pl.Series(
                        [circuit_words(r) for r in other.iter_rows(named=True)], dtype=pl.String
                    ),
                    runner_up_gap=_runner_up_gap(other),
                ),
                {
                    "region": "region",
                    "use_case": "use case",
                    "tier": "tier",
                    "condition": "condition",
                    "machine": "machine",
                    # what is in it, as the US tables say (thirty-fourth review: a German 4-GPU machine at 10,197 EUR
                    # was a Threadripper PRO board, a 2,000 W PSU and two risers, none of it shown; a used X99 one
                    # needs Linux)
                    "platform_id": "platform",
                    "total_build_cost_local": "price",
                    "currency": "currency",
                    "total_build_cost_usd": "price USD",
                    "workload": "LLM workload",
                    "workload_tokens_per_s": "tokens/s",
                    "mains": "outlet",
                    "circuit": "circuit",
                    "psu_config": "PSU",
                    "wall_draw_w": "wall W",
                    "power_cap_pct": "cap %",
                    "slot_plan": "slots",
                    # the machine it was chosen over, as in the US tables (twenty-second review: a DE 5090 machine
                    # at 3,103 EUR, preferred by D16 within 5%, hid a 3090 machine of 1% more value)
                    "runner_up_gpu_name": "runner-up",
                    "runner_up_gap": "runner-up gives",
                },
            )
        )
        # the board each machine depends on, as the budgets' table lists them (thirty-fourth review's code review: the
        # German 4-GPU machine's Threadripper PRO board was named nowhere)
        boards = [
            p for p in other["platform_id"].unique(maintain_order=True).to_list() if p in data.platform_words
        ]
        if boards:
            out.append(
                "\nPlatforms in this table, as priced in the US (a machine with cards on riser cables has an "
                "open-air frame instead of the case, priced):\n\n"
                + "\n".join(f"- {_cell(p)}: {_cell(_platform_priced(data, other, p))}" for p in boards)
                + "\n"
            )
        # the warnings of the rows the table shows (code review: 8-GPU lines had no row above them)
        out.append(_fewer_cards(other))
        # the warnings the US tiers list, for the other regions' machines too (thirteenth review: a UK machine
        # took 4 of the 5 used RTX 5070 Ti listed, and neither list named it)
        out.append(_resale_decided(other))
        out.append(_thin_supply(other))
        out.append(
            _without_machine(
                data.region_without_machine.filter(
                    pl.col("tier").is_in(["beginner", "1gpu", "2gpu", "4gpu"])
                ),
                "marts.region_tiers",
            )
        )
        # sixteenth review: '+17%' for a new RTX 5070 Ti in DE read as a dearer market where it was nearly all VAT;
        # seventeenth: the rows past the cut (the GB used RTX 5090, every RTX 4090) went unsaid
        shown = _cards_of(data.cross_market, other, top_n * 2)
        if "business_share" in shown.columns:  # a share in percent, as the table's other column of percents
            shown = shown.with_columns(business_pct=(pl.col("business_share") * 100).round(0).cast(pl.Int64))
        else:
            shown = shown.with_columns(business_pct=pl.lit(None, pl.Int64))
        more = data.cross_market.height - shown.height
        out.append(
            "\nThe same cards' asks as listed in each region: a business seller's price in the European regions "
            "includes VAT (regions.csv `vat_rate`: 19% DE, 20% GB), a US ask is before sales tax, so part of a "
            "'% vs US' is tax, not the market (docs/regions.md). eBay's European sites say which sellers are "
            "businesses (`business %`: of the listings whose seller type eBay states, per listing, before the outlier "
            "screen): bought at a distance from a business, a card comes with 14 days to cancel (EU Directive "
            "2011/83/EU; UK Consumer Contracts Regulations 2013) and the legal guarantee against faults (EU Directive "
            "2019/771: 2 years, which a member state may let seller and buyer cut to 1 year for used goods; UK Consumer "
            "Rights Act 2015), and its price usually includes VAT; from a private seller, usually with neither (no "
            "right to cancel, and the guarantee can be excluded, though the card must be as described). The cards the "
            "machines above use first"
            + (f"; {more} more rows in `recommendations.json` (`cross_market_prices`)" if more > 0 else "")
            + ".\n"
            + table(
                shown,
                {
                    "model_id": "card",
                    "condition": "condition",
                    "region": "region",
                    "median_local": "median",
                    "currency": "currency",
                    "median_usd": "median USD",
                    "us_median_usd": "US median USD",
                    "pct_vs_us": "% vs US",
                    "business_pct": "business %",
                },
            )
        )
    best = data.builds.filter(pl.col("model_id").is_not_null())
    out.append(
        "\n## Best machine per budget\n\nPurchase budget (GPUs + platform). For LLM: the machines that run the "
        f"largest model any machine the budget buys runs at a usable speed, those within {1 - ABOUT_THIS_VALUE:.0%} of the best tokens/s "
        "per USD of TCO on that model, then the fastest (the workload and tokens/s columns); its throughput "
        "column is the LLM index over all cards, which a layer split does not reach. For vision and beginner: "
        f"among the machines within {1 - ABOUT_THIS_VALUE:.0%} of the best value that fit, none that a newer, at least as fast machine "
        "outclasses (V1), the most memory per card (every card holds the whole model), then the most "
        "throughput. VRAM is per card; an LLM machine's cards also pool theirs (a layer split). The RAM and PSU "
        "are what the machine is priced with; a cap under 100 is the power limit per "
        f"card that fits the outlet ({CAP_AT_BOOT}). Each row's notes in the warehouse say what was set aside.\n\n"
    )
    out.append(
        table(
            best.with_columns(
                machine=_machine_label(),
                platform_id=_platform_label(data),
                # the row's circuit in the tiers' words, read from its notes (twentieth review: "give it the circuit
                # to itself" was in the warehouse only)
                circuit=pl.Series(
                    [circuit_words(r) for r in best.iter_rows(named=True)],
                    dtype=pl.String,
                ),
                vram=pl.Series(
                    [
                        machine_vram_words(r["gpu_count"], r["total_vram_gb"], r["use_case"])
                        for r in best.iter_rows(named=True)
                    ],
                    dtype=pl.String,
                ),
            ),
            {
                "use_case": "use case",
                "condition": "condition",
                "budget_usd": "budget USD",
                "machine": "machine",
                "platform_id": "platform",
                "total_build_cost_usd": "price USD",
                "vram": "VRAM",
                "total_relative_perf": "throughput",
                "perf_index": "index",
                "largest_workload": "workload",
                "largest_workload_tokens_per_s": "tokens/s",
                "ram_kit": "RAM",
                "psu_config": "PSU",
                "circuit": "circuit",
                "power_cap_pct": "cap %",
                "slot_plan": "slots",
            },
        )
    )
    used = [p for p in best["platform_id"].unique(maintain_order=True).to_list() if p in data.platform_words]
    if used:
        # the board each machine depends on (thirtieth review: the 2 x RTX 3090 answers never said it needs a board
        # whose two x16 slots run x8/x8, and some X570 boards wire the second one x4 through the chipset)
        out.append(
            "\nPlatforms in this table, as priced (a machine with cards on riser cables has an open-air frame "
            "instead of the case, priced):\n\n"
            + "\n".join(f"- {_cell(p)}: {_cell(_platform_priced(data, best, p))}" for p in used)
            + "\n"
        )
    thin = thin_supplied(best.iter_rows(named=True))
    if thin:
        out.append(
            "\nThin supply (rule A1: the machine takes most of the day's listings of its card):\n\n"
            + "\n".join(
                f"- {r['use_case']}, {r['condition']}, {r['budget_usd']:,} USD, {r['gpu_count']} x "
                f"{_cell(r['gpu_name'])}: {_cell(words)}"
                for r, words in thin
            )
            + "\n"
        )
    faster = best.filter(pl.col("faster_alternative").is_not_null())
    if faster.height:
        out.append(
            f"\nWhere a training budget buys a machine at least {FASTER_WORTH_NAMING:g} times as fast at about the "
            f"same value or more (at least {ABOUT_THIS_VALUE:.0%} of the chosen machine's value per USD), it is named "
            "here: the rule above takes memory per card before throughput; where none is, a machine of as much "
            f"memory per card at least {NEARLY_AS_FAST:.0%} as fast for at most {CHEAPER_WORTH_NAMING:.0%} of the "
            "price (nearly as fast for less). Where an LLM budget buys a machine that "
            f"decodes a smaller model at least {FASTER_WORTH_NAMING:g} "
            "times as fast as the chosen one does, it is named too: the rule above takes the largest model first. "
            "Last, a machine of up to 4 GPUs that needs a circuit of its own (20 A or 240 V, or a rack server) is named "
            '"on a dedicated circuit within the budget" where it runs a larger model, is at least '
            f"{FASTER_WORTH_NAMING:g} times as fast as the best outlet machine, or (LLM) as fast for at most "
            f"{CHEAPER_WORTH_NAMING:.0%} of the price, with what it draws and its PSU (the circuit itself, an "
            "electrician's job, is not in its price); the answer stays the outlet "
            "machine (O1). Where the answer rests on thin supply (A1), the machine the same rule chooses without its "
            'card is named as "if the ... sells out". Each machine named says its power cap, a circuit to itself '
            "and thin supply where they apply.\n\n"
            + "\n".join(
                f"- {r['use_case']}, {r['condition']}, {r['budget_usd']:,} USD: {_cell(r['faster_alternative'])}"
                for r in faster.iter_rows(named=True)
            )
            + "\n"
        )
    still = data.still_listed_with_caveat
    out.append(
        "\n## New deals today\n\n"
        f"Deals that are news: {NEWS_RULE} ({still.height} listings listed before are under the "
        f"same bar today: the next section), {DEAL_RULE}. {data.median_span}".rstrip()
        + "\n\n"
        + _deals_table(data.deals_with_caveat.head(top_n), {"event": "event"})
    )
    out.append(
        "\n## Deals still listed (no news)\n\n"
        + (
            f"The best {min(top_n, still.height)} of {still.height} listings under the same bar today that are no "
            "news: listed in the 7 days before and not under every price it asked in them, and at least "
            f"{1 - UNDER_DAY_MEDIAN:.0%} under today's median. Each is judged as a new deal is, by today's 30-day "
            "median and the lowest price seen; the cards a desktop buyer can act on by default come first. 'first "
            "seen': the first day this warehouse saw it; 'last deal': the last day it was news as a deal (none: it "
            "came under the bar without news: by cuts under 3%, a raise trimmed back, or as its 30-day history grew); "
            "'was USD': its price "
            "the last day it was seen before.\n\n"
            if still.height
            else ""
        )
        + _deals_table(still.head(top_n), {"first_seen": "first seen", "deal_since": "last deal"})
    )
    out.append(
        "\n## Changes since yesterday\n\n"
        + (
            (
                f"The {min(top_n, data.changes.height)} largest of {data.changes.height} moves of at least 0.5% "
                "of the price the tables give (a used card's median, a new card's by rule B1) "
                "between prices graded above D on both days (a price of one seller or nearly is no market's), "
                "with the price grade and caveat the dashboard shows beside them.\n\n"
                if data.changes.height
                else ""
            )
            + table(
                data.changes.head(top_n),
                {
                    "name": "GPU",
                    "condition": "condition",
                    "prev_price_usd": "yesterday price USD",
                    "price_usd": "today price USD",
                    "price_change_pct": "change %",
                    "rank_change": "rank change",
                    "price_confidence": "price grade",
                    "caveat": "caveat",
                },
            )
            if data.has_yesterday
            else "_No earlier day in the warehouse: nothing to compare with._\n"
        )
    )
    out.append(
        "\n## Watchlist alerts\n\n"
        + _watchlist_problems(data.watchlist_problems)
        + table(
            data.alerts,
            {
                "watch": "watch",
                "kind": "kind",
                "model_id": "model",
                "condition": "condition",
                "price": "USD",
                "source": "source",
                "reason": "why",
                "delivered": "sent",
            },
        )
    )
    out.append(
        "\n## Listings that left today (US; sold or withdrawn: asking data cannot tell which)\n\n"
        + table(
            data.exits.head(top_n),
            {
                "model_id": "model",
                "condition": "condition",
                "exits": "left",
                "median_exit_price": "median last USD",
                "median_days_to_exit": "median days listed",
            },
        )
    )
    out.append(
        "\n## How fast cards go (US, last 30 days, at least 3 exits of known age)\n\n"
        "Days listed are known only for listings first seen after the warehouse's first day of their source: one "
        "seen on that day may have been listed long before, so it is left out here and in the median days above.\n\n"
        + table(
            data.days_to_sell.head(top_n),
            {
                "model_id": "model",
                "condition": "condition",
                "exits": "left",
                "median_days_to_exit": "median days listed",
                "median_exit_price": "median last USD",
            },
        )
    )
    out.append(
        f"\n_{data.listings_today} listings classified for this date; source mode: {data.source_mode}._\n"
    )
    return "".join(out)
