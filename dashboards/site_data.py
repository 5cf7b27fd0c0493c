"""What the dashboard pages show beyond the export: history per card, today's cheapest listings, specs, and
what changed since yesterday. Read from the warehouse for one day (read-only)."""

from dataclasses import dataclass
from datetime import date, timedelta

import duckdb
import polars as pl

from dashboards.report_data import ReportData, load_report
from transforms.llm_workload_fit import USABLE_TOKENS_PER_S
from transforms.price_daily import screen_outliers
from warehouse.kept_listings import COLUMNS, kept_listings
from warehouse.writes import read_frame

HISTORY_DAYS = 90  # what a card page charts
CHEAPEST_PER_CONDITION = 5
CONDITIONS = ("new", "used")


@dataclass
class SiteData:
    report: ReportData
    specs: pl.DataFrame  # marts.gpu_specs
    price_history: pl.DataFrame  # marts.price_daily, source 'all', new and used, HISTORY_DAYS to the day
    rank_history: pl.DataFrame  # marts.gpu_value ranks and perf per USD per day over the same days
    cheapest: (
        pl.DataFrame
    )  # today's cheapest kept listings per model and condition (after the outlier screen)
    pick_changes: (
        pl.DataFrame
    )  # top picks (use case, condition, budget) whose card changed since yesterday, why
    machine_changes: (
        pl.DataFrame
    )  # default machines (tier, use case, condition) that changed since yesterday, why
    listings_new: int  # listings of priced cards first seen on the day, on a marketplace read before it
    listings_first_read: int  # those on a marketplace (source and region) read for the first time that day
    listings_gone: int  # listings of priced cards that left on the day (sold or withdrawn), marts.exits_daily
    days_with_data: int  # days of price history in the window
    # per kind of change ('pick', 'machine'), whether yesterday has rows to compare with (twenty-second review:
    # "no machine changed since yesterday" stood where the warehouse held no machines for yesterday)
    compared: dict[str, bool]
    # per card, condition and card count, the largest catalog LLM workload its machine runs at a usable speed
    # (LARGEST_USABLE_SQL); empty where the warehouse has no LLM fits
    llm_largest: pl.DataFrame

    @property
    def day(self) -> date:
        return self.report.day

    def card_ids(self) -> list[str]:
        """The cards that get a page: every model priced on the day."""
        return sorted(set(self.report.ranking["model_id"].to_list()))


# why an answer changed since yesterday, in words, from the cards' value rows of both days (w: the card it
# was, n: the card it is now; t today, y yesterday): the old card ran out (fewer than 3 listings) or its
# price lost its grade, the new one was newly listed, their prices moved, or neither did and the cards weighed
# beside them changed the answer; a price is rule B1's (marts.gpu_value.price_usd), the median on days written before it
def _price(t: str) -> str:
    return f"coalesce({t}.price_usd, {t}.price_median)"


def _moved(now: str, before: str) -> str:
    return f"({_price(now)} / {_price(before)} - 1)"


WHY_SQL = f"""CASE
    WHEN wt.model_id IS NULL OR NOT wt.enough_listings THEN was_name || ': fewer than 3 listings today'
    WHEN wt.price_confidence = 'D' THEN was_name || ': its price now rests on one seller (grade D)'
    WHEN ny.model_id IS NULL OR NOT ny.enough_listings THEN now_name || ': newly listed (3 or more listings)'
    WHEN abs{_moved("wt", "wy")} < 0.005 AND abs{_moved("nt", "ny")} < 0.005
        THEN 'neither price moved: the other cards weighed beside them did (their prices, listings or grades)'
    ELSE 'price moves: ' || was_name || ' ' || printf('%+.1f%%', {_moved("wt", "wy")} * 100)
         || ', ' || now_name || ' ' || printf('%+.1f%%', {_moved("nt", "ny")} * 100) END"""
