"""Asset: raw.ebay_listings, the day's eBay Browse search results, with its side tables raw.ebay_aspect_counts and
raw.ebay_aspect_evidence. Computation: pipelines/sources/ebay/ingest.py (the searches; the client is browse.py,
its token auth.py) -> transforms/ebay_items.py (an item summary to a row) and transforms/ebay_aspects.py (the
aspects)."""

import sys
import tempfile
from datetime import UTC, date, datetime

import dagster as dg

from pipelines.defs.sample_days import refuse_mixing
from pipelines.partitions import daily_partitions, partition_date, run_id
from pipelines.resources.ebay import EbayResource
from pipelines.resources.warehouse import WarehouseResource
from pipelines.settings import LIVE
from pipelines.sources.ebay.ingest import AspectEvidence, SpilledRows, run_searches
from pipelines.sources.ebay.queries import queries_for_catalog
from pipelines.sources.http_session import CallBudget
from pipelines.tables import table_key, table_multi_asset
from pipelines.user_errors import UserError
from transforms.ebay_aspects import counts_frame, evidence_frame, suspect_values
from transforms.source_outcome import FAILED, ebay_outcome
from warehouse.api_calls import calls_on, calls_write
from warehouse.catalog import load_catalog
from warehouse.source_runs import ingest_error_writes, source_run_row, utc_now
from warehouse.writes import replace_slices


class EbayIngestConfig(dg.Config):
    """Sample mode only: the day the bundled snapshot stands for (empty: the run's own day). A run for an
    earlier day replays the snapshot as it was that many days before (sample_history.py); `make run` sets
    it when it builds the sample's earlier days (pipelines/defs/sample_days.py). Live mode ignores it."""

    sample_anchor_day: str = ""
    # search only these of the configured marketplaces (empty: all of them); the sample's earlier days are US only
    only_marketplaces: list[str] = []


