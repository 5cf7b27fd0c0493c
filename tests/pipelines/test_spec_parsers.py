"""Tests for the spec-sheet parsers (TechPowerUp detail pages, Wikipedia GPU
tables) and the unit conversions, against the project's own sample pages in
pipelines/sample_data/specs/ (authored by gpu-market, see manifest.json)."""

from __future__ import annotations

import json
from dataclasses import FrozenInstanceError
from pathlib import Path

import pytest
from bs4 import BeautifulSoup

from pipelines.sources.specs import spec_fields as sf
from pipelines.sources.specs.spec_fields import SpecFact, convert
from pipelines.sources.specs.techpowerup import parse_gpu_page
from pipelines.sources.specs.wikipedia import expand_grid, header_paths, parse_gpu_tables

SPECS = Path(__file__).resolve().parents[2] / "pipelines" / "sample_data" / "specs"
MANIFEST = json.loads((SPECS / "manifest.json").read_text(encoding="utf-8"))


def _page(source: str, name: str) -> tuple[str, str]:
    entry = next(p for p in MANIFEST["pages"] if p["file"] == f"{source}/{name}.html")
    return (SPECS / entry["file"]).read_text(encoding="utf-8"), entry["page_url"]


def _by_model(facts: list[SpecFact]) -> dict[str, dict[str, SpecFact]]:
    out: dict[str, dict[str, SpecFact]] = {}
    for f in facts:
        assert f.field not in out.setdefault(f.model_name, {}), f"duplicate {f.model_name}/{f.field}"
        out[f.model_name][f.field] = f
    return out


def _tpu(name: str) -> dict[str, SpecFact]:
    html, url = _page("techpowerup", name)
    facts = parse_gpu_page(html, url)
    models = _by_model(facts)
    assert len(models) == 1
    return next(iter(models.values()))


def _values(facts: dict[str, SpecFact]) -> dict[str, float | str | None]:
    return {k: (f.raw_value if k in ("release_date", "memory_type") else f.value) for k, f in facts.items()}


# ---------------------------------------------------------------------------
# TechPowerUp
# ---------------------------------------------------------------------------
TPU_EXPECTED: dict[str, dict[str, float | str]] = {
    "geforce-rtx-4090": dict(
        memory_gb=24,
        memory_type="GDDR6X",
        bandwidth_gbs=1010,  # page says "1.01 TB/s"
        fp32_tflops=82.58,
        fp16_tflops=82.58,
        tdp_w=450,
        slot_width=3,
        length_mm=304,
        release_date="2022-09-20",
        launch_msrp_usd=1599,
        pcie_gen=4,
        bus_width_bits=384,
        boost_clock_mhz=2520,
        shading_units=16384,
    ),
    "geforce-rtx-3090": dict(
        memory_gb=24,
        memory_type="GDDR6X",
        bandwidth_gbs=936.2,
        fp32_tflops=35.58,
        fp16_tflops=35.58,
        tdp_w=385,  # the deliberate disagreement (published: 350 W)
        slot_width=3,
        length_mm=313,
        release_date="2020-09-01",
        launch_msrp_usd=1499,
        pcie_gen=4,
        bus_width_bits=384,
        boost_clock_mhz=1695,
        shading_units=10496,
    ),
    "geforce-rtx-4060-ti-16-gb": dict(
        memory_gb=16,
        memory_type="GDDR6",
        bandwidth_gbs=288,
        fp32_tflops=22.06,
        fp16_tflops=22.06,
        tdp_w=165,
        slot_width=2,
        length_mm=244,
        release_date="2023-07-18",
        launch_msrp_usd=499,
        pcie_gen=4,
        bus_width_bits=128,
        boost_clock_mhz=2535,
        shading_units=4352,
    ),
    "geforce-gtx-1080-ti": dict(
        memory_gb=11,
        memory_type="GDDR5X",
        bandwidth_gbs=484.4,
        fp32_tflops=11.34,
        fp16_tflops=0.1772,  # "177.2 GFLOPS (1:64)"
        tdp_w=250,
        slot_width=2,
        length_mm=267,
        release_date="2017-03-10",
        launch_msrp_usd=699,
        pcie_gen=3,
        bus_width_bits=352,
        boost_clock_mhz=1582,
        shading_units=3584,
    ),
    "tesla-v100-pcie-32-gb": dict(
        memory_gb=32,
        memory_type="HBM2",
        bandwidth_gbs=897,
        fp32_tflops=14.13,
        fp16_tflops=28.26,
        tdp_w=250,
        slot_width=2,
        length_mm=267,
        release_date="2018-03-27",
        pcie_gen=3,
        bus_width_bits=4096,
        boost_clock_mhz=1380,
        shading_units=5120,
    ),
    "a100-pcie-40-gb": dict(
        memory_gb=40,
        memory_type="HBM2e",
        bandwidth_gbs=1560,
        fp32_tflops=19.49,
        fp16_tflops=77.97,
        tdp_w=250,
        slot_width=2,
        length_mm=267,
        release_date="2020-06-22",
        pcie_gen=4,
        bus_width_bits=5120,
        boost_clock_mhz=1410,
        shading_units=6912,
    ),
    "radeon-rx-7900-xtx": dict(
        memory_gb=24,
        memory_type="GDDR6",
        bandwidth_gbs=960,
        fp32_tflops=61.39,
        fp16_tflops=122.8,
        tdp_w=355,
        slot_width=2.5,
        length_mm=287,
        release_date="2022-11-03",
        launch_msrp_usd=999,
        pcie_gen=4,
        bus_width_bits=384,
        boost_clock_mhz=2498,
        shading_units=6144,
    ),
    "arc-b580": dict(
        memory_gb=12,
        memory_type="GDDR6",
        bandwidth_gbs=456,
        fp32_tflops=13.67,
        fp16_tflops=27.34,
        tdp_w=190,
        slot_width=2,
        length_mm=272,
        release_date="2024-12-03",
        launch_msrp_usd=249,
        pcie_gen=4,
        bus_width_bits=192,
        boost_clock_mhz=2670,
        shading_units=2560,
    ),
}


