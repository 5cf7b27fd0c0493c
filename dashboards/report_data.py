"""What the export and the dashboard show, read from the marts for one date."""

from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import date, timedelta

import duckdb
import polars as pl

from transforms.conditions import OPEN_BOX_AS_NEW
from transforms.deals import PICKUP_SOURCES, SHIPPING_UNSTATED, shipping_unstated
from transforms.deals import WINDOW_DAYS as DEAL_MEDIAN_DAYS
from transforms.gpu_value import (
    MIN_LISTINGS,
    PLUG_IN,
    VALUE_CONDITIONS,
    buy_new_at,
    buy_price,
    card_caveat_words,
    whole_usd,
)
from transforms.price_daily import GRADE_D, screened_sql
from transforms.tiers.build_tiers import (
    NO_MACHINE_QUALIFIES,
    RESALE_DECIDES,
    RESALE_DECIDES_END,
    supply_words,
    thin_supply,
)
from transforms.tiers.machine import LEAD_FUSE, OWN_CIRCUIT, OWN_SOCKET, dedicated_circuit
from transforms.tiers.rules import BEGINNER_MAX_TDP_W
from transforms.use_cases import OWN_DESKTOP_USE_CASES
from warehouse.catalog import load_regions
from warehouse.kept_listings import kept_sql
from warehouse.marts.deals import deals_select_sql
from warehouse.source_runs import day_source_mode
from warehouse.writes import read_frame

TOP_N = 10
EXIT_WINDOW_DAYS = 30
# how long a listing was on sale is known only when it was first seen after the first ingested day of its source and
# region (one seen on that day may have been listed long before: its days listed are a lower bound), so those are
# left out; the US marketplace's and stores' only, as every price of the report (thirty-fourth review: the UK's and
# Germany's exits, VAT included, were pooled with them)
DAYS_TO_SELL_SQL = """SELECT model_id, condition, count(*) AS exits, median(days_listed) AS median_days_to_exit,
       median(last_price) AS median_exit_price, 'sold or withdrawn' AS meaning
FROM marts.listing_exits e
JOIN (SELECT source, coalesce(region, 'US') AS region, min(snapshot_date) AS first_day FROM staging.listings GROUP BY ALL) f
  ON f.source = e.source AND f.region = coalesce(e.region, 'US')
WHERE model_id IS NOT NULL AND exit_date BETWEEN ? AND ? AND e.first_seen > f.first_day AND f.region = 'US'
GROUP BY model_id, condition HAVING count(*) >= 3 ORDER BY median_days_to_exit, model_id, condition"""


# the day's deal events, each with whether its listing is an open-box unit: the marts price open box with new
# (transforms/conditions.py), so an open-box unit's usual discount reads as a new card's deal unless it says so
# (marts.deals.open_box since migration 997; staging's condition for rows written before it)
DEALS_SQL = """
SELECT d.* REPLACE (coalesce(d.open_box, s.open_box, false) AS open_box) FROM marts.deals d
LEFT JOIN (
    SELECT snapshot_date, source, listing_id, bool_or(condition = 'open_box') AS open_box FROM staging.listings
    WHERE snapshot_date = $day GROUP BY ALL
) s USING (snapshot_date, source, listing_id)
WHERE d.snapshot_date = $day ORDER BY d.discount_pct DESC NULLS LAST, d.source, d.listing_id"""
OPEN_BOX_CAVEAT = "open box: priced against new and open-box asks"

# a source's listings in the tables, where its price is not what every US buyer can pay (twelfth review: Micro Center's
# prices and stock are one store's, the client's configured storeid, and its cards are sold for pickup there)
SOURCE_WORDS = {s: f"{s} (one store, pickup)" for s in PICKUP_SOURCES}


def source_words(source: str | None) -> str:
    """A listing's source as the tables show it (SOURCE_WORDS)."""
    return SOURCE_WORDS.get(source or "", source or "")


# what a card over D6's board power needs (eighth review: an RTX 5090, 575 W, had been offered "for a computer you
# already have"): the dashboard's card answer (answer.card_words) and the beginner picks' caveat say it in these words
NEEDS_ITS_OWN_MACHINE = "it needs the PSU, cables and room of a machine built for it"


def over_d6_words(tdp_w: float) -> str:
    """A card's board power against D6's: '575 W: over the 200 W a computer you already have takes (D6)'."""
    return f"{tdp_w:,.0f} W: over the {BEGINNER_MAX_TDP_W:g} W a computer you already have takes (D6)"


def beginner_pick_caveat(use_case: str | None, tdp_w: float | None) -> str | None:
    """The caveat of a beginner pick over D6's BEGINNER_MAX_TDP_W: the beginner use case is the card for the desktop
    the buyer has (D6, planned on a 500 W PSU with one 8-pin cable), and the budget picks rank every card of the
    use case's floor whatever its power (the sample's new 3,000 USD beginner pick is an RTX 5090, 575 W); and a
    vision pick's, whose buyer may also have a desktop (OWN_DESKTOP_USE_CASES). None for LLM picks, for a card
    within D6 and for a card whose power is unknown."""
    if use_case not in OWN_DESKTOP_USE_CASES or tdp_w is None or tdp_w <= BEGINNER_MAX_TDP_W:
        return None
    return f"{over_d6_words(tdp_w)}; {NEEDS_ITS_OWN_MACHINE}"


