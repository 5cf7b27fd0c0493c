"""Picks per budget and use case, by the 2023 multi-GPU build guide's rule (G5).

G5: among the top perf-per-USD GPUs, take the one with the most memory the budget buys. "The top" is judged
among the cards the budget buys (issue 36): the affordable cards whose perf per USD is at least NEAR_BEST of
the best perf per USD among the cards costing at least BAND of the priciest card the budget buys.
ASSUMPTION: half, both times; measured against every card, the cheapest card set the bar and the pick stayed
the same from 1,500 to 10,000 USD. LLM with workload ranks (LLM_LIKE_WITH_LIKE): a card is measured against the
best perf per USD of the band's cards that run at least the workload it runs; the LLM index is a small model's
tokens/s, so a 48 GB card that runs a 70B model is not judged against 24-32 GB cards that cannot load it
(on the 2026-11-26 sample a used RTX A6000 at 3,500 USD was 0.25 per 1,000 USD against the RTX 5090's 0.72 and
never a pick). Within the top set the budget picks the most VRAM it buys,
ties to the higher perf per USD; the two alternatives follow in the same order. When fewer than three top
cards fit, the other cards that fit follow in the same order, so a budget is never left without an answer.

V1 (the project's rule, docs/rules.md): for vision and beginner, a card that another eligible card of its vendor
outclasses (a newer architecture in D16's order, at least as fast in the use case's index, and no dearer) is not
a top card; it stays among the cards that follow. Data-parallel training holds the whole model on every card, so
memory beyond the use case's floor is G5's tie-break among good buys, not a reason to pay more for an older,
slower card: on the 2026-11-26 sample the new 10,000 USD vision pick was an RTX A6000 (48 GB, Ampere) at 4,490
USD with 55% of the speed of the RTX 5090 (32 GB, Blackwell) at 2,830 USD, then an RTX 6000 Ada at 7,050 USD.
LLM picks are left to LLM_LIKE_WITH_LIKE: there a larger memory runs a larger model.

Each use case ranks by its own performance index (transforms.perf_indices.USE_CASE_INDEX: llm by LLM inference,
vision by vision, beginner by training); `relative_perf` and `perf_per_1k_usd` of a pick are that index's, named
in `perf_index` with their basis (measured or modelled) in `perf_basis`. A value frame without an index's columns
(read before the indices existed) ranks by training.

`faster_alternative` (faster_alternatives): the pick stays G5's, but a vision or beginner pick names the fastest
card the budget buys at about its value when that is at least FASTER_WORTH_NAMING times as fast, and the cheapest
card at least as fast when one costs less (the budget builds' thresholds, transforms.tiers.budget_builds).

Eligible: priced on at least 3 listings; a PCIe card with its own fans (an SXM or OAM module needs a server
board; a passive card needs a server chassis's forced airflow, D12); NVIDIA unless any vendor is admitted (D11,
the same default as the build tiers); at least the use case's VRAM floor; software support current for the
horizon (S1) and the use case's precision (S2: bf16 for LLM, fp16 tensor cores for vision and beginner), as
in the build tiers; `support_excluded` counts the cards S1 and S2 kept out. `allow_legacy_cards` admits legacy
cards and lifts S2.
"""

import polars as pl

from transforms.gpu_value import PLUG_IN, SUPPORT_SPEC_COLUMNS
from transforms.perf_indices import USE_CASE_INDEX, per_1k_column, perf_column
from transforms.price_daily import GRADE_D
from transforms.tiers.budget_builds import FASTER_WORTH_NAMING, same_value, value_words
from transforms.tiers.budget_builds import NEAR_BEST as ABOUT_THIS_VALUE
from transforms.tiers.config import TierConfig
from transforms.tiers.rules import (
    ARCHITECTURE_ORDER,
    BEGINNER_MAX_TDP_W,
    DEFAULT_VENDORS,
    USE_CASE_PRECISION,
    V1_USE_CASES,
)
from transforms.tiers.software_support import ADMITTED_WITH_LEGACY, support_blocks
from transforms.use_cases import OWN_DESKTOP_USE_CASES, USE_CASES

