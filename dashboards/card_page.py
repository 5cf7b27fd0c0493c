"""One page per card: price history new and used (daily median, 7-day median, middle half, lowest), listings
per day, value rank over time, specs with the performance basis, and today's cheapest listings with links."""

import polars as pl

from dashboards import charts
from dashboards.html_parts import Col, esc, fmt, link, page, table
from dashboards.report_data import source_words, with_buy_rank
from dashboards.site_data import CHEAPEST_PER_CONDITION, SiteData
from transforms.llm_workload_fit import USABLE_TOKENS_PER_S, fine_tune_words
from transforms.tiers.build_tiers import thin_supply, thin_supply_short
from transforms.tiers.connectors import cables_words
from transforms.tiers.machine import OWN_CIRCUIT, SHARED_CIRCUIT_W, board_cables
from transforms.tiers.power import limit_words

SPEC_FIELDS = [
    ("vendor", "Vendor"),
    ("architecture", "Architecture"),
    ("release_date", "Released"),
    ("launch_msrp_usd", "Launch price (USD)"),
    ("memory_gb", "Memory (GB)"),
    ("memory_type", "Memory type"),
    ("bandwidth_gbs", "Bandwidth (GB/s)"),
    ("fp32_tflops", "FP32 TFLOPS"),
    ("fp16_tensor_tflops", "FP16 tensor TFLOPS"),
    ("tdp_w", "Board power (W)"),
    ("slot_width", "Slot width (reference board)"),
    ("board_slot_width", "Slot width as sold (P3: median of the boards recorded)"),
    ("board_slot_width_basis", "Boards recorded"),
    ("length_mm", "Length (mm, reference board; partner boards are often longer)"),
    ("cooling", "Cooling"),
    ("form_factor", "Form factor"),
    ("pcie_gen", "PCIe generation"),
    ("pcie_lanes", "PCIe lanes (the card's own interface; warehouse/catalog/gpu_pcie_lanes.csv)"),
    # the catalog's board facts are the reference board's (twelfth review: an RTX 3090 page said "1x 12-pin", the
    # Founders Edition's, beside partner boards of 2-3 x 8-pin; the machines plan for the boards sold)
    ("power_connectors", "Power connectors (reference board; partner boards may differ)"),
    ("source", "Spec source"),
    ("compute_target", "Compute target"),
    ("software_support", "Software support (S1)"),
    ("support_note", "Support"),
    ("support_ends", "Support ends"),
    ("support_sources", "Support sources"),
]
PERF_FIELDS = [
    ("relative_perf", "perf_basis", "Training index (RTX 3090 = 1)"),
    ("perf_vision", "perf_vision_basis", "Vision index"),
    ("perf_llm_inference", "perf_llm_inference_basis", "LLM inference index"),
]


def _cables(spec: dict) -> str:
    """The power cables the machines count for one card (G16), on the boards a buyer most likely receives (P3) and how
    (code review: the boards' connectors shown raw read "as sold: 1x 12-pin" for the RTX 30 cards, whose partner
    boards the machines count as 8-pin), where the card takes any."""
    if not spec.get("power_connectors") and not spec.get("board_power_connectors"):
        return ""
    cables, _ = board_cables(spec)
    basis = cables.basis
    recorded = spec.get("board_power_connectors_basis")
    if recorded and not recorded.startswith("the reference board"):
        basis += f"; {recorded}"
    return (
        "<dt>Power cables the machines count (G16; P3: the boards most sold)</dt>"
        f"<dd>{esc(cables_words(cables))} ({esc(basis)})</dd>"
    )


def _specs(spec: dict) -> str:
    items = "".join(
        f"<dt>{esc(label)}</dt><dd>{esc(fmt(spec.get(key)))}</dd>"
        for key, label in SPEC_FIELDS
        if spec.get(key) is not None
    )
    items += _cables(spec)
    items += "".join(
        f"<dt>{esc(label)}</dt><dd>{esc(fmt(spec.get(key)))} ({esc(spec.get(basis) or 'no basis')})</dd>"
        for key, basis, label in PERF_FIELDS
    )
    return f'<dl class="specs" id="specs">{items}</dl>'


