"""Plotly figures as plain dicts ({data, layout}) for Plotly.newPlot: the page embeds them as JSON, so
building 50 card pages costs no plotly.py validation. Colours: new blue, used orange (distinct for the
common colour-vision deficiencies), each also told apart by line dash and marker shape. Plotly reads a few
HTML tags in trace names and text, so every name is escaped."""

import html
from datetime import date, timedelta

import polars as pl

STYLE = {
    "new": {"color": "#1f5fa8", "dash": "solid", "symbol": "circle"},
    "used": {"color": "#c25400", "dash": "dash", "symbol": "diamond"},
}
BASE_LAYOUT = {
    "margin": {"t": 48, "r": 16, "b": 48, "l": 64},
    "legend": {"orientation": "h", "y": -0.18},
    "font": {"family": "system-ui, sans-serif", "size": 13, "color": "#1b1b1b"},
}


def _layout(title: str, **extra) -> dict:
    return {**BASE_LAYOUT, "title": {"text": title}, **extra}


def _dates(frame: pl.DataFrame) -> list[str]:
    return [d.isoformat() for d in frame["snapshot_date"]]


def _date_axis(day: date, days: int) -> dict:
    """At least `days` days wide, so one day of history reads as a date, not as a sub-second span."""
    return {
        "type": "date",
        "range": [(day - timedelta(days=days)).isoformat(), (day + timedelta(days=1)).isoformat()],
        "tickformat": "%b %d",
    }


def price_history(history: pl.DataFrame, day: date, span_days: int) -> dict:
    """One card's asking prices per day, new and used: the middle half (p25-p75) as a band, the daily
    median, the 7-day rolling median and the lowest listing."""
    data = []
    for condition, style in STYLE.items():
        part = history.filter(pl.col("condition") == condition).sort("snapshot_date")
        if not part.height:
            continue
        x = _dates(part)
        data += [
            {
                "type": "scatter",
                "x": x,
                "y": part["p25"].to_list(),
                "mode": "lines",
                "line": {"width": 0},
                "showlegend": False,
                "hoverinfo": "skip",
                "legendgroup": condition,
                "name": f"{condition} p25",
            },
            {
                "type": "scatter",
                "x": x,
                "y": part["p75"].to_list(),
                "mode": "lines",
                "line": {"width": 0},
                "fill": "tonexty",
                "fillcolor": style["color"] + "33",
                "legendgroup": condition,
                "name": f"{condition}: middle half (p25-p75)",
                "hovertemplate": "p75 %{y:,.0f} USD<extra></extra>",
            },
            {
                "type": "scatter",
                "x": x,
                "y": part["median"].to_list(),
                "mode": "markers",
                "legendgroup": condition,
                "name": f"{condition}: daily median",
                "marker": {"color": style["color"], "symbol": style["symbol"], "size": 7},
                "hovertemplate": "median %{y:,.0f} USD<extra>" + condition + "</extra>",
            },
            {
                "type": "scatter",
                "x": x,
                "y": part["rolling_7d_median"].to_list(),
                "mode": "lines",
                "legendgroup": condition,
                "name": f"{condition}: 7-day median",
                "line": {"color": style["color"], "dash": style["dash"], "width": 3},
                "hovertemplate": "7-day median %{y:,.0f} USD<extra>" + condition + "</extra>",
            },
            {
                "type": "scatter",
                "x": x,
                "y": part["min_price"].to_list(),
                "mode": "lines",
                "legendgroup": condition,
                "name": f"{condition}: lowest",
                "line": {"color": style["color"], "dash": "dot", "width": 1},
                "hovertemplate": "lowest %{y:,.0f} USD<extra>" + condition + "</extra>",
            },
        ]
    return {
        "data": data,
        "layout": _layout(
            "Asking price per day (USD, shipping included)",
            yaxis={"title": {"text": "USD"}},
            xaxis=_date_axis(day, span_days),
            height=420,
        ),
    }


