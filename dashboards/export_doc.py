"""docs/export.md: every key of the daily export's JSON (recommendations.json) with its meaning, for whoever reads the
export with a program (thirty-fourth review: a developer building a price-alert bot found fields documented nowhere).

Each array is written from a frame (dashboards.export.export_arrays) whose columns are a mart's, documented by the
mart's DuckDB comments (warehouse/ddl/), or fields the report adds, documented here (FIELD_WORDS). The page is
generated: `python -m dashboards.export_doc` writes it from the published warehouse's newest day, and
tests/pipelines/test_export_and_checks.py checks that the committed page is what the sample's day gives, so a new
field fails the suite until it is documented and the page written again.

    python -m dashboards.export_doc                 # docs/export.md from the published warehouse's newest day
    python -m dashboards.export_doc --check         # exit 1 when docs/export.md is not what it would write

It reads the published warehouse, which `make run` writes: after a migration that adds or re-comments a column, or a
field added to the export, run `make schema`, then `make run`, then this (thirty-sixth review: `--check` said "up to
date" right after `make schema`, as the published copy still had the old comments). A field added to or changed in
the export also moves dashboards/export.SCHEMA_VERSION on (a minor step; its history is the comment beside it).
"""

import argparse
import sys
from pathlib import Path

import duckdb

from dashboards.export import SCHEMA_VERSION, export_arrays
from dashboards.report_data import ReportData, load_report
from warehouse.connection import connect
from warehouse.paths import read_db_path

DOC = Path(__file__).resolve().parent.parent / "docs" / "export.md"

# the mart whose columns an array's rows are (their comments document them)
ARRAY_TABLES = {
    "recommendations": "marts.gpu_value",
    "budget_picks": "marts.budget_picks",
    "build_tiers": "marts.build_tiers",
    "budget_builds": "marts.budget_builds",
    "deals": "marts.deals",
    "deals_still_listed": "marts.deals",
    "changes_since_yesterday": "marts.gpu_value",
    "alerts": "marts.alerts",
    "exits": "marts.exits_daily",
    "days_to_sell": "marts.exits_daily",
    "performance_indices": "marts.perf_index_fits",
    "region_tiers": "marts.region_tiers",
    "cross_market_prices": "marts.cross_market_prices",
    "buy_vs_rent": "marts.buy_vs_rent",
}

# what each array holds, in a sentence
ARRAY_WORDS = {
    "recommendations": "Every card and condition priced today (marts.gpu_value), those a buyer can act on by default "
    "first (buy_rank), each with its caveat in words. The same rows as recommendations.csv and .parquet.",
    "budget_picks": "The card picks per budget, use case and condition (marts.budget_picks), with the caveat the "
    "markdown and the dashboard show beside each.",
    "build_tiers": "The machines per tier (Beginner, 1, 2, 4 and 8 GPUs), use case and condition (marts.build_tiers).",
    "budget_builds": "The whole machine each purchase budget buys (marts.budget_builds).",
    "deals": "Today's deal events (a new listing or a price drop under the deal bar), at most 50, best first.",
    "deals_still_listed": "Listings under the deal bar today that are no news (listed before at or under this "
    "price), at most 50, those a desktop buyer can act on first.",
    "changes_since_yesterday": "Price moves of at least 0.5% against yesterday, between prices graded above D on "
    "both days, largest first.",
    "alerts": "The watchlist's alerts fired today (marts.alerts).",
    "exits": "Per card and condition, the US listings that left today (sold or withdrawn).",
    "days_to_sell": "Per card and condition with at least 3 exits in the last 30 days, how long US listings of known "
    "age stayed listed.",
    "performance_indices": "Each performance index's basis and leave-one-out error (marts.perf_index_fits).",
    "region_tiers": "The machines of every region, priced in its currency and sized for its mains "
    "(marts.region_tiers).",
    "cross_market_prices": "The same card and condition in each region against the US (marts.cross_market_prices).",
    "buy_vs_rent": "Per machine, the hours of use a month above which owning costs less than renting "
    "(marts.buy_vs_rent).",
}