@pytest.mark.parametrize("name", sorted(TPU_EXPECTED))
def test_techpowerup_exact_values(name: str) -> None:
    got = _values(_tpu(name))
    expected = TPU_EXPECTED[name]
    assert set(got) == set(expected), f"fields differ: {set(got) ^ set(expected)}"
    for field, want in expected.items():
        if isinstance(want, str):
            assert got[field] == want, field
        else:
            assert got[field] == pytest.approx(want), field


def test_techpowerup_4090_record_shape() -> None:
    html, url = _page("techpowerup", "geforce-rtx-4090")
    facts = parse_gpu_page(html, url)
    assert all(f.source == "techpowerup" and f.page_url == url for f in facts)
    assert {f.model_name for f in facts} == {"NVIDIA GeForce RTX 4090"}
    by = {f.field: f for f in facts}
    assert by["bandwidth_gbs"] == SpecFact(
        "techpowerup", url, "NVIDIA GeForce RTX 4090", "bandwidth_gbs", "1.01 TB/s", 1010.0, "GB/s"
    )
    assert by["length_mm"].raw_value == "304 mm\n12 inches"  # <br /> kept as a line break
    assert by["fp16_tflops"].raw_value == "82.58 TFLOPS (1:1)"
    assert by["release_date"].value is None and by["release_date"].unit is None
    assert by["memory_type"].value is None
    with pytest.raises(FrozenInstanceError):
        by["tdp_w"].value = 1.0  # type: ignore[misc]


def test_techpowerup_missing_label_gives_no_fact() -> None:
    # V100 and A100 pages have no "Launch Price" row: no fact, not a None fact.
    assert "launch_msrp_usd" not in _tpu("tesla-v100-pcie-32-gb")
    assert "launch_msrp_usd" not in _tpu("a100-pcie-40-gb")


def test_techpowerup_broken_page_raises() -> None:
    html, url = _page("techpowerup", "broken")
    with pytest.raises(ValueError, match=r"^techpowerup: no spec sections found") as e:
        parse_gpu_page(html, url)
    assert url in str(e.value)


@pytest.mark.parametrize(
    "html", ["", "<html><body><p>503</p></body></html>", '<section class="details"><h2>Memory</h2></section>']
)
def test_techpowerup_non_spec_pages_raise(html: str) -> None:
    with pytest.raises(ValueError, match="no spec sections found"):
        parse_gpu_page(html, "https://example.invalid/x")


