"""The dashboard's main page: what changed since yesterday, filters, and sortable tables of value, picks,
build tiers and deals, then the charts and the longer-horizon tables."""

import json

import polars as pl

from dashboards import charts
from dashboards.answer import (
    DEFAULT_BUDGET,
    DEFAULT_USE_CASE,
    answer_choices,
    card_words,
    power_words,
    runner_up_gap_words,
    throughput_words,
    why_line,
    workload_terms,
)
from dashboards.html_parts import Col, esc, fmt, json_for_script, link, page, table
from dashboards.report_data import (
    circuit_words,
    fewer_cards,
    resale_decided,
    source_words,
    thin_supplied,
    with_buy_rank,
    without_machine,
)
from dashboards.site_data import SiteData
from transforms.budget_picks import FASTER_WORTH_NAMING, OVER_D6
from transforms.deals import DEAL_RULE, NEWS_RULE
from transforms.gpu_value import BUY_NEW, BUY_PRICE_SHORT
from transforms.llm_workload_fit import TIER_WORKLOADS, USABLE_TOKENS_PER_S, fine_tune_words
from transforms.tiers.build_tiers import RESALE_DECIDES, thin_supply, thin_supply_short
from transforms.tiers.machine import CAP_AT_BOOT
from transforms.tiers.rules import BEGINNER_MAX_TDP_W
from transforms.use_cases import OWN_DESKTOP_USE_CASES, USE_CASES

FILTER_NOTE = (
    "Filters apply to every table below that has the column: VRAM per GPU, use case (a card table "
    "keeps cards with at least the use case's VRAM), budget (a card's price (B1) or asking price, a pick's "
    "budget, a machine's total cost), vendor, condition and form factor."
)


# what the first screen adds to a pick's alternative over D6 (transforms.budget_picks.OVER_D6) where the budget buys
# no machine
NO_MACHINE_FOR_OVER_D6 = f" A card over {BEGINNER_MAX_TDP_W:g} W needs a machine built for it, which this budget does not buy with it."


def card_file_name(model_id: str) -> str:
    """A card page's file name: the model id, any character but letters, digits and '-' made '-'."""
    return "".join(ch if ch.isalnum() or ch == "-" else "-" for ch in str(model_id).lower()) + ".html"


def card_href(model_id: str) -> str:
    return f"cards/{card_file_name(model_id)}"


def _card_link(name_key: str, id_key: str = "model_id"):
    def render(row: dict) -> str:
        if not row.get(id_key):
            return esc(fmt(row.get(name_key)))
        return f'<a href="{esc(card_href(row[id_key]))}">{esc(row.get(name_key) or row[id_key])}</a>'

    return render


def _rental(row: dict) -> str:
    """The rental in one cell: its provider and what it rents ("Vast.ai: 2 x rtx-4090"; a fraction of
    GPU-hours for training throughput, whole GPUs that hold an LLM machine's workload, R1)."""
    provider, gpu, count = (
        row.get("rent_provider"),
        row.get("rent_model_id"),
        row.get("rent_gpus_for_same_perf"),
    )
    if not provider or not gpu or count is None:
        return esc(fmt(provider))
    return esc(f"{provider}: {count:.2g} x {gpu}")


def _facts(data: SiteData) -> dict[str, dict]:
    return {
        r["model_id"]: r
        for r in data.specs.select("model_id", "vendor", "memory_gb", "form_factor").iter_rows(named=True)
    }


def _attrs(
    facts: dict[str, dict],
    vram_key: str | None = "vram_gb",
    cost_key: str | None = None,
    use_case: bool = False,
):
    def attrs(row: dict) -> dict:
        fact = facts.get(row.get("model_id") or "", {})
        out = {
            "vram": row.get(vram_key)
            if vram_key and row.get(vram_key) is not None
            else fact.get("memory_gb"),
            "vendor": fact.get("vendor"),
            "form": fact.get("form_factor") or "pcie",
            "condition": row.get("condition"),
        }
        if cost_key:
            out["cost"] = row.get(cost_key)
        if use_case:
            out["use-case"] = row.get("use_case")
        return out

    return attrs


def _select(name: str, label: str, options: list[tuple[str, str]]) -> str:
    opts = "".join(f'<option value="{esc(v)}">{esc(t)}</option>' for v, t in [("", "any"), *options])
    return f'<label for="f-{name}">{esc(label)}<select id="f-{name}" name="{name}">{opts}</select></label>'


def filters(data: SiteData) -> str:
    vendors = sorted({v for v in data.report.ranking["vendor"].drop_nulls().to_list()})
    forms = sorted({f for f in data.report.ranking["form_factor"].fill_null("pcie").to_list()})
    return (
        f'<form id="filters" aria-label="Filter the tables" data-floors="{esc(json.dumps(USE_CASES))}">'
        + _select("vram", "VRAM at least", [(str(g), f"{g} GB") for g in (8, 12, 16, 24, 32, 48, 80)])
        + _select("use-case", "Use case", [(u, f"{u} (≥ {g} GB)") for u, g in USE_CASES.items()])
        + '<label for="f-budget">Budget up to (USD)<input id="f-budget" name="budget" type="number" min="0" '
        'step="50" inputmode="numeric" placeholder="any"></label>'
        + _select("vendor", "Vendor", [(v, v) for v in vendors])
        + _select("condition", "Condition", [("new", "new"), ("used", "used")])
        + _select("form-factor", "Form factor", [(f, f) for f in forms])
        + '<button type="reset">Clear filters</button></form>'
        + f'<p class="muted">{esc(FILTER_NOTE)}</p>'
    )


