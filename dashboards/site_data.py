"""What the dashboard pages show beyond the export: history per card, today's cheapest listings, specs, and
what changed since yesterday. Read from the warehouse for one day (read-only)."""

from dataclasses import dataclass
from datetime import date, timedelta

import duckdb
import polars as pl

from dashboards.report_data import ReportData, load_report
from transforms.price_stats import screen_outliers
from warehouse.kept_listings import kept_listings
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
    pick_changes: pl.DataFrame  # top picks (use case, condition, budget) whose card changed since yesterday
    listings_new: int  # listings first seen on the day
    listings_gone: int  # listings that left on the day (sold or withdrawn)
    days_with_data: int  # days of price history in the window

    @property
    def day(self) -> date:
        return self.report.day

    def card_ids(self) -> list[str]:
        """The cards that get a page: every model priced on the day."""
        return sorted(set(self.report.ranking["model_id"].to_list()))


PICK_CHANGES_SQL = """
WITH today AS (SELECT use_case, condition, budget_usd, model_id, name FROM marts.budget_picks
               WHERE snapshot_date = ? AND pick_rank = 1),
     before AS (SELECT use_case, condition, budget_usd, model_id, name FROM marts.budget_picks
                WHERE snapshot_date = ? AND pick_rank = 1)
SELECT t.use_case, t.condition, t.budget_usd, b.name AS was, t.name AS now
FROM today t JOIN before b USING (use_case, condition, budget_usd)
WHERE t.model_id IS DISTINCT FROM b.model_id
ORDER BY list_position(['llm', 'vision', 'beginner'], t.use_case), t.condition, t.budget_usd"""


# US listings, like every figure on the page: first seen on the day, and left on the day (their last day's row)
ARRIVALS_AND_EXITS_SQL = """
SELECT (SELECT count(*) FROM staging.listing_history h JOIN staging.listings l
          ON l.snapshot_date = h.first_seen AND l.source = h.source AND l.listing_id = h.listing_id
        WHERE h.first_seen = ? AND coalesce(l.region, 'US') = 'US'),
       (SELECT count(*) FROM marts.listing_exits e JOIN staging.listings l
          ON l.snapshot_date = e.last_seen AND l.source = e.source AND l.listing_id = e.listing_id
        WHERE e.exit_date = ? AND coalesce(l.region, 'US') = 'US')"""


def _cheapest(con: duckdb.DuckDBPyConnection, day: date) -> pl.DataFrame:
    kept = kept_listings(con, day)
    if not kept.height:
        return kept
    screened = screen_outliers(kept).filter(pl.col("kept_by_screen"))
    return (
        screened.sort("unit_price")
        .with_columns(rank=pl.col("unit_price").rank("ordinal").over("model_id", "condition"))
        .filter(pl.col("rank") <= CHEAPEST_PER_CONDITION)
        .select("model_id", "condition", "source", "unit_price", "title", "url")
        .sort("model_id", "condition", "unit_price")
    )


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
    new, gone = con.execute(ARRIVALS_AND_EXITS_SQL, [day, day]).fetchone()
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
        pick_changes=read_frame(con, PICK_CHANGES_SQL, [day, yesterday]),
        listings_new=int(new or 0),
        listings_gone=int(gone or 0),
        days_with_data=history["snapshot_date"].n_unique() if history.height else 0,
    )
