"""Run every model's search, keep what arrives, record what fails; one failing query never stops the rest."""

from collections.abc import Callable
from datetime import date

from pipelines.sources.ebay.browse import EbayBrowseClient
from pipelines.sources.ebay.queries import SearchQuery
from pipelines.sources.http_policy import BudgetExhausted, FetchError
from transforms.ebay_items import item_row
from transforms.ingest_errors import IngestError


def run_searches(client: EbayBrowseClient, queries: list[SearchQuery], snapshot_date: date, source_mode: str,
                 log: Callable[[str], None]) -> tuple[list[dict], list[IngestError]]:
    rows: list[dict] = []
    errors: list[IngestError] = []
    seen: set[str] = set()
    for n, query in enumerate(queries, start=1):
        try:
            for page in client.search(query):
                for item in page.items:
                    row = item_row(item, snapshot_date=snapshot_date, query_model_id=query.model_id,
                                   query=query.q, fetched_at=page.fetched_at, source_mode=source_mode)
                    if row is not None and row["item_id"] not in seen:
                        seen.add(row["item_id"])
                        rows.append(row)
        except BudgetExhausted as exc:
            skipped = [q.q for q in queries[n - 1:]]
            errors.append(IngestError("ebay", query.q, exc.kind,
                                      f"{exc.reason}; {len(skipped)} queries not run", None, exc.attempts))
            log(f"eBay call budget used up at query {n}/{len(queries)}")
            break
        except FetchError as exc:
            errors.append(IngestError("ebay", query.q, exc.kind, exc.reason, exc.status, exc.attempts))
            log(f"query {query.q!r} failed: {exc.reason}")
        if n % 20 == 0 or n == len(queries):
            log(f"eBay: {n}/{len(queries)} queries, {len(rows)} distinct items so far")
    return rows, errors
