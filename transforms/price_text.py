"""Turn a retailer's displayed price text into numbers. Pure: no I/O, never raises.

    parse_price_text("$1,299.99")              -> low=high=1299.99, note=None
    parse_price_text("$1,299.99 - $1,499.99")  -> low=1299.99, high=1499.99, note="range 1299.99-1499.99"
    parse_price_text("From $999.99")           -> low=high=999.99, note="from"
    parse_price_text("$1.299,99")              -> low=high=1299.99 (European decimal comma)
    parse_price_text("Call for price")         -> None, note="call for price"
    parse_price_text("1e12")                   -> None, note="absurd: 1e12" (limit 1,000,000 USD)

`value` is the single price, or None for a range or when nothing usable was found.
A "From $X" price is read as the single price X (the cheapest option is what a buyer
pays) and keeps note "from" so callers can tell it apart.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation

MAX_PRICE_USD = Decimal("1000000")

# Whole-text phrases meaning "no price shown"; checked in order, first match wins.
_NO_PRICE_PHRASES: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"call\s+for\s+(?:price|pricing)|call\s+for\s+quote", re.I), "call for price"),
    (
        re.compile(
            r"see\s+(?:the\s+)?price\s+in\s+(?:cart|checkout)|add\s+to\s+cart\s+to\s+see\s+price", re.I
        ),
        "see price in cart",
    ),
    (re.compile(r"out\s+of\s+stock|sold\s+out", re.I), "out of stock"),
    (re.compile(r"coming\s+soon", re.I), "coming soon"),
)
_FROM_PREFIX = re.compile(r"^\s*(?:from|starting\s+at|starts\s+at|as\s+low\s+as)\b\s*:?\s*", re.I)
_SPACES = re.compile(r"[\s\u00a0\u2007\u2009\u202f\u200b\ufeff]+")
_CURRENCY = re.compile(r"US\$|USD|\$", re.I)
# A number as it appears on a price tag: digits with optional , . separators.
_NUMBER = re.compile(r"\d[\d.,]*\d|\d")
_SCIENTIFIC = re.compile(r"^\s*(?:US\$|\$)?\s*[+-]?\d+(?:\.\d+)?[eE][+-]?\d+\s*(?:USD)?\s*$", re.I)
_RANGE_SEP = re.compile(r"^\s*(?:-|–|—|~|to)\s*$", re.I)
_NEGATIVE_LEAD = re.compile(r"(?:^|[^\d])[-−]\s*(?:US\$|\$|USD)?\s*$", re.I)
_THOUSANDS_GROUPS = re.compile(r"^\d{1,3}(?:[.,]\d{3})+$")


@dataclass(frozen=True)
class PriceText:
    low: float | None
    high: float | None
    note: str | None = None

    @property
    def value(self) -> float | None:
        """The single price; None for a range or when no price was found."""
        if self.low is not None and self.low == self.high:
            return self.low
        return None

    @property
    def is_range(self) -> bool:
        return self.low is not None and self.high is not None and self.low != self.high


def _none(note: str) -> PriceText:
    return PriceText(None, None, note)


def _clip(text: str, limit: int = 60) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _to_decimal(token: str) -> Decimal | None:
    """Read one number token, deciding which of ',' and '.' is the decimal mark."""
    has_comma, has_dot = "," in token, "." in token
    if has_comma and has_dot:
        decimal_mark = "," if token.rfind(",") > token.rfind(".") else "."
        thousands = "." if decimal_mark == "," else ","
        whole, _, frac = token.rpartition(decimal_mark)
        if decimal_mark in whole or not frac.isdigit():
            return None
        if thousands in whole and not _THOUSANDS_GROUPS.match(whole):
            return None
        digits = whole.replace(thousands, "") + "." + frac
    elif has_comma or has_dot:
        mark = "," if has_comma else "."
        parts = token.split(mark)
        if len(parts) > 2 or len(parts[-1]) == 3:
            # "1,299" / "1.299" / "1,299,000": thousands separators (prices never carry 3 decimals)
            if not _THOUSANDS_GROUPS.match(token):
                return None
            digits = token.replace(mark, "")
        else:
            # "1299,99" / "12.5": a decimal mark
            digits = parts[0] + "." + parts[1]
    else:
        digits = token
    try:
        return Decimal(digits)
    except InvalidOperation:
        return None


def _checked(amount: Decimal, raw: str) -> PriceText | None:
    """A PriceText rejecting the amount, or None when it is acceptable."""
    if not amount.is_finite():
        return _none(f"unparsed: {_clip(raw)}")
    if amount < 0:
        return _none(f"negative: {_clip(raw)}")
    if amount > MAX_PRICE_USD:
        return _none(f"absurd: {_clip(raw)}")
    return None


def _as_float(amount: Decimal) -> float:
    return float(amount)


def parse_price_text(text: str | None) -> PriceText:
    """Parse a displayed price. Never raises; anything unusable comes back as None with a note."""
    try:
        return _parse(text)
    except Exception:  # a parser bug must not take the page down with it
        return _none(f"unparsed: {_clip(str(text))}")


def _parse(text: str | None) -> PriceText:
    if text is None:
        return _none("missing")
    if not isinstance(text, str):
        text = str(text)
    cleaned = _SPACES.sub(" ", text).strip()
    if not cleaned:
        return _none("missing")

    for pattern, note in _NO_PRICE_PHRASES:
        if pattern.search(cleaned):
            return _none(note)

    if _SCIENTIFIC.match(cleaned):
        body = _CURRENCY.sub("", cleaned).strip()
        try:
            amount = Decimal(body)
        except InvalidOperation:
            return _none(f"unparsed: {_clip(cleaned)}")
        # No price tag is printed in scientific notation: it is a data bug upstream either way.
        return _checked(amount, cleaned) or _none(f"unparsed: {_clip(cleaned)}")

    is_from = False
    body = cleaned
    match = _FROM_PREFIX.match(body)
    if match:
        is_from = True
        body = body[match.end() :]

    body = body.replace("−", "-")  # unicode minus
    if body.startswith("(") and body.endswith(")") and _NUMBER.search(body):
        return _none(f"negative: {_clip(cleaned)}")  # accounting negative "(5.00)"

    tokens = list(_NUMBER.finditer(body))
    if not tokens:
        return _none(f"unparsed: {_clip(cleaned)}")

    first = tokens[0]
    if _NEGATIVE_LEAD.search(body[: first.start()]):
        return _none(f"negative: {_clip(cleaned)}")

    if len(tokens) == 1:
        amount = _to_decimal(first.group())
        if amount is None:
            return _none(f"unparsed: {_clip(cleaned)}")
        rejected = _checked(amount, cleaned)
        if rejected:
            return rejected
        price = _as_float(amount)
        return PriceText(price, price, "from" if is_from else None)

    if len(tokens) == 2:
        between = _CURRENCY.sub("", body[first.end() : tokens[1].start()])
        if _RANGE_SEP.match(between):
            low_d, high_d = _to_decimal(first.group()), _to_decimal(tokens[1].group())
            if low_d is None or high_d is None:
                return _none(f"unparsed: {_clip(cleaned)}")
            for amount in (low_d, high_d):
                rejected = _checked(amount, cleaned)
                if rejected:
                    return rejected
            if low_d > high_d:
                return _none(f"unparsed: {_clip(cleaned)}")
            low, high = _as_float(low_d), _as_float(high_d)
            if low == high:
                return PriceText(low, high, "from" if is_from else None)
            return PriceText(low, high, f"range {low:.2f}-{high:.2f}")

    return _none(f"unparsed: {_clip(cleaned)}")
