"""Watchlist entries and which of a day's listings match them.

An entry names a model, or a need ("any card with at least 24 GB"), and limits: condition, maximum price
(per unit, shipping included), seller feedback, source. Deals of watched models alert too (`deals: true`).
Pure: the YAML is parsed by the caller; this validates the entries and matches Polars frames.
"""

from typing import Literal

import polars as pl
from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator


class WatchEntry(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: str = Field(min_length=1, max_length=80)
    model_id: str | None = None
    min_vram_gb: float | None = Field(default=None, gt=0)
    vendor: Literal["nvidia", "amd", "intel"] | None = None
    condition: Literal["new", "used", "refurbished", "any"] = "any"  # price buckets: open box counts as new
    max_price_usd: float = Field(gt=0)
    min_seller_feedback_pct: float | None = Field(default=None, ge=0, le=100)
    source: str | None = None  # ebay, newegg, microcenter, bestbuy; any when unset
    deals: bool = False  # also alert on marts.deals rows of the models this entry covers

    @model_validator(mode="after")
    def names_what_to_watch(self) -> "WatchEntry":
        if self.model_id is None and self.min_vram_gb is None:
            raise ValueError("give model_id or min_vram_gb")
        return self

    def reason(self) -> str:
        what = self.model_id or f">= {self.min_vram_gb:g} GB" + (f" {self.vendor}" if self.vendor else "")
        parts = [what, f"{self.condition} at most {self.max_price_usd:,.0f} USD"]
        if self.min_seller_feedback_pct is not None:
            parts.append(f"seller >= {self.min_seller_feedback_pct:g}%")
        if self.source:
            parts.append(f"on {self.source}")
        return ", ".join(parts)


class WatchlistError(ValueError):
    """A watchlist file that does not validate; the message names the entry and the field."""


def parse_watchlist(document: object) -> list[WatchEntry]:
    """Entries from the parsed YAML (`{"watch": [...]}`); names must be unique."""
    items = document.get("watch") if isinstance(document, dict) else None
    if not isinstance(items, list):
        raise WatchlistError("the watchlist needs a top-level `watch:` list of entries")
    entries = []
    for n, item in enumerate(items, start=1):
        try:
            entries.append(WatchEntry.model_validate(item))
        except ValidationError as exc:
            first = exc.errors()[0]
            where = ".".join(str(p) for p in first["loc"])
            message = first["msg"].removeprefix("Value error, ")
            raise WatchlistError(f"watch entry {n}: {where + ': ' if where else ''}{message}") from None
    names = [e.name for e in entries]
    if len(set(names)) != len(names):
        raise WatchlistError(f"watch entry names repeat: {sorted({n for n in names if names.count(n) > 1})}")
    return entries


MATCH_COLUMNS = [
    "watch",
    "source",
    "listing_id",
    "kind",
    "model_id",
    "condition",
    "price",
    "title",
    "url",
    "reason",
]


def _covers(entry: WatchEntry) -> pl.Expr:
    """Rows (joined with the catalog's vram_gb and vendor) of the models in the entry's condition."""
    covered = (
        pl.col("model_id") == entry.model_id
        if entry.model_id is not None
        else pl.col("vram_gb") >= entry.min_vram_gb
    )
    if entry.model_id is None and entry.vendor:
        covered &= pl.col("vendor") == entry.vendor
    return covered if entry.condition == "any" else covered & (pl.col("condition") == entry.condition)


def _alert_rows(frames: list[pl.DataFrame]) -> pl.DataFrame:
    return pl.concat(frames) if frames else pl.DataFrame(schema=dict.fromkeys(MATCH_COLUMNS, pl.String))


def _select(rows: pl.DataFrame, entry: WatchEntry, kind: str, reason: pl.Expr) -> pl.DataFrame:
    return rows.select(
        pl.lit(entry.name).alias("watch"),
        "source",
        "listing_id",
        pl.lit(kind).alias("kind"),
        "model_id",
        "condition",
        pl.col("unit_price").alias("price"),
        "title",
        "url",
        reason.alias("reason"),
    )


def match_listings(listings: pl.DataFrame, entries: list[WatchEntry]) -> pl.DataFrame:
    """(watch, listing) pairs for the day. `listings`: kept listings (source, listing_id, model_id,
    condition in the price buckets new/used/refurbished, unit_price, title, url, seller_feedback_pct,
    vram_gb, vendor)."""
    frames = []
    for entry in entries:
        rule = _covers(entry) & (pl.col("unit_price") <= entry.max_price_usd)
        if entry.min_seller_feedback_pct is not None:  # a store has no seller rating: it passes
            rule &= pl.col("seller_feedback_pct").fill_null(100.0) >= entry.min_seller_feedback_pct
        if entry.source:
            rule &= pl.col("source") == entry.source
        frames.append(_select(listings.filter(rule), entry, "match", pl.lit(entry.reason())))
    return _alert_rows(frames)


def match_deals(deals: pl.DataFrame, entries: list[WatchEntry]) -> pl.DataFrame:
    """Deals (marts.deals rows joined with vram_gb and vendor) of the models of entries with `deals: true`."""
    reason = pl.format(
        "deal: {}% under the 30-day median ({})", pl.col("discount_pct").round(0), pl.col("reason")
    )
    return _alert_rows(
        [_select(deals.filter(_covers(entry)), entry, "deal", reason) for entry in entries if entry.deals]
    )