VALUE_JOINS_SQL = """
LEFT JOIN marts.gpu_value wt ON wt.snapshot_date = $day AND wt.model_id = c.was_id AND wt.condition = c.condition
LEFT JOIN marts.gpu_value wy ON wy.snapshot_date = $yesterday AND wy.model_id = c.was_id AND wy.condition = c.condition
LEFT JOIN marts.gpu_value nt ON nt.snapshot_date = $day AND nt.model_id = c.now_id AND nt.condition = c.condition
LEFT JOIN marts.gpu_value ny ON ny.snapshot_date = $yesterday AND ny.model_id = c.now_id AND ny.condition = c.condition"""
PICK_CHANGES_SQL = f"""
WITH today AS (SELECT use_case, condition, budget_usd, model_id, name FROM marts.budget_picks
               WHERE snapshot_date = $day AND pick_rank = 1),
     before AS (SELECT use_case, condition, budget_usd, model_id, name FROM marts.budget_picks
                WHERE snapshot_date = $yesterday AND pick_rank = 1),
     c AS (SELECT t.use_case, t.condition, t.budget_usd, b.model_id AS was_id, b.name AS was_name,
                  t.model_id AS now_id, t.name AS now_name
           FROM today t JOIN before b USING (use_case, condition, budget_usd)
           WHERE t.model_id IS DISTINCT FROM b.model_id)
SELECT c.use_case, c.condition, c.budget_usd, c.was_name AS was, c.now_name AS now, {WHY_SQL} AS why
FROM c {VALUE_JOINS_SQL}
ORDER BY list_position(['llm', 'vision', 'beginner'], c.use_case), c.condition, c.budget_usd"""
# the default machine of a tier, use case and condition that is another machine than yesterday's
MACHINE_CHANGES_SQL = f"""
WITH today AS (SELECT tier, use_case, condition, model_id, gpu_name, gpu_count, platform_id FROM marts.build_tiers
               WHERE snapshot_date = $day AND coalesce(is_default, true)),
     before AS (SELECT tier, use_case, condition, model_id, gpu_name, gpu_count, platform_id FROM marts.build_tiers
                WHERE snapshot_date = $yesterday AND coalesce(is_default, true)),
     c AS (SELECT t.tier, t.use_case, t.condition, b.model_id AS was_id, b.gpu_name AS was_name,
                  b.gpu_count || ' x ' || coalesce(b.gpu_name, 'none') AS was,
                  t.model_id AS now_id, t.gpu_name AS now_name,
                  t.gpu_count || ' x ' || coalesce(t.gpu_name, 'none') AS now
           FROM today t JOIN before b USING (tier, use_case, condition)
           WHERE (t.model_id, t.gpu_count, t.platform_id) IS DISTINCT FROM (b.model_id, b.gpu_count, b.platform_id))
SELECT c.tier, c.use_case, c.condition, c.was, c.now,
       CASE WHEN c.was_id IS NULL THEN 'none could be built yesterday'
            WHEN c.now_id IS NULL THEN 'none can be built today (the tier''s notes say why)'
            WHEN c.was_id = c.now_id THEN 'the same card, another platform or count (part prices or listings)'
            ELSE {WHY_SQL} END AS why
FROM c {VALUE_JOINS_SQL}
ORDER BY list_position(['llm', 'vision', 'beginner'], c.use_case), c.condition,
         list_position(['beginner', '1gpu', '2gpu', '4gpu', '8gpu'], c.tier)"""


# listings of cards the prices count (classified to a model, not excluded) in every marketplace read, as
# marts.exits_daily counts those that left and the export lists them by model (ninth review: the page had counted
# 7 US listings left, a 1 USD placeholder and a for-parts card among them, where the export listed 5; the code
# review: the view counts every region, so the arrivals do too)
# A listing first seen on a marketplace's first day read is no arrival (twenty-third review: 170 of "187 listings
# appeared" were the German and British eBay sites read for the first time): those are counted apart, as
# marts.listing_exits counts a day for a source and region only once it was read
ARRIVALS_AND_EXITS_SQL = """
WITH first_read AS (SELECT source, coalesce(region, 'US') AS region, min(snapshot_date) AS first_day
                    FROM staging.listings GROUP BY ALL),
seen AS (
    SELECT f.first_day < $day AS read_before FROM staging.listing_history h
    JOIN staging.listings l ON l.snapshot_date = h.first_seen AND l.source = h.source AND l.listing_id = h.listing_id
    JOIN first_read f ON f.source = l.source AND f.region = coalesce(l.region, 'US')
    WHERE h.first_seen = $day AND l.model_id IS NOT NULL AND l.exclude_reason IS NULL
)
SELECT (SELECT count(*) FILTER (read_before) FROM seen), (SELECT count(*) FILTER (NOT read_before) FROM seen),
       (SELECT coalesce(sum(exits), 0) FROM marts.exits_daily WHERE exit_date = $day)"""