# the top-level keys that are not arrays
SCALAR_WORDS = {
    "schema_version": "The export's schema version (a string; its history is in dashboards/export.py). "
    "recommendations.csv and .parquet carry it on every row. Read the CSV's as text (pandas: "
    "`dtype={'schema_version': str}`): read as a number, 1.10 would be 1.1.",
    "generated_at": "When the export was written (UTC, ISO 8601).",
    "data_date": "The day of the data (YYYY-MM-DD).",
    "source_mode": "live or sample: sample figures are the project's bundled sample, never market prices.",
    "notice": "The sample notice in words, or the price basis for live data.",
    "price_basis": "What every price is: asking prices of active listings, shipping included where stated, after "
    "the outlier screen.",
    "listings_classified": "Listings classified today, every source.",
    "deals_resting": "How many listings are under the deal bar today and no news (deals_still_listed shows 50).",
}

# fields the report adds to a mart's rows: (array or None for any array, field) -> meaning
FIELD_WORDS = {
    ("recommendations", "buy_rank"): "Rank by value per USD among the cards a buyer can act on by default "
    "(recommended), per condition; NULL for the others.",
    ("recommendations", "data_kind"): "live or sample (as source_mode).",
    ("recommendations", "price_basis"): "What the prices are (as the top-level price_basis).",
    (
        "recommendations",
        "price_usd_basis",
    ): "Which of rule B1's prices price_usd is: median (a used card, or a new "
    "one of 4 sellers or fewer), p25 (a new card of 8 sellers or more: the first quartile of their asks) or blend "
    "(between: a quarter of the way from the median to the quartile for each seller over 4).",
    ("recommendations", "price_p25"): "The first quartile of the sellers' asks, USD (marts.price_daily.p25).",
    (
        "recommendations",
        "distinct_sellers",
    ): "Sellers behind the price (marts.price_daily.distinct_sellers; a store's SKUs count apart).",
    ("budget_picks", "tdp_w"): "The card's board power, W (marts.gpu_value.tdp_w).",
    (
        "budget_picks",
        "caveat",
    ): "The card's own caveat of its condition (marts.gpu_value.caveat) and, for a beginner "
    "or vision pick over D6's 200 W, that it needs a machine of its own; NULL where neither.",
    (
        None,
        "caveat",
    ): "The card's caveat of its condition in words (server only, passive, legacy software, open "
    "box ...), then '+ shipping (not stated)' where the listing states no shipping; NULL where there is none.",
    (None, "open_box"): "Whether the listing is an open-box unit (priced with new cards by default).",
    (
        None,
        "pickup_only",
    ): "Whether the listing is one store's, sold for pickup at its counter (Micro Center): no "
    "shipping to add, and only for a buyer near that store.",
    ("deals_still_listed", "first_seen"): "The first day the listing was seen.",
    (
        "deals_still_listed",
        "deal_since",
    ): "The day of the listing's latest deal event; NULL if it never had one "
    "(it crossed the bar as the market moved).",
    (
        "changes_since_yesterday",
        "prev_price_usd",
    ): "Yesterday's price, USD, by rule B1 (computed from that day's "
    "statistics where its row predates the rule).",
    ("changes_since_yesterday", "prev_median"): "Yesterday's median ask, USD.",
    (
        "days_to_sell",
        "exits",
    ): "US listings of the card and condition that left in the last 30 days, first seen "
    "after the first day their source and region were read.",
    ("days_to_sell", "median_days_to_exit"): "Median days those listings stayed listed.",
    (
        "days_to_sell",
        "median_exit_price",
    ): "Median last asking price of those listings, USD (not a sale price).",
    ("changes_since_yesterday", "price_change_pct"): "The move of price_usd against prev_price_usd, percent.",
    (
        "changes_since_yesterday",
        "rank_change",
    ): "Places moved in the overall value rank since yesterday (positive: up).",
}