BUDGETS_USD = (300, 500, 750, 1_000, 1_500, 2_000, 3_000, 5_000, 10_000)
NEAR_BEST = 0.5
BAND = 0.5  # the cards the budget buys: those costing at least half its priciest affordable card
RULE = (
    "G5: NVIDIA PCIe cards with their own fans, current software support (S1) and the use case's precision (S2), "
    "at least half as good per USD (in the use case's index) as the best of the cards costing at least half the "
    "priciest card the budget buys (LLM: of those that run at least the card's workload), then the most VRAM the "
    "budget buys (LLM: the largest catalog workload one card runs at a usable speed), then perf/USD; "
    "V1 (vision, beginner): never a card that a newer-architecture card at least as fast and no dearer outclasses"
)


SCHEMA = {
    "snapshot_date": pl.Date,
    "budget_usd": pl.Int32,
    "use_case": pl.String,
    "condition": pl.String,
    "pick_rank": pl.Int32,
    "model_id": pl.String,
    "name": pl.String,
    "vram_gb": pl.Float64,
    "price_usd": pl.Float64,
    "relative_perf": pl.Float64,
    "perf_per_1k_usd": pl.Float64,
    "listing_count": pl.Int32,
    "rule": pl.String,
    "source_mode": pl.String,
    "perf_index": pl.String,
    "perf_basis": pl.String,
    "software_support": pl.String,
    "support_excluded": pl.Int32,
    "price_confidence": pl.String,
    "faster_alternative": pl.String,
}


# how an alternative over D6's board power says so, after its watts (the first screen looks for these words)
OVER_D6 = f"W, over the {BEGINNER_MAX_TDP_W:g} W of D6"


def _with_support(value: pl.DataFrame) -> pl.DataFrame:
    """A value frame read before the support columns existed: every card's support unknown (never picked)."""
    return value.with_columns(
        pl.lit(None, t).alias(c) for c, t in SUPPORT_SPEC_COLUMNS.items() if c not in value.columns
    )


def _blocked(horizon_years: float, allow_legacy: bool) -> pl.Expr:
    """Rule S1 as the picks apply it (transforms.tiers.software_support.support_blocks; allow_legacy_cards admits
    current and legacy cards whatever their end of support)."""
    if allow_legacy:
        return ~pl.col("software_support").fill_null("unknown").is_in(list(ADMITTED_WITH_LEGACY))
    return support_blocks(pl.col("snapshot_date"), horizon_years)


def _eligible(value: pl.DataFrame, vendors: tuple[str, ...] | None) -> pl.DataFrame:
    keep = pl.col("enough_listings") & (pl.col("price_usd") > 0)
    if "price_confidence" in value.columns:  # a D price never sets a pick (issue 37)
        keep = keep & (pl.col("price_confidence").fill_null("") != GRADE_D)
    if "form_factor" in value.columns:
        keep = keep & PLUG_IN
    if "cooling" in value.columns:
        keep = keep & (pl.col("cooling").fill_null("open_air") != "passive")
    if vendors is not None and "vendor" in value.columns:
        keep = keep & pl.col("vendor").is_in(list(vendors))
    return value.filter(keep)


def _in_index(eligible: pl.DataFrame, use_cases: dict[str, int], allow_legacy: bool = False) -> pl.DataFrame:
    """One copy of the eligible cards per use case, with that use case's index as _perf / _ppk / _basis, and
    _s2: the card lacks the precision the use case needs (rule S2; never with allow_legacy_cards)."""
    frames = []
    for u, (use_case, floor) in enumerate(use_cases.items()):
        index = USE_CASE_INDEX.get(use_case, "training")
        if perf_column(index) not in eligible.columns:
            index = "training"
        basis = f"{perf_column(index)}_basis" if index != "training" else "perf_basis"
        frames.append(
            eligible.select(
                "*",
                use_case=pl.lit(use_case),
                _floor=pl.lit(float(floor)),
                _u=pl.lit(u),
                perf_index=pl.lit(index),
                _perf=pl.col(perf_column(index)),
                _ppk=pl.col(per_1k_column(index)),
                _basis=pl.col(basis) if basis in eligible.columns else pl.lit(None, pl.String),
                _s2=pl.lit(False)
                if allow_legacy or use_case not in USE_CASE_PRECISION
                else ~pl.col(USE_CASE_PRECISION[use_case]).fill_null(False),
            )
        )
    return pl.concat(frames).filter(pl.col("_ppk") > 0)