def card_caveats(ranking: pl.DataFrame | None) -> dict[tuple[str, str], str]:
    """Each card's caveat of its condition in the day's marts.gpu_value rows, by (model_id, condition); '' where it
    has none (the dashboard's answers and the export's "What to buy" lines read it)."""
    if ranking is None or "caveat" not in ranking.columns:
        return {}
    return {(m, c): w or "" for m, c, w in ranking.select("model_id", "condition", "caveat").iter_rows()}


def own_circuit_note(row: dict) -> str:
    """A machine row's own circuit words: its `circuit_note` (marts.build_tiers, region_tiers), or for a budget row,
    which has none, its notes up to the alternatives named beside it (code review: "give it the circuit to itself"
    of a named machine was read as the answer's own, on 7 of the 60 budget answers)."""
    if row.get("circuit_note") is not None:
        return row["circuit_note"]
    notes, named = row.get("notes") or "", row.get("faster_alternative")
    return notes.split(named)[0] if named else notes


def circuit_words(row: dict) -> str:
    """A machine's circuit as the tables show it: `outlet`, or for a machine over the outlet the circuit that
    carries it, as its circuit note names it (`dedicated: a 20 A 120 V circuit (1,920 W continuous) or a 240 V
    one`, transforms.tiers.machine.circuit_for); a server's own circuit (D10) stays `dedicated`; a machine that
    leaves its outlet circuit under SHARED_CIRCUIT_W says it needs that circuit to itself (where the rating is the
    socket's, a wall socket to itself)."""
    circuit, note = row.get("circuit"), own_circuit_note(row)
    # a UK machine over 3 A: a mains lead rated for its current (thirty-fourth review)
    fuse = ", a lead rated for it" if LEAD_FUSE in note else ""
    if circuit == "dedicated" and (needed := dedicated_circuit(note)):
        return f"dedicated: {needed}"
    if circuit == "outlet" and OWN_CIRCUIT in note:  # within SHARED_CIRCUIT_W of the circuit's rating
        return "outlet, the circuit to itself" + fuse
    if circuit == "outlet" and OWN_SOCKET in note:  # within SHARED_CIRCUIT_W of the socket's rating
        return "outlet, a wall socket to itself" + fuse
    return (circuit + fuse) if circuit else "–"


def fewer_cards(rows: Iterable[dict]) -> list[tuple[dict, str]]:
    """Rule L1's warnings among machine rows (marts.build_tiers, region_tiers): each row whose notes open with
    one (transforms.tiers.build_tiers.earns_its_cards puts it first), with the warning's own sentence: what the
    export and the dashboard list under their tables of machines, which have no notes column."""
    return [
        (r, r["notes"].split("; ")[0].removeprefix("L1: "))
        for r in rows
        if (r.get("notes") or "").startswith("L1: ")
    ]


def resale_decides(notes: str | None) -> str | None:
    """The notes' sentence saying a machine's choice rests on the resale the cost model expects
    (transforms.tiers.build_tiers._resale_decides), without its opening words; None where resale does not decide
    (ninth review: six US choices rested on it and neither the export nor the dashboard said so)."""
    text = notes or ""
    start = text.find(RESALE_DECIDES)
    if start < 0:
        return None
    end = text.find(RESALE_DECIDES_END, start)
    stop = end + len(RESALE_DECIDES_END) if end >= 0 else len(text)
    return text[start + len(RESALE_DECIDES) : stop]


def thin_supplied(rows: Iterable[dict]) -> list[tuple[dict, str]]:
    """Rule A1 among machine rows: each machine whose cards are most of the day's listings of its card, with its
    words (transforms.tiers.build_tiers.supply_words), from the rows' own gpu_count and listings_available."""
    return [
        (r, supply_words(r["gpu_count"], r["listings_available"]))
        for r in rows
        if thin_supply(r.get("gpu_count"), r.get("listings_available"))
    ]


# how many of a "no machine qualifies" row's reasons the lists show (most decisive first: build_tiers._summary)
NO_MACHINE_REASONS = 3


def without_machine(rows: Iterable[dict]) -> list[tuple[dict, str]]:
    """The tier rows that have no machine, each with why in a few words: its notes without the rule they cite,
    and of a "no machine qualifies" row its first NO_MACHINE_REASONS reasons (thirteenth review: such rows showed
    "–" and the reason, in DE and GB that no card listed holds the 4-card LLM tier's model, was in the warehouse
    only)."""
    out = []
    for r in rows:
        if r.get("model_id") is not None or not r.get("notes"):
            continue
        why = r["notes"].split("; rule: ")[0]
        if why.startswith(NO_MACHINE_QUALIFIES):
            reasons = why.removeprefix(NO_MACHINE_QUALIFIES).split("; ")
            why = NO_MACHINE_QUALIFIES + "; ".join(reasons[:NO_MACHINE_REASONS])
            why += (
                f"; {len(reasons) - NO_MACHINE_REASONS} more in the notes"
                if len(reasons) > NO_MACHINE_REASONS
                else ""
            )
        out.append((r, why))
    return out