def _comments(con: duckdb.DuckDBPyConnection, table: str) -> dict[str, str]:
    schema, name = table.split(".")
    return dict(
        con.execute(
            "SELECT column_name, comment FROM duckdb_columns() WHERE schema_name = ? AND table_name = ? "
            "AND comment IS NOT NULL",
            [schema, name],
        ).fetchall()
    )


def field_meanings(
    con: duckdb.DuckDBPyConnection, data: ReportData
) -> dict[str, list[tuple[str, str | None]]]:
    """Per array, each field with its meaning (None where neither its mart nor FIELD_WORDS says)."""
    out = {}
    for array, frame in export_arrays(data).items():
        comments = _comments(con, ARRAY_TABLES[array])
        out[array] = [
            (
                field,
                FIELD_WORDS.get((array, field)) or comments.get(field) or FIELD_WORDS.get((None, field)),
            )
            for field in frame.columns
        ]
    return out


def undocumented(con: duckdb.DuckDBPyConnection, data: ReportData) -> list[str]:
    """`array.field` of every field without a meaning, and every array or scalar without its sentence."""
    meanings = field_meanings(con, data)
    missing = [f"{a}.{f}" for a, fields in meanings.items() for f, words in fields if not words]
    return missing + [a for a in meanings if a not in ARRAY_WORDS]


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def render(con: duckdb.DuckDBPyConnection, data: ReportData) -> str:
    """docs/export.md for `data`'s export."""
    out = [
        "# The daily export: every field\n",
        "Generated by `python -m dashboards.export_doc` (do not edit by hand; the suite checks it). "
        f"Schema {SCHEMA_VERSION}. Each day's folder `exports/YYYY-MM-DD/` (and `exports/latest`) holds "
        "`recommendations.json` (everything below), `recommendations.csv` and `.parquet` (the `recommendations` "
        "array, with `schema_version` on every row) and `recommendations.md` (the same for people). Prices are USD "
        "unless a field says otherwise; a null means unknown or not applicable, as the field says. A field of a mart "
        "is documented by the mart's column comment (warehouse/ddl/), the others by dashboards/export_doc.py.\n",
        "## Top-level keys\n",
        "| key | meaning |\n| --- | --- |",
        *[f"| `{k}` | {_cell(v)} |" for k, v in SCALAR_WORDS.items()],
    ]
    for array, fields in field_meanings(con, data).items():
        out += [
            f"\n## `{array}`\n",
            f"{ARRAY_WORDS.get(array, '')} The fields below are those the export writes (a selection of "
            f"`{ARRAY_TABLES[array]}`'s columns, with fields of its own where the meaning says so): a new column of "
            "the mart reaches the export only when dashboards/export.py adds it.\n",
            "| field | meaning |\n| --- | --- |",
            *[f"| `{f}` | {_cell(words or 'UNDOCUMENTED')} |" for f, words in fields],
        ]
    return "\n".join(out) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m dashboards.export_doc",
        description=__doc__.split("\n\n")[0],
        epilog="exit codes: 0 written or up to date; 1 out of date or a field undocumented; 2 no day in the warehouse",
    )
    parser.add_argument("--check", action="store_true", help="exit 1 when docs/export.md is out of date")
    args = parser.parse_args(argv)
    with connect(read_db_path(), read_only=True) as con:
        day = con.execute("SELECT max(snapshot_date) FROM marts.gpu_value").fetchone()[0]
        if day is None:
            print("no day in the warehouse: run `make run` first", file=sys.stderr)
            return 2
        data = load_report(con, day)
        text, missing = render(con, data), undocumented(con, data)
    if missing:
        print(f"undocumented export fields: {', '.join(missing)}", file=sys.stderr)
        return 1
    if args.check:
        same = DOC.exists() and DOC.read_text() == text
        verdict = "up to date" if same else "out of date: run python -m dashboards.export_doc"
        print(
            f"{DOC}: {verdict} (against the published warehouse's {day}: `make run` first after a migration)"
        )
        return 0 if same else 1
    DOC.write_text(text)
    print(f"wrote {DOC}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
