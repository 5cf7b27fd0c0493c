"""Sample mode's earlier days: before `make run` builds a sample day, it builds the days before it that the
warehouse does not have yet, so the offline default shows trends, deals, exits and "since yesterday".

SAMPLE DATA: each earlier day replays the bundled snapshot as it would have looked that many days before
(pipelines/sources/ebay/sample_history.py: arrivals, ended listings, a price trend per model, price drops),
through the same assets as any day, labelled sample like the day itself. Only the assets the trends read
run for those days (`sample_history` job: ingest, staging, prices, value, picks, deals, exits): the
machines, regions, export and dashboard are the sample day's. A day the warehouse already has whole (sample
or live: a row in raw.completed_days and its tables present, warehouse/completed_days.py) is never rebuilt,
so the first `make run` pays for the history and later ones for one day. A day an earlier run began and did
not complete (killed, a full disk) is rebuilt, and the run says so. Live mode never does this: live history
is the days it actually ran.

`GPU_MARKET_SAMPLE_DAYS` sets how many days the sample shows, the day itself included (default 14, two
weeks: the most the first `make run` can build within its 30 s target; 1 turns the history off).
"""

import time
from collections.abc import Callable
from datetime import date, timedelta

import dagster as dg
import duckdb

from pipelines.partitions import LISTING_MARTS, START_DATE
from pipelines.settings import sample_days
from pipelines.tables import table_key
from pipelines.user_errors import UserError

SPEC_ASSETS = (  # once: specs are not per day
    "raw.gpu_spec_sheets",
    "staging.gpu_specs",
    "staging.gpu_benchmarks",
    "marts.gpu_specs",
    "marts.perf_index_fits",  # written with marts.gpu_specs (one multi-asset)
)
# each earlier day: its listings through staging (the listing marts follow as one range run)
DAY_ASSETS = (
    "raw.ebay_listings",
    "raw.ebay_aspect_counts",  # written with raw.ebay_listings (one multi-asset), as is the next
    "raw.ebay_aspect_evidence",
    "raw.retailer_listings",
    "raw.fx_rates",
    "staging.listings",
    "staging.listing_history",
    "marts.listing_exits",
)
TREND_ASSETS = DAY_ASSETS + LISTING_MARTS  # what the dashboard's trends read

HISTORY_MARKETPLACES = ("EBAY_US",)  # the trends are the US market's (the region marts are the sample day's)


def _sample_job(name: str, tables: tuple[str, ...], description: str):
    # no asset checks: they judge a live day's data; the earlier sample days are derived from the checked sample
    return dg.define_asset_job(
        name,
        selection=dg.AssetSelection.assets(*map(table_key, tables)).without_checks(),
        executor_def=dg.in_process_executor,
        description=f"Sample mode only: {description}",
    )


sample_history = _sample_job(
    "sample_history",
    DAY_ASSETS,
    "one earlier day of the bundled sample (what `make run` builds before the sample day), its listings "
    "through staging. Needs op config raw__ebay_listings.sample_anchor_day.",
)
sample_marts = _sample_job(
    "sample_marts",
    LISTING_MARTS,
    "the listing marts of the earlier sample days, as one range run over them (after sample_history).",
)
sample_specs = _sample_job(
    "sample_specs",
    SPEC_ASSETS,
    "the spec catalog, built once before the sample's earlier days when the warehouse has none (their value "
    "marts read it).",
)


# the newest day the warehouse holds sample listings for
NEWEST_SAMPLE_SQL = "SELECT max(snapshot_date) FROM raw.ebay_listings WHERE source_mode = 'sample'"