def outclassed(cards: pl.DataFrame) -> pl.DataFrame:
    """(_row, _u) of the vision and beginner cards that rule V1 keeps out of the top set: another card of the same
    group (_group: date and condition) and use case (_u), of the same vendor, is of a newer architecture in D16's
    order (rules.ARCHITECTURE_ORDER), at least as fast (_perf) and no dearer (price_usd). Such a card costs no
    more than this one, so every budget that buys this card buys it too: the mark does not depend on the budget.
    One pass in price order (newer architectures first at one price, so that they count as no dearer): per
    architecture rank g, the running best speed of the cards newer than g; a card of rank g is outclassed when
    that best is at least its own speed (the rule between two rows, as the budget builds apply it to machines:
    rules.outclasses)."""
    none = pl.DataFrame(schema={"_row": pl.UInt32, "_u": pl.Int32})
    if "architecture" not in cards.columns:
        return none
    arch = pl.col("architecture").fill_null("")
    ranked = cards.filter(pl.col("use_case").is_in(V1_USE_CASES)).select(
        "_row",
        pl.col("_u").cast(pl.Int32),
        "_group",
        "price_usd",
        "_perf",
        _vendor=arch.replace_strict({a: v for a, (v, _) in ARCHITECTURE_ORDER.items()}, default=""),
        _gen=arch.replace_strict({a: g for a, (_, g) in ARCHITECTURE_ORDER.items()}, default=0),
    )
    gens = sorted(set(ranked.filter(pl.col("_gen") > 0)["_gen"].to_list()))[:-1]  # the newest has no newer
    if not gens:
        return none
    keys, gen, perf = ["_group", "_u", "_vendor"], pl.col("_gen"), pl.col("_perf")
    beaten = pl.lit(False)
    for g in gens:  # the best speed so far among the cards newer than g (-1: none yet; speeds are positive)
        best = pl.when(gen > g).then(perf).otherwise(-1.0).cum_max().over(keys)
        beaten = pl.when(gen == g).then(best >= perf).otherwise(beaten)
    return ranked.sort(["price_usd", "_gen"], descending=[False, True]).filter(beaten).select("_row", "_u")


