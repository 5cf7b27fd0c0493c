"""The dashboard: one self-contained HTML page (plotly.js inlined, no network needed)."""

import html
import os
from datetime import timedelta
from pathlib import Path

import plotly.graph_objects as go
import plotly.io as pio
import polars as pl

from dashboards.report_data import ReportData

DEFAULT_PATH = Path(__file__).resolve().parent / "site" / "index.html"
CONDITION_COLORS = {"new": "#1f77b4", "used": "#ff7f0e"}


def _scatter(data: ReportData, x: str, y: str, title: str, x_title: str, y_title: str) -> go.Figure:
    fig = go.Figure()
    for condition, color in CONDITION_COLORS.items():
        part = data.ranking.filter((pl.col("condition") == condition) & pl.col(x).is_not_null() & pl.col(y).is_not_null())
        fig.add_trace(go.Scatter(x=part[x].to_list(), y=part[y].to_list(), mode="markers", name=condition,
                                 marker={"color": color, "size": 9},
                                 text=[html.escape(n or "") for n in part["name"].to_list()],
                                 hovertemplate="%{text}<br>%{x:,.0f} / %{y:.2f}<extra>" + condition + "</extra>"))
    fig.update_layout(title=title, xaxis_title=x_title, yaxis_title=y_title, height=430, margin={"t": 50})
    return fig


def _ranking(data: ReportData) -> go.Figure:
    fig = go.Figure()
    for condition, color in CONDITION_COLORS.items():
        top = data.top_ranking.filter(pl.col("condition") == condition).head(15)
        fig.add_trace(go.Bar(y=[html.escape(n) for n in top["name"].to_list()], x=top["perf_per_1k_usd"].to_list(),
                             orientation="h", name=condition, marker={"color": color}))
    fig.update_layout(title="Performance per 1,000 USD (top 15 PCIe cards per condition)", barmode="group", height=600,
                      yaxis={"autorange": "reversed"}, margin={"l": 220, "t": 50})
    return fig


def _history(data: ReportData) -> go.Figure:
    """Median asking price per day for the best-value cards, new and used; the x axis always spans the last
    30 days so a short history reads as dates, not as a sub-second span."""
    fig = go.Figure()
    top_models = data.top_ranking.head(8)["model_id"].unique().to_list()
    history = data.history.filter(pl.col("model_id").is_in(top_models) & pl.col("condition").is_in(list(CONDITION_COLORS)))
    for (model, condition), part in history.group_by("model_id", "condition", maintain_order=True):
        fig.add_trace(go.Scatter(x=[d.isoformat() for d in part["snapshot_date"]], y=part["median"].to_list(),
                                 mode="lines+markers", name=html.escape(f"{model} ({condition})")))
    start = (data.day - timedelta(days=30)).isoformat()
    end = (data.day + timedelta(days=1)).isoformat()
    fig.update_layout(title="Median asking price per day (new and used)", yaxis_title="USD", height=430,
                      margin={"t": 50}, xaxis={"type": "date", "range": [start, end], "tickformat": "%b %d"})
    return fig


def _fmt(value) -> str:
    if value is None:
        return "–"
    if isinstance(value, float):
        return f"{value:,.3f}" if abs(value) < 10 else f"{value:,.0f}"
    return str(value)


TIER_COLUMNS = ["use_case", "tier", "condition", "gpu_count", "gpu_name", "perf_index", "perf_basis", "platform_id", "gpu_total_price",
                "platform_cost_usd", "total_build_cost_usd", "tco_usd", "perf_per_1k_usd_tco", "runner_up_gpu_name",
                "runner_up_gap_pct", "psu_config", "wall_draw_w", "power_cap_pct_continuous", "annual_energy_cost_usd"]
SELL_COLUMNS = ["model_id", "condition", "exits", "median_days_to_exit", "median_exit_price"]
ALERT_COLUMNS = ["watch", "kind", "model_id", "condition", "price", "source", "reason", "delivered"]


RENT_COLUMNS = ["use_case", "tier", "condition", "model_id", "gpu_count", "own_fixed_usd", "resale_basis",
                "rent_model_id", "rent_provider", "rent_usd_per_hour", "break_even_hours_per_month", "verdict"]
FIT_COLUMNS = ["perf_index", "source", "measured_cards", "weight_compute", "weight_bandwidth",
               "loo_mean_abs_pct_error", "loo_max_abs_pct_error", "loo_worst_model"]


