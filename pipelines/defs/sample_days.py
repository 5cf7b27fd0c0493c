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
from pipelines.settings import LIVE, sample_days
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


# what the warehouse holds already: the newest day of derived sample history (the earlier days `make run` builds
# from the snapshot, raw.completed_days scope 'trends'), and the newest day of live and of sample listings
HELD_SQL = """
SELECT (SELECT max(snapshot_date) FROM raw.completed_days WHERE scope = 'trends' AND source_mode = 'sample'),
       (SELECT max(snapshot_date) FROM raw.ebay_listings WHERE source_mode = 'live'),
       (SELECT min(snapshot_date) FROM raw.ebay_listings WHERE source_mode = 'sample'),
       (SELECT max(snapshot_date) FROM raw.ebay_listings WHERE source_mode = 'sample'),
       EXISTS (SELECT 1 FROM raw.completed_days WHERE snapshot_date = $day AND scope = 'day'
                                                  AND source_mode = 'sample')"""


def another_warehouse() -> str:
    """How to start in another warehouse, naming this one's file (an operator's re-test: the words named the default
    file whatever GPU_MARKET_DB said)."""
    from warehouse.paths import db_path

    return f"another warehouse (GPU_MARKET_DB=another file, or move {db_path()} aside)"


def refuse_a_day_the_warehouse_cannot_take(con: duckdb.DuckDBPyConnection, day: date, mode: str) -> None:
    """Before a run or a backfill writes `day` in `mode` (sample or live), what the warehouse holds may refuse it
    (UserError: bad input, exit 2, before anything is written), as the history later days read would be wrong:

    - sample mode, a day at or before the newest day of the sample's derived history (the days before a sample
      day, each derived back from the snapshot): the snapshot replayed inside that history repeats it, the days
      before it derived from one anchor and the days after from another (thirty-sixth review, a newcomer: after
      `make run`, `make run DAY=2026-11-20` left a used RTX 3090's median falling over the same eight steps twice
      and 42 deals on one day; an operator's `make backfill` did the same). A day the snapshot was replayed whole
      on (raw.completed_days scope 'day': a sample day, a backfill's day) may be run again: it is the snapshot;
    - sample mode in a warehouse holding live listings: the sample would replace live days, which cannot be
      fetched again (an operator's scheduled run that lost its eBay keys fell back to sample mode and overwrote
      the day's 706 live listings);
    - live mode in a warehouse holding the sample: live days would read the sample's days as their history (the
      first live run counted 690 exits, every sample listing, and 53 new deals against sample medians, labelled
      live)."""
    trends_until, live_until, sample_from, sample_until, replayed_whole = con.execute(
        HELD_SQL, {"day": day}
    ).fetchone()
    _refuse_mixing(mode, live_until, sample_from, sample_until)
    if mode == LIVE:
        return
    if trends_until is not None and day <= trends_until and not replayed_whole:
        raise UserError(
            f"sample mode: this warehouse's sample runs to {sample_until}, its days up to {trends_until} derived back "
            f"from the snapshot, and {day} would replay the snapshot before or inside that history and repeat it; run a day "
            f"after {trends_until}, or start a sample on {day} in {another_warehouse()}"
        )


def refuse_mixing(con: duckdb.DuckDBPyConnection, day: date, mode: str) -> None:
    """The part of refuse_a_day_the_warehouse_cannot_take that every run of raw.ebay_listings checks too, `make ui`'s
    and the schedule's included (code review: only the command lines checked, and a scheduled run under `make ui`
    that lost its keys still replaced a live day): sample and live days never share a warehouse."""
    _, live_until, sample_from, sample_until, _ = con.execute(HELD_SQL, {"day": day}).fetchone()
    _refuse_mixing(mode, live_until, sample_from, sample_until)


def _refuse_mixing(mode: str, live_until, sample_from, sample_until) -> None:
    if mode == LIVE and sample_until is not None:
        raise UserError(
            f"live mode: this warehouse holds the bundled sample ({sample_from} to {sample_until}), which live days "
            f"would read as their history; start live in {another_warehouse()}, or drop the sample from it "
            "(python -m warehouse.drop_sample)"
        )
    if mode != LIVE and live_until is not None:
        raise UserError(
            f"sample mode: this warehouse holds live listings (up to {live_until}), which the sample would replace; "
            "set EBAY_CLIENT_ID and EBAY_CLIENT_SECRET (or GPU_MARKET_SOURCE=live) to run live, or run the sample in "
            f"{another_warehouse()}"
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