def budget_picks(
    value: pl.DataFrame,
    budgets=BUDGETS_USD,
    use_cases=USE_CASES,
    vendors: tuple[str, ...] | None = DEFAULT_VENDORS,
    horizon_years: float = TierConfig.horizon_years,
    allow_legacy_cards: bool = False,
    llm_rank: dict[str, float] | None = None,
) -> pl.DataFrame:
    """Up to three picks per date, condition, budget and use case (one or many dates at once). `llm_rank`
    (LlmContext.workload_rank: per model, the size of the largest catalog workload one card runs at a usable
    speed): LLM picks take the largest workload the budget buys in place of the most VRAM (issue 35: the
    tiers' and budget builds' model); without it, VRAM.

    Vectorized without pairing every card with every budget: the cards of each (date, condition, use case)
    are sorted once in pick order (top set first, then most VRAM, then perf per USD, then input order); a
    budget only removes the cards it cannot buy, so a card's rank under a budget is the running count of
    cards that fit, up to it, in that order. One running count per budget (nine columns, not nine copies of
    the rows; 0.65 -> 0.29 s over the 489,570 gpu_value rows of benchmark 2's five years)."""
    if (
        "price_usd" not in value.columns
    ):  # rows written before marts.gpu_value.price_usd (rule B1): their median
        value = value.with_columns(price_usd=pl.col("price_median"))
    eligible = (
        _eligible(_with_support(value), vendors)
        .with_columns(_s1=_blocked(horizon_years, allow_legacy_cards))
        .with_row_index("_row")
    )
    if eligible.is_empty() or not budgets or not use_cases:
        return pl.DataFrame(schema=SCHEMA)
    groups = (
        eligible.select("snapshot_date", "condition").unique(maintain_order=True).with_row_index("_group")
    )
    # the top set does not depend on the budget: marked once per (date, condition, use case)
    floored = (
        _in_index(
            eligible.join(groups, on=["snapshot_date", "condition"], how="left"),
            use_cases,
            allow_legacy_cards,
        )
        .filter(pl.col("vram_gb") >= pl.col("_floor"))
        .with_columns(
            support_excluded=(pl.col("_s1") | pl.col("_s2")).sum().over("_group", "_u").cast(pl.Int32)
        )
        .filter(~pl.col("_s1") & ~pl.col("_s2"))
    )
    # one order for every budget (most VRAM, then perf per USD); what differs by budget is which cards fit and
    # which are "top": a top card of budget b ranks before every non-top card that fits
    memory = pl.col("vram_gb")
    if llm_rank:
        workload = pl.col("model_id").replace_strict(llm_rank, default=-1.0, return_dtype=pl.Float64)
        memory = pl.when(pl.col("use_case") == "llm").then(workload).otherwise(memory)
    ordered = floored.with_columns(_mem=memory).sort(
        ["_group", "_u", "_mem", "_ppk", "_row"], descending=[False, False, True, True, False]
    )
    price, ppk, by = pl.col("price_usd"), pl.col("_ppk"), ["_group", "_u"]
    # per group and budget, the priciest card it buys and the bar of the top set: small group-by tables
    # (groups x budgets) joined back once, rather than two window passes over every row per budget
    dearest = ordered.group_by(by).agg(
        price.filter(price <= budget).max().alias(f"_dear{b}") for b, budget in enumerate(budgets)
    )
    ordered = ordered.join(dearest, on=by, how="left", maintain_order="left")
    bars = ordered.group_by(by).agg(
        (ppk.filter((price <= budget) & (price >= pl.col(f"_dear{b}") * BAND)).max() * NEAR_BEST).alias(
            f"_bar{b}"
        )
        for b, budget in enumerate(budgets)
    )
    ordered = ordered.join(bars, on=by, how="left", maintain_order="left")
    beaten = outclassed(ordered).with_columns(_outclassed=pl.lit(True))
    ordered = ordered.join(beaten, on=["_row", "_u"], how="left", maintain_order="left").with_columns(
        pl.col("_outclassed").fill_null(False)
    )
    if llm_rank:
        # LLM with workload ranks (LLM_LIKE_WITH_LIKE): the bar of an LLM card is the best of the band's cards that
        # run at least its workload; its rows are sorted by _mem descending, so a running max of the per-_mem
        # best covers them (window passes over the LLM rows only)
        running = ordered.filter(pl.col("use_case") == "llm").select(
            "_row",
            "_u",
            *(
                (
                    pl.when((price <= budget) & (price >= pl.col(f"_dear{b}") * BAND))
                    .then(ppk)
                    .max()
                    .over(*by, "_mem")
                    .cum_max()
                    .forward_fill()
                    .over(*by)
                    * NEAR_BEST
                ).alias(f"_run{b}")
                for b, budget in enumerate(budgets)
            ),
        )
        llm = pl.col("use_case") == "llm"
        ordered = ordered.join(running, on=["_row", "_u"], how="left", maintain_order="left").with_columns(
            pl.when(llm).then(pl.col(f"_run{b}")).otherwise(pl.col(f"_bar{b}")).alias(f"_bar{b}")
            for b in range(len(budgets))
        )
    ranks = []
    for b, budget in enumerate(budgets):
        fit = price <= budget
        # no bar (LLM: no card of the band runs this card's workload): top, it runs more than any of them
        clears = (ppk >= pl.col(f"_bar{b}")).fill_null(True) & ~pl.col("_outclassed")  # V1
        top, rest = fit & clears, fit & ~clears
        tops = top.cast(pl.Int32).cum_sum().over(*by)
        ranks.append(
            pl.when(top)
            .then(tops)
            .when(rest)
            .then(top.cast(pl.Int32).sum().over(*by) + rest.cast(pl.Int32).cum_sum().over(*by))
            .alias(f"_rank{b}")
        )
    ranks = ordered.select(ranks)
    picked = pl.concat(
        [
            ranks.select(
                _i=pl.int_range(pl.len(), dtype=pl.UInt32),
                pick_rank=f"_rank{b}",
                _b=pl.lit(b, pl.Int32),
                budget_usd=pl.lit(budget, pl.Int32),
            ).filter(pl.col("pick_rank") <= 3)
            for b, budget in enumerate(budgets)
        ]
    )
    ranked = picked.join(ordered.with_row_index("_i"), on="_i").sort("_group", "_b", "_u", "pick_rank")
    ranked = ranked.join(
        faster_alternatives(ranked, ordered),
        on=["_group", "_u", "_b", "pick_rank"],
        how="left",
        maintain_order="left",
    )
    return ranked.select(
        "snapshot_date",
        "budget_usd",
        "use_case",
        "condition",
        "pick_rank",
        "model_id",
        "name",
        "vram_gb",
        "price_usd",
        relative_perf=pl.col("_perf"),
        perf_per_1k_usd=pl.col("_ppk"),
        listing_count=pl.col("listing_count"),
        rule=pl.lit(RULE),
        source_mode=pl.col("source_mode"),
        perf_index=pl.col("perf_index"),
        perf_basis=pl.col("_basis"),
        software_support=pl.col("software_support"),
        support_excluded=pl.col("support_excluded"),
        price_confidence=pl.col("price_confidence")
        if "price_confidence" in ordered.columns
        else pl.lit(None, pl.String),
        faster_alternative=pl.col("faster_alternative"),
    ).cast(SCHEMA)