def _parts_line(machine: dict) -> str:
    """The parts a buyer orders besides the cards, as the machine is priced (marts.budget_builds; fifth review), the
    platform in words first: the board the machine depends on (thirtieth review)."""
    named = [
        (label, machine.get(key))
        for label, key in (
            ("Platform", "platform_words"),
            ("CPU", "cpu"),
            ("RAM", "ram_kit"),
            ("PSU", "psu_config"),
            ("Slots", "slot_plan"),
            # the cooler and the SSD the price holds (thirty-fifth review: a first-time buyer ordering from the list got
            # no cooler for a CPU sold without one)
            ("Also priced in", "extras"),
        )
    ]
    shown = [f"{label}: {esc(value)}" for label, value in named if value]
    return f'<p class="answer-parts">{"; ".join(shown)}</p>' if shown else ""


def _fine_tune(machine: dict) -> str:
    """What the machine does for fine-tuning (transforms.llm_workload_fit.fine_tune_words), from its cards' memory."""
    count, total = machine.get("gpu_count"), machine.get("total_vram_gb")
    return fine_tune_words(total / count if count and total else None, count)


def _model_terms(machine: dict, use_case: str) -> str:
    """An LLM machine's largest model in words, for its detail: what the figures mean (thirtieth review: the page never
    said what a usable speed was, nor a workload's quantization and context)."""
    terms = workload_terms(machine.get("largest_workload")) if use_case == "llm" else None
    if not terms:
        return ""
    return (
        f'<p class="answer-parts">Model: {esc(machine["largest_workload"])} = {esc(terms)}; a usable speed is '
        f"{USABLE_TOKENS_PER_S:g} tokens/s or more for one user by default (the run's usable_tokens_per_s), decoding "
        f"with the context full (llama.cpp). The machine is {esc(_fine_tune(machine))}.</p>"
    )


def _own_desktop_line(own: dict | None) -> str:
    """The card in the desktop the buyer has (D6), where the budget covers it, as the headline answer words it: the
    power words before the PSU's, whose words may hold what to check and which board to take (thirtieth review:
    "; "-joined into one parenthesis, the board advice and the outlet ran together)."""
    if not own:
        return ""
    return (
        f'<p class="answer-own">Or, for the desktop you have (D6): <strong>1 x {_card_link("gpu_name")(own)}</strong> '
        f"at {esc(fmt(own['unit_price']))} USD, {esc(fmt(own['total_build_cost_usd']))} USD in all, "
        f"{esc(power_words(own))}. PSU: {esc(own.get('psu_config') or '–')}.</p>"
    )


def _below(card: dict, machine: dict | None, budget: float) -> bool | None:
    """Whether the machine below is built on the card (True), the budget buys no machine around the card (False:
    none below, or the card's own 1-GPU machine, `machine_usd`, costs more than the budget), or the machine below
    holds another card and the budget would buy one around this card too (None): card_words' three cases
    (nineteenth review: llm:3000 new said an RTX 5090 at 2,850 USD needed the machine "as below", a 2,017 USD
    RTX 3090 machine; twenty-eighth: and said nothing of its own machine, 3,812 USD, over the budget)."""
    if not machine:
        return False
    if machine.get("model_id") == card.get("model_id"):
        return True
    own = card.get("machine_usd")  # None: not known
    return False if own is not None and own > budget else None