def resale_decided(rows: Iterable[dict]) -> list[tuple[dict, str]]:
    """The machine rows whose choice rests on resale, each with resale_decides' sentence."""
    return [(r, sentence) for r in rows if (sentence := resale_decides(r.get("notes")))]


# the listings under the deal rule today that are no news (marts.deals holds events only, issue 37): listed in the 7
# days before and not 3% cheaper since, so a buyer can still act on them, judged as a new deal is,
# by today's 30-day median and lowest price seen (found on 2026-11-28 reading the 14-day sample: on its day no
# listing was news, the export's deals table read "none", and the deals a buyer could still act on were a count; the
# code review then found that counting only earlier deal events left out listings the market had made deals since,
# and judged them by a median up to a week old), and, as every deal is (transforms.deals.UNDER_DAY_MEDIAN, the one bar
# of news and still listed since the thirtieth review), at least 5% under the day's own median: a listing resting at
# its price while the market came down to it is no deal to act on (twenty-first review; the twenty-fourth found a used
# RTX 5090 "9.8% under" its 30-day median and 0.8% under the day's), each with the day
# it was first seen, the day of its latest deal event if it had one, and whether it is an open-box unit
def resting_deals_sql(open_box_as_new: bool) -> str:
    every_deal_sql = deals_select_sql(open_box_as_new, events_only=False)
    return f"""
SELECT d.* REPLACE (coalesce(d.open_box, false) AS open_box), h.first_seen, e.deal_since
FROM (SELECT * FROM ({every_deal_sql}) WHERE event IS NULL) d
LEFT JOIN staging.listing_history h ON h.source = d.source AND h.listing_id = d.listing_id
LEFT JOIN (SELECT source, listing_id, max(snapshot_date) AS deal_since FROM marts.deals WHERE snapshot_date < $first
           GROUP BY ALL) e ON e.source = d.source AND e.listing_id = d.listing_id
ORDER BY d.discount_pct DESC NULLS LAST, d.source, d.listing_id"""


# the parts a platform's price holds that its parts line names nowhere else: the cooler and the SSD, each without the
# parenthesis its description carries (the source of an assumption), cooler first
PLATFORM_EXTRAS_SQL = """
SELECT platform_id, string_agg(regexp_replace(description, ' \\(.*$', ''), '; ' ORDER BY part)
FROM marts.platform_parts WHERE part IN ('cooler', 'ssd') GROUP BY platform_id"""


# the whole machine each card needs alone (the build tiers' 1-GPU machine, marts.llm_workload_machines: the same
# machine whatever the use, its RAM sized on the card's memory), by its purchase price; twenty-eighth review: the
# first screen offered an RTX 5090 at 2,850 USD for a 3,000 USD whole-machine budget, its machine 3,812 USD, unsaid
CARD_MACHINE_SQL = """
SELECT model_id, condition, machine_build_usd FROM marts.llm_workload_machines
WHERE snapshot_date = ? AND gpu_count = 1 AND machine_build_usd IS NOT NULL"""


def price_moves(ranking: pl.DataFrame, yesterday: pl.DataFrame) -> pl.DataFrame:
    """The day's price moves against yesterday (`yesterday`: model_id, condition, prev_price_usd, prev_rank and
    prev_confidence; prev_median beside them), largest first, of the price every other table gives (price_usd,
    rule B1: a used card's median, a new card's first quartile to median by its sellers; thirty-fourth review: the
    moves of the new cards' medians ran the other way from the prices shown beside them, the new RTX 4090's +0.6%
    for +4.3%), of at least 0.5%, between prices neither of which is grade D: a price one seller or nearly sets is
    no market's price, and a second listing joining it is no move (thirtieth review: the largest move, a new A10
    +15.6%, compared against yesterday's one-listing grade D price)."""
    if "price_confidence" not in ranking.columns:
        ranking = ranking.with_columns(price_confidence=pl.lit(None, pl.String))
    if "prev_confidence" not in yesterday.columns:
        yesterday = yesterday.with_columns(prev_confidence=pl.lit(None, pl.String))
    not_d = [pl.col(c).fill_null("") != GRADE_D for c in ("price_confidence", "prev_confidence")]
    joined = ranking.join(yesterday, on=["model_id", "condition"], how="left")
    return (
        joined.with_columns(
            price_change_pct=(pl.col("price_usd") / pl.col("prev_price_usd") - 1) * 100,
            rank_change=pl.col("prev_rank") - pl.col("rank_overall"),
        )
        .filter(
            pl.col("prev_price_usd").is_not_null()
            & (pl.col("price_change_pct").abs() >= 0.5)
            & not_d[0]
            & not_d[1]
        )
        .sort(pl.col("price_change_pct").abs(), descending=True)
        .select(
            "condition",
            "model_id",
            "name",
            "prev_price_usd",
            "price_usd",
            "price_change_pct",
            # the medians beside them, as schema 1.10 gave them (code review: a minor version renamed the fields)
            *[c for c in ("prev_median", "price_median") if c in joined.columns],
            "rank_change",
            "caveat",
            "price_confidence",
        )
    )


