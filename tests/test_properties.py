"""Property-based tests (hypothesis): price parsing, eBay item prices, and classifier invariants.

Classifier invariants, through the public API only (`transforms.matching.classify_listings` with the catalog
from `warehouse.catalog.load_catalog()`): putting "bracket for " in front of a title never yields a kept
card; changing the case or the spacing of a title never changes the model it is classified as.
Examples are derandomized so that the suite is reproducible; failing examples are printed by hypothesis.
"""

from datetime import UTC, date, datetime
from decimal import Decimal
from functools import cache

import polars as pl
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from transforms.ebay_items import item_row
from transforms.matching import classify_listings
from transforms.price_text import parse_price_text
from warehouse.catalog import load_catalog

SETTINGS = settings(
    max_examples=150, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow]
)

# ---- prices ----------------------------------------------------------------------------------------------

cents = st.decimals(min_value=Decimal("0.01"), max_value=Decimal("999999.99"), places=2)
WHITESPACE = st.sampled_from([" ", "  ", "\u00a0", "\t", "\n", "\u2009", "\u202f"])


def us(d: Decimal) -> str:
    return f"{d:,.2f}"


def european(d: Decimal) -> str:
    return us(d).replace(",", "_").replace(".", ",").replace("_", ".")


@SETTINGS
@given(cents, WHITESPACE, WHITESPACE, st.sampled_from(["${}", "{}", "US$ {}", "{} USD", "$ {}", "{} $"]))
def test_a_price_survives_padding_and_currency_marks(d, left, right, pattern):
    assert parse_price_text(left + pattern.format(us(d)) + right).value == float(d)


@SETTINGS
@given(cents)
def test_european_and_us_notation_agree(d):
    assert parse_price_text(european(d) + " $").value == parse_price_text("$" + us(d)).value == float(d)


@SETTINGS
@given(cents, cents, st.sampled_from([" - ", "-", " – ", " to ", " ~ "]))
def test_ranges_are_ranges_never_a_single_price(a, b, sep):
    low, high = sorted((a, b))
    parsed = parse_price_text(f"${us(low)}{sep}${us(high)}")
    assert (parsed.low, parsed.high) == (float(low), float(high))
    assert parsed.value == (float(low) if low == high else None)


@SETTINGS
@given(
    st.decimals(min_value=Decimal("1000000.01"), max_value=Decimal("1e15"), places=2),
    st.sampled_from(["${}", "{}", "{} USD"]),
    st.booleans(),
)
def test_absurd_amounts_are_never_prices(d, pattern, scientific):
    text = pattern.format(f"{d:.2e}" if scientific else us(d))
    parsed = parse_price_text(text)
    assert parsed.value is None and parsed.low is None and parsed.note.startswith(("absurd", "unparsed"))


@SETTINGS
@given(cents, st.sampled_from(["-${}", "$-{}", "- ${}", "−${}", "(${})", "-{} USD"]))
def test_negative_amounts_are_never_prices(d, pattern):
    parsed = parse_price_text(pattern.format(us(d)))
    assert parsed.value is None and parsed.note.startswith("negative")


@SETTINGS
@given(
    st.one_of(
        st.none(),
        st.text(),
        st.floats(),
        st.integers(),
        st.booleans(),
        st.sampled_from(["1e12", "-5", "abc", "NaN", "inf", "-inf", "1e309", "", " ", "0", "0.00"]),
    )
)
def test_an_ebay_price_is_a_plausible_number_or_unknown(value):
    item = {"itemId": "v1|1|0", "title": "RTX 3090", "price": {"value": value, "currency": "USD"}}
    row = item_row(
        item,
        snapshot_date=date(2026, 11, 20),
        query_model_id="rtx-3090",
        query="RTX 3090",
        fetched_at=datetime(2026, 11, 20, tzinfo=UTC),
        source_mode="live",
    )
    assert row["price"] is None or 0 < row["price"] <= 1_000_000


# ---- the classifier --------------------------------------------------------------------------------------


@cache
def catalog() -> pl.DataFrame:
    return load_catalog()


@cache
def model_names() -> list[tuple[str, str]]:
    """(model_id, a way a listing names it): catalog name and search query, with the memory size."""
    out = []
    for r in (
        catalog().select("model_id", "name", "search_query", "memory_gb", "memory_type").iter_rows(named=True)
    ):
        gb = int(r["memory_gb"]) if r["memory_gb"] == int(r["memory_gb"]) else r["memory_gb"]
        out.append((r["model_id"], f"{r['name']} {gb}GB {r['memory_type']}"))
        out.append((r["model_id"], r["search_query"]))
    return out


BRANDS = ["", "ASUS", "MSI", "EVGA", "Gigabyte", "ZOTAC", "PNY", "Dell OEM", "Sapphire", "XFX"]
TAILS = [
    "",
    "Graphics Card",
    "Video Card GPU",
    "Used Tested Working",
    "Blower Fan",
    "PCIe 4.0 x16",
    "Founders Edition",
    "Free Shipping",
    "Excellent Condition",
    "Dual Fan OC",
]


@st.composite
def titles(draw) -> str:
    _, name = draw(st.sampled_from(model_names()))
    words = [draw(st.sampled_from(BRANDS)), name, draw(st.sampled_from(TAILS)), draw(st.sampled_from(TAILS))]
    return " ".join(w for w in words if w)


def classify(texts: list[str]) -> pl.DataFrame:
    return classify_listings(pl.DataFrame({"title": texts}, schema={"title": pl.String}), catalog())


def kept(frame: pl.DataFrame) -> list[bool]:
    return (frame["exclude_reason"].is_null() & frame["model_id"].is_not_null()).to_list()


@SETTINGS
@given(titles(), st.sampled_from(["bracket for ", "Bracket for ", "BRACKET FOR ", "bracket  for "]))
def test_a_bracket_for_a_card_is_never_a_card(title, prefix):
    result = classify([title, prefix + title])
    assume(kept(result)[0])  # the card itself is kept: the bracket for it must not be
    assert kept(result)[1] is False, (prefix + title, result.row(1, named=True))


@st.composite
def recased(draw, title: str) -> str:
    mode = draw(st.sampled_from(["upper", "lower", "swap", "title", "random"]))
    if mode == "random":
        flips = draw(st.lists(st.booleans(), min_size=len(title), max_size=len(title)))
        return "".join(c.upper() if f else c.lower() for c, f in zip(title, flips, strict=True))
    return {"upper": title.upper(), "lower": title.lower(), "swap": title.swapcase(), "title": title.title()}[
        mode
    ]


@st.composite
def respaced(draw, title: str) -> str:
    gaps = draw(st.lists(WHITESPACE, min_size=len(title.split()), max_size=len(title.split())))
    return draw(WHITESPACE) + "".join(w + g for w, g in zip(title.split(), gaps, strict=True))


@SETTINGS
@given(st.data())
def test_case_and_spacing_never_change_the_model(data):
    title = data.draw(titles())
    variants = [
        data.draw(recased(title)),
        data.draw(respaced(title)),
        data.draw(respaced(data.draw(recased(title)))),
    ]
    result = classify([title, *variants])
    models = result["model_id"].to_list()
    assert models == [models[0]] * len(models), list(zip([title, *variants], models, strict=True))
