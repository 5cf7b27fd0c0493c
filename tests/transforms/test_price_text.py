from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from transforms.price_text import PriceText, parse_price_text


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("$1,299.99", 1299.99),
        ("1299", 1299.0),
        ("$1299.99", 1299.99),
        ("$249.99", 249.99),
        ("$0.01", 0.01),
        ("$1,000,000.00", 1_000_000.0),  # the limit itself is allowed
        ("US$ 749.99", 749.99),
        ("749.99 USD", 749.99),
        ("$1.299,99", 1299.99),  # European decimal comma
        ("1.299,99 $", 1299.99),
        ("1299,99", 1299.99),
        ("12,50", 12.5),
        ("1,299", 1299.0),  # three digits after the only comma: thousands
        ("1.299", 1299.0),  # same for a dot: no price has three decimals
        ("\u00a0$\u00a01,299.99\u00a0", 1299.99),
        ("  $1,299.99\n", 1299.99),
        ("$ 1,299.99", 1299.99),
        ("Now $1,199.99", 1199.99),
        ("$9.99 Shipping", 9.99),
    ],
)
def test_single_prices(text, expected):
    parsed = parse_price_text(text)
    assert parsed.value == expected
    assert parsed.low == parsed.high == expected
    assert parsed.note is None


@pytest.mark.parametrize(
    "text",
    [
        "$1,299.99 - $1,499.99",
        "$1,299.99 – $1,499.99",
        "$1,299.99—$1,499.99",
        "1299.99 to 1499.99",
        "$1,299.99 ~ $1,499.99",
    ],
)
def test_ranges(text):
    parsed = parse_price_text(text)
    assert (parsed.low, parsed.high) == (1299.99, 1499.99)
    assert parsed.value is None
    assert parsed.is_range
    assert parsed.note == "range 1299.99-1499.99"


def test_range_with_equal_ends_is_a_single_price():
    parsed = parse_price_text("$999.99 - $999.99")
    assert parsed.value == 999.99
    assert parsed.note is None


def test_descending_range_is_rejected():
    parsed = parse_price_text("$1,499.99 - $1,299.99")
    assert parsed.value is None and parsed.low is None
    assert parsed.note.startswith("unparsed:")


@pytest.mark.parametrize("text", ["From $999.99", "from $999.99", "Starting at $999.99", "As low as $999.99"])
def test_from_price_is_the_single_lowest_price(text):
    parsed = parse_price_text(text)
    assert parsed.value == 999.99
    assert parsed.note == "from"


@pytest.mark.parametrize(
    ("text", "note"),
    [
        ("Call for price", "call for price"),
        ("CALL FOR PRICING", "call for price"),
        ("See price in cart", "see price in cart"),
        ("See Price in Checkout", "see price in cart"),
        ("Add to cart to see price", "see price in cart"),
        ("OUT OF STOCK", "out of stock"),
        ("Sold Out", "out of stock"),
        ("Coming Soon", "coming soon"),
        ("", "missing"),
        ("   \u00a0 ", "missing"),
        (None, "missing"),
    ],
)
def test_no_price_texts(text, note):
    parsed = parse_price_text(text)
    assert parsed == PriceText(None, None, note)
    assert parsed.value is None


@pytest.mark.parametrize("text", ["1e12", "$1e12", "1E+12", "$2,000,000.00", "1000000.01", "9" * 400])
def test_absurd_values_are_rejected(text):
    parsed = parse_price_text(text)
    assert parsed.value is None and parsed.low is None and parsed.high is None
    assert parsed.note.startswith("absurd:")


def test_small_scientific_notation_is_not_a_price_either():
    parsed = parse_price_text("1e3")
    assert parsed.value is None
    assert parsed.note.startswith("unparsed:")


@pytest.mark.parametrize("text", ["-$5.00", "$-5.00", "-5", "−$5.00", "($5.00)", "- $1,299.99"])
def test_negatives_are_rejected(text):
    parsed = parse_price_text(text)
    assert parsed.value is None and parsed.low is None
    assert parsed.note.startswith("negative:")


@pytest.mark.parametrize(
    "text", ["abc", "$", "1,2,3", "12,34,5", "$1,299.99 $1,499.99", "price: tba", "1.2.3,4.5"]
)
def test_unparseable_text_keeps_the_text_in_the_note(text):
    parsed = parse_price_text(text)
    assert parsed.value is None
    assert parsed.note.startswith("unparsed:")


def test_long_text_is_clipped_in_the_note():
    parsed = parse_price_text("x" * 500)
    assert parsed.note.startswith("unparsed:")
    assert len(parsed.note) < 80


def test_result_is_frozen():
    parsed = parse_price_text("$1.00")
    with pytest.raises(AttributeError):
        parsed.low = 2.0  # type: ignore[misc]


@settings(max_examples=500)
@given(st.floats(min_value=0.01, max_value=100_000, allow_nan=False, allow_infinity=False))
def test_us_formatted_prices_round_trip(x):
    text = f"${x:,.2f}"
    assert parse_price_text(text).value == float(f"{x:.2f}")


@settings(max_examples=300)
@given(st.decimals(min_value=Decimal("0.01"), max_value=Decimal("100000"), places=2))
def test_european_formatted_prices_round_trip(d):
    us = f"{d:,.2f}"
    european = us.replace(",", "_").replace(".", ",").replace("_", ".")
    assert parse_price_text(f"{european} $").value == float(d)


@settings(max_examples=1000)
@given(st.one_of(st.none(), st.text(), st.text(alphabet="$€ ,.-–0123456789eE()\u00a0toFrmCal")))
def test_never_raises_and_stays_consistent(text):
    parsed = parse_price_text(text)
    assert isinstance(parsed, PriceText)
    if parsed.low is None:
        assert parsed.high is None
        assert parsed.note  # every miss says why
    else:
        assert 0 <= parsed.low <= parsed.high <= 1_000_000