def _today(value: pl.DataFrame) -> str:
    cols = [
        Col("condition", "condition"),
        Col(
            "price_usd",
            "price USD (B1: new, the first quartile of 8+ sellers' asks, the median with 4 or fewer, a blend "
            "between; used, the median)",
            True,
        ),
        Col("price_median", "median USD", True),
        Col("price_low", "robust low USD (mean of 3 lowest, at most the median)", True),
        Col("listing_count", "listings", True),
        Col("price_confidence", "price grade"),
        # each use case's value: the ranks are the training index's, as the main page's (twenty-sixth review: the
        # LLM pick's page showed only an unlabelled training value, 17th of 18)
        Col("perf_per_1k_usd", "training perf / 1k USD", True),
        Col("perf_per_1k_usd_vision", "vision perf / 1k USD", True),
        Col("perf_per_1k_usd_llm_inference", "LLM perf / 1k USD", True),
        Col("buy_rank", "buy rank (training)", True),
        Col("rank_overall", "rank of all cards (training)", True),
        Col("caveat", "caveat"),
    ]
    return table(value.to_dicts(), cols, "today", "Prices today")


def _cheapest_caption(value: pl.DataFrame) -> str:
    """The cheapest listings' caption: how many per condition, of how many listed (twenty-sixth review: "the 13
    cheapest listings" were 5 per condition, while the card had 13 new listings)."""
    listed = ", ".join(
        f"{r['listing_count']} {r['condition']}"
        for r in value.sort("condition").iter_rows(named=True)
        if r["listing_count"]
    )
    return f"The {CHEAPEST_PER_CONDITION} cheapest per condition after the outlier screen" + (
        f" (of {listed} listed)" if listed else ""
    )


def _llm_circuit(row: dict) -> str:
    """A machine's circuit as the view gives it, with why a dedicated one needs its own (the view has no circuit
    note): a server's rack, or a draw over the outlet (code review: a bare "dedicated"); an outlet machine's cap,
    and the outlet's circuit to itself where it leaves under SHARED_CIRCUIT_W of the continuous rating."""
    cap = row.get("power_cap_pct")
    if row["circuit"] == "outlet":
        # twenty-seventh review: an outlet machine's cap was unsaid; twenty-eighth: and that it needs the circuit
        # to itself (the dashboard's words for the same machine)
        # and the limit in watts where the card's board power is known (thirty-first review)
        capped = (
            f", capped to {cap:.0f}% per card{limit_words(row.get('board_w'), cap)}"
            if cap is not None and cap < 100
            else ""
        )
        room = row.get("outlet_room_w")  # of the outlet the run sized the machines for
        full = room is not None and room < SHARED_CIRCUIT_W
        return f"outlet{capped}" + (f"; {OWN_CIRCUIT}" if full else "")
    if row["circuit"] != "dedicated":
        return row["circuit"] or "–"
    if (row.get("platform_id") or "").startswith("server"):
        return "dedicated: a rack server, a circuit and a room of its own"
    return "dedicated: over the outlet, a circuit of its own"


def _for_sale(row: dict) -> str:
    """Whether the machine's cards are for sale in that number today, and thin supply where it is (A1; twenty-ninth
    review: "yes" for 4 x RTX 6000 Ada of the 4 listed, which the tiers call thin)."""
    if not row.get("buyable_today"):
        return "no"
    count, listed = row["gpu_count"], row.get("listings_available")
    return f"yes, {thin_supply_short(count, listed)}" if thin_supply(count, listed) else "yes"


def _llm_largest(largest: pl.DataFrame, vram_gb: float | None = None) -> str:
    """What an LLM buyer gets from the card: per condition and number of cards, the largest catalog model its
    machine runs at a usable speed (one user's decode), the speed, the machine's price and circuit, and whether it
    can be bought today; '' where it runs none."""
    rows = largest.to_dicts()
    if not rows:
        return ""
    cols = [
        Col("condition", "condition"),
        Col("gpu_count", "cards", True),
        Col(
            "workload", "largest model it runs usably", render=lambda r: f"<code>{esc(r['workload'])}</code>"
        ),
        Col("tokens_per_s", "tokens/s (one user)", True, digits=1),
        Col("machine_build_usd", "machine USD", True),
        Col("circuit", "circuit", render=lambda r: esc(_llm_circuit(r))),
        Col("buyable_today", "for sale in that number today", render=lambda r: esc(_for_sale(r))),
    ]
    caption = (
        f"The largest catalog model a machine of this card runs at {USABLE_TOKENS_PER_S:g} tokens/s or more "
        "(marts.llm_workload_fit): one user's decode; a machine is sized for one, and several users share its memory; "
        + fine_tune_words(vram_gb, 1)
    )
    return (
        '<section aria-labelledby="llm-h"><h2 id="llm-h">LLM models it runs</h2>'
        + table(rows, cols, "llm-largest", caption)
        + "</section>"
    )


