"""Shared vocabulary for the spec-sheet parsers: the fact record, the normalized
field names (the catalog's columns), the source label -> field mapping, and the
unit conversions.

Everything here is pure: strings in, numbers out. No network, no files.

Conventions (the catalog's units):

    memory_gb        GB (binary capacities: "512 MB" -> 0.5)
    memory_type      text ("GDDR6X"), value None
    bandwidth_gbs    GB/s (decimal: "1.01 TB/s" -> 1010)
    fp32_tflops      TFLOPS ("GFLOPS" / 1000, "PFLOPS" * 1000)
    fp16_tflops      TFLOPS, the page's *non-tensor* FP16 figure
    tdp_w            W
    slot_width       slots ("Dual-slot" -> 2, "2.5-slot" -> 2.5)
    length_mm        mm ("336 mm\\n13.2 inches" -> 336; inches alone * 25.4)
    release_date     raw_value is ISO-ish ("2022-09-20", "2022-09", "2022"), value None
    launch_msrp_usd  USD ("$1,599 USD" -> 1599)
    pcie_gen         PCIe generation ("PCIe 4.0 x16" -> 4)
    bus_width_bits   bits ("384 bit" -> 384)
    boost_clock_mhz  MHz ("2.52 GHz" -> 2520)
    shading_units    count ("16,384", core config "16384:512:176" -> 16384)

Ranges ("1,830–2,520", "73.1-82.6") are resolved per field by RANGE_PICK; see
there for the reasoning.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date

SOURCES = ("techpowerup", "wikipedia")

FIELDS = (
    "memory_gb",
    "memory_type",
    "bandwidth_gbs",
    "fp32_tflops",
    "fp16_tflops",
    "tdp_w",
    "slot_width",
    "length_mm",
    "release_date",
    "launch_msrp_usd",
    "pcie_gen",
    "bus_width_bits",
    "boost_clock_mhz",
    "shading_units",
)

# Unit string stored on each fact (None for text fields).
FIELD_UNITS: dict[str, str | None] = {
    "memory_gb": "GB",
    "memory_type": None,
    "bandwidth_gbs": "GB/s",
    "fp32_tflops": "TFLOPS",
    "fp16_tflops": "TFLOPS",
    "tdp_w": "W",
    "slot_width": "slots",
    "length_mm": "mm",
    "release_date": None,
    "launch_msrp_usd": "USD",
    "pcie_gen": "gen",
    "bus_width_bits": "bit",
    "boost_clock_mhz": "MHz",
    "shading_units": "count",
}


@dataclass(frozen=True)
class SpecFact:
    """One fact about one card from one page (long format)."""

    source: str
    page_url: str
    model_name: str
    field: str
    raw_value: str
    value: float | None
    unit: str | None


# ---------------------------------------------------------------------------
# TechPowerUp: <dt> label -> field. Labels as they appear on the detail pages
# (https://www.techpowerup.com/gpu-specs/<slug>.c<id>), sections in brackets:
#   [Graphics Card] Release Date, Launch Price, Bus Interface
#   [Clock Speeds]  Base Clock, Boost Clock (or a single "GPU Clock")
#   [Memory]        Memory Size, Memory Type, Memory Bus, Bandwidth
#   [Render Config] Shading Units
#   [Theoretical Performance] FP16 (half), FP32 (float), FP64 (double)
#   [Board Design]  Slot Width, Length, TDP
# ---------------------------------------------------------------------------
TECHPOWERUP_LABELS: dict[str, str] = {
    "memory size": "memory_gb",
    "memory type": "memory_type",
    "bandwidth": "bandwidth_gbs",
    "fp32 (float)": "fp32_tflops",
    "fp16 (half)": "fp16_tflops",
    "tdp": "tdp_w",
    "slot width": "slot_width",
    "length": "length_mm",
    "release date": "release_date",
    "launch price": "launch_msrp_usd",
    "bus interface": "pcie_gen",
    "memory bus": "bus_width_bits",
    "boost clock": "boost_clock_mhz",
    "shading units": "shading_units",
}
# Labels used only when the primary label for that field is absent on the page
# (cards without boost show a single "GPU Clock").
TECHPOWERUP_FALLBACK_LABELS: dict[str, str] = {
    "gpu clock": "boost_clock_mhz",
}


# ---------------------------------------------------------------------------
# Wikipedia: header path (tuple of header texts, top row first) -> field.
# Rules are tried in order; the first that matches wins for a column. Each rule
# carries a priority: when two columns map to the same field, the higher
# priority column with a value wins for the row (a dedicated "Boost core clock"
# column beats a generic "Core clock" base–boost range).
# Header names seen on "List of Nvidia graphics processing units" and the
# "GeForce NN series" pages: "Model name", "Launch", "Launch MSRP (USD)",
# "Core config", "Clock speeds / Base core clock (MHz)", "... / Boost core
# clock (MHz)", "Memory / Size (GB)", "Memory / Bandwidth (GB/s)", "Memory /
# Bus type", "Memory / Bus width (bit)", "Processing power (TFLOPS) / Half
# precision | Single precision | Double precision", "TDP (W)" / "TDP (Watts)",
# "Bus interface".
# ---------------------------------------------------------------------------
def _has(path: str, *words: str) -> bool:
    return all(w in path for w in words)


WikiRule = tuple[Callable[[str], bool], str, int]

WIKIPEDIA_RULES: list[WikiRule] = [
    # (predicate on the lower-cased " / "-joined header path, field, priority)
    (lambda p: _has(p, "msrp") or _has(p, "price"), "launch_msrp_usd", 1),
    (lambda p: _has(p, "memory", "size") or _has(p, "memory", "amount"), "memory_gb", 1),
    (lambda p: _has(p, "bandwidth"), "bandwidth_gbs", 1),
    (lambda p: _has(p, "memory", "bus type") or _has(p, "memory", "type"), "memory_type", 1),
    (lambda p: _has(p, "bus width"), "bus_width_bits", 1),
    (lambda p: _has(p, "single precision") or _has(p, "fp32"), "fp32_tflops", 1),
    (
        lambda p: (_has(p, "half precision") or _has(p, "fp16")) and "tensor" not in p,
        "fp16_tflops",
        1,
    ),
    (lambda p: _has(p, "tdp") or _has(p, "tbp") or _has(p, "board power"), "tdp_w", 1),
    (lambda p: _has(p, "bus interface"), "pcie_gen", 1),
    (lambda p: _has(p, "boost") and ("clock" in p or "mhz" in p), "boost_clock_mhz", 2),
    (
        lambda p: _has(p, "core clock") and "base" not in p and "memory" not in p,
        "boost_clock_mhz",
        1,
    ),
    (lambda p: _has(p, "core config"), "shading_units", 1),
    (lambda p: _has(p, "cuda cores") or _has(p, "shaders") or _has(p, "shading units"), "shading_units", 2),
    (lambda p: _has(p, "slot"), "slot_width", 1),
    (lambda p: _has(p, "length"), "length_mm", 1),
    (
        lambda p: p.split(" / ")[0].strip() in ("launch", "release date", "release", "launch date"),
        "release_date",
        1,
    ),
]


def wikipedia_field_for_header(path: tuple[str, ...]) -> tuple[str, int] | None:
    """Map a Wikipedia header path to (field, priority), or None if unknown."""
    joined = " / ".join(clean_text(h).lower() for h in path if h)
    if not joined:
        return None
    for predicate, field, priority in WIKIPEDIA_RULES:
        if predicate(joined):
            return field, priority
    return None


def header_unit(path: tuple[str, ...]) -> str | None:
    """The unit a Wikipedia header declares for its bare-number cells, e.g.
    "Processing power (GFLOPS) / Single precision" -> "GFLOPS"."""
    units = re.findall(r"\(([^()]*)\)", " ".join(path))
    for u in reversed(units):
        u = u.strip()
        if re.fullmatch(
            r"(?i)(?:[KMGTP]i?B(?:/s)?|[MGTP]FLOPS|W|Watts?|MHz|GHz|mm|bits?|USD|\$|GT/s|Gbps)",
            u,
        ):
            return u
    return None


# ---------------------------------------------------------------------------
# Text helpers
# ---------------------------------------------------------------------------
# Footnote marks: "[12]", "[note 3]", "[citation needed]", and lower-case letter
# notes "[a]".."[zz]" / roman "[iv]". Letter notes are matched case-sensitively so
# bracketed units such as "[GB]" survive.
_FOOTNOTE = re.compile(
    r"\[(?:\d+|[a-z]{1,2}|[ivx]+|(?i:note|nb|lower-alpha|upper-alpha)\s*\d+"
    r"|(?i:citation needed|clarification needed|better source needed|when\?|which\?))\]"
)
_SPACES = re.compile(r"[ \t\u00a0\u2009\u202f\u2007]+")
_DASHES = "\u2013\u2014\u2012\u2212"  # en dash, em dash, figure dash, minus


def clean_text(s: str) -> str:
    """Drop footnote marks ("[12]", "[a]"), soft hyphens and zero-width spaces,
    turn non-breaking/thin spaces into plain spaces, collapse whitespace per line."""
    s = s.replace("\u00ad", "").replace("\u200b", "").replace("\ufeff", "")
    s = _FOOTNOTE.sub("", s)
    lines = [_SPACES.sub(" ", line).strip() for line in s.splitlines()]
    return "\n".join(line for line in lines if line)


EMPTY_VALUES = {
    "",
    "-",
    "--",
    "?",
    "n/a",
    "na",
    "none",
    "unknown",
    "tba",
    "tbd",
    "no",
    "never released",
    "system shared",
    "system dependent",  # TechPowerUp, integrated graphics
}
EMPTY_VALUES |= set(_DASHES)


def is_empty(raw: str) -> bool:
    return clean_text(raw).strip().lower() in EMPTY_VALUES


_NUM = r"\d[\d,]*(?:\.\d+)?|\.\d+"
_NUM_RE = re.compile(_NUM)
_RANGE_RE = re.compile(rf"({_NUM})\s*(?:[-{_DASHES}~]|to)\s*({_NUM})", re.IGNORECASE)


def _to_float(s: str) -> float:
    return float(s.replace(",", ""))


def numbers(raw: str) -> list[float]:
    """All numbers in a string, thousands separators removed."""
    return [_to_float(m) for m in _NUM_RE.findall(clean_text(raw))]


def first_number(raw: str) -> float | None:
    nums = numbers(raw)
    return nums[0] if nums else None


# How a field resolves a range "a–b" or "a (b)" in a single cell:
#  - boost_clock_mhz: the upper end; Wikipedia writes base–boost in one cell.
#  - fp32/fp16: the upper end; pages write base–boost throughput and the
#    catalog (like TechPowerUp) quotes the boost-clock figure.
#  - bandwidth_gbs: upper end (configurations with faster memory).
#  - tdp_w: upper end (power/PSU sizing wants the worst case).
#  - launch_msrp_usd: lower end (the entry price of the model).
#  - memory_gb, bus_width_bits, shading_units, slot_width, length_mm: lower end
#    (first figure; these are rarely ranges, and "8 or 16" style variants are
#    emitted with value None instead, see convert()).
RANGE_PICK: dict[str, str] = {
    "boost_clock_mhz": "max",
    "fp32_tflops": "max",
    "fp16_tflops": "max",
    "bandwidth_gbs": "max",
    "tdp_w": "max",
    "launch_msrp_usd": "min",
    "memory_gb": "min",
    "bus_width_bits": "min",
    "shading_units": "first",
    "slot_width": "min",
    "length_mm": "first",
    "pcie_gen": "first",
}


def pick_number(raw: str, field: str) -> float | None:
    """The number a field needs from a cell that may hold a range."""
    text = clean_text(raw)
    how = RANGE_PICK.get(field, "first")
    m = _RANGE_RE.search(text)
    if m and how in ("max", "min"):
        a, b = _to_float(m.group(1)), _to_float(m.group(2))
        return max(a, b) if how == "max" else min(a, b)
    if how in ("max", "min"):
        # "73.07 (82.58)": base with boost in brackets -> treat as a pair.
        m2 = re.match(rf"\s*({_NUM})\s*\(\s*({_NUM})\s*\)", text)
        if m2:
            a, b = _to_float(m2.group(1)), _to_float(m2.group(2))
            return max(a, b) if how == "max" else min(a, b)
    return first_number(text)


# ---------------------------------------------------------------------------
# Unit conversions. Each takes the raw cell text and an optional default unit
# (from a Wikipedia header) and returns the catalog value or None.
# ---------------------------------------------------------------------------
_MEM_FACTORS = {  # -> GB
    "kb": 1 / 1024**2,
    "kib": 1 / 1024**2,
    "mb": 1 / 1024,
    "mib": 1 / 1024,
    "gb": 1.0,
    "gib": 1.0,
    "tb": 1024.0,
    "tib": 1024.0,
}
_BW_FACTORS = {  # -> GB/s
    "mb/s": 1e-3,
    "mib/s": 1e-3,
    "gb/s": 1.0,
    "gib/s": 1.0,
    "tb/s": 1e3,
    "tib/s": 1e3,
}
_FLOPS_FACTORS = {  # -> TFLOPS
    "mflops": 1e-6,
    "gflops": 1e-3,
    "tflops": 1.0,
    "pflops": 1e3,
}


def _unit_in(text: str, table: dict[str, float], default_unit: str | None) -> float | None:
    low = clean_text(text).lower()
    # Longest keys first so "gb/s" wins over "gb".
    for key in sorted(table, key=len, reverse=True):
        if re.search(rf"(?<![a-z]){re.escape(key)}(?![a-z])", low):
            return table[key]
    if default_unit:
        return table.get(default_unit.strip().lower())
    return None


def to_gb(raw: str, default_unit: str | None = "GB", field: str = "memory_gb") -> float | None:
    n = pick_number(raw, field)
    if n is None:
        return None
    f = _unit_in(raw, _MEM_FACTORS, default_unit)
    return None if f is None else n * f


def to_gbs(raw: str, default_unit: str | None = "GB/s", field: str = "bandwidth_gbs") -> float | None:
    n = pick_number(raw, field)
    if n is None:
        return None
    f = _unit_in(raw, _BW_FACTORS, default_unit)
    return None if f is None else n * f


def to_tflops(raw: str, default_unit: str | None = "TFLOPS", field: str = "fp32_tflops") -> float | None:
    # Drop ratio marks like "(1:64)" / "(2:1)" before reading numbers.
    text = re.sub(r"\(\s*\d+\s*:\s*\d+\s*\)", "", clean_text(raw))
    n = pick_number(text, field)
    if n is None:
        return None
    f = _unit_in(text, _FLOPS_FACTORS, default_unit)
    return None if f is None else n * f


def to_watts(raw: str, default_unit: str | None = "W", field: str = "tdp_w") -> float | None:
    n = pick_number(raw, field)
    if n is None:
        return None
    low = clean_text(raw).lower()
    if re.search(r"\d\s*kw\b", low):
        return n * 1000
    return n


def to_mm(raw: str, default_unit: str | None = "mm", field: str = "length_mm") -> float | None:
    text = clean_text(raw)
    m = re.search(rf"({_NUM})\s*mm\b", text, re.IGNORECASE)
    if m:
        return _to_float(m.group(1))
    m = re.search(rf"({_NUM})\s*(?:cm)\b", text, re.IGNORECASE)
    if m:
        return _to_float(m.group(1)) * 10
    m = re.search(rf"({_NUM})\s*(?:inch(?:es)?|in\b|\"|″)", text, re.IGNORECASE)
    if m:
        return round(_to_float(m.group(1)) * 25.4, 1)
    n = first_number(text)
    if n is None:
        return None
    if default_unit and default_unit.lower().startswith("in"):
        return round(n * 25.4, 1)
    return n


_SLOT_WORDS = {"single": 1.0, "dual": 2.0, "double": 2.0, "triple": 3.0, "quad": 4.0}


def to_slots(raw: str, default_unit: str | None = None, field: str = "slot_width") -> float | None:
    low = clean_text(raw).lower()
    if "igp" in low or "mxm" in low:
        return None
    for word, n in _SLOT_WORDS.items():
        if re.search(rf"\b{word}[- ]?slot", low):
            return n
    m = re.search(rf"({_NUM})\s*[- ]?slots?\b", low)
    if m:
        return _to_float(m.group(1))
    return None


def to_pcie_gen(raw: str, default_unit: str | None = None, field: str = "pcie_gen") -> float | None:
    text = clean_text(raw)
    m = re.search(r"PCI[- ]?e(?:xpress)?\s*(?:Gen\s*)?(\d+(?:\.\d+)?)", text, re.IGNORECASE)
    if not m:
        return None
    return float(int(float(m.group(1))))


def to_usd(raw: str, default_unit: str | None = "USD", field: str = "launch_msrp_usd") -> float | None:
    text = clean_text(raw)
    low = text.lower()
    # Only dollars: refuse figures explicitly in another currency.
    if re.search(r"[€£¥]|\b(?:eur|gbp|jpy|cny|rmb)\b", low):
        return None
    return pick_number(text, field)


def to_bits(raw: str, default_unit: str | None = "bit", field: str = "bus_width_bits") -> float | None:
    return pick_number(raw, field)


def to_mhz(raw: str, default_unit: str | None = "MHz", field: str = "boost_clock_mhz") -> float | None:
    text = clean_text(raw)
    n = pick_number(text, field)
    if n is None:
        return None
    low = text.lower()
    if "ghz" in low or ((default_unit or "").lower() == "ghz" and "mhz" not in low):
        return round(n * 1000, 3)
    return n


def to_count(raw: str, default_unit: str | None = None, field: str = "shading_units") -> float | None:
    # "16384:512:176:512:128" (Wikipedia core config) -> 16384; "16,384" -> 16384.
    n = first_number(clean_text(raw).split(":")[0])
    return n


_MONTHS = {
    m.lower(): i
    for i, m in enumerate(
        ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"], start=1
    )
}


def to_iso_date(raw: str) -> str | None:
    """ "Sep 20th, 2022" / "September 20, 2022" / "20 September 2022" / "2022-09-20"
    -> "2022-09-20"; "Sep 2022" -> "2022-09"; "2022" -> "2022"; else None.
    If a cell holds several dates, the first one is used."""
    text = clean_text(raw).replace("\n", " ")
    m = re.search(r"\b(\d{4})-(\d{2})-(\d{2})\b", text)
    if m:
        return m.group(0)
    mon = r"(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?"
    m = re.search(rf"\b{mon}\s+(\d{{1,2}})(?:st|nd|rd|th)?,?\s+(\d{{4}})\b", text, re.IGNORECASE)
    if m:
        return date(int(m.group(3)), _MONTHS[m.group(1).lower()], int(m.group(2))).isoformat()
    m = re.search(rf"\b(\d{{1,2}})(?:st|nd|rd|th)?\s+{mon},?\s+(\d{{4}})\b", text, re.IGNORECASE)
    if m:
        return date(int(m.group(3)), _MONTHS[m.group(2).lower()], int(m.group(1))).isoformat()
    m = re.search(rf"\b{mon},?\s+(\d{{4}})\b", text, re.IGNORECASE)
    if m:
        return f"{int(m.group(2)):04d}-{_MONTHS[m.group(1).lower()]:02d}"
    m = re.search(r"\b(19|20)\d{2}\b", text)
    if m:
        return m.group(0)
    return None


CONVERTERS: dict[str, Callable[..., float | None]] = {
    "memory_gb": to_gb,
    "bandwidth_gbs": to_gbs,
    "fp32_tflops": to_tflops,
    "fp16_tflops": to_tflops,
    "tdp_w": to_watts,
    "slot_width": to_slots,
    "length_mm": to_mm,
    "launch_msrp_usd": to_usd,
    "pcie_gen": to_pcie_gen,
    "bus_width_bits": to_bits,
    "boost_clock_mhz": to_mhz,
    "shading_units": to_count,
}

# Default unit per field when neither the cell nor the header says one.
DEFAULT_UNITS: dict[str, str | None] = {
    "memory_gb": "GB",
    "bandwidth_gbs": "GB/s",
    "fp32_tflops": "TFLOPS",
    "fp16_tflops": "TFLOPS",
    "tdp_w": "W",
    "length_mm": "mm",
    "launch_msrp_usd": "USD",
    "bus_width_bits": "bit",
    "boost_clock_mhz": "MHz",
}


def convert(field: str, raw: str, default_unit: str | None = None) -> tuple[str, float | None, str | None]:
    """Normalize one raw cell for one field -> (raw_value, value, unit).

    raw_value is the cleaned cell text (footnotes stripped, whitespace
    normalized), except for release_date where it is the ISO-ish date and for
    memory_type where it is the type name. Unparseable numbers give value None.
    """
    if field not in FIELDS:
        raise KeyError(f"unknown spec field {field!r}")
    text = clean_text(raw)
    unit = FIELD_UNITS[field]
    if field == "release_date":
        return (to_iso_date(text) or text), None, None
    if field == "memory_type":
        return text.split("\n")[0].strip(), None, None
    if field == "memory_gb" and re.search(r"\d\s*or\s*\d", text, re.IGNORECASE):
        # "8 or 16": two variants in one cell; no single value.
        return text, None, unit
    conv = CONVERTERS[field]
    value = conv(text, default_unit or DEFAULT_UNITS.get(field), field=field)
    if value is not None:
        value = round(value, 6)
    return text, value, unit


__all__ = [
    "SpecFact",
    "FIELDS",
    "FIELD_UNITS",
    "SOURCES",
    "TECHPOWERUP_LABELS",
    "TECHPOWERUP_FALLBACK_LABELS",
    "WIKIPEDIA_RULES",
    "RANGE_PICK",
    "clean_text",
    "is_empty",
    "convert",
    "header_unit",
    "wikipedia_field_for_header",
    "to_gb",
    "to_gbs",
    "to_tflops",
    "to_watts",
    "to_mm",
    "to_slots",
    "to_pcie_gen",
    "to_usd",
    "to_bits",
    "to_mhz",
    "to_count",
    "to_iso_date",
]