@dataclass
class ReportData:
    day: date
    source_mode: str
    ranking: pl.DataFrame  # marts.gpu_value for the day, best perf per USD first
    picks: pl.DataFrame
    tiers: pl.DataFrame  # marts.build_tiers: per tier, use case and condition the default machine, then any
    # better one that needs a dedicated circuit (is_default false)
    builds: pl.DataFrame  # marts.budget_builds
    deals: pl.DataFrame  # marts.deals for the day: the deal events (new listings, price drops)
    # the listings under the deal rule today that are no news (resting_deals_sql): marts.deals' columns, event
    # NULL, first_seen, deal_since (NULL: never a deal event) and open_box
    deals_open: pl.DataFrame
    # per platform whose CPU limits the operating system, what it means (marts.platforms.os_note)
    platform_os: dict[str, str]
    changes: pl.DataFrame
    history: pl.DataFrame  # price_daily 'all' rows, up to 90 days
    listings_today: int
    alerts: pl.DataFrame  # marts.alerts first matched on the day
    exits: pl.DataFrame  # marts.exits_daily for the day, US: listings that left (sold or withdrawn)
    days_to_sell: pl.DataFrame  # per model and condition, over the 30 days ending on the day
    buy_vs_rent: pl.DataFrame  # marts.buy_vs_rent: when owning each tier's machine beats renting
    perf_fits: pl.DataFrame  # marts.perf_index_fits: one row per performance index
    region_tiers: pl.DataFrame  # marts.region_tiers: machines per region, priced locally, sized for its mains
    # marts.region_tiers' rows of the other regions that have no machine, with the notes that say why
    region_without_machine: pl.DataFrame
    cross_market: pl.DataFrame  # marts.cross_market_prices: the same card in every region
    # what was wrong with the user's watchlist file on this run (the alerts asset skips such entries): given by the
    # export and dashboard assets, which read the file; empty when it was read whole or there is none
    watchlist_problems: tuple[str, ...] = ()
    open_box_as_new: bool = OPEN_BOX_AS_NEW  # the day's marts' rule (open_box_rule): open box priced with new
    # (model_id, condition) -> the price of the card's own 1-GPU machine (CARD_MACHINE_SQL), for the first screen's
    # card to buy: whether the budget buys a machine around it
    card_machines: dict[tuple[str, str], float] = field(default_factory=dict)
    # platform_id -> the platform in words (marts.platforms.description): the board a machine depends on, e.g. an X570
    # whose two x16 slots run x8/x8 (thirtieth review: the 2 x RTX 3090 answers named "am4_dual_used" alone)
    platform_words: dict[str, str] = field(default_factory=dict)
    # platform_id -> the parts its price holds that the first screen's parts line does not name otherwise (the CPU
    # cooler, the SSD: marts.platform_parts), in words
    platform_extras: dict[str, str] = field(default_factory=dict)
    # region -> the sources that priced its cards today (staging.listings): a region priced by eBay alone says so
    region_sources: dict[str, list[str]] = field(default_factory=dict)
    # per model and condition, the day's sellers and first quartile behind price_usd (marts.price_daily, source 'all'):
    # what the export gives beside rule B1's price, so that a row says which of its bases it is
    sellers: pl.DataFrame = field(
        default_factory=lambda: pl.DataFrame(
            schema={
                "model_id": pl.String,
                "condition": pl.String,
                "distinct_sellers": pl.Int64,
                "price_p25": pl.Float64,
            }
        )
    )

    @property
    def is_sample(self) -> bool:
        return self.source_mode != "live"

    @property
    def picks_with_caveat(self) -> pl.DataFrame:
        """The day's budget picks, each with its card's board power (`tdp_w`, the day's marts.gpu_value row, which
        every pick is ranked from) and `caveat`: the card's own of its condition (marts.gpu_value.caveat) and a
        beginner pick's over D6 (beginner_pick_caveat); NULL where neither."""
        power = self.ranking.select("model_id", "tdp_w").unique("model_id")
        # and the card's own caveat of its condition (marts.gpu_value: e.g. new ones listed for no more than the
        # used price, fourteenth review), before the beginner's
        card = self.ranking.select("model_id", "condition", card_caveat=pl.col("caveat")).unique(
            ["model_id", "condition"]
        )
        out = self.picks.join(power, on="model_id", how="left", maintain_order="left").join(
            card, on=["model_id", "condition"], how="left", maintain_order="left"
        )
        beginner = pl.Series(
            [beginner_pick_caveat(u, w) for u, w in zip(out["use_case"], out["tdp_w"], strict=True)],
            dtype=pl.String,
        )
        return out.with_columns(
            caveat=pl.concat_str(
                [pl.col("card_caveat"), pl.lit(beginner)], separator="; ", ignore_nulls=True
            ).replace("", None)
        ).drop("card_caveat")

    @property
    def deals_with_caveat(self) -> pl.DataFrame:
        """The day's deal events, each with its card's caveat in words (server only, passive, CUDA 12 only ...;
        the day's marts.gpu_value row), an open-box unit's first: what the dashboard and the export show beside
        a deal."""
        return self._with_caveat(self.deals)

    @property
    def still_listed_with_caveat(self) -> pl.DataFrame:
        """The listings under the deal bar today that are no news (deals_open), each with its caveat as
        deals_with_caveat gives it."""
        return self.actionable_first(self._with_caveat(self.deals_open))

    def actionable_first(self, deals: pl.DataFrame) -> pl.DataFrame:
        """`deals` with the cards a desktop buyer can act on by default first (the value table's `recommended`;
        twenty-fourth review: the first screen's first three still-listed deals were an open-box unit at one store
        and a passive server card), each part by its discount."""
        ok = self.ranking.select("model_id", "condition", _ok=actionable(self.ranking)).unique(
            ["model_id", "condition"]
        )
        return (
            deals.join(ok, on=["model_id", "condition"], how="left", maintain_order="left")
            .sort(
                [pl.col("_ok").fill_null(False), pl.col("discount_pct")],
                descending=True,
                nulls_last=True,
                maintain_order=True,
            )
            .drop("_ok")
        )

    def _with_caveat(self, deals: pl.DataFrame) -> pl.DataFrame:
        """`deals` with their caveat: the card's (_with_card_caveat), then whether the price holds the shipping; and
        pickup_only, whether the listing is one store's, sold for pickup at its counter (transforms.deals.PICKUP_SOURCES;
        the dashboard and the markdown say so beside the source; thirty-fourth review: a deal republished from the JSON
        alone did not)."""
        out = self._with_card_caveat(deals)
        if "source" in out.columns:
            out = out.with_columns(pickup_only=pl.col("source").is_in(list(PICKUP_SOURCES)))
        if "shipping_stated" not in out.columns:
            return out
        return out.with_columns(
            caveat=pl.when(shipping_unstated())
            .then(
                pl.concat_str(
                    [pl.col("caveat"), pl.lit(SHIPPING_UNSTATED)], separator="; ", ignore_nulls=True
                )
            )
            .otherwise(pl.col("caveat"))
        )

    def _with_card_caveat(self, deals: pl.DataFrame) -> pl.DataFrame:
        caveats = self.ranking.select("model_id", "condition", "caveat").unique(["model_id", "condition"])
        out = deals.join(caveats, on=["model_id", "condition"], how="left", maintain_order="left")
        # a refurbished deal (the value mart prices new and used cards only): the card's own caveats, and 'buy new'
        # where new ones cost no more (twenty-first review: an AMD passive server card, and an RTX 5090 355 USD over
        # the new asks, stood as plain deals)
        cards = card_caveat_words(self.ranking).rename({"card_caveat": "_card_caveat", "new_low": "_new_low"})
        out = (
            out.join(cards, on="model_id", how="left", maintain_order="left")
            .with_columns(
                caveat=pl.when(pl.col("condition").is_in(VALUE_CONDITIONS))
                .then(pl.col("caveat"))
                .otherwise(
                    pl.concat_str(
                        [
                            pl.col("_card_caveat"),
                            buy_new_at(
                                pl.when(pl.col("unit_price") >= pl.col("_new_low")).then(pl.col("_new_low"))
                            ),
                        ],
                        separator="; ",
                        ignore_nulls=True,
                    ).replace("", None)
                )
            )
            .drop("_card_caveat", "_new_low")
        )
        if "open_box" not in out.columns or not self.open_box_as_new:
            return out
        # an open-box unit says so first: its discount is measured against new and open-box asks alike (and its card's
        # count of open-box listings, with_open_box_words, is left to the others); and where the card's used median is
        # lower, that median (twenty-fourth review: 17 of 18 open-box deals, an RTX 3090 at 921 USD among them, cost
        # more than the card's used median, 745; the mirror of a used deal's "buy new")
        used = self.ranking.filter(pl.col("condition") == "used").select(
            "model_id", _used=pl.col("price_median")
        )
        card_words = pl.col("caveat").str.replace(OPEN_BOX_WORDS_RE, "")
        used_words = pl.when(pl.col("_used") < pl.col("unit_price")).then(
            pl.format("used median {} USD", whole_usd(pl.col("_used")))
        )
        return (
            out.join(used.unique("model_id"), on="model_id", how="left", maintain_order="left")
            .with_columns(
                caveat=pl.when(pl.col("open_box"))
                .then(
                    pl.concat_str(
                        [pl.lit(OPEN_BOX_CAVEAT), card_words.replace("", None), used_words],
                        separator="; ",
                        ignore_nulls=True,
                    )
                )
                .otherwise(pl.col("caveat"))
            )
            .drop("_used")
        )

    @property
    def median_span(self) -> str:
        """A sentence for the deals when the warehouse has fewer than 30 priced days up to the day: a deal's
        "30-day median" (marts.deals.median_30d) is then the median of the days it has, a single day's on the
        first; empty from 30 days on."""
        first = self.day - timedelta(days=DEAL_MEDIAN_DAYS - 1)
        days = self.history.filter(pl.col("snapshot_date").is_between(first, self.day))[
            "snapshot_date"
        ].n_unique()
        if days >= DEAL_MEDIAN_DAYS:
            return ""
        if days == 1:
            return (
                "The warehouse has 1 day of prices so far: a card's 30-day median is that day's median, where the "
                "day counts."
            )
        return (
            f"The warehouse has {days} days of prices so far: a card's 30-day median is the median of those of the "
            f"{days} that count."
        )

    @property
    def region_choice(self) -> str:
        """A sentence for the regional machines: each region's are chosen among the cards priced there today
        (marts.cross_market_prices), often far fewer than the US's; empty without regions."""
        if self.cross_market.is_empty():
            return ""
        counts = (
            self.cross_market.filter(pl.col("region") != "US")
            .group_by("region")
            .agg(pl.col("model_id").n_unique())
        )
        if counts.is_empty():
            return ""
        us = self.ranking.filter(pl.col("price_median").is_not_null())["model_id"].n_unique()
        # a region whose prices are eBay's alone, new cards' included (thirty-fourth review: a German buyer buys new
        # cards from shops mostly, which the project does not read there)
        ebay_only = sorted(
            r for r, sources in self.region_sources.items() if r != "US" and sources == ["ebay"]
        )
        return (
            "Each region's machines are chosen among the cards priced there today, not the whole catalog: "
            + ", ".join(f"{region} {n}" for region, n in counts.sort("region").iter_rows())
            + f" cards (the US {us})."
            + (
                f" {' and '.join(ebay_only)} prices are eBay asks alone, new cards' too: "
                "a shop may sell one for less."
                if ebay_only
                else ""
            )
        )

    @property
    def region_basis(self) -> str:
        """A sentence for the regional machines: each region's household electricity price in its currency and period
        (warehouse/catalog/regions.csv), in USD, and the exchange rate that converts it with the ECB day of the rate
        (twenty-second review: the export named neither, though three years of energy were 85% of a German machine's
        price); empty without regions."""
        tiers = self.region_tiers.filter((pl.col("region") != "US") & pl.col("usd_per_kwh").is_not_null())
        if tiers.is_empty():
            return ""
        prices = {r["region"]: r for r in load_regions().iter_rows(named=True)}
        days = (
            dict(self.cross_market.group_by("region").agg(pl.col("fx_rate_date").max()).iter_rows())
            if "fx_rate_date" in self.cross_market.columns
            else {}
        )
        parts = []
        for region, usd in tiers.select("region", "usd_per_kwh").unique("region").sort("region").iter_rows():
            local = prices.get(region) or {}
            if not local.get("electricity_price"):
                continue
            currency, rate = local["electricity_currency"], usd / local["electricity_price"]
            day = days.get(region)
            parts.append(
                f"{region} {local['electricity_price']:g} {currency}/kWh ({local['electricity_period']}), "
                f"{usd:.4f} USD at 1 {currency} = {rate:.4f} USD" + (f" (ECB, {day})" if day else "")
            )
        return "Energy at the household price: " + "; ".join(parts) + "." if parts else ""

    @property
    def has_yesterday(self) -> bool:
        """Whether the warehouse priced the day before: without it there is no change since yesterday to show."""
        return (self.history["snapshot_date"] == self.day - timedelta(days=1)).any()

    @property
    def top_ranking(self) -> pl.DataFrame:
        """What the top lists show: only cards a buyer can act on by default (`recommended`: priced on 3+
        listings, a PCIe card with its own fans, NVIDIA (D11), software support current over the horizon (S1),
        fp16 tensor cores (S2)), best perf per USD first, each with its caveat words. marts.gpu_value keeps
        every card with the reason it is left out."""
        return (
            with_buy_rank(self.ranking)
            .filter(pl.col("buy_rank").is_not_null())
            .sort("perf_per_1k_usd", descending=True)
        )


