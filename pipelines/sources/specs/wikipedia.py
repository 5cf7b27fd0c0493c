"""Parser for Wikipedia GPU comparison tables ("List of Nvidia graphics
processing units", "GeForce 40 series", ...).

Pure function: HTML text in, SpecFact rows out. Fetching is done elsewhere.

The tables are `table.wikitable` with:
  - multi-row headers: a group header with colspan ("Memory", "Clock speeds",
    "Processing power (TFLOPS)") over sub-headers ("Size (GB)", "Bandwidth
    (GB/s)"), and single headers with rowspan spanning all header rows
    ("Model name", "Launch", "TDP (W)");
  - body rows whose first cell is often a <th> (the model name);
  - rowspans in body cells when several models share a value (code name,
    memory type, bus interface; even the model name, for two memory variants);
  - footnote marks: <sup class="reference">[12]</sup> and "[a]" notes;
  - non-breaking spaces ("GeForce&nbsp;RTX&nbsp;4090"), hidden sort keys,
    ranges ("1,830–2,520" base–boost MHz).

Approach: expand every table into a full rectangular grid first
(`expand_grid`, generic, knows nothing about GPUs), then split header rows from
body rows, build one header path per column (top to bottom, repeated
colspan/rowspan texts collapsed), map paths to catalog fields with
spec_fields.wikipedia_field_for_header, and emit one fact per (row, field).
Columns with unknown headers are ignored. How ranges become one number is
spec_fields.RANGE_PICK (boost clock and FLOPS take the upper, boost, end).

What was read (public code, reference only): the BogoInsight
NvidiaGPUSpecsCrawler (code corpus; repository not named by the index) reads
the same tables with pandas.read_html and sees MultiIndex headers such as
"Memory - Size (GB)", "Memory - Bandwidth (GB/s)", "Memory - Bus type",
"Clock speeds - Boost core clock (MHz)", "Processing power (TFLOPS) - Single
precision", "TDP (Watts)", and Core config cells "10496:328:112:82:328" whose
first figure is the CUDA core count; it strips <sup> marks and \\xa0, and splits
processing-power ranges on "–". labusaid/HackUTD2021 Scraping/nvidia_item_scrape.py
takes the model from the row's <th> and strips trailing "[n]" marks.
"""

from __future__ import annotations

import copy
import re
from dataclasses import dataclass

from bs4 import BeautifulSoup, Tag

from .spec_fields import (
    SpecFact,
    clean_text,
    convert,
    header_unit,
    is_empty,
    wikipedia_field_for_header,
)

SOURCE = "wikipedia"
_MAX_SPAN = 1000  # guard against absurd span attributes


@dataclass(frozen=True)
class GridCell:
    """One slot of the expanded grid. `origin` is the (row, col) of the HTML
    cell that fills it, so spanned slots share the origin of their source."""

    text: str
    is_header: bool
    origin: tuple[int, int]


def _span(cell: Tag, attr: str) -> int:
    raw = str(cell.get(attr, "1") or "1")
    m = re.match(r"\s*(\d+)", raw)
    n = int(m.group(1)) if m else 1
    return max(1, min(n, _MAX_SPAN))


def cell_text(cell: Tag) -> str:
    """Visible text of a cell: footnotes, hidden sort keys and style blocks
    removed, <br> as newline, NBSP normalized."""
    cell = copy.copy(cell)  # the caller's tree stays intact
    for sup in cell.find_all("sup"):
        classes = sup.get("class") or []
        txt = sup.get_text("").strip()
        if "reference" in classes or re.fullmatch(r"\[[^\]]*\]", txt):
            sup.decompose()
    for node in cell.find_all(["style", "script"]):
        node.decompose()
    for node in list(cell.find_all(True)):
        if node.decomposed:
            continue
        style = (node.get("style") or "").replace(" ", "").lower()
        classes = node.get("class") or []
        if "display:none" in style or "sortkey" in classes:
            node.decompose()
    for br in cell.find_all("br"):
        br.replace_with("\n")
    return clean_text(cell.get_text(""))


def expand_grid(table: Tag) -> list[list[GridCell | None]]:
    """Expand a table's rows into a rectangular grid, copying each cell into
    every slot its rowspan/colspan covers. Rows of nested tables are not
    included. Missing slots (ragged rows) are None."""
    rows = [tr for tr in table.find_all("tr") if tr.find_parent("table") is table]
    grid: list[list[GridCell | None]] = []
    pending: dict[tuple[int, int], GridCell] = {}  # slots filled by earlier rowspans
    for r, tr in enumerate(rows):
        row: list[GridCell | None] = []
        c = 0
        for cell in tr.find_all(["td", "th"], recursive=False):
            c = _fill_pending(row, r, c, pending)
            rs, cs = _span(cell, "rowspan"), _span(cell, "colspan")
            gc = GridCell(text=cell_text(cell), is_header=cell.name == "th", origin=(r, c))
            for dc in range(cs):
                _set(row, c + dc, gc)
                for dr in range(1, rs):
                    if r + dr < len(rows):
                        pending[(r + dr, c + dc)] = gc
            c += cs
        _fill_pending(row, r, c, pending)
        # Rowspans may also cover slots further right, after a gap in a short row.
        for key in sorted(k for k in pending if k[0] == r):
            _set(row, key[1], pending.pop(key))
        grid.append(row)
    width = max((len(row) for row in grid), default=0)
    for row in grid:
        row.extend([None] * (width - len(row)))
    return grid