def _cheapest(con: duckdb.DuckDBPyConnection, day: date) -> pl.DataFrame:
    """The day's cheapest kept listings per model and price bucket, each with its own condition
    (`listing_condition`: an open-box unit priced as new says so on the card page, ninth review)."""
    kept = kept_listings(con, day, col_list=f"{COLUMNS}, condition AS listing_condition")
    if not kept.height:
        return kept
    screened = screen_outliers(kept).filter(pl.col("kept_by_screen"))
    return (
        screened.sort("unit_price")
        .with_columns(rank=pl.col("unit_price").rank("ordinal").over("model_id", "condition"))
        .filter(pl.col("rank") <= CHEAPEST_PER_CONDITION)
        .select("model_id", "condition", "listing_condition", "source", "unit_price", "title", "url")
        .sort("model_id", "condition", "unit_price")
    )


# per card, condition and number of cards, the largest catalog workload the machine runs at a usable speed, ordered
# as transforms.llm_workload_fit.LlmContext.largest orders them (parameters, then bits per weight, then context):
# what a card page says an LLM buyer gets from the card (twenty-sixth review: the LLM pick's page showed only its
# training value)
LARGEST_USABLE_SQL = """
SELECT f.model_id, f.condition, f.gpu_count, f.workload, f.tokens_per_s, f.machine_build_usd, f.circuit,
       f.power_cap_pct, f.platform_id, f.buyable_today, f.listings_available, m.outlet_room_w, s.tdp_w AS board_w
FROM marts.llm_workload_fit f
JOIN marts.llm_workload_machines m USING (snapshot_date, condition, model_id, gpu_count)
LEFT JOIN marts.gpu_specs s USING (model_id)
WHERE f.snapshot_date = $day AND f.tokens_per_s >= $usable
QUALIFY row_number() OVER (
    PARTITION BY model_id, condition, gpu_count ORDER BY params_b DESC, bits_per_weight DESC, context_tokens DESC) = 1
ORDER BY model_id, condition DESC, gpu_count"""


def load_site(con: duckdb.DuckDBPyConnection, day: date) -> SiteData:
    first = day - timedelta(days=HISTORY_DAYS)
    yesterday = day - timedelta(days=1)
    history = read_frame(
        con,
        "SELECT snapshot_date, model_id, condition, listing_count, min_price, p25, median, p75, "
        "rolling_7d_median FROM marts.price_daily WHERE source = 'all' AND condition IN "
        "('new', 'used') AND snapshot_date BETWEEN ? AND ? ORDER BY model_id, condition, "
        "snapshot_date",
        [first, day],
    )
    new, first_read, gone = con.execute(ARRIVALS_AND_EXITS_SQL, {"day": day}).fetchone()
    return SiteData(
        report=load_report(con, day),
        specs=read_frame(con, "SELECT * FROM marts.gpu_specs ORDER BY model_id"),
        price_history=history,
        rank_history=read_frame(
            con,
            "SELECT snapshot_date, model_id, condition, rank_overall, perf_per_1k_usd "
            "FROM marts.gpu_value WHERE snapshot_date BETWEEN ? AND ? "
            "ORDER BY model_id, condition, snapshot_date",
            [first, day],
        ),
        cheapest=_cheapest(con, day),
        pick_changes=read_frame(con, PICK_CHANGES_SQL, {"day": day, "yesterday": yesterday}),
        machine_changes=read_frame(con, MACHINE_CHANGES_SQL, {"day": day, "yesterday": yesterday}),
        listings_new=int(new or 0),
        listings_first_read=int(first_read or 0),
        listings_gone=int(gone or 0),
        days_with_data=history["snapshot_date"].n_unique() if history.height else 0,
        compared={
            kind: con.execute(
                f"SELECT count(*) > 0 FROM {table} WHERE snapshot_date = ?", [yesterday]
            ).fetchone()[0]
            for kind, table in (("pick", "marts.budget_picks"), ("machine", "marts.build_tiers"))
        },
        llm_largest=read_frame(con, LARGEST_USABLE_SQL, {"day": day, "usable": USABLE_TOKENS_PER_S}),
    )