def _table(frame, cols: list[str], table_id: str) -> str:
    """An HTML table of `cols` (every cell escaped)."""
    head = "".join(f"<th>{html.escape(c)}</th>" for c in cols)
    rows = ""
    for r in frame.iter_rows(named=True):
        cells = "".join(f"<td>{html.escape(_fmt(r[c]))}</td>" for c in cols)
        rows += f"<tr>{cells}</tr>"
    return f"<table id='{table_id}'><thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>"


def render_html(data: ReportData) -> str:
    figures = [
        ("perf-vs-price", _scatter(data, "price_median", "relative_perf", "Relative performance vs median price",
                                   "median asking price (USD)", "relative performance (RTX 3090 = 1)")),
        ("perf-per-usd", _ranking(data)),
        ("price-history", _history(data)),
        ("tdp-vs-perf", _scatter(data, "tdp_w", "relative_perf", "Board power vs relative performance",
                                 "TDP (W)", "relative performance")),
    ]
    divs = []
    for i, (div_id, fig) in enumerate(figures):
        divs.append(pio.to_html(fig, full_html=False, include_plotlyjs=(i == 0), div_id=div_id,
                                config={"displaylogo": False}))
    sample = ("<div class='banner sample' id='sample-banner'>SAMPLE DATA: built from the project's bundled sample "
              "snapshot, not from live listings. These are not market prices.</div>") if data.is_sample else ""
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>gpu-market {data.day.isoformat()}</title>
<style>body{{font-family:system-ui,sans-serif;margin:1.5rem;max-width:1200px}}
.banner{{padding:.6rem 1rem;margin:.4rem 0;border-radius:4px;background:#eef}}
.sample{{background:#fde68a;font-weight:bold}} table{{border-collapse:collapse;font-size:.9rem}}
td,th{{border:1px solid #ccc;padding:.25rem .5rem;text-align:right}}</style></head><body>
<h1>Which GPU to buy for deep learning</h1>
<div class="banner" id="date-banner">Data date: {data.day.isoformat()} · source mode: {html.escape(data.source_mode)} ·
asking prices of active listings, shipping included</div>
{sample}
{''.join(divs)}
<h2>Build tiers</h2>
<p>Whole machines per use case (llm: at least 24 GB per GPU, vision: 12 GB, beginner: 8 GB), chosen for throughput
per USD of total cost of ownership; the runner-up and how much worse it is beside each. Platform prices are
estimates.</p>
<div style="overflow-x:auto">{_table(data.tiers, TIER_COLUMNS, "tiers")}</div>
<h2>Buy or rent</h2>
<p>Hours of use per month above which owning each tier's machine (price, less the GPUs' resale after the
horizon, plus electricity) costs less than renting the same throughput from the cheapest cloud GPU that meets
the use case's VRAM floor. Cloud prices are the day's gpuhunt catalog when run live, else a dated snapshot (marts.cloud_prices gives each row's date, source and basis).</p>
<div style="overflow-x:auto">{_table(data.buy_vs_rent, RENT_COLUMNS, "buy-vs-rent")}</div>
<h2>Performance indices</h2>
<p>Each use case ranks by its own index (RTX 3090 = 1): measured where a published benchmark has the card, else
fitted from compute and memory bandwidth, with the fit's leave-one-out error.</p>
<div style="overflow-x:auto">{_table(data.perf_fits, FIT_COLUMNS, "perf-indices")}</div>
<h2>Watchlist alerts on this day</h2>
<div style="overflow-x:auto">{_table(data.alerts, ALERT_COLUMNS, "alerts")}</div>
<h2>How fast cards go</h2>
<p>Listings that left in the 30 days to this date ({data.exits["exits"].sum() if data.exits.height else 0} on the
day itself): sold or withdrawn, asking data cannot tell which. Median days listed and last asking price, for
cards with at least 3 exits.</p>
<div style="overflow-x:auto">{_table(data.days_to_sell, SELL_COLUMNS, "days-to-sell")}</div>
</body></html>"""


def dashboard_path() -> Path:
    """`GPU_MARKET_DASHBOARD` overrides where the page is written."""
    return Path(os.environ.get("GPU_MARKET_DASHBOARD") or DEFAULT_PATH)


def write_html(data: ReportData, path: Path | None = None) -> Path:
    path = path or dashboard_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(render_html(data), encoding="utf-8")
    return path
