"""Property-based tests (hypothesis) of price parsing: retailer price texts and eBay item prices.
Examples are derandomized so that the suite is reproducible; failing examples are printed by hypothesis.
(The classifier's properties are in test_matching_properties.py.)"""

from datetime import UTC, date, datetime
from decimal import Decimal

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from transforms.ebay_items import item_row
from transforms.price_text import parse_price_text

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