def faster_alternatives(ranked: pl.DataFrame, ordered: pl.DataFrame) -> pl.DataFrame:
    """`faster_alternative` of the rank-1 vision and beginner picks (keys _group, _u, _b, pick_rank), in words: G5
    takes the most memory among the good buys, so a pick can be much slower than a card the budget buys (on the
    2026-11-20 sample, used vision at 500 USD: an RTX 4060 Ti 16GB at 348 USD, vision index 0.36, beside an RTX
    4070 at 410 USD, 0.60, and an RTX 3060 12GB at 203 USD, 0.40). Named, as the budget builds name a faster
    machine (transforms.tiers.budget_builds._faster_alternative, its thresholds): the fastest card the budget buys
    at a value per USD within ABOUT_THIS_VALUE of the pick's, when it is at least FASTER_WORTH_NAMING times as
    fast; and the cheapest card at least as fast as the pick, when one costs less. The candidates are the
    eligible cards of the pick's date, condition and use case priced within the budget that V1 does not mark
    outclassed (the card that outclasses one is itself no dearer and at least as fast). LLM picks have none: there
    the memory decides the model that runs."""
    keys = ["_group", "_u", "_b"]
    picks = ranked.filter((pl.col("pick_rank") == 1) & pl.col("use_case").is_in(V1_USE_CASES)).select(
        *keys, "budget_usd", "use_case", "perf_index", "price_usd", "_perf", "_ppk", "vram_gb"
    )
    cards = ordered.filter(~pl.col("_outclassed")).select(
        "_group",
        "_u",
        "_row",
        a_name=pl.col("name").fill_null(pl.col("model_id")),
        a_price=pl.col("price_usd"),
        a_perf=pl.col("_perf"),
        a_ppk=pl.col("_ppk"),
        a_vram=pl.col("vram_gb"),
        a_tdp=pl.col("tdp_w") if "tdp_w" in ordered.columns else pl.lit(None, pl.Float64),
    )
    # every pick against every card of its day, condition and use case: numbers only (benchmark 2, 1,826 days: the
    # pairs with the cards' names held 0.2 GB more at the step's peak), the words' columns joined to the few kept
    numbers = ["_group", "_u", "_row", "a_price", "a_perf", "a_ppk"]
    pairs = (
        picks.lazy()
        .select(*keys, "budget_usd", "price_usd", "_perf", "_ppk")
        .join(cards.lazy().select(numbers), on=["_group", "_u"])
        .filter(pl.col("a_price") <= pl.col("budget_usd"))
        .collect()
    )
    words_of = picks.select(*keys, "use_case", "perf_index", "vram_gb")
    cards_words = cards.select("_group", "_u", "_row", "a_name", "a_vram", "a_tdp")

    def with_words(kept: pl.DataFrame) -> pl.DataFrame:
        return kept.join(words_of, on=keys, how="left", maintain_order="left").join(
            cards_words, on=["_group", "_u", "_row"], how="left", maintain_order="left"
        )

    faster = with_words(
        pairs.filter(
            (pl.col("a_perf") >= FASTER_WORTH_NAMING * pl.col("_perf"))
            & (pl.col("a_ppk") >= ABOUT_THIS_VALUE * pl.col("_ppk"))
        )
        .sort(["a_perf", "a_price", "_row"], descending=[True, False, False])
        .unique(keys, keep="first", maintain_order=True)
    )
    cheaper = with_words(
        pairs.filter((pl.col("a_price") < pl.col("price_usd")) & (pl.col("a_perf") >= pl.col("_perf")))
        .sort(["a_price", "a_perf", "_row"], descending=[False, True, False])
        .unique(keys, keep="first", maintain_order=True)
    )
    named: dict[tuple, list[str]] = {}
    for r in faster.iter_rows(named=True):
        head = (
            "cheaper and faster within the budget"
            if r["a_price"] < r["price_usd"]
            else "faster and more value per USD within the budget"
            if r["a_ppk"] > r["_ppk"] and not same_value(r["a_ppk"] / r["_ppk"] - 1)
            else "faster within the budget at about this value"
        )
        named[tuple(r[k] for k in keys)] = [_alternative_words(head, r)]
    faster_card = {tuple(r[k] for k in keys): r["_row"] for r in faster.iter_rows(named=True)}
    for r in cheaper.iter_rows(named=True):
        key = tuple(r[k] for k in keys)
        if faster_card.get(key) != r["_row"]:  # the same card, named as the faster one, says it already
            named.setdefault(key, []).append(_alternative_words("cheaper and at least as fast", r))
    return pl.DataFrame(
        [(*key, 1, "; ".join(words)) for key, words in named.items()],
        schema={
            "_group": pl.UInt32,
            "_u": pl.Int32,
            "_b": pl.Int32,
            "pick_rank": pl.Int32,
            "faster_alternative": pl.String,
        },
        orient="row",
    ).cast({k: ranked.schema[k] for k in (*keys, "pick_rank")})