def listing_counts(history: pl.DataFrame, day: date, span_days: int) -> dict:
    data = [
        {
            "type": "bar",
            "x": _dates(part),
            "y": part["listing_count"].to_list(),
            "name": condition,
            "marker": {"color": STYLE[condition]["color"]},
        }
        for condition in STYLE
        if (part := history.filter(pl.col("condition") == condition).sort("snapshot_date")).height
    ]
    return {
        "data": data,
        "layout": _layout(
            "Listings priced per day",
            barmode="group",
            xaxis=_date_axis(day, span_days),
            yaxis={"title": {"text": "listings"}, "rangemode": "tozero"},
            height=320,
        ),
    }


def rank_history(ranks: pl.DataFrame, day: date, span_days: int) -> dict:
    """Rank by performance per USD among all priced cards of the condition (1 = best value)."""
    data = [
        {
            "type": "scatter",
            "x": _dates(part),
            "y": part["rank_overall"].to_list(),
            "mode": "lines+markers",
            "name": condition,
            "line": {"color": STYLE[condition]["color"], "dash": STYLE[condition]["dash"]},
            "marker": {"symbol": STYLE[condition]["symbol"]},
        }
        for condition in STYLE
        if (part := ranks.filter(pl.col("condition") == condition).sort("snapshot_date")).height
    ]
    return {
        "data": data,
        "layout": _layout(
            "Value rank over time (training index; 1 = most performance per USD)",
            xaxis=_date_axis(day, span_days),
            height=320,
            yaxis={"title": {"text": "rank"}, "autorange": "reversed"},
        ),
    }


def scatter(ranking: pl.DataFrame, x: str, y: str, title: str, x_title: str, y_title: str) -> dict:
    data = []
    for condition, style in STYLE.items():
        part = ranking.filter(
            (pl.col("condition") == condition) & pl.col(x).is_not_null() & pl.col(y).is_not_null()
        )
        data.append(
            {
                "type": "scatter",
                "x": part[x].to_list(),
                "y": part[y].to_list(),
                "mode": "markers",
                "name": condition,
                "text": [html.escape(n or "") for n in part["name"].to_list()],
                "marker": {"color": style["color"], "symbol": style["symbol"], "size": 9},
                "hovertemplate": "%{text}<br>%{x:,.0f} / %{y:.2f}<extra>" + condition + "</extra>",
            }
        )
    return {
        "data": data,
        "layout": _layout(
            title, xaxis={"title": {"text": x_title}}, yaxis={"title": {"text": y_title}}, height=420
        ),
    }


def value_ranking(top: pl.DataFrame) -> dict:
    data = []
    for condition, style in STYLE.items():
        part = top.filter(pl.col("condition") == condition).head(15)
        data.append(
            {
                "type": "bar",
                "orientation": "h",
                "y": [html.escape(n or "") for n in part["name"].to_list()],
                "x": part["perf_per_1k_usd"].to_list(),
                "name": condition,
                "marker": {"color": style["color"]},
            }
        )
    return {
        "data": data,
        "layout": _layout(
            "Performance per 1,000 USD (top 15 PCIe cards per condition)",
            barmode="group",
            height=600,
            yaxis={"autorange": "reversed", "automargin": True},
            xaxis={"title": {"text": "relative performance per 1,000 USD"}},
        ),
    }


def market_history(
    history: pl.DataFrame, models: list[str], names: dict[str, str], day: date, span_days: int
) -> dict:
    """The 7-day median of the best-value cards, new and used."""
    data = []
    for (model, condition), part in history.filter(pl.col("model_id").is_in(models)).group_by(
        "model_id", "condition", maintain_order=True
    ):
        data.append(
            {
                "type": "scatter",
                "x": _dates(part),
                "y": part["rolling_7d_median"].to_list(),
                "mode": "lines",
                "name": html.escape(f"{names.get(model, model)} ({condition})"),
                "line": {"dash": STYLE[condition]["dash"]},
            }
        )
    return {
        "data": data,
        "layout": _layout(
            "7-day median asking price of the best-value cards",
            height=430,
            yaxis={"title": {"text": "USD"}},
            xaxis=_date_axis(day, span_days),
        ),
    }