def test_techpowerup_gpu_clock_fallback_and_multi_pair_dl() -> None:
    html = """<h1 class="gpudb-name">Old Card</h1>
    <section class="details"><h2>Clock Speeds</h2>
      <dl class="clearfix"><dt>GPU Clock</dt><dd>650 MHz</dd>
        <dt>Memory Clock</dt><dd>900 MHz</dd></dl></section>
    <section class="details"><h2>Memory</h2>
      <dl class="clearfix"><dt>Memory Size</dt><dd>512 MB</dd></dl>
      <dl class="clearfix"><dt>Bandwidth</dt><dd>57.6 GB/s</dd></dl>
      <dl class="clearfix"><dt>Memory Type</dt><dd>Unknown</dd></dl></section>"""
    got = {f.field: f.value for f in parse_gpu_page(html, "u")}
    assert got == {"boost_clock_mhz": 650, "memory_gb": 0.5, "bandwidth_gbs": 57.6}


def test_tpu_sample_deliberate_disagreement_is_in_manifest() -> None:
    (d,) = MANIFEST["deliberate_disagreements"]
    assert d["file"] == "techpowerup/geforce-rtx-3090.html" and d["field"] == "tdp_w"
    assert _tpu("geforce-rtx-3090")["tdp_w"].value == d["page_value"] == 385
    wiki = _wiki("geforce-30-series")["GeForce RTX 3090"]
    assert wiki["tdp_w"].value == d["published_value"] == 350
    assert abs(d["page_value"] - d["published_value"]) / d["published_value"] == pytest.approx(0.10)


# ---------------------------------------------------------------------------
# Wikipedia
# ---------------------------------------------------------------------------
def _wiki(name: str) -> dict[str, dict[str, SpecFact]]:
    html, url = _page("wikipedia", name)
    facts = parse_gpu_tables(html, url)
    assert all(f.source == "wikipedia" and f.page_url == url for f in facts)
    return _by_model(facts)


def test_wikipedia_40_series_models() -> None:
    models = _wiki("geforce-40-series")
    assert list(models) == [
        "GeForce RTX 4060",
        "GeForce RTX 4060 Ti 8 GB",
        "GeForce RTX 4060 Ti 16 GB",
        "GeForce RTX 4070",
        "GeForce RTX 4070 Ti",
        "GeForce RTX 4080",
        "GeForce RTX 4090",
    ]  # NBSPs normalized; the "Chips" table (no model column) and the notes row are ignored


def test_wikipedia_4090_exact_values() -> None:
    got = _values(_wiki("geforce-40-series")["GeForce RTX 4090"])
    assert got == {
        "release_date": "2022-10-12",
        "launch_msrp_usd": 1599,
        "shading_units": 16384,
        "boost_clock_mhz": 2520,
        "memory_gb": 24,
        "bandwidth_gbs": 1008,
        "memory_type": "GDDR6X",
        "bus_width_bits": 384,
        "fp16_tflops": 82.58,
        "fp32_tflops": 82.58,
        "tdp_w": 450,
        "pcie_gen": 4,
    }


