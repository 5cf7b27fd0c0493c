"""Building blocks of the dashboard pages: escaped text and links, sortable tables with filter attributes,
JSON safe inside a script element, and the page shell (inlined CSS and JS; plotly.js from the site's own
assets folder, so nothing is fetched from the network at view time)."""

import html
import json
import math
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import date
from importlib import resources
from typing import Any

from dashboards.safe_text import blank_controls

SAMPLE_NOTICE = (
    "SAMPLE DATA: built from the project's bundled sample (earlier days derived from it), not "
    "from live listings. These are not market prices."
)


def esc(value: Any) -> str:
    """Text for HTML: escaped, and control characters and bidi overrides (a seller's title may carry them to
    reorder or hide text) replaced by spaces."""
    return html.escape(blank_controls("" if value is None else value), quote=True)


def safe_url(url: Any) -> str | None:
    """An http(s) URL to link to, or None (javascript:, data: and the like never become links)."""
    text = str(url or "").strip()
    return text if re.match(r"https?://[^\s\"'<>]+$", text, flags=re.IGNORECASE) else None


def link(text: Any, url: Any) -> str:
    """A link to a listing (http(s) only; anything else stays plain text)."""
    href = safe_url(url)
    if not href:
        return esc(text)
    return f'<a href="{esc(href)}" rel="noopener noreferrer nofollow" target="_blank">{esc(text)}</a>'


def fmt(value: Any, digits: int | None = None) -> str:
    """Numbers for people: thousands separators, 2 decimals below 10, none above; a dash for missing."""
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return "–"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float):
        places = digits if digits is not None else (2 if abs(value) < 10 else 0)
        return f"{value:,.{places}f}"
    if isinstance(value, int):
        return f"{value:,}"
    if isinstance(value, date):
        return value.isoformat()
    return str(value)


def json_for_script(value: Any) -> str:
    """JSON to put inside <script type="application/json">: '<', '>' and '&' escaped so that no listing
    title can close the element or open a comment."""
    text = json.dumps(value, default=str, allow_nan=False, separators=(",", ":"))
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


TABLE_TOP_ROWS = (
    6  # a longer table shows this many rows until "Show all" (issue 39: the page within 8,000 px)
)


@dataclass(frozen=True)
class Col:
    key: str
    label: str
    numeric: bool = False
    render: Callable[[dict], str] | None = None  # HTML of the cell (already escaped); default: fmt(value)
    digits: int | None = None


def _sort_value(value: Any) -> str:
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return ""
    return str(value)


def table(
    rows: Sequence[dict],
    cols: Sequence[Col],
    table_id: str,
    caption: str,
    row_attrs: Callable[[dict], dict[str, Any]] | None = None,
    filterable: bool = False,
    limit: int = TABLE_TOP_ROWS,
) -> str:
    """A sortable table (a button in every header; aria-sort says the order) inside a scrollable, focusable
    region, with a live count of the rows shown. `row_attrs` gives each row's data-* filter attributes. A
    table of more than `limit` rows shows its top `limit` (in the current order, among the rows the filters
    keep) until its "Show all" button is pressed (issue 39: tables that don't drown the page)."""
    head = "".join(
        f'<th scope="col" aria-sort="none"{" class=num" if c.numeric else ""}>'
        f'<button type="button" class="sort" data-type="{"num" if c.numeric else "text"}">{esc(c.label)}</button></th>'
        for c in cols
    )
    body = []
    for row in rows:
        attrs = "".join(
            f' data-{esc(k)}="{esc(_sort_value(v))}"'
            for k, v in (row_attrs(row) if row_attrs else {}).items()
        )
        cells = []
        for c in cols:
            value = row.get(c.key)
            shown = c.render(row) if c.render else esc(fmt(value, c.digits))
            cells.append(
                f'<td data-v="{esc(_sort_value(value))}"{" class=num" if c.numeric else ""}>{shown}</td>'
            )
        body.append(f"<tr{attrs}>{''.join(cells)}</tr>")
    long = len(rows) > limit
    count = f'<p class="count" id="{esc(table_id)}-count" aria-live="polite">{len(rows)} rows</p>'
    more = (
        f'<button type="button" class="show-all" aria-controls="{esc(table_id)}" aria-expanded="false">'
        f"Show all {len(rows)} rows</button>"
        if long
        else ""
    )
    empty = '<p class="empty">Nothing on this day.</p>' if not rows else ""
    limit_attr = f' data-limit="{limit}"' if long else ""
    return (
        f'<div class="scroll" role="region" aria-label="{esc(caption)}" tabindex="0">'
        f'<table id="{esc(table_id)}"{" class=filterable" if filterable else ""}{limit_attr}>'
        f"<caption>{esc(caption)}</caption><thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table>"
        f"</div>{count}{more}{empty}"
    )


def _static(name: str) -> str:
    return resources.files("dashboards").joinpath("static", name).read_text(encoding="utf-8")


def page(title: str, body: str, charts: dict[str, dict], sample: bool, asset_prefix: str) -> str:
    """A whole page: `charts` maps a div id to its plotly figure ({data, layout}); `asset_prefix` is the
    relative path to the site root ('' or '../')."""
    banner = (
        f'<div class="banner sample" id="sample-banner" role="note">{esc(SAMPLE_NOTICE)}</div>'
        if sample
        else ""
    )
    plotly = f'<script src="{asset_prefix}assets/plotly.min.js"></script>' if charts else ""
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{esc(title)}</title>
<style>{_static("site.css")}</style>
{plotly}
</head><body>
<a class="skip" href="#main">Skip to content</a>
{banner}
<main id="main">
{body}
</main>
<script type="application/json" id="chart-data">{json_for_script(charts)}</script>
<script>{_static("site.js")}</script>
</body></html>"""