def _answer_column(
    condition: str,
    card: dict | None,
    machine: dict | None,
    use_case: str,
    budget: float,
    own: dict | None = None,
) -> str:
    """One condition's answer: the card to buy, the whole machine, what it runs (LLM), why, the runner-up; and for
    beginner and vision the card in the buyer's own desktop where the budget covers it."""
    parts = [f"<h3>{esc(condition.capitalize())}</h3>"]
    if card:
        parts.append(
            f'<p class="answer-card">{esc(card_words(card.get("tdp_w"), machine_below=_below(card, machine, budget)))}: '
            f"<strong>{_card_link('name')(card)}</strong> "
            f"at {esc(fmt(card['price_usd']))} USD "
            f"({esc(fmt(card['listing_count']))} listed, price grade {esc(card.get('price_confidence') or '–')})"
            + (f"; {esc(card['caveat'])}" if card.get("caveat") else "")
            + "</p>"
        )
        if card.get("faster_alternative"):
            # a card over D6 named where the budget buys no machine: none holds it either (code review of the 500 USD
            # budget: the RTX 3080 10GB, 320 W, named "faster" above "Machine to buy: none within this budget")
            unhoused = "" if machine or OVER_D6 not in card["faster_alternative"] else NO_MACHINE_FOR_OVER_D6
            # a sentence of its own after the alternative's words (review of 2026-11-28: "...to take it) A card over")
            parts.append(
                f'<p class="answer-faster">{_faster(card)}{"." if unhoused else ""}{esc(unhoused)}</p>'
            )
    else:
        parts.append('<p class="answer-card">Card to buy: none this budget buys today.</p>')
    if not machine:
        parts.append('<p class="answer-machine">Machine to buy: none within this budget today.</p>')
        parts.append(_own_desktop_line(own))
        return f'<div class="answer-col" data-condition="{esc(condition)}">{"".join(parts)}</div>'
    parts.append(
        f'<p class="answer-machine">Machine to buy{"" if not card or _below(card, machine, budget) else " instead"} '
        "(the whole machine within the budget): "
        f"<strong>{esc(machine['gpu_count'])} x "
        f"{_card_link('gpu_name')(machine)}</strong> on <code>{esc(machine['platform_id'])}</code>: "
        f"{esc(fmt(machine['total_build_cost_usd']))} USD, {esc(power_words(machine))}</p>"
    )
    parts.append(_own_desktop_line(own))
    if use_case == "llm" and machine.get("largest_workload"):
        terms = workload_terms(machine["largest_workload"])
        # the workload's terms on the name (a title), the page at its height cap (thirtieth review)
        title = f' title="{esc(terms)}"' if terms else ""
        parts.append(
            f"<p>The largest model it runs at a usable speed ({USABLE_TOKENS_PER_S:g}+ tokens/s by default): "
            f"<code{title}>{esc(machine['largest_workload'])}</code> at "
            f"{esc(fmt(machine['largest_workload_tokens_per_s'], 1))} tokens/s (one user)</p>"
        )
    if (throughput := throughput_words(machine, use_case)) is not None:
        parts.append(f"<p>{_sentence(throughput)}</p>")
    if machine.get("faster_alternative"):
        faster = machine["faster_alternative"]
        parts.append(f'<p class="answer-faster">{_sentence(faster)}</p>')
    if thin_supply(
        machine.get("gpu_count"), machine.get("listings_available")
    ):  # A1, in a line: a narrow column
        short = thin_supply_short(machine["gpu_count"], machine["listings_available"])
        parts.append(f'<p class="answer-thin">{_sentence(short)}</p>')
    parts.append(
        f'<p class="muted">Why: {esc(why_line(machine))}. Runner-up: {esc(machine.get("runner_up") or "none")}.</p>'
        f"<details><summary>Machine detail</summary>{_parts_line(machine)}{_model_terms(machine, use_case)}"
        f"<p>{esc(machine.get('notes'))}</p></details>"
    )
    return f'<div class="answer-col" data-condition="{esc(condition)}">{"".join(parts)}</div>'


def _answer_view(choice: dict) -> str:
    columns = "".join(
        _answer_column(
            c,
            choice["card"][c],
            choice["machine"][c],
            choice["use_case"],
            choice["budget_usd"],
            choice["own_desktop"].get(c),
        )
        for c in ("used", "new")
    )
    return (
        f'<p class="muted">{esc(choice["use_case"])}, whole machine up to {esc(fmt(choice["budget_usd"]))} USD '
        f"(card picks up to {esc(fmt(min(choice['budget_usd'], 10_000)))} USD; {PRICES_BEFORE_TAX}):</p>"
        f'<div class="answer-grid">{columns}</div>'
    )


# what the budget is held against (thirty-fifth review: a 4,000 USD buyer read a 3,963 USD machine as within it, before
# the sales tax eBay collects and with a third of it the platform's dated estimates)
PRICES_BEFORE_TAX = "card asks before sales tax, platform parts at dated estimates"


def answer(data: SiteData) -> str:
    """The first screen (issue 39): a use case and a budget, remembered in the URL hash (#use=llm&budget=3000),
    and for them the card to buy used and new and the whole machine, with what it costs, draws and runs."""
    choices = answer_choices(
        data.report.builds,
        data.report.picks,
        data.report.ranking,
        data.report.tiers,
        data.report.card_machines,
        data.report.platform_words,
        data.report.platform_os,
        data.report.platform_extras,
    )
    if not choices:
        return (
            '<section id="answer" aria-labelledby="answer-h"><h2 id="answer-h">What to buy today</h2>'
            '<p class="empty">No machine could be built today: see the tables below.</p></section>'
        )
    views = {f"{c['use_case']}:{c['budget_usd']}": _answer_view(c) for c in choices}
    uses = list(dict.fromkeys(c["use_case"] for c in choices))
    budgets = sorted({c["budget_usd"] for c in choices})
    use = DEFAULT_USE_CASE if DEFAULT_USE_CASE in uses else uses[0]
    budget = DEFAULT_BUDGET if DEFAULT_BUDGET in budgets else budgets[0]
    labels = {u: f"{u} (>= {floor} GB)" for u, floor in USE_CASES.items()}
    use_options = "".join(
        f'<option value="{esc(u)}"{" selected" if u == use else ""}>{esc(labels.get(u, u))}</option>'
        for u in uses
    )
    budget_options = "".join(
        f'<option value="{b}"{" selected" if b == budget else ""}>{esc(fmt(b))} USD</option>' for b in budgets
    )
    # the US market's answer: its listings, its outlet (twenty-second review: the first screen never said so, and
    # the other regions' machines are further down)
    return (
        '<section id="answer" aria-labelledby="answer-h"><h2 id="answer-h">What to buy today (US market)</h2>'
        '<form id="answer-choice" class="answer-choice">'
        f'<label>Use case <select name="use">{use_options}</select></label>'
        f'<label>Budget for the whole machine <select name="budget">{budget_options}</select></label></form>'
        f'<div id="answer-body" aria-live="polite">{views[f"{use}:{budget}"]}</div>'
        f'<script type="application/json" id="answer-data">{json_for_script(views)}</script></section>'
    )


