"""Retailer product titles: decode HTML entities, read the condition a store wrote into the name, strip it.

Stores put the condition in the name in three places (seen on real Newegg and Micro Center pages):
  * before the name: Newegg's badge inside the title link ("Refurbished ASUS ..."), "Open Box: ...";
  * after it: "... Graphics Card - Refurbished", "... (Open Box)";
  * in the middle, in brackets: Micro Center's "ASUS GeForce RTX 3080 (Refurbished) TUF Gaming ...".
Only bracketed words count in the middle, so a name that merely contains "used" elsewhere stays new.

Entities: Micro Center's `data-name` is encoded twice (`&amp;quot;` after the HTML parser is still `&quot;`),
so titles are unescaped until they stop changing.
"""

from __future__ import annotations

import html
import re
from typing import NamedTuple

# condition words, longest first so "certified refurbished" wins over "refurbished"
_WORDS = (
    r"(?:manufacturer|factory|certified|seller|newegg)?\s*(?:refurbished|recertified|refurb|renewed)"
    r"(?:\s*-?\s*grade\s*[abc])?"
    r"|open[\s-]?box"
    r"|(?:pre[\s-]?owned|used)(?:\s*[-–:]?\s*(?:like\s+new|very\s+good|good|acceptable|fair)\b)?"
)
_SEP = r"[\s:\-–—|,/*]*"
_LEADING = re.compile(rf"^{_SEP}[(\[]?\s*\b({_WORDS})\b\s*[)\]]?{_SEP}", re.I)
_TRAILING = re.compile(rf"{_SEP}[(\[]?\s*\b({_WORDS})\b\s*[)\]]?{_SEP}$", re.I)
_BRACKETED = re.compile(rf"\s*[(\[]\s*({_WORDS})\s*[)\]]", re.I)
_ENTITY = re.compile(r"&(?:[A-Za-z][A-Za-z0-9]{1,31}|#[0-9]{1,7}|#[xX][0-9A-Fa-f]{1,6});")
_MAX_UNESCAPES = 4

CONDITION_OF_WORD: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("open_box", re.compile(r"\bopen[\s-]?box\b", re.I)),
    ("refurbished", re.compile(r"\b(?:refurbished|refurb|renewed|recertified)\b", re.I)),
    ("used", re.compile(r"\b(?:pre[\s-]?owned|used)\b", re.I)),
)


class SplitTitle(NamedTuple):
    title: str
    condition: str | None  # new/open_box/refurbished/used named in the title, else None


def clean_text(text: str | None) -> str:
    """Collapse whitespace (including nbsp) to single spaces."""
    if not text:
        return ""
    return " ".join(text.replace("\u00a0", " ").split())


def decode_entities(text: str | None) -> str:
    """Unescape HTML entities until the text stops changing (double-encoded attributes need two passes)."""
    out = text or ""
    for _ in range(_MAX_UNESCAPES):
        decoded = html.unescape(out)
        if decoded == out:
            break
        out = decoded
    return out


def has_entity(text: str | None) -> bool:
    return bool(_ENTITY.search(text or ""))


def condition_of(text: str | None) -> str | None:
    """A condition named anywhere in a short badge / label text, else None."""
    if not text:
        return None
    for condition, pattern in CONDITION_OF_WORD:
        if pattern.search(text):
            return condition
    return None


def split_condition(raw_title: str | None) -> SplitTitle:
    """The title decoded and without condition words at its ends or in brackets, and the condition they name.

    When several are named the first one found wins (leading, then bracketed, then trailing)."""
    title = clean_text(decode_entities(raw_title))
    found: list[str] = []
    while True:
        before = title
        lead = _LEADING.match(title)
        if lead:
            found.append(lead.group(1))
            title = title[lead.end() :]
        found.extend(m.group(1) for m in _BRACKETED.finditer(title))
        title = clean_text(_BRACKETED.sub(" ", title))
        trail = _TRAILING.search(title)
        if trail:
            found.append(trail.group(1))
            title = clean_text(title[: trail.start()])
        if title == before:
            break
    condition = next((c for c in (condition_of(w) for w in found) if c), None)
    return SplitTitle(title, condition)


def ends_with_condition(title: str) -> bool:
    """Whether a condition word is left at either end of a title (what split_condition removes)."""
    return bool(_LEADING.match(title)) or bool(_TRAILING.search(title))