def refuse_a_day_before_the_sample(con: duckdb.DuckDBPyConnection, day: date) -> None:
    """Sample mode: the bundled snapshot is the newest day of the sample's history, each earlier day derived back
    from it. A sample day before a day the warehouse already holds sample listings for would replay the snapshot
    inside that history, the days before it derived from a second anchor and the days after it from the first: the
    trends would repeat and jump (thirty-sixth review, a newcomer: after `make run`, `make run DAY=2026-11-20` left
    a used RTX 3090's median falling over the same eight steps twice, and 42 deals on that day against 1 to 18 on
    the others). Refused as bad input (UserError), before anything is written, saying how to start a sample on
    that day. A day from the newest on runs as before (the newest itself again: the same day rebuilt)."""
    newest = con.execute(NEWEST_SAMPLE_SQL).fetchone()[0]
    if newest is not None and day < newest:
        raise UserError(
            f"sample mode: this warehouse's sample runs to {newest}, and {day} before it would replay the bundled "
            f"snapshot inside that history and repeat it; run {newest} or a later day, or start a sample on {day} "
            "in another warehouse (GPU_MARKET_DB=another file, or move warehouse/gpu_market.duckdb aside)"
        )


def window_start(day: date, count: int | None = None) -> date:
    """The first day of the sample's window ending on `day` (never before START_DATE)."""
    return max(day - timedelta(days=(count or sample_days()) - 1), date.fromisoformat(START_DATE))


def missing_days(day: date, stored: set[date], count: int) -> list[date]:
    """The `count - 1` days before `day` (from START_DATE on) not in `stored` (the days the warehouse has
    whole), oldest first."""
    first = window_start(day, count)
    return [
        first + timedelta(days=n)
        for n in range((day - first).days)
        if first + timedelta(days=n) not in stored
    ]


def anchor_config(anchor: date) -> dict:
    return {
        "ops": {
            table_key("raw.ebay_listings").to_python_identifier(): {
                "config": {
                    "sample_anchor_day": anchor.isoformat(),
                    "only_marketplaces": list(HISTORY_MARKETPLACES),
                }
            }
        }
    }


def build_earlier_days(
    day: date,
    stored: set[date],
    specs_stored: bool,
    run_job: Callable[[str, date, dict | None], bool],
    run_range: Callable[[str, date, date], bool],
    log: Callable[[str], None] = print,
    count: int | None = None,
    started: set[date] = frozenset(),
) -> list[date]:
    """Build the missing earlier sample days of `day` (those not in `stored`, the days the warehouse has
    whole), oldest first; the days built. The spec catalog is built first when the warehouse has none
    (`run_job(job name, day, run config)`); then each day's listings (`run_job`), stopping at the first day
    that fails (later days would read its gap); then the listing marts as one range run (`run_range(job
    name, first, last)`): one computation, not one Dagster run per day. The range runs from the first day
    built to the day before `day` (the later earlier days read the rebuilt ones), or to the last day built
    when one failed. `started`: days an earlier run began; those missing were left incomplete, and the log
    says they are rebuilt."""
    days = missing_days(day, stored, count or sample_days())
    incomplete = [d for d in days if d in started]
    if incomplete:
        log(
            f"sample history: {len(incomplete)} earlier days were left incomplete by an earlier run "
            f"({', '.join(d.isoformat() for d in incomplete)}): rebuilding them"
        )
    if days and not specs_stored and not run_job(sample_specs.name, day, None):
        log("sample history: the spec catalog failed to build; no earlier days built")
        return []
    built = []
    for n, earlier in enumerate(days, start=1):
        clock = time.perf_counter()
        if not run_job(sample_history.name, earlier, anchor_config(day)):
            log(f"sample history: {earlier} failed; the sample day is built without the days after it")
            break
        built.append(earlier)
        log(f"sample history [{n}/{len(days)}] {earlier} in {time.perf_counter() - clock:.1f}s")
    if built:
        clock = time.perf_counter()
        last = built[-1] if len(built) < len(days) else day - timedelta(days=1)
        if not run_range(sample_marts.name, built[0], last):
            log("sample history: the listing marts of the earlier days failed")
            return []
        log(f"sample history: listing marts {built[0]}..{last} in {time.perf_counter() - clock:.1f}s")
    return built