def _plural(n: int, one: str, many: str | None = None) -> str:
    return f"{fmt(n)} {one if n == 1 else (many or one + 's')}"


CHANGE_LINES = 5  # pick and machine changes listed each before "and N more" (the tables below have them all)


def changes(data: SiteData) -> str:
    """What changed that matters (issue 39), right below the answer and about one screen: the deal events and
    their best three, the alerts fired, picks and machines that changed since yesterday with the reason, and
    the largest price moves with the grade of today's price."""
    report = data.report
    names = dict(report.ranking.select("model_id", "name").unique("model_id").iter_rows())

    def best(deals: pl.DataFrame, n: int = 3) -> str:
        # the cards a desktop buyer can act on first; a store's own words where its price is one store's; of the
        # first n, listings that read alike (the same card, price, discount and caveat) once, with their count
        # (thirty-first round: the first screen named "GeForce RTX 4080 SUPER (used) at 741 USD, 15.1% under" twice)
        said: dict[tuple[str, str], int] = {}
        for d in report.actionable_first(deals).head(n).to_dicts():
            head = (
                f"{names.get(d['model_id'], d['model_id'])} ({d['condition']}) at {fmt(d['unit_price'])} USD"
                + (f" at {source_words(d['source'])}" if source_words(d["source"]) != d["source"] else "")
            )
            # a deal without a discount: only rows written before every deal had a 30-day median
            tail = (
                f"{fmt(d['discount_pct'], 1)}% under its 30-day median"
                if d["discount_pct"] is not None
                else "near the lowest price seen"
            ) + (f" ({d['caveat']})" if d["caveat"] else "")
            said[(head, tail)] = said.get((head, tail), 0) + 1
        return "; ".join(
            head + (f" ({k} listings)" if k > 1 else "") + f", {tail}" for (head, tail), k in said.items()
        )

    news, still = best(report.deals_with_caveat), best(report.still_listed_with_caveat, 2)
    items = [
        _plural(report.deals.height, "new deal")
        + " today (new listings, and prices under every one the listing asked in the 7 days before)"
        + (f": {news}" if news else "")
        + f"; {_plural(report.deals_open.height, 'listing')} listed before still under the deal bar today"
        + (f": {still}" if still else ""),
        _plural(report.alerts.height, "watchlist alert")
        + " fired today"
        + (
            f" (the watchlist was not read whole: {'; '.join(report.watchlist_problems)})"
            if report.watchlist_problems
            else ""
        ),
        f"{fmt(data.listings_new)} listings of priced cards appeared and {fmt(data.listings_gone)} left, in every "
        "marketplace read (sold or withdrawn: asking data cannot tell which)"
        + (
            f"; {fmt(data.listings_first_read)} more are on marketplaces read for the first time today, not counted "
            "as arrivals"
            if data.listings_first_read
            else ""
        ),
    ]
    for label, frame, key in (
        ("pick", data.pick_changes, lambda r: f"{r['use_case']} pick for {fmt(r['budget_usd'])} USD"),
        ("machine", data.machine_changes, lambda r: f"{r['use_case']} {r['tier']} machine"),
    ):
        for r in frame.head(CHANGE_LINES).iter_rows(named=True):
            items.append(f"{key(r)} ({r['condition']}): {r['was']} → {r['now']} ({r['why']})")
        if frame.height > CHANGE_LINES:
            items.append(f"and {frame.height - CHANGE_LINES} more {label} changes")
        if frame.is_empty() and data.days_with_data > 1:
            items.append(
                f"no {label} changed since yesterday"
                if data.compared.get(label, True)
                else f"no {label}s recorded for yesterday: nothing to compare"
            )
    intro = (
        "<p class='muted'>No earlier day in the warehouse: nothing to compare with.</p>"
        if data.days_with_data <= 1
        else ""
    )
    # every move, the table showing its top rows until "Show all" (twenty-eighth review: the page listed 15 of 47
    # under a caption that read as all of them)
    moves = report.changes
    cols = [
        Col("name", "GPU", render=_card_link("name")),
        Col("condition", "condition"),
        Col("prev_price_usd", "yesterday USD", True),
        Col("price_usd", "today USD", True),
        Col("price_change_pct", "change %", True, digits=1),
        Col("price_confidence", "price grade"),
        Col("rank_change", "rank moved (+ up)", True),
        Col("caveat", "caveat", render=_caveat_folded),
    ]
    return (
        f'<section id="changes" aria-labelledby="changes-h"><h2 id="changes-h">What changed since yesterday</h2>'
        f"{intro}<ul class='changes'>{''.join(f'<li>{esc(i)}</li>' for i in items)}</ul>"
        + table(
            moves.to_dicts(),
            cols,
            "price-moves",
            "Moves of the price (B1) of at least 0.5% between prices graded above D on both days (largest first), "
            "with today's grade (A-C: sellers, spread, days priced)",
        )
        + "</section>"
    )