def _alternative_words(head: str, r: dict) -> str:
    """A card beside the pick in words: name, price, how many times the pick's speed in the use case's index, its
    value per USD against the pick's, its memory (for a beginner, its board power when over D6's), and what speaks
    for the pick (its memory, else its value)."""
    more = r["a_ppk"] / r["_ppk"] - 1
    value = value_words(more, "value per USD")
    # no apostrophes: the export escapes them as HTML entities
    if r["vram_gb"] > r["a_vram"]:
        reason = f"the pick has {r['vram_gb']:g} GB, the reason to take it"
    elif more < 0 and not same_value(more):  # not where the values read the same (code review)
        reason = "the pick has more value per USD, the reason to take it"
    else:
        reason = "G5 ranks the pick first"
    # a beginner's or a vision student's card may go into the desktop they have (D6): a hotter alternative says so
    power = (
        f", {r['a_tdp']:,.0f} {OVER_D6}"
        if r["use_case"] in OWN_DESKTOP_USE_CASES
        and r["a_tdp"] is not None
        and r["a_tdp"] > BEGINNER_MAX_TDP_W
        else ""
    )
    return (
        f"{head}: {r['a_name']} at {r['a_price']:,.0f} USD: {r['a_perf'] / r['_perf']:.2f}x as fast in the "
        f"{r['perf_index']} index, {value}, {r['a_vram']:g} GB{power} ({reason})"
    )