def test_wikipedia_rowspans_reach_every_row() -> None:
    m40 = _wiki("geforce-40-series")
    # memory type "GDDR6X" is one cell with rowspan=4 (4070 .. 4090)
    gddr6x = ["GeForce RTX 4070", "GeForce RTX 4070 Ti", "GeForce RTX 4080", "GeForce RTX 4090"]
    assert [m40[m]["memory_type"].raw_value for m in gddr6x] == ["GDDR6X"] * 4
    # "PCIe 4.0 x8" rowspan=3 and "128" bit rowspan=3 over the 4060 rows
    for m in ["GeForce RTX 4060", "GeForce RTX 4060 Ti 8 GB", "GeForce RTX 4060 Ti 16 GB"]:
        assert m40[m]["pcie_gen"].raw_value == "PCIe 4.0 x8"
        assert m40[m]["bus_width_bits"].value == 128
        assert m40[m]["memory_type"].raw_value == "GDDR6"
    # 12 GB / 504 GB/s shared by 4070 and 4070 Ti
    for m in ["GeForce RTX 4070", "GeForce RTX 4070 Ti"]:
        assert (m40[m]["memory_gb"].value, m40[m]["bandwidth_gbs"].value) == (12, 504)
    # the model-name cell itself spans two rows; the variants split on memory size
    ti8, ti16 = m40["GeForce RTX 4060 Ti 8 GB"], m40["GeForce RTX 4060 Ti 16 GB"]
    assert (ti8["memory_gb"].value, ti16["memory_gb"].value) == (8, 16)
    assert (ti8["tdp_w"].value, ti16["tdp_w"].value) == (160, 165)
    assert ti8["boost_clock_mhz"].value == ti16["boost_clock_mhz"].value == 2535
    assert ti8["shading_units"].value == ti16["shading_units"].value == 4352

    m30 = _wiki("geforce-30-series")
    assert len(m30) == 8
    # one "PCIe 4.0 x16" cell with rowspan=8 reaches all eight models
    assert {v["pcie_gen"].value for v in m30.values()} == {4}
    assert all("pcie_gen" in v for v in m30.values())
    # "350" rowspan=2: 3080 Ti and 3090; "384" rowspan=3: 3080 Ti, 3090, 3090 Ti
    assert m30["GeForce RTX 3080 Ti"]["tdp_w"].value == m30["GeForce RTX 3090"]["tdp_w"].value == 350
    for m in ["GeForce RTX 3080 Ti", "GeForce RTX 3090", "GeForce RTX 3090 Ti"]:
        assert m30[m]["bus_width_bits"].value == 384
    for m in ["GeForce RTX 3060 Ti", "GeForce RTX 3070", "GeForce RTX 3070 Ti"]:
        assert m30[m]["memory_gb"].value == 8


def test_wikipedia_30_series_ranges_and_three_header_rows() -> None:
    m30 = _wiki("geforce-30-series")
    r = m30["GeForce RTX 3090"]
    # "1,395–1,695" base–boost MHz -> boost end; "29.28–35.58" -> boost TFLOPS
    assert r["boost_clock_mhz"].raw_value == "1,395\u20131,695"
    assert r["boost_clock_mhz"].value == 1695
    assert r["fp32_tflops"].value == pytest.approx(35.58)
    assert r["fp16_tflops"].value == pytest.approx(35.58)
    # "Launch price (USD)" / "MSRP" spread over header rows 1-3
    assert r["launch_msrp_usd"].value == 1499
    assert r["release_date"].raw_value == "2020-09-24"
    assert m30["GeForce RTX 3090 Ti"]["bandwidth_gbs"].value == 1008
    assert m30["GeForce RTX 3060"]["fp32_tflops"].value == pytest.approx(12.74)


def test_wikipedia_footnotes_and_hidden_text_stripped() -> None:
    m40 = _wiki("geforce-40-series")
    assert m40["GeForce RTX 4090"]["tdp_w"].raw_value == "450"  # was 450<sup>[12]</sup>
    assert m40["GeForce RTX 4060 Ti 16 GB"]["launch_msrp_usd"].raw_value == "$499"  # [d]
    assert m40["GeForce RTX 4090"]["release_date"].raw_value == "2022-10-12"  # hidden sort key
    m30 = _wiki("geforce-30-series")
    assert m30["GeForce RTX 3090"]["launch_msrp_usd"].raw_value == "$1,499"
    assert m30["GeForce RTX 3070 Ti"]["tdp_w"].raw_value == "290"
    for models in (m40, m30):
        for name, facts in models.items():
            assert "[" not in name and "\u00a0" not in name
            for f in facts.values():
                assert "[" not in f.raw_value and "\u00a0" not in f.raw_value, (name, f)


def test_wikipedia_header_paths_40_series() -> None:
    html, _ = _page("wikipedia", "geforce-40-series")
    table = BeautifulSoup(html, "lxml").select_one("table.wikitable")
    grid = expand_grid(table)
    paths = header_paths(grid, 2)
    assert paths[0] == ("Model name",)
    assert paths[2] == ("Launch MSRP (USD)",)
    assert paths[3] == ("Code name(s)",)  # "[5]" stripped
    assert paths[8] == ("Memory", "Size (GB)")
    assert paths[12] == ("Processing power (TFLOPS)", "Half precision")  # "[c]" stripped
    assert paths[16] == ("Bus interface",)
    assert {len(row) for row in grid} == {17}