def _pick_caveat(row: dict) -> str:
    """A pick's caveat (dashboards.report_data.picks_with_caveat), folded under a few words, or a dash: the whole
    sentence in every row would make the table's top rows, and the page, much taller. A beginner or vision pick over
    D6 folds under its power; a used card that new ones undercut under "buy new"."""
    caveat = row.get("caveat")
    if not caveat:
        return "–"
    over_d6 = row.get("use_case") in OWN_DESKTOP_USE_CASES and (row.get("tdp_w") or 0) > BEGINNER_MAX_TDP_W
    summary = f"{esc(fmt(row['tdp_w']))} W, over D6" if over_d6 else "caveat"
    summary += f", {BUY_NEW}" if BUY_NEW in caveat else ""
    return f"<details><summary>{summary}</summary>{esc(caveat)}</details>"


def _sentence(text: str) -> str:
    """`text` escaped, opening with a capital (the rest as it is: names keep their case)."""
    return esc(text[:1].upper() + text[1:])


def _faster(row: dict) -> str:
    """A pick's faster or cheaper card in words (marts.budget_picks.faster_alternative), capitalized, or a dash."""
    faster = row.get("faster_alternative")
    return _sentence(faster) if faster else "–"


def _faster_cell(row: dict) -> str:
    """The picks table's cell of _faster, folded under the first card's name (a few hundred characters would make
    the table's top rows, and the page, much taller)."""
    faster = row.get("faster_alternative")
    if not faster:
        return "–"
    first = faster.split(": ", 2)[1].split(" at ", 1)[0]
    return f"<details><summary>{esc(first)}</summary>{_faster(row)}</details>"


def _caveat(row: dict) -> str:
    """A card's caveat in words (server only, passive, CUDA 12 only ...; marts.gpu_value.caveat), or a dash; in a
    span as wide as a short sentence (site.css), not a word a line in the table's narrowest column."""
    return f'<span class="caveat">{esc(row["caveat"])}</span>' if row.get("caveat") else "–"


def _caveat_folded(row: dict) -> str:
    """_caveat folded under its first reason where it gives several (the price moves on the first screen: a legacy
    card's four reasons in full made its row, and the page, taller than the page's 8,000 px; the row's data keeps the
    whole caveat, and a click shows it)."""
    first, _, rest = (row.get("caveat") or "").partition("; ")
    if not rest:
        return _caveat(row)
    return f'<details class="caveat"><summary>{esc(first)}; …</summary>{esc(rest)}</details>'


def _section(section_id: str, title: str, intro: str, content: str) -> str:
    return (
        f'<section id="{section_id}-section" aria-labelledby="{section_id}-h"><h2 id="{section_id}-h">{esc(title)}</h2>'
        f'<p class="muted">{esc(intro)}</p>{content}</section>'
    )


def value_table(data: SiteData) -> str:
    cols = [
        Col("name", "GPU", render=_card_link("name")),
        Col("condition", "condition"),
        Col("buy_rank", "buy rank", True),
        Col("caveat", "caveat", render=_caveat),
        Col("price_usd", "price USD", True),
        Col("listing_count", "listings", True),
        Col("price_confidence", "grade"),
        Col("vram_gb", "VRAM GB", True),
        Col("relative_perf", "relative perf", True),
        Col("perf_per_1k_usd", "perf / 1k USD", True),
        Col("perf_per_1k_usd_llm_inference", "LLM perf / 1k USD", True),
        Col("price_low", "low USD", True),
        Col("usd_per_gb_vram", "USD / GB", True),
        Col("perf_basis", "basis"),
        Col("vendor", "vendor"),
        Col("form_factor", "form"),
    ]
    # the cards a buyer can act on by default first, by perf per USD; then the rest, each with its caveat
    rows = (
        with_buy_rank(data.report.ranking)
        .filter(pl.col("enough_listings"))
        .sort(
            [pl.col("buy_rank").is_null(), pl.col("perf_per_1k_usd")],
            descending=[False, True],
            nulls_last=True,
        )
    )
    return _section(
        "value",
        "Performance per USD, new and used",
        "Every card priced on at least 3 listings today; relative performance: RTX 3090 = 1 "
        "(training index; basis says measured or modelled); "
        + BUY_PRICE_SHORT
        + ". Cards a buyer can act on by default come first "
        "with their buy rank; the rest follow unranked, the caveat saying why (server only, passive, PyTorch up "
        "to 2.14, ...). Open a card for its history.",
        table(
            rows.to_dicts(),
            cols,
            "value",
            "Cards by performance per 1,000 USD",
            _attrs(_facts(data), cost_key="price_usd"),
            filterable=True,
        ),
    )