def actionable(frame: pl.DataFrame) -> pl.Expr:
    """`recommended` where the value rows have it; before the column existed, the older screen (3+ listings, PCIe)."""
    if "recommended" in frame.columns:
        return pl.col("recommended").fill_null(False)
    return pl.col("enough_listings") & PLUG_IN


def with_buy_rank(frame: pl.DataFrame) -> pl.DataFrame:
    """`buy_rank`: the rank by perf per USD among the day's recommended cards of the condition (NULL for the
    rest, which the headline lists never rank); `caveat` added empty to rows read before it existed."""
    if "caveat" not in frame.columns:
        frame = frame.with_columns(caveat=pl.lit(None, pl.String))
    ok = actionable(frame)
    rank = pl.col("perf_per_1k_usd").rank("ordinal", descending=True).over("condition", ok)
    return frame.with_columns(buy_rank=pl.when(ok).then(rank).cast(pl.Int32))


# per card, the day's open-box units among the US listings its new price counts (open box priced as new:
# transforms/conditions.py), after the price's outlier screen, and the lowest truly new ask the screen keeps (code
# review: counted raw, a 1 USD placeholder read "new ones from 1 USD")
OPEN_BOX_COLUMNS = "snapshot_date, source, model_id, condition AS listing_condition, condition, unit_price"
OPEN_BOX_SCREENED_SQL = screened_sql(kept_sql(True, OPEN_BOX_COLUMNS))
OPEN_BOX_SQL = f"""
SELECT model_id, condition, count(*) FILTER (listing_condition = 'open_box') AS open_box_listings,
       min(unit_price) FILTER (listing_condition = 'new') AS new_only_low
FROM ({OPEN_BOX_SCREENED_SQL})
WHERE kept_by_screen AND condition = 'new'
GROUP BY ALL HAVING count(*) FILTER (listing_condition = 'open_box') > 0"""