def test_expand_grid_generic() -> None:
    html = """<table>
      <tr><th rowspan="2">A</th><th colspan="2">B</th></tr>
      <tr><th>B1</th><th>B2</th></tr>
      <tr><td>x</td><td rowspan="3">shared</td><td>1</td></tr>
      <tr><td>y</td><td>2</td></tr>
      <tr><td colspan="1">z</td><td>3</td></tr>
    </table>"""
    grid = expand_grid(BeautifulSoup(html, "lxml").table)
    text = [[c.text if c else None for c in row] for row in grid]
    assert text == [
        ["A", "B", "B"],
        ["A", "B1", "B2"],
        ["x", "shared", "1"],
        ["y", "shared", "2"],
        ["z", "shared", "3"],
    ]
    assert grid[2][1].origin == grid[3][1].origin == grid[4][1].origin == (2, 1)
    assert header_paths(grid, 2) == [("A",), ("B", "B1"), ("B", "B2")]


def test_expand_grid_rowspan_past_end_and_ragged_rows() -> None:
    html = """<table><tr><th>M</th><th>V</th><th>W</th></tr>
      <tr><td>a</td><td rowspan="9">v</td></tr>
      <tr><td>b</td><td>w</td></tr></table>"""
    grid = expand_grid(BeautifulSoup(html, "lxml").table)
    assert len(grid) == 3
    assert [c.text if c else None for c in grid[1]] == ["a", "v", None]
    assert [c.text if c else None for c in grid[2]] == ["b", "v", "w"]


def test_wikipedia_gflops_header_and_unknown_columns() -> None:
    html = """<table class="wikitable">
      <tr><th rowspan="2">Model</th><th rowspan="2">Mystery column</th>
          <th colspan="2">Processing power (GFLOPS)</th><th rowspan="2">Memory size (MiB)</th></tr>
      <tr><th>Single precision</th><th>Half precision Tensor Core FP32 Accumulate</th></tr>
      <tr><th>Card X</th><td>42</td><td>1,500.5</td><td>9000</td><td>512 or 1024</td></tr>
    </table>"""
    facts = {f.field: f for f in parse_gpu_tables(html, "u")}
    assert set(facts) == {"fp32_tflops", "memory_gb"}  # mystery + tensor FP16 ignored
    assert facts["fp32_tflops"].value == pytest.approx(1.5005)
    assert facts["memory_gb"].value is None and facts["memory_gb"].raw_value == "512 or 1024"


def test_wikipedia_page_without_tables() -> None:
    assert parse_gpu_tables("<html><body><p>nothing</p></body></html>", "u") == []


# ---------------------------------------------------------------------------
# Unit conversions
# ---------------------------------------------------------------------------
CONVERSIONS = [
    ("bandwidth_gbs", "1,008 GB/s", 1008),
    ("bandwidth_gbs", "1.01 TB/s", 1010),
    ("bandwidth_gbs", "936.2 GB/s", 936.2),
    ("bandwidth_gbs", "900 MB/s", 0.9),
    ("fp32_tflops", "82.58 TFLOPS", 82.58),
    ("fp32_tflops", "1,290 GFLOPS (1:64)", 1.29),
    ("fp16_tflops", "177.2 GFLOPS (1:64)", 0.1772),
    ("fp16_tflops", "122.8 TFLOPS (2:1)", 122.8),
    ("fp32_tflops", "1.2 PFLOPS", 1200),
    ("tdp_w", "450 W", 450),
    ("tdp_w", "250–300", 300),
    ("memory_gb", "24 GB", 24),
    ("memory_gb", "512 MB", 0.5),
    ("memory_gb", "8 or 16", None),
    ("length_mm", "336 mm\n13.2 inches", 336),
    ("length_mm", "10.5 inches", 266.7),
    ("slot_width", "Single-slot", 1),
    ("slot_width", "Dual-slot", 2),
    ("slot_width", "Triple-slot", 3),
    ("slot_width", "Quad-slot", 4),
    ("slot_width", "2.5-slot", 2.5),
    ("slot_width", "IGP", None),
    ("pcie_gen", "PCIe 4.0 x16", 4),
    ("pcie_gen", "PCIe 3.0 x8", 3),
    ("pcie_gen", "PCIe\u00a05.0 x16", 5),
    ("pcie_gen", "PCI-Express 2.0 x16", 2),
    ("pcie_gen", "AGP 8x", None),
    ("launch_msrp_usd", "$1,599 USD", 1599),
    ("launch_msrp_usd", "1,599 USD", 1599),
    ("launch_msrp_usd", "$599–649", 599),
    ("launch_msrp_usd", "€1,949", None),
    ("bus_width_bits", "384 bit", 384),
    ("boost_clock_mhz", "2520 MHz", 2520),
    ("boost_clock_mhz", "2.52 GHz", 2520),
    ("boost_clock_mhz", "1,830\u20132,520", 2520),
    ("boost_clock_mhz", "1830 - 2520", 2520),
    ("shading_units", "16384", 16384),
    ("shading_units", "16,384", 16384),
    ("shading_units", "10496:328:112:82:328", 10496),
]