def picks_table(data: SiteData) -> str:
    cols = [
        Col("use_case", "use case"),
        Col("budget_usd", "budget USD", True),
        Col("condition", "condition"),
        Col("pick_rank", "#", True),
        Col("name", "GPU", render=_card_link("name")),
        Col("vram_gb", "VRAM GB", True),
        Col("price_usd", "price USD", True),
        Col("perf_per_1k_usd", "perf / 1k USD", True),
        Col("perf_index", "index"),
        Col("perf_basis", "basis"),
        Col("listing_count", "listings", True),
        Col("price_confidence", "grade"),
        Col("caveat", "caveat", render=_pick_caveat),
        Col("faster_alternative", "faster or cheaper card", render=_faster_cell),
    ]
    return _section(
        "picks",
        "Picks per budget and use case",
        "The pick and two alternatives for each budget: among the best performance-per-USD cards, the one "
        "with the most memory the budget buys (each use case ranked by its own index); for vision and beginner, "
        "never a card that a newer, at least as fast and no dearer card outclasses (V1). A vision or beginner pick "
        f"names a card the budget buys that is at least {FASTER_WORTH_NAMING:g} times as fast at about its value, or "
        f"cheaper and at least as fast; a beginner or vision pick over D6's {BEGINNER_MAX_TDP_W:g} W says so (the "
        "card for the desktop you have is the beginner tier's).",
        table(
            data.report.picks_with_caveat.to_dicts(),
            cols,
            "picks",
            "Budget picks",
            _attrs(_facts(data), cost_key="budget_usd", use_case=True),
            filterable=True,
        ),
    )


def tiers_table(data: SiteData) -> str:
    cols = [
        Col("use_case", "use case"),
        Col("tier", "tier"),
        Col("condition", "condition"),
        Col("gpu_count", "GPUs", True),
        Col("gpu_name", "GPU", render=_card_link("gpu_name")),
        Col("platform", "platform"),
        Col("total_build_cost_usd", "build USD", True),
        Col("resale_usd", "resale USD", True),
        Col("tco_usd", "TCO USD", True),
        Col("perf_per_1k_usd_tco", "perf / 1k USD TCO", True),
        Col("circuit", "circuit", render=lambda r: esc(circuit_words(r))),
        Col("psu_config", "PSU"),
        Col("wall_draw_w", "wall W", True),
        Col("power_cap_pct", "power cap %", True),
        Col("listings_available", "listed", True),
        Col("annual_energy_cost_usd", "energy USD / year", True),
        Col("runner_up_gpu_name", "runner-up"),
        Col(
            "runner_up_gap_pct",
            "runner-up gives",
            True,
            render=lambda r: esc(runner_up_gap_words(r["runner_up_gap_pct"], 1) or "–"),
        ),
    ]
    return _section(
        "tiers",
        "Build tiers: whole machines",
        "Per use case (llm ≥ 24 GB per GPU, vision ≥ 12 GB, beginner ≥ 8 GB), the machine with the most "
        "throughput per USD of total cost of ownership that runs from a standard US outlet (capped by at most "
        f"20% where needed, which its figures include; {CAP_AT_BOOT}) and has as "
        "many cards listed as it needs; a better machine that needs a dedicated circuit (20 A or 240 V) follows as a row "
        "of its own. Platform prices are dated estimates. For llm, perf / 1k USD TCO is the decode speed (tokens/s, "
        "one user) of the tier's model per 1,000 USD: "
        + ", ".join(f"{model} ({tier})" for tier, model in TIER_WORKLOADS.items() if tier != "beginner")
        + ".",
        table(
            data.report.tiers.to_dicts(),
            cols,
            "tiers",
            "Build tiers",
            _attrs(_facts(data), vram_key=None, cost_key="total_build_cost_usd", use_case=True),
            filterable=True,
        )
        + _fewer_cards(data.report.tiers.to_dicts())
        + _resale_decided(data.report.tiers.to_dicts())
        + _thin_supply(data.report.tiers.to_dicts())
        + _machines_folded(
            without_machine(data.report.tiers.to_dicts()),
            "no-machine",
            lambda n: f"No machine in {n} tier{'s' if n > 1 else ''}: why",
        ),
    )


def _machines_folded(pairs: list[tuple[dict, str]], element_id: str, summary) -> str:
    """Machine rows, each with its sentence, folded under a table of machines; `summary(n)` heads the fold; a
    region's rows are named with their region."""
    # a tier without a machine has no card to name
    items = [
        f"<li>{esc(r['region']) + ' ' if r.get('region') else ''}{esc(r['use_case'])}, {esc(r['tier'])} "
        f"{esc(r['condition'])}: "
        + (
            f"{r['gpu_count']} x {esc(r['gpu_name'])}{'' if r.get('is_default', True) else ' (dedicated circuit)'}: "
            if r.get("gpu_name")
            else ""
        )
        + f"{esc(sentence)}</li>"
        for r, sentence in pairs
    ]
    if not items:
        return ""
    return f'<details id="{element_id}"><summary>{summary(len(items))}</summary><ul>{"".join(items)}</ul></details>'


