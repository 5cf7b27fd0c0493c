"""marts.alerts: watchlist entries and which of a day's listings match them.

An entry names a model, or a need ("any card with at least 24 GB"), and limits: condition, maximum price
(per unit, shipping included), seller feedback, source. Deals of watched models alert too (`deals: true`).
Or it names an LLM workload of the catalog, a speed and a budget for the whole machine ("Llama 3.3 70B at
4 bits, 15 tokens/s or more, under 3,000 USD"): it alerts once per machine of marts.llm_workload_fit that
runs it that fast, costs no more and is for sale in the numbers it needs (issue 35).
Pure: the caller reads the file's bytes; this decodes and parses them, validates the entries and matches
Polars frames.

A bad watchlist never stops the day: `read_watchlist` keeps every entry that validates and reports each
problem with the file, line and column (an encoding or YAML error: no entry used; an entry that does not
validate, names an unknown model or source, or repeats a name: that entry skipped).
"""

from dataclasses import dataclass, field
from typing import Literal

import polars as pl
import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from transforms.deals import SHIPPING_UNSTATED, shipping_unstated
from transforms.matching.classify import rated_feedback_pct

SOURCES = ("ebay", "newegg", "microcenter", "bestbuy")
BOMS = {  # byte-order marks of encodings a text editor may save YAML in, other than UTF-8
    b"\xff\xfe\x00\x00": "UTF-32",
    b"\x00\x00\xfe\xff": "UTF-32",
    b"\xff\xfe": "UTF-16",
    b"\xfe\xff": "UTF-16",
}