OPEN_BOX_WORDS_RE = r"^open box: \d+ of its \d+ listings \([^)]*\)(; )?"  # with_open_box_words' words


def with_open_box_words(ranking: pl.DataFrame, open_box: pl.DataFrame) -> pl.DataFrame:
    """`ranking` (marts.gpu_value rows) with a new row's caveat opening with its open-box units where they are at
    least half its listings, or where without them it would have fewer than MIN_LISTINGS (twenty-third review: the
    new top ten's first two, an RTX 2080 Ti at 453 USD and an RTX 3060 12GB, each had two new listings and two open
    box; new 2080 Tis were asked 517 and 546 USD)."""
    if open_box.is_empty():
        return ranking
    n, k = pl.col("listing_count"), pl.min_horizontal("open_box_listings", "listing_count")
    low = whole_usd(pl.col("new_only_low"))
    words = pl.format(
        "open box: {} of its {} listings ({})",
        k,
        n,
        pl.when(pl.col("new_only_low").is_not_null())
        .then(pl.format("new ones from {} USD", low))
        .otherwise(pl.lit("no new one listed")),
    )
    weighs = (k * 2 >= n) | (n - k < MIN_LISTINGS)
    return (
        ranking.join(open_box, on=["model_id", "condition"], how="left", maintain_order="left")
        .with_columns(
            caveat=pl.when(pl.col("open_box_listings").is_not_null() & weighs)
            .then(pl.concat_str([words, pl.col("caveat")], separator="; ", ignore_nulls=True))
            .otherwise(pl.col("caveat"))
        )
        .drop("open_box_listings", "new_only_low")
    )