def _thin_supply(rows: list[dict]) -> str:
    """The machines that take most of the day's listings of their card (rule A1), folded under a table of
    machines."""
    return _machines_folded(
        thin_supplied(rows),
        "thin-supply",
        lambda n: (
            f"Thin supply: {n} machine{'s' if n > 1 else ''} take most of the day's listings of their card (A1)"
        ),
    )


def _resale_decided(rows: list[dict]) -> str:
    """The machines whose choice rests on the resale the cost model expects, folded under a table of machines."""
    return _machines_folded(
        resale_decided(rows),
        "resale-decides",
        lambda n: (
            f"Resale decides {n} choice{'s' if n > 1 else ''}: without the resale its cards are expected to fetch "
            "(a forecast), the runner-up gives more"
        ),
    )


def _region_warnings(rows: list[dict], without: list[dict]) -> str:
    """The warnings the US tiers fold one by one (L1, resale decides, A1, a tier without a machine), for the other
    regions' machines (`rows`) and tiers without one (`without`) in one fold under their table: the page's height
    is capped (8,000 px), and a region's machines are a few."""
    pairs = (
        [(r, f"fewer cards (L1): {sentence}") for r, sentence in fewer_cards(rows)]
        + [(r, f"{RESALE_DECIDES}{sentence}") for r, sentence in resale_decided(rows)]
        + thin_supplied(rows)
        + without_machine(without)
    )
    return _machines_folded(
        pairs,
        "region-warnings",
        lambda n: (
            f"Read before buying: {n} warning{'s' if n > 1 else ''} (L1, resale, A1 thin supply, no machine)"
        ),
    )


def _fewer_cards(rows: list[dict], element_id: str = "fewer-cards") -> str:
    """Rule L1's warnings, one line per machine a smaller tier's machine matches for less, folded under a table
    of machines (the page's height is capped); a region's rows are named with their region."""
    return _machines_folded(
        fewer_cards(rows),
        element_id,
        lambda n: (
            f"Do you need that many cards? {n} machine{'s' if n > 1 else ''} a smaller one matches for less "
            "(rule L1)"
        ),
    )


DEALS_TOP_ROWS = (
    3  # the deals shown until "Show all": the news and the best still listed (the page within 8,000 px)
)


def _deal_news(r: dict) -> str:
    """A deal's news: new listing or price drop; for one that is no news, since when it is listed and its last deal
    event."""
    if r.get("event"):
        return esc(r["event"].replace("_", " "))
    since = r.get("first_seen")
    words = f"listed since {since:%b} {since.day}" if since else "listed before"
    if r.get("deal_since") is not None:
        words += f", a deal on {r['deal_since']:%b} {r['deal_since'].day}"
    return esc(words)


def deals_table(data: SiteData) -> str:
    # the day's news first, then the listings under the deal bar that are no news (report_data.resting_deals_sql)
    rows = data.report.deals_with_caveat.to_dicts() + data.report.still_listed_with_caveat.to_dicts()
    names = dict(data.specs.select("model_id", "name").iter_rows())
    for r in rows:
        r["name"] = names.get(r["model_id"], r["model_id"])
    cols = [
        Col("name", "GPU", render=_card_link("name")),
        Col("condition", "condition"),
        Col("unit_price", "price USD", True),
        Col("median_30d", "30-day median", True),
        Col("discount_pct", "% under", True, digits=1),
        Col("caveat", "caveat", render=_caveat),
        Col("event", "news", render=_deal_news),
        Col("source", "source", render=lambda r: esc(source_words(r["source"]))),
        Col("title", "listing", render=lambda r: link(r["title"], r["url"])),
    ]
    return _section(
        "deals",
        "Deals today",
        (
            f"Listings {DEAL_RULE}. First the news ({NEWS_RULE}), then the listings under the same bar that are no "
            "news. Caveat: why a card is "
            "not for a desktop buyer by default. Asking prices: check the listing before buying. "
            + data.report.median_span
        ).rstrip(),
        table(
            rows,
            cols,
            "deals",
            "Deals",
            _attrs(_facts(data), vram_key=None, cost_key="unit_price"),
            filterable=True,
            limit=DEALS_TOP_ROWS,
        ),
    )