def _fill_pending(
    row: list[GridCell | None], r: int, c: int, pending: dict[tuple[int, int], GridCell]
) -> int:
    """Place rowspanned cells that occupy (r, c), (r, c+1), ...; return the
    next free column."""
    while (r, c) in pending:
        _set(row, c, pending.pop((r, c)))
        c += 1
    return c


def _set(row: list[GridCell | None], c: int, gc: GridCell) -> None:
    while len(row) <= c:
        row.append(None)
    if row[c] is None:
        row[c] = gc


def _header_row_count(grid: list[list[GridCell | None]]) -> int:
    """Leading rows made only of <th> cells are header rows."""
    n = 0
    for row in grid:
        cells = [c for c in row if c is not None]
        if cells and all(c.is_header for c in cells):
            n += 1
        else:
            break
    return n


def header_paths(grid: list[list[GridCell | None]], n_header: int) -> list[tuple[str, ...]]:
    """One path per column: header texts from top to bottom, a text repeated by
    a rowspan/colspan counted once."""
    width = len(grid[0]) if grid else 0
    paths: list[tuple[str, ...]] = []
    for c in range(width):
        parts: list[str] = []
        seen: set[tuple[int, int]] = set()
        for r in range(n_header):
            gc = grid[r][c]
            if gc is None or gc.origin in seen:
                continue
            seen.add(gc.origin)
            t = gc.text.replace("\n", " ").strip()
            if t and (not parts or parts[-1] != t):
                parts.append(t)
        paths.append(tuple(parts))
    return paths


def _model_column(paths: list[tuple[str, ...]]) -> int | None:
    for i, p in enumerate(paths):
        if p and re.search(r"\bmodel\b", p[0], re.IGNORECASE):
            return i
    for i, p in enumerate(paths):
        if p and re.search(r"\b(?:model|name|card|product)\b", " ".join(p), re.IGNORECASE):
            return i
    return None


def _parse_table(table: Tag, page_url: str) -> list[SpecFact]:
    grid = expand_grid(table)
    if not grid:
        return []
    n_header = _header_row_count(grid)
    if n_header == 0 or n_header >= len(grid):
        return []
    paths = header_paths(grid, n_header)
    model_col = _model_column(paths)
    if model_col is None:
        return []

    # column -> (field, priority, unit)
    columns: dict[int, tuple[str, int, str | None]] = {}
    for c, path in enumerate(paths):
        if c == model_col:
            continue
        mapped = wikipedia_field_for_header(path)
        if mapped is not None:
            columns[c] = (mapped[0], mapped[1], header_unit(path))
    if not columns:
        return []

    width = len(paths)
    rows: list[tuple[str, dict[str, tuple[str, str | None]]]] = []
    for row in grid[n_header:]:
        mc = row[model_col]
        if mc is None:
            continue
        model = mc.text.replace("\n", " ").strip()
        # Notes rows: one cell spanning the whole width, or repeated headers.
        origins = {c.origin for c in row if c is not None}
        if not model or len(origins) == 1 and width > 1:
            continue
        if all(c is None or c.is_header for c in row):
            continue
        best: dict[str, tuple[int, str, str | None]] = {}
        for c, (field, prio, unit) in columns.items():
            gc = row[c] if c < len(row) else None
            if gc is None or is_empty(gc.text):
                continue
            if field not in best or prio > best[field][0]:
                best[field] = (prio, gc.text, unit)
        rows.append((model, {f: (t, u) for f, (_, t, u) in best.items()}))

    # Two rows with the same name (a rowspanned model name over memory
    # variants): tell them apart by memory size, "GeForce RTX 4060 Ti 16 GB".
    names = [m for m, _ in rows]
    facts: list[SpecFact] = []
    seen_names: dict[str, int] = {}
    for model, cells in rows:
        name = model
        if names.count(model) > 1:
            mem = cells.get("memory_gb")
            mem_value = convert("memory_gb", mem[0], mem[1])[1] if mem else None
            if mem_value is not None:
                name = f"{model} {mem_value:g} GB"
            else:
                seen_names[model] = seen_names.get(model, 0) + 1
                name = f"{model} (variant {seen_names[model]})"
        for field, (text, unit) in cells.items():
            raw_value, value, out_unit = convert(field, text, unit)
            facts.append(
                SpecFact(
                    source=SOURCE,
                    page_url=page_url,
                    model_name=name,
                    field=field,
                    raw_value=raw_value,
                    value=value,
                    unit=out_unit,
                )
            )
    return facts


def parse_gpu_tables(html: str, page_url: str) -> list[SpecFact]:
    """Parse every `table.wikitable` on a Wikipedia page into long-format facts.
    Tables without a model column or without any known spec column give no
    facts. Returns [] when the page has no usable table."""
    soup = BeautifulSoup(html, "lxml")
    facts: list[SpecFact] = []
    for table in soup.select("table.wikitable"):
        facts.extend(_parse_table(table, page_url))
    return facts