# the open-box rule the day's marts were built with: open-box units priced apart leave price_daily rows of their own
# bucket; without any, either they were priced as new, or no open-box unit was kept that day and the rule changes
# nothing the pages show (code review: `make dashboard` read the rule from its own environment, not the run's)
OPEN_BOX_AS_NEW_SQL = """
SELECT count(*) = 0 FROM marts.price_daily WHERE snapshot_date = $day AND condition = 'open_box'"""


def open_box_rule(con: duckdb.DuckDBPyConnection, day: date) -> bool:
    """Whether the day's marts priced open-box units as new (OPEN_BOX_AS_NEW_SQL)."""
    return bool(con.execute(OPEN_BOX_AS_NEW_SQL, {"day": day}).fetchone()[0])


def load_report(con: duckdb.DuckDBPyConnection, day: date) -> ReportData:
    """The day's report, with the open-box rule the day's marts were built with (open_box_rule): where open box is
    priced apart, no new price rests on it and no deal is measured against new asks."""
    open_box_as_new = open_box_rule(con, day)
    ranking = read_frame(
        con, "SELECT * FROM marts.gpu_value WHERE snapshot_date = ? ORDER BY condition, rank_overall", [day]
    )
    if open_box_as_new:
        ranking = with_open_box_words(ranking, read_frame(con, OPEN_BOX_SQL, {"first": day, "last": day}))
    # yesterday's price as today's is computed: rule B1's, which a row written before it lacks (price_usd NULL: the
    # first day after an upgrade, or an older day re-exported), from that day's statistics (code review: every move
    # was left out then, and the table read as no price moved)
    yesterday = read_frame(
        con,
        "SELECT g.model_id, g.condition, g.price_usd, g.price_median AS prev_median, g.rank_overall AS prev_rank, "
        "g.price_confidence AS prev_confidence, p.median, p.p25, p.distinct_sellers, p.listing_count "
        "FROM marts.gpu_value g LEFT JOIN marts.price_daily p ON p.snapshot_date = g.snapshot_date "
        "AND p.model_id = g.model_id AND p.condition = g.condition AND p.source = 'all' WHERE g.snapshot_date = ?",
        [day - timedelta(days=1)],
    )
    yesterday = yesterday.with_columns(prev_price_usd=pl.coalesce("price_usd", buy_price())).select(
        "model_id", "condition", "prev_price_usd", "prev_median", "prev_rank", "prev_confidence"
    )
    changes = price_moves(ranking, yesterday)
    return ReportData(
        day=day,
        open_box_as_new=open_box_as_new,
        card_machines={(m, c): usd for m, c, usd in con.execute(CARD_MACHINE_SQL, [day]).fetchall()},
        source_mode=day_source_mode(con, day),
        ranking=ranking,
        picks=read_frame(
            con,
            "SELECT * FROM marts.budget_picks WHERE snapshot_date = ? "
            "ORDER BY condition, use_case, budget_usd, pick_rank",
            [day],
        ),
        tiers=read_frame(
            con,
            "SELECT * FROM marts.build_tiers WHERE snapshot_date = ? ORDER BY "
            "list_position(['llm','vision','beginner'], use_case), condition, "
            "list_position(['beginner','1gpu','2gpu','4gpu','8gpu'], tier), NOT coalesce(is_default, true)",
            [day],
        ),
        builds=read_frame(
            con,
            "SELECT * FROM marts.budget_builds WHERE snapshot_date = ? "
            "ORDER BY list_position(['llm','vision','beginner'], use_case), condition, budget_usd",
            [day],
        ),
        deals=read_frame(con, DEALS_SQL, {"day": day}),
        deals_open=read_frame(con, resting_deals_sql(open_box_as_new), {"first": day, "last": day}),
        platform_os=dict(
            con.execute(
                "SELECT platform_id, os_note FROM marts.platforms WHERE os_note IS NOT NULL"
            ).fetchall()
        ),
        platform_words=dict(
            con.execute(
                "SELECT platform_id, description FROM marts.platforms WHERE description IS NOT NULL"
            ).fetchall()
        ),
        sellers=read_frame(
            con,
            "SELECT model_id, condition, distinct_sellers, p25 AS price_p25 FROM marts.price_daily "
            "WHERE snapshot_date = ? AND source = 'all'",
            [day],
        ),
        platform_extras=dict(con.execute(PLATFORM_EXTRAS_SQL).fetchall()),
        region_sources=dict(
            con.execute(
                "SELECT coalesce(region, 'US'), list(DISTINCT source ORDER BY source) FROM staging.listings "
                "WHERE snapshot_date = ? AND model_id IS NOT NULL GROUP BY ALL",
                [day],
            ).fetchall()
        ),
        changes=changes,
        history=read_frame(
            con,
            "SELECT snapshot_date, model_id, condition, median, listing_count FROM marts.price_daily "
            "WHERE source = 'all' AND snapshot_date BETWEEN ? AND ? ORDER BY snapshot_date",
            [day - timedelta(days=90), day],
        ),
        listings_today=con.execute(
            "SELECT count(*) FROM staging.listings WHERE snapshot_date = ?", [day]
        ).fetchone()[0],
        alerts=read_frame(
            con,
            "SELECT watch, kind, model_id, condition, price, source, title, url, reason, delivered "
            "FROM marts.alerts WHERE matched_date = ? ORDER BY watch, price",
            [day],
        ),
        exits=read_frame(
            con,
            "SELECT * FROM marts.exits_daily WHERE exit_date = ? AND region = 'US' ORDER BY exits DESC, model_id",
            [day],
        ),
        days_to_sell=read_frame(con, DAYS_TO_SELL_SQL, [day - timedelta(days=EXIT_WINDOW_DAYS - 1), day]),
        buy_vs_rent=read_frame(
            con,
            "SELECT * FROM marts.buy_vs_rent WHERE snapshot_date = ? ORDER BY "
            "list_position(['llm','vision','beginner'], use_case), condition, "
            "list_position(['beginner','1gpu','2gpu','4gpu','8gpu'], tier)",
            [day],
        ),
        perf_fits=read_frame(
            con,
            "SELECT * FROM marts.perf_index_fits ORDER BY "
            "list_position(['training','vision','llm_inference'], perf_index)",
        ),
        region_tiers=read_frame(
            con,
            "SELECT * FROM marts.region_tiers WHERE snapshot_date = ? AND model_id IS NOT NULL "
            "ORDER BY region, list_position(['llm','vision','beginner'], use_case), condition, "
            "list_position(['beginner','1gpu','2gpu','4gpu','8gpu'], tier), NOT coalesce(is_default, true)",
            [day],
        ),
        region_without_machine=read_frame(
            con,
            "SELECT region, use_case, tier, condition, is_default, notes FROM marts.region_tiers "
            "WHERE snapshot_date = ? AND model_id IS NULL AND region <> 'US' "
            "ORDER BY region, list_position(['llm','vision','beginner'], use_case), condition, "
            "list_position(['beginner','1gpu','2gpu','4gpu','8gpu'], tier)",
            [day],
        ),
        cross_market=read_frame(
            con,
            "SELECT * FROM marts.cross_market_prices WHERE snapshot_date = ? AND region <> 'US' "
            "AND us_median_usd IS NOT NULL ORDER BY model_id, condition, region",
            [day],
        ),
    )