@table_multi_asset(
    ["raw.ebay_listings", "raw.ebay_aspect_counts", "raw.ebay_aspect_evidence"],
    partitions_def=daily_partitions,
    kinds={"duckdb", "python"},
    name=table_key("raw.ebay_listings").to_python_identifier(),
)
def ebay_listings(
    context: dg.AssetExecutionContext,
    config: EbayIngestConfig,
    ebay: EbayResource,
    warehouse: WarehouseResource,
):
    """GPU listings from the eBay Buy Browse API (category 27386, fixed price, new to for-parts): one search
    per catalog model and configured marketplace (EBAY_MARKETPLACES, default EBAY_US; each with its header,
    language, currency and item location), paged through `next`, deduplicated by marketplace and item id. Re-running a day replaces
    it, except that a re-run cut short by the daily call budget, or one that failed, keeps the day stored
    earlier. Failed queries land in raw.ingest_errors; live calls count against the daily budget (the sample
    replay's do not). Refused credentials or a host that keeps failing stop the source at once; a run that
    stopped or fetched nothing fails with one sentence saying why (the day needs eBay), so nothing downstream
    is rebuilt or exported from it. raw.source_runs records the run's configured mode and outcome.

    With the listings, in the same transaction, eBay's structured evidence (transforms/ebay_aspects.py): each
    search's counts of Chipset/GPU Model and Memory Size values (raw.ebay_aspect_counts, read from the first
    page at no extra call) and the items listed under a value naming another model or size than the one
    searched (raw.ebay_aspect_evidence, one aspect-filtered call per such aspect and search, within the same
    daily budget)."""
    started = utc_now()
    day = partition_date(context)
    today = datetime.now(UTC).date()
    catalog = load_catalog()
    marketplaces = [
        m for m in ebay.marketplace_ids if not config.only_marketplaces or m in config.only_marketplaces
    ]
    queries = queries_for_catalog(catalog, marketplaces=marketplaces)
    live = ebay.mode == LIVE  # the sample replay calls no API: it neither spends nor records the budget
    used = 0
    with warehouse.connect() as con:
        try:  # sample and live days never share a warehouse (pipelines/defs/sample_days.py), whoever runs this
            refuse_mixing(con, day, ebay.mode)
        except UserError as exc:
            raise dg.Failure(description=str(exc)) from None
        if live:
            used = calls_on(con, "ebay", today)
    budget = CallBudget(ebay.daily_call_budget if live else sys.maxsize, used)
    days_before = 0
    if not live and config.sample_anchor_day:
        days_before = max((date.fromisoformat(config.sample_anchor_day) - day).days, 0)
        context.log.info(
            f"sample: the snapshot as it was {days_before} days before {config.sample_anchor_day}"
        )
    client, http = ebay.open_client(catalog, budget, context.log.info, days_before, marketplaces)
    # rows stream to Parquet (bounded memory); the folder goes with the write below, or at once if the
    # searches raise (left to the garbage collector, it warned "Implicitly cleaning up" in a later test)
    spill_dir = tempfile.TemporaryDirectory(prefix="ebay-spill-")
    spilled = SpilledRows(spill_dir.name)
    names: dict = {}  # what each aspect value names, read once a day (transforms/ebay_aspects.named_models)
    aspects = AspectEvidence(lambda model_id, counts: suspect_values(model_id, counts, catalog, names))
    try:
        errors = run_searches(client, queries, day, ebay.mode, context.log.info, spilled, aspects)
    except BaseException:
        spill_dir.cleanup()
        raise
    finally:
        http.close()
    context.log.info(f"eBay: {spilled.counts()}")
    context.log.info(
        f"eBay aspects: {len(aspects.counts)} value counts, {aspects.calls} aspect-filtered calls, "
        f"{len(aspects.evidence)} items under another model's or size's value"
    )
    cut_short = any(e.error_kind == "budget_exhausted" for e in errors)
    outcome = ebay_outcome(spilled.count, len(queries), errors)
    with spill_dir, warehouse.connect() as con:
        writes = [
            *ingest_error_writes(
                day, ["ebay"], errors + spilled.notes + aspects.notes, run_id(context), ebay.mode
            ),
            source_run_row(
                day,
                "ebay",
                run_id(context),
                ebay.mode,
                outcome.outcome,
                spilled.count,
                errors + spilled.notes,
                outcome.message,
                started,
                len(queries),
            ),
        ]
        if live:
            writes.append(calls_write("ebay", today, budget.used))
        stored = con.execute(
            "SELECT count(*) FROM raw.ebay_listings WHERE snapshot_date = ?", [day]
        ).fetchone()[0]
        # a re-run the budget cut short, or one that failed, never replaces a stored day
        keep_stored = (cut_short or outcome.outcome == FAILED) and stored > 0
        if keep_stored:
            context.log.warning(f"{outcome.message}: kept the {stored} items stored earlier for {day}")
        else:
            writes[:0] = [
                ("raw.ebay_listings", spilled.files, {"snapshot_date": day}),
                (
                    "raw.ebay_aspect_counts",
                    counts_frame(aspects.counts, day, ebay.mode),
                    {"snapshot_date": day},
                ),
                (
                    "raw.ebay_aspect_evidence",
                    evidence_frame(aspects.evidence, day, ebay.mode),
                    {"snapshot_date": day},
                ),
            ]
        replace_slices(con, writes)  # one transaction for the day
    if outcome.outcome == FAILED:
        context.log.error(outcome.message)
        raise dg.Failure(
            description=outcome.message,
            allow_retries=False,
            metadata={
                "source_mode": ebay.mode,
                "queries": len(queries),
                "failed_queries": len(errors),
                "items_fetched": spilled.count,
                "api_calls_this_run": budget.made_now,
            },
        )
    by_condition = sorted(spilled.by_condition.items(), key=lambda kv: (kv[0] is not None, kv[0] or ""))
    context.log.info(f"eBay: {spilled.count} items from {len(queries)} queries, {len(errors)} failed queries")
    kept_note = {"kept_from_an_earlier_run": keep_stored}
    yield dg.MaterializeResult(
        asset_key=table_key("raw.ebay_aspect_counts"),
        metadata={"dagster/row_count": len(aspects.counts), **kept_note},
    )
    yield dg.MaterializeResult(
        asset_key=table_key("raw.ebay_aspect_evidence"),
        metadata={"dagster/row_count": len(aspects.evidence), "aspect_calls": aspects.calls, **kept_note},
    )
    yield dg.MaterializeResult(
        asset_key=table_key("raw.ebay_listings"),
        metadata={
            "dagster/row_count": stored if keep_stored else spilled.count,
            "source_mode": ebay.mode,
            "outcome": outcome.outcome,
            "queries": len(queries),
            "failed_queries": len(errors),
            "items_seen": spilled.seen,
            "items_repeated": spilled.repeats,
            "items_dropped": spilled.dropped,
            "items_changed": len(spilled.notes) - spilled.dropped,
            "marketplaces": ", ".join(marketplaces),
            "api_calls_this_run": budget.made_now,
            "api_calls_today": budget.used,
            "aspect_calls": aspects.calls,
            "aspect_value_counts": len(aspects.counts),
            "items_under_another_value": len(aspects.evidence),
            "items_by_condition": dg.MetadataValue.md(
                "\n".join(f"- {condition}: {n}" for condition, n in by_condition)
            ),
        },
    )