class WatchEntry(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: str = Field(min_length=1, max_length=80)
    model_id: str | None = None
    min_vram_gb: float | None = Field(default=None, gt=0)
    vendor: Literal["nvidia", "amd", "intel"] | None = None
    condition: Literal["new", "used", "refurbished", "any"] = "any"  # price buckets: open box counts as new
    max_price_usd: float | None = Field(default=None, gt=0)
    min_seller_feedback_pct: float | None = Field(default=None, ge=0, le=100)
    source: Literal[SOURCES] | None = None  # any when unset
    deals: bool = False  # also alert on marts.deals rows of the models this entry covers
    # an LLM workload (warehouse/catalog/llm_workloads.csv) a whole machine must run
    workload: str | None = None
    min_tokens_per_s: float = Field(default=10.0, gt=0)  # single-stream decode (the tiers' usable speed)
    max_machine_usd: float | None = Field(default=None, gt=0)  # what the whole machine may cost to buy

    @model_validator(mode="after")
    def names_what_to_watch(self) -> "WatchEntry":
        if self.workload is not None:
            if self.max_machine_usd is None:
                raise ValueError("a workload entry needs max_machine_usd (what the whole machine may cost)")
            return self
        if self.model_id is None and self.min_vram_gb is None:
            raise ValueError("give model_id, min_vram_gb or workload")
        if self.max_price_usd is None:
            raise ValueError("give max_price_usd (per card, shipping included)")
        return self

    def reason(self) -> str:
        if self.workload is not None:
            return (
                f"runs {self.workload} at >= {self.min_tokens_per_s:g} tokens/s, whole machine "
                f"({self.condition}) at most {self.max_machine_usd:,.0f} USD"
            )
        what = self.model_id or f">= {self.min_vram_gb:g} GB" + (f" {self.vendor}" if self.vendor else "")
        parts = [what, f"{self.condition} at most {self.max_price_usd:,.0f} USD"]
        if self.min_seller_feedback_pct is not None:
            parts.append(f"seller >= {self.min_seller_feedback_pct:g}%")
        if self.source:
            parts.append(f"on {self.source}")
        return ", ".join(parts)


class WatchlistError(ValueError):
    """A watchlist file that does not validate; the message names the entry and the field."""


@dataclass(frozen=True)
class Watchlist:
    """The entries that validated, and one sentence per problem ("<file>, line L, column C: ...")."""

    entries: list[WatchEntry]
    problems: list[str] = field(default_factory=list)


def _at(file: str, mark) -> str:
    return f"{file}, line {mark.line + 1}, column {mark.column + 1}" if mark is not None else file


def _decode(data: bytes, file: str) -> tuple[str | None, str | None]:
    """The text (UTF-8, with or without its byte-order mark), or the problem naming the first bad byte."""
    for bom, encoding in BOMS.items():
        if data.startswith(bom):
            return (
                None,
                f"{file}, line 1, column 1: saved as {encoding}, not UTF-8: save it as UTF-8; no entry used",
            )
    try:
        return data.decode("utf-8-sig"), None
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        column = exc.start - (data.rfind(b"\n", 0, exc.start) + 1) + 1
        return None, (
            f"{file}, line {line}, column {column}: not UTF-8 (byte 0x{data[exc.start]:02x}): save it as UTF-8; "
            "no entry used"
        )


def _key_mark(node, key: str):
    """Where `key` is written in a mapping node (its value's mark), else the node's own."""
    for k, v in getattr(node, "value", []) if isinstance(node, yaml.MappingNode) else []:
        if getattr(k, "value", None) == key:
            return v.start_mark
    return getattr(node, "start_mark", None)


def read_watchlist(
    data: bytes, file: str, known_models: set[str] | None = None, known_workloads: set[str] | None = None
) -> Watchlist:
    """The watchlist in `data` (the bytes of `file`): every entry that validates, and every problem with
    its line and column. `known_models`, `known_workloads`: the catalog's model ids and LLM workloads (an
    entry naming another never alerts)."""
    text, problem = _decode(data, file)
    if text is None:
        return Watchlist([], [problem])
    try:
        node = yaml.compose(text, Loader=yaml.SafeLoader)
        document = yaml.safe_load(text)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        what = " ".join(part for part in (exc.context, exc.problem) if part)
        return Watchlist([], [f"{_at(file, mark)}: not valid YAML: {what}; no entry used"])
    except yaml.YAMLError as exc:
        return Watchlist([], [f"{file}: not valid YAML: {str(exc).splitlines()[0]}; no entry used"])
    items = document.get("watch") if isinstance(document, dict) else None
    if not isinstance(items, list):
        return Watchlist(
            [], [f"{_at(file, getattr(node, 'start_mark', None))}: {NEEDS_WATCH}; no entry used"]
        )
    watch = next(
        (
            v
            for k, v in node.value
            if getattr(k, "value", None) == "watch" and isinstance(v, yaml.SequenceNode)
        ),
        None,
    )
    nodes = watch.value if watch is not None else [None] * len(items)
    entries, problems, names = [], [], set()
    for n, (item, item_node) in enumerate(zip(items, nodes, strict=True), start=1):
        mark = getattr(item_node, "start_mark", None)
        try:
            entry = WatchEntry.model_validate(item)
        except ValidationError as exc:
            first = exc.errors()[0]
            where = ".".join(str(p) for p in first["loc"])
            message = first["msg"].removeprefix("Value error, ")
            if first["loc"]:
                mark = _key_mark(item_node, str(first["loc"][0]))
            problems.append(
                f"{_at(file, mark)}: watch entry {n}: {where + ': ' if where else ''}{message}; skipped"
            )
            continue
        if known_models is not None and entry.model_id is not None and entry.model_id not in known_models:
            problems.append(
                f"{_at(file, _key_mark(item_node, 'model_id'))}: watch entry {n}: unknown model_id "
                f"{entry.model_id!r} (not in the catalog, warehouse/catalog/gpu_catalog.csv); skipped"
            )
            continue
        if (
            known_workloads is not None
            and entry.workload is not None
            and entry.workload not in known_workloads
        ):
            problems.append(
                f"{_at(file, _key_mark(item_node, 'workload'))}: watch entry {n}: unknown workload "
                f"{entry.workload!r} (not in warehouse/catalog/llm_workloads.csv); skipped"
            )
            continue
        if entry.name in names:
            problems.append(
                f"{_at(file, _key_mark(item_node, 'name'))}: watch entry {n}: the name {entry.name!r} is "
                "used by an earlier entry; skipped"
            )
            continue
        names.add(entry.name)
        entries.append(entry)
    return Watchlist(entries, problems)


NEEDS_WATCH = "the watchlist needs a top-level `watch:` list of entries"


def parse_watchlist(document: object) -> list[WatchEntry]:
    """Entries from the parsed YAML (`{"watch": [...]}`), all valid and with unique names, else
    WatchlistError naming the first problem (what a strict caller wants; the daily run uses read_watchlist)."""
    reading = read_watchlist(yaml.safe_dump(document).encode(), "watchlist")
    if reading.problems:
        raise WatchlistError(reading.problems[0].split(": ", 1)[1].removesuffix("; skipped"))
    return reading.entries


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


def _entry_rule(entry: WatchEntry) -> pl.Expr:
    """What a listing must be for an entry, deal or not: a card it covers, at its price or under, from a seller
    at its feedback floor or over and from its source (ninth review: deals had skipped all but the first)."""
    rule = _covers(entry) & (pl.col("unit_price") <= entry.max_price_usd)
    if entry.min_seller_feedback_pct is not None:  # a store has no seller rating: it passes
        rule &= rated_feedback_pct().fill_null(100.0) >= entry.min_seller_feedback_pct
    if entry.source:
        rule &= pl.col("source") == entry.source
    return rule


def match_listings(listings: pl.DataFrame, entries: list[WatchEntry]) -> pl.DataFrame:
    """(watch, listing) pairs for the day. `listings`: kept listings (source, listing_id, model_id,
    condition in the price buckets new/used/refurbished, unit_price, title, url, seller_feedback_pct,
    vram_gb, vendor)."""
    return _alert_rows(
        [
            _select(listings.filter(_entry_rule(entry)), entry, "match", pl.lit(entry.reason()))
            for entry in entries
            if entry.workload is None
        ]
    )


def match_deals(deals: pl.DataFrame, entries: list[WatchEntry]) -> pl.DataFrame:
    """The day's deal events (marts.deals rows joined with vram_gb, vendor and the sellers' feedback) that an
    entry with `deals: true` would match as a listing: its price cap, seller floor and source hold for deals too
    (an entry for used 24 GB cards under 800 USD had alerted on an A100 deal at 4,315). Matched before the
    listings (`record_new_alerts`), so a listing that is both alerts once, saying how far under the market it is."""
    reason = (
        pl.when(pl.col("discount_pct").is_not_null())
        .then(
            pl.format(
                "deal: {}% under the 30-day median ({})",
                pl.col("discount_pct").round(0).cast(pl.Int64),
                pl.col("reason"),
            )
        )
        # every deal has a 30-day median since 2026-11-27 (transforms/deals.py); rows written before may not
        .otherwise(pl.format("deal: near the lowest price seen ({})", pl.col("reason")))
    )
    # marts.deals since 2026-11-28: the price may not hold the shipping
    if "shipping_stated" in deals.columns:
        words = pl.format("{}; {}", reason, pl.lit(SHIPPING_UNSTATED))
        reason = pl.when(shipping_unstated()).then(words).otherwise(reason)
    return _alert_rows(
        [
            _select(deals.filter(_entry_rule(entry) & pl.col("event").is_not_null()), entry, "deal", reason)
            for entry in entries
            if entry.deals and entry.workload is None
        ]
    )


def match_workloads(fit: pl.DataFrame, entries: list[WatchEntry]) -> pl.DataFrame:
    """(watch, machine) pairs: machines of the day's marts.llm_workload_fit that run an entry's workload at
    its speed or faster, cost no more than its machine budget to buy and are for sale in the numbers they need.
    A machine is keyed `<count>x<model_id>:<condition>` (source `machine`), so it alerts once per entry."""
    frames = []
    for entry in entries:
        if entry.workload is None:
            continue
        rule = (
            (pl.col("workload") == entry.workload)
            & pl.col("fits")
            & (pl.col("tokens_per_s") >= entry.min_tokens_per_s)
            & (pl.col("machine_build_usd") <= entry.max_machine_usd)
            & pl.col("buyable_today")
        )
        if entry.model_id is not None:
            rule &= pl.col("model_id") == entry.model_id
        if entry.condition != "any":
            rule &= pl.col("condition") == entry.condition
        frames.append(
            fit.filter(rule).select(
                pl.lit(entry.name).alias("watch"),
                pl.lit("machine").alias("source"),
                pl.format("{}x{}:{}", "gpu_count", "model_id", "condition").alias("listing_id"),
                pl.lit("workload").alias("kind"),
                "model_id",
                "condition",
                pl.col("machine_build_usd").alias("price"),
                pl.format(
                    "{} x {} ({}, {} circuit) runs {} at {} tokens/s",
                    "gpu_count",
                    "gpu_name",
                    "condition",
                    "circuit",
                    "workload",
                    pl.col("tokens_per_s").round(1),
                ).alias("title"),
                pl.lit(None, pl.String).alias("url"),
                pl.lit(entry.reason()).alias("reason"),
            )
        )
    return _alert_rows(frames)
