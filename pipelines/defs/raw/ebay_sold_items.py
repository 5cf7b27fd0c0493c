"""Asset: raw.ebay_sold_items, eBay's sold items with sale prices, for keys that have access to them. Computation:
pipelines/sources/ebay/sold.py (the client and its rows)."""

from datetime import UTC, datetime

import dagster as dg
import polars as pl

from pipelines.partitions import daily_partitions, partition_date, run_id
from pipelines.resources.ebay import EbayResource
from pipelines.resources.warehouse import WarehouseResource
from pipelines.settings import LIVE
from pipelines.sources.circuit_breaker import CredentialsRefused, SourceStopped
from pipelines.sources.ebay.auth import EbayTokenProvider
from pipelines.sources.ebay.queries import queries_for_catalog
from pipelines.sources.ebay.sold import SOLD_SCOPE, EbaySoldClient, sold_row
from pipelines.sources.http_session import BudgetExhausted, CallBudget, FetchError
from pipelines.tables import table_asset
from transforms.ingest_errors import IngestError
from transforms.source_outcome import FAILED, OK, PARTIAL
from warehouse.api_calls import calls_on, calls_write
from warehouse.catalog import load_catalog
from warehouse.source_runs import ingest_error_writes, source_run_row, utc_now
from warehouse.writes import replace_slices

SKIPPED = "skipped"
SOURCE = "ebay_sold"
SCHEMA = {
    "snapshot_date": pl.Date,
    "item_id": pl.String,
    "title": pl.String,
    "last_sold_price": pl.Float64,
    "currency": pl.String,
    "last_sold_date": pl.Datetime("us"),
    "total_sold_quantity": pl.Int32,
    "condition_id": pl.Int32,
    "web_url": pl.String,
    "query_model_id": pl.String,
    "fetched_at": pl.Datetime("us"),
    "source_mode": pl.String,
}


def no_access(exc: FetchError) -> bool:
    """The key may not use Marketplace Insights: its scope refused at the token endpoint, or the search
    forbidden. (Wrong keys, `invalid_client`, are not that: the source stops and says so.)"""
    if isinstance(exc, CredentialsRefused):
        return exc.error_code in ("invalid_scope", "unauthorized_client")
    return exc.status == 403


@table_asset("raw.ebay_sold_items", partitions_def=daily_partitions, kinds={"duckdb", "python"})
def ebay_sold_items(
    context: dg.AssetExecutionContext, ebay: EbayResource, warehouse: WarehouseResource
) -> dg.MaterializeResult:
    """Items sold on eBay in the last 90 days with their last SALE price (Marketplace Insights API
    `item_sales/search`, one search per catalog model), apart from the asking prices everything else uses.
    A Limited Release API: a key without access is told so at its first call (token scope refused, or 403),
    and the source is recorded as skipped in raw.source_runs; the day never fails for it. Sample mode has no
    sold data and skips it too. Calls count against the eBay budget under their own name."""
    started, day = utc_now(), partition_date(context)
    catalog = load_catalog()
    queries = queries_for_catalog(catalog)
    rows: list[dict] = []
    errors: list[IngestError] = []
    if ebay.mode != LIVE:
        outcome, message = SKIPPED, "sample mode: there is no sample of sold data"
    else:
        today = datetime.now(UTC).date()
        with warehouse.connect() as con:
            budget = CallBudget(ebay.daily_call_budget, calls_on(con, SOURCE, today))
        session, http = ebay.open_session(budget, context.log.info, catalog)
        tokens = EbayTokenProvider(
            session, ebay.base_url, ebay.client_id, ebay.client_secret, scope=SOLD_SCOPE
        )
        client = EbaySoldClient(session, tokens, ebay.base_url)
        outcome, message = OK, ""
        try:
            for n, query in enumerate(queries, start=1):
                try:
                    for page in client.search(query):
                        rows += [
                            r
                            for item in page.items
                            if (
                                r := sold_row(
                                    item,
                                    snapshot_date=day,
                                    query_model_id=query.model_id,
                                    fetched_at=page.fetched_at,
                                    source_mode=ebay.mode,
                                )
                            )
                            is not None
                        ]
                except FetchError as exc:
                    if n == 1 and no_access(exc):
                        outcome = SKIPPED
                        message = (
                            f"this key has no access to eBay's Marketplace Insights API ({exc.reason}); "
                            "sold prices skipped (a Limited Release API: eBay approves keys for it)"
                        )
                        break
                    not_run = len(queries) - n + 1 if isinstance(exc, BudgetExhausted | SourceStopped) else 0
                    errors.append(
                        IngestError(SOURCE, query.q, exc.kind, exc.reason, exc.status, exc.attempts, not_run)
                    )
                    if not_run:
                        break
        finally:
            http.close()
    frame = pl.DataFrame(rows, schema=SCHEMA).unique("item_id", keep="first", maintain_order=True)
    if outcome == OK:
        outcome = PARTIAL if errors and frame.height else FAILED if errors else OK
        message = f"eBay sold items: {frame.height} from {len(queries)} searches, {len(errors)} failed"
    context.log.info(message)
    with warehouse.connect() as con:
        writes = [
            *ingest_error_writes(day, [SOURCE], errors, run_id(context), ebay.mode),
            source_run_row(
                day,
                SOURCE,
                run_id(context),
                ebay.mode,
                outcome,
                frame.height,
                errors,
                message,
                started,
                len(queries),
            ),
        ]
        if outcome != SKIPPED:
            writes.insert(0, ("raw.ebay_sold_items", frame, {"snapshot_date": day}))
        if ebay.mode == LIVE:
            writes.append(calls_write(SOURCE, today, budget.used))
        replace_slices(con, writes)
    return dg.MaterializeResult(
        metadata={"dagster/row_count": frame.height, "outcome": outcome, "message": message}
    )