def more_tables(data: SiteData) -> str:
    r = data.report
    rent = [
        Col("use_case", "use case"),
        Col("tier", "tier"),
        Col("condition", "condition"),
        Col("model_id", "GPU"),
        Col("gpu_count", "GPUs", True),
        Col("rent_provider", "cheapest rental", render=_rental),
        Col("rent_usd_per_hour", "USD / hour", True),
        Col("break_even_hours_per_month", "owning pays above h / month", True),
        Col("verdict", "verdict"),
    ]
    sell = [
        Col("model_id", "GPU", render=_card_link("model_id")),
        Col("condition", "condition"),
        Col("exits", "exits", True),
        Col("median_days_to_exit", "median days listed", True),
        Col("median_exit_price", "median last price USD", True),
    ]
    regions = [
        Col("region", "region"),
        Col("use_case", "use case"),
        Col("tier", "tier"),
        Col("condition", "condition"),
        Col("gpu_name", "GPU"),
        Col("gpu_count", "GPUs", True),
        # the price in the region's currency and the power cap (twenty-second review: the table said "priced" and
        # showed neither, nor that a DE machine runs capped to 94%)
        Col("total_build_cost_local", "price", True),
        Col("currency", "currency"),
        # what is in it, as the US tables say (thirty-fourth review: a German 4-GPU machine at 10,197 EUR was a
        # Threadripper PRO board, a 2,000 W PSU and two risers, none of it shown): its platform's id (the page at its
        # height cap; the export lists the platforms' words under its table, with the slots) and its PSU
        Col("platform_id", "platform", render=lambda row: f"<code>{esc(row['platform_id'])}</code>"),
        # the buyer's own desktop's PSU in two words (what its verdict rests on is the US answer's, its own line)
        Col("psu_config", "PSU", render=lambda row: esc((row["psu_config"] or "–").split(" (")[0])),
        Col("circuit", "circuit", render=lambda row: esc(circuit_words(row))),
        Col("power_cap_pct", "cap %", True),
    ]
    # with the circuit note, which circuit_words reads (thirteenth review: a machine near a socket's rating showed
    # a bare `outlet`)
    shown = [c.key for c in regions if c.key in r.region_tiers.columns] + ["circuit_note"]
    region_rows = r.region_tiers.select(shown).to_dicts() if r.region_tiers.height else []
    # the other regions' machines, with the warnings listed under the US tiers (L1, resale, A1): thirteenth review,
    # a UK machine took 4 of the 5 used RTX 5070 Ti listed and neither the export nor the page said so
    abroad = r.region_tiers.filter(pl.col("region") != "US").to_dicts() if r.region_tiers.height else []
    return (
        _section(
            "rent",
            "Buy or rent",
            "Hours of use per month above which owning the tier's machine costs less "
            "than renting the same throughput; an LLM machine against whole cloud GPUs that hold its workload "
            "and run it at least as fast (R1; cloud prices dated per row in marts.cloud_prices).",
            table(r.buy_vs_rent.to_dicts(), rent, "buy-vs-rent", "Buy or rent"),
        )
        + _section(
            "sell",
            "How fast cards go",
            "US listings that left in the 30 days to this date, per card with at "
            "least 3 exits: sold or withdrawn. Days listed are known only for listings first seen after the "
            "warehouse's first day of their source (one seen on that day may have been listed long before): the "
            "others are left out.",
            table(r.days_to_sell.to_dicts(), sell, "days-to-sell", "Days to sell"),
        )
        + _section(
            "regions",
            "Other regions",
            "The same choice on other eBay marketplaces' listings, sized for their mains (marts.region_tiers). "
            + r.region_choice,
            table(region_rows, regions, "region-tiers", "Machines by region")
            + _region_warnings(abroad, r.region_without_machine.to_dicts()),
        )
    )


def render_main(data: SiteData) -> str:
    r = data.report
    top = r.top_ranking
    names = dict(r.ranking.select("model_id", "name").iter_rows())
    span = max(data.days_with_data, 14)
    figures = {
        "perf-vs-price": charts.scatter(
            r.ranking,
            "price_usd",
            "relative_perf",
            "Relative performance vs price",
            "price (USD; B1: new, toward the first quartile of the asks with 5-8+ sellers; used, the median)",
            "relative performance (RTX 3090 = 1)",
        ),
        "perf-per-usd": charts.value_ranking(top),
        "price-history": charts.market_history(
            data.price_history, top.head(6)["model_id"].unique().to_list(), names, data.day, span
        ),
        "tdp-vs-perf": charts.scatter(
            r.ranking,
            "tdp_w",
            "relative_perf",
            "Board power vs relative performance",
            "TDP (W)",
            "relative performance",
        ),
    }
    chart_divs = "".join(
        f'<div class="chart" id="{cid}" role="img" aria-label="{esc(fig["layout"]["title"]["text"])}"></div>'
        for cid, fig in figures.items()
    )
    body = (
        f"<h1>Which GPU to buy for deep learning</h1>"
        f'<div class="banner" id="date-banner">Data date: {esc(data.day.isoformat())} · source mode: '
        f"{esc(r.source_mode)} · active listings' asking prices with stated shipping · "
        f"{fmt(r.listings_today)} listings · {fmt(data.days_with_data)} "
        f"day{'' if data.days_with_data == 1 else 's'} of history</div>"
        + answer(data)
        + changes(data)
        + filters(data)
        + value_table(data)
        + picks_table(data)
        + tiers_table(data)
        + deals_table(data)
        + f'<section id="charts" aria-labelledby="charts-h"><h2 id="charts-h">Charts</h2><div class="grid">{chart_divs}</div></section>'
        + more_tables(data)
    )
    return page(f"gpu-market {data.day.isoformat()}", body, figures, r.is_sample, "")