def _condition_words(row: dict) -> str:
    """A listing's price bucket, and `open box` where the unit is one priced as new (ninth review: three of the
    RTX 5070 Ti page's five cheapest new listings were open box, unsaid)."""
    bucket = esc(row.get("condition") or "")
    return f"{bucket} (open box)" if row.get("listing_condition") == "open_box" else bucket


class CardFrames:
    """The site's frames split by card once (a card page reads its own rows of each): filtering every frame for
    each of some fifty cards was a third of the dashboard's time on the sample."""

    NAMES = ("specs", "price_history", "rank_history", "cheapest", "llm_largest")

    def __init__(self, data: SiteData):
        self._parts = {name: _by_model(getattr(data, name)) for name in self.NAMES}
        self._parts["value"] = _by_model(with_buy_rank(data.report.ranking))
        self._empty = {name: getattr(data, name).clear() for name in self.NAMES}
        self._empty["value"] = with_buy_rank(data.report.ranking).clear()

    def of(self, name: str, model_id: str) -> pl.DataFrame:
        return self._parts[name].get(model_id, self._empty[name])


def _by_model(frame: pl.DataFrame) -> dict[str, pl.DataFrame]:
    return {
        key[0]: part
        for key, part in frame.partition_by("model_id", as_dict=True, maintain_order=True).items()
    }


def render_card(data: SiteData, model_id: str, frames: CardFrames | None = None) -> str:
    """One card's page; `frames`: the site's frames split by card (CardFrames), made here when not given."""
    frames = frames or CardFrames(data)
    spec_rows = frames.of("specs", model_id)
    spec = spec_rows.row(0, named=True) if spec_rows.height else {"model_id": model_id}
    name = spec.get("name") or model_id
    history = frames.of("price_history", model_id)
    ranks = frames.of("rank_history", model_id)
    span = max(data.days_with_data, 14)
    figures = {
        "price-history": charts.price_history(history, data.day, span),
        "listing-count": charts.listing_counts(history, data.day, span),
        "rank-history": charts.rank_history(ranks, data.day, span),
    }
    cheapest = frames.of("cheapest", model_id).to_dicts()
    cheap_cols = [
        Col("condition", "condition", render=_condition_words),
        Col("unit_price", "price USD", True),
        Col("source", "source", render=lambda r: esc(source_words(r["source"]))),
        Col("title", "listing", render=lambda r: link(r["title"], r["url"])),
    ]
    labels = {
        "price-history": f"Asking price per day of the {name}, new and used",
        "listing-count": f"Listings of the {name} per day",
        "rank-history": f"Value rank of the {name} over time",
    }
    chart_divs = "".join(
        f'<div class="chart" id="{cid}" role="img" aria-label="{esc(labels[cid])}"></div>' for cid in figures
    )
    # the buy rank counts only the day's recommended cards, as the headline lists do; a card left out of them
    # shows none, and its caveat says why
    value = frames.of("value", model_id)
    body = (
        f'<p><a href="../index.html">← All cards</a></p><h1>{esc(name)}</h1>'
        f'<div class="banner" id="date-banner">Data date: {esc(data.day.isoformat())} · source mode: '
        f"{esc(data.report.source_mode)} · active listings' asking prices with stated shipping</div>"
        + _today(value)
        + _llm_largest(frames.of("llm_largest", model_id), spec.get("memory_gb"))
        + f'<section aria-labelledby="history-h"><h2 id="history-h">History</h2><div class="grid">{chart_divs}</div></section>'
        + '<section aria-labelledby="cheap-h"><h2 id="cheap-h">Cheapest listings today</h2>'
        + table(
            cheapest,
            cheap_cols,
            "cheapest",
            _cheapest_caption(value),
        )
        + "</section>"
        + f'<section aria-labelledby="specs-h"><h2 id="specs-h">Specs and performance basis</h2>{_specs(spec)}</section>'
    )
    return page(f"{name}: gpu-market {data.day.isoformat()}", body, figures, data.report.is_sample, "../")
