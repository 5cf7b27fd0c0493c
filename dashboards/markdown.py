"""recommendations.md: what a person reads in the morning."""

import html
import re

import polars as pl

from dashboards.report_data import ReportData

SAMPLE_BANNER = ("> **SAMPLE DATA.** Built from the project's bundled sample snapshot, not from live listings: "
                 "these are not market prices.\n")


def _cell(value) -> str:
    if value is None:
        return "–"
    if isinstance(value, float):
        return f"{value:,.2f}" if abs(value) < 100 else f"{value:,.0f}"
    # control characters would break the table; bidi overrides would make a title display as another text
    text = re.sub(r"[\x00-\x1f\x7f\u202a-\u202e\u2066-\u2069]", " ", str(value))
    # Markdown viewers render raw HTML: escape it (listing titles are seller-written); then backslash-escape
    # the backslash itself (first, or "\\|" would end the cell), the table pipe, emphasis, links and code
    text = html.escape(text).replace("\\", "\\\\")
    for char in "|*_[]`":
        text = text.replace(char, "\\" + char)
    return text


def table(frame: pl.DataFrame, columns: dict[str, str]) -> str:
    if frame.is_empty():
        return "_none_\n"
    head = "| " + " | ".join(columns.values()) + " |\n| " + " | ".join("---" for _ in columns) + " |\n"
    body = "".join("| " + " | ".join(_cell(r[c]) for c in columns) + " |\n" for r in frame.iter_rows(named=True))
    return head + body


RANK_COLS = {"rank_overall": "#", "name": "GPU", "vram_gb": "VRAM GB", "price_median": "median USD",
             "listing_count": "listings", "relative_perf": "rel. perf", "perf_per_1k_usd": "perf / 1k USD"}


def render_markdown(data: ReportData, top_n: int = 10) -> str:
    out = [f"# GPU recommendations for deep learning: {data.day.isoformat()}\n"]
    if data.is_sample:
        out.append(SAMPLE_BANNER)
    out.append("Prices are asking prices of active listings (not sale prices), shipping included, after an outlier "
               "screen. Relative performance: `dl_index_v1` (RTX 3090 = 1.0). Figures resting on fewer than 3 "
               "listings, and SXM/OAM modules (they need a server board), are left out of the top lists and "
               "picks; `marts.gpu_value` has every card.\n")
    for condition in ("new", "used"):
        ranked = data.top_ranking.filter(pl.col("condition") == condition).head(top_n)
        out.append(f"\n## Top {top_n} by performance per USD ({condition})\n\n" + table(ranked, RANK_COLS))
    picks = data.picks.filter(pl.col("pick_rank") == 1)
    out.append("\n## Picks per budget and use case\n\nUse cases: LLM >= 24 GB, vision >= 12 GB, beginner >= 8 GB.\n\n")
    out.append(table(picks, {"condition": "condition", "use_case": "use case", "budget_usd": "budget USD",
                             "name": "pick", "vram_gb": "VRAM GB", "price_usd": "median USD",
                             "listing_count": "listings"}))
    out.append("\n## Build tiers\n\n" + table(data.tiers, {
        "tier": "tier", "condition": "GPUs", "gpu_count": "n", "gpu_name": "GPU", "gpu_total_price": "GPUs USD",
        "platform_cost_usd": "platform USD (est.)", "total_build_cost_usd": "total USD", "psu_watts": "PSU W",
        "system_draw_w": "draw W", "fits_15a_outlet": "fits 15 A", "annual_energy_cost_usd": "energy USD/yr"}))
    out.append("\n## Best deals\n\n" + table(data.deals.head(top_n), {
        "model_id": "model", "condition": "condition", "source": "source", "unit_price": "USD",
        "median_30d": "30-day median", "discount_pct": "% under", "title": "title"}))
    out.append("\n## Changes since yesterday\n\n" + table(data.changes.head(top_n), {
        "name": "GPU", "condition": "condition", "prev_median": "yesterday USD", "price_median": "today USD",
        "price_change_pct": "change %", "rank_change": "rank change"}))
    out.append(f"\n_{data.listings_today} listings classified for this date; source mode: {data.source_mode}._\n")
    return "".join(out)
