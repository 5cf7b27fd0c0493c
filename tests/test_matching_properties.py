"""Property tests of the listing classifier (hypothesis)."""

from pathlib import Path

import polars as pl
from hypothesis import given, settings
from hypothesis import strategies as st

from transforms.matching import classify_listings
from transforms.matching.normalize import normalize_expr, normalize_series
from warehouse.catalog import load_catalog

CATALOG = load_catalog()
DEV_TITLES = pl.read_csv(Path(__file__).parent / "data" / "labelled_titles_dev.csv", infer_schema=False)[
    "title"
].to_list()
TITLE_WORDS = [
    "NVIDIA",
    "GeForce",
    "RTX",
    "GTX",
    "RX",
    "Radeon",
    "Tesla",
    "Quadro",
    "4090",
    "3060",
    "Ti",
    "SUPER",
    "XT",
    "XTX",
    "12GB",
    "8G",
    "24GB",
    "A100",
    "SXM4",
    "PCIe",
    "x16",
    "2x",
    "FE",
    "Founders",
    "Edition",
    "lot",
    "of",
    "for",
    "parts",
    "box",
    "only",
    "with",
    "bridge",
    "MSI",
    "Ventus",
    "3X",
    "not",
    "A1000",
]

titles = st.one_of(
    st.sampled_from(DEV_TITLES),
    st.lists(st.sampled_from(TITLE_WORDS), min_size=1, max_size=10).map(" ".join),
    st.text(max_size=60),
)


def models(values: list[str]) -> list[str | None]:
    return classify_listings(pl.DataFrame({"title": values}, schema={"title": pl.String}), CATALOG)[
        "model_id"
    ].to_list()


@settings(max_examples=150, deadline=None)
@given(titles)
def test_bracket_for_is_never_a_kept_card(title):
    out = classify_listings(pl.DataFrame({"title": ["bracket for " + title]}), CATALOG).row(0, named=True)
    assert out["exclude_reason"] is not None, out["evidence"]


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(DEV_TITLES), st.data())
def test_case_and_spacing_never_change_the_model(title, data):
    flips = data.draw(st.lists(st.booleans(), min_size=len(title), max_size=len(title)))
    recased = "".join(c.swapcase() if f and c.isascii() else c for c, f in zip(title, flips, strict=True))
    gaps = data.draw(st.lists(st.sampled_from([" ", "  ", "\t", " \n "]), min_size=1, max_size=1))
    respaced = gaps[0].join(recased.split(" "))
    padded = data.draw(st.sampled_from(["", " ", "\t"])) + respaced + data.draw(st.sampled_from(["", "  "]))
    assert len(set(models([title, title.upper(), title.lower(), recased, padded]))) == 1


@settings(max_examples=200, deadline=None)
@given(st.lists(titles, min_size=1, max_size=20))
def test_fast_normalization_equals_the_plain_expression(values):
    series = pl.Series("title", values, dtype=pl.String)
    plain = pl.select(normalize_expr(pl.lit(series))).to_series()
    assert normalize_series(series).to_list() == plain.to_list()


@settings(max_examples=60, deadline=None)
@given(st.lists(titles, min_size=0, max_size=30))
def test_one_row_per_input_row_in_order(values):
    out = classify_listings(pl.DataFrame({"title": values}, schema={"title": pl.String}), CATALOG)
    assert out.height == len(values)
    single = [models([v])[0] for v in values]
    assert out["model_id"].to_list() == single