@pytest.mark.parametrize(("field", "raw", "want"), CONVERSIONS)
def test_unit_conversions(field: str, raw: str, want: float | None) -> None:
    _, value, unit = convert(field, raw)
    if want is None:
        assert value is None
    else:
        assert value == pytest.approx(want)
    assert unit == sf.FIELD_UNITS[field]


@pytest.mark.parametrize(
    ("raw", "iso"),
    [
        ("Sep 20th, 2022", "2022-09-20"),
        ("Mar 1st, 2017", "2017-03-01"),
        ("Jun 22nd, 2020", "2020-06-22"),
        ("October 12, 2022", "2022-10-12"),
        ("12 October 2022", "2022-10-12"),
        ("2022-10-12", "2022-10-12"),
        ("Sep 2022", "2022-09"),
        ("2019", "2019"),
        ("Never Released", "Never Released"),
    ],
)
def test_release_date_iso(raw: str, iso: str) -> None:
    assert convert("release_date", raw) == (iso, None, None)


def test_header_units_override_defaults() -> None:
    assert sf.header_unit(("Processing power (GFLOPS)", "Single precision")) == "GFLOPS"
    assert sf.header_unit(("Memory", "Size (GB)")) == "GB"
    assert sf.header_unit(("Code name(s)",)) is None
    assert convert("fp32_tflops", "9,000", "GFLOPS")[1] == pytest.approx(9.0)
    assert convert("memory_gb", "2048", "MiB")[1] == pytest.approx(2.0)
    # a unit written in the cell wins over the header's
    assert convert("bandwidth_gbs", "1.2 TB/s", "GB/s")[1] == pytest.approx(1200)


def test_clean_text_strips_footnotes_and_nbsp() -> None:
    assert sf.clean_text("GeForce\u00a0RTX\u00a04090[12][a]") == "GeForce RTX 4090"
    assert sf.clean_text("450[citation needed]") == "450"
    assert sf.clean_text("  a \n\n  b  ") == "a\nb"
    assert sf.clean_text("Size [GB][b]") == "Size [GB]"  # bracketed units survive
    assert sf.is_empty("System Shared") and sf.is_empty("\u2014") and not sf.is_empty("0")


def test_field_vocabulary() -> None:
    assert set(sf.FIELD_UNITS) == set(sf.FIELDS)
    assert set(sf.TECHPOWERUP_LABELS.values()) == set(sf.FIELDS)
    with pytest.raises(KeyError):
        convert("not_a_field", "1")


def test_manifest_lists_every_sample_page() -> None:
    assert MANIFEST["kind"] == "sample"
    files = {p["file"] for p in MANIFEST["pages"]}
    on_disk = {str(p.relative_to(SPECS)) for p in SPECS.glob("*/*.html")}
    assert files == on_disk
    for p in MANIFEST["pages"]:
        assert p["source"] in sf.SOURCES
        assert "sample page authored by gpu-market" in (SPECS / p["file"]).read_text(encoding="utf-8")
