"""Run every model's search, keep what arrives, record what fails; one failing query never stops the rest.

Memory stays bounded whatever the day's size: with a `SpilledRows` sink, rows go to Parquet files in a
temporary folder as pages arrive (a few thousand rows in memory at a time); `warehouse.writes.replace_slices`
loads those files into raw.ebay_listings in the same single transaction as the day's other writes.
"""

import time
from collections import Counter
from collections.abc import Callable
from datetime import date
from pathlib import Path

import polars as pl

from pipelines.sources.circuit_breaker import SourceStopped
from pipelines.sources.ebay.browse import EbayBrowseClient
from pipelines.sources.ebay.queries import SearchQuery
from pipelines.sources.http_session import BudgetExhausted, FetchError
from transforms.ebay_aspects import ASPECT_MARKETPLACES, aspect_counts, aspect_filter
from transforms.ebay_items import RAW_EBAY_SCHEMA, item_problems, item_row
from transforms.ingest_errors import IngestError


class SpilledRows:
    """raw.ebay_listings rows written to Parquet files in `folder`, `batch_rows` at a time."""

    def __init__(self, folder: str | Path, batch_rows: int = 2000):
        self.folder, self.batch_rows = Path(folder), batch_rows
        self.files: list[Path] = []
        self.count = 0
        self.by_condition: Counter[str | None] = Counter()
        self._batch: list[dict] = []
        # items the searches returned, and what became of them: seen = kept + repeats + dropped
        self.seen = self.repeats = 0
        self.notes: list[IngestError] = []  # items dropped or changed (raw.ingest_errors, ITEM_KINDS)

    @property
    def dropped(self) -> int:
        return sum(1 for note in self.notes if note.error_kind == "bad_item")

    def counts(self) -> str:
        changed = len(self.notes) - self.dropped
        return (
            f"{self.seen} items seen = {self.count} kept + {self.repeats} found again by another search + "
            f"{self.dropped} dropped; {changed} kept with a change (raw.ingest_errors)"
        )

    def append(self, row: dict) -> None:
        self._batch.append(row)
        self.count += 1
        self.by_condition[row["condition"]] += 1
        if len(self._batch) >= self.batch_rows:
            self.flush()

    def flush(self) -> None:
        if self._batch:
            path = self.folder / f"ebay-{len(self.files):05d}.parquet"
            pl.DataFrame(self._batch, schema=RAW_EBAY_SCHEMA).write_parquet(path)
            self.files.append(path)
            self._batch = []


class AspectEvidence:
    """What the searches' item aspects said (transforms/ebay_aspects.py): each search's distribution of
    `Chipset/GPU Model` and `Memory Size` values (raw.ebay_aspect_counts, from the first page: no extra
    call), and, for values that name another model or size than the one searched (`suspects`), the items
    eBay lists under them (raw.ebay_aspect_evidence: one call per such aspect and search)."""

    def __init__(self, suspects: Callable[[str, list[tuple[str, str, int]]], dict[str, list[str]]]):
        self.suspects = suspects
        self.counts: list[dict] = []
        self.evidence: list[dict] = []
        self.calls = 0
        self.notes: list[IngestError] = []

    def read(self, client: EbayBrowseClient, query: SearchQuery, refinement: object) -> None:
        counts, problems = aspect_counts(refinement)
        self.notes += [IngestError("ebay", query.target, "bad_aspects", p) for p in problems]
        self.counts += [
            {
                "marketplace_id": query.marketplace_id,
                "query_model_id": query.model_id,
                "aspect_name": name,
                "aspect_value": value,
                "match_count": count,
            }
            for name, value, count in counts
        ]
        for aspect, values in self.suspects(query.model_id, counts).items():
            try:
                ids, total = client.aspect_items(query, aspect_filter(aspect, values, query.category_id))
                self.calls += 1
            except (BudgetExhausted, SourceStopped):  # the day's budget or the source is done: stop the run
                raise
            except FetchError as exc:  # the search's items stand; only this evidence is missing
                self.calls += 1
                self.notes.append(
                    IngestError("ebay", query.target, "aspect_call", f"{aspect}: {exc.reason}", exc.status)
                )
                continue
            self.evidence += [
                {
                    "marketplace_id": query.marketplace_id,
                    "item_id": item_id,
                    "query_model_id": query.model_id,
                    "aspect_name": aspect,
                    "stated_values": values,
                    "items_total": total,
                }
                for item_id in ids  # an id twice on the page: once in the frame (evidence_frame)
            ]


def drop(sink: SpilledRows, query: SearchQuery, where: str, what: str) -> None:
    sink.notes.append(
        IngestError("ebay", f"{query.target} {where}", "bad_item", f"{what}: nothing to key it by; dropped")
    )


# a progress line in the run's log every this many seconds, and one at the end: a live day (eBay's rate, its
# retries) shows how far it got, and the sample's instant replay logs one line, not eight Dagster events a run
PROGRESS_EVERY_S = 10.0
_clock = time.monotonic  # the progress lines' clock (a test sets its own)


def run_searches(
    client: EbayBrowseClient,
    queries: list[SearchQuery],
    snapshot_date: date,
    source_mode: str,
    log: Callable[[str], None],
    sink: SpilledRows,
    aspects: AspectEvidence | None = None,
) -> list[IngestError]:
    """Send every row to `sink` as it arrives (deduplicated by item id: the first query that found an item
    wins) and return the failed queries. A used-up budget or a stopped source (refused credentials, host
    down) ends the loop with one error row naming the cause and how many queries were not run. With
    `aspects`, each search on a marketplace with English aspect names also gathers its aspect evidence."""
    errors: list[IngestError] = []
    seen: set[tuple[str, str]] = set()  # (marketplace, item id): one item can show on several marketplaces
    last_progress = _clock()
    for n, query in enumerate(queries, start=1):
        try:
            refinement = None
            for page in client.search(query):
                refinement = page.refinement if refinement is None else refinement
                sink.seen += len(page.items) + page.not_objects
                for k in range(page.not_objects):
                    drop(
                        sink,
                        query,
                        f"not an object #{k + 1} on {page.url}",
                        "an entry that is not a JSON object",
                    )
                for position, item in enumerate(page.items, start=1):
                    row = item_row(
                        item,
                        snapshot_date=snapshot_date,
                        query_model_id=query.model_id,
                        query=query.q,
                        fetched_at=page.fetched_at,
                        source_mode=source_mode,
                        marketplace_id=query.marketplace_id,
                    )
                    if row is None:
                        drop(sink, query, f"item #{position} on {page.url}", "an item without an itemId")
                    elif (query.marketplace_id, row["item_id"]) in seen:
                        sink.repeats += 1
                    else:
                        seen.add((query.marketplace_id, row["item_id"]))
                        sink.append(row)
                        target = f"{query.marketplace_id} item {row['item_id']}"
                        sink.notes += [
                            IngestError("ebay", target, kind, reason)
                            for kind, reason in item_problems(item, row)
                        ]
            if aspects is not None and query.marketplace_id in ASPECT_MARKETPLACES:
                aspects.read(client, query, refinement)
        except (BudgetExhausted, SourceStopped) as exc:
            not_run = len(queries) - n + 1
            errors.append(
                IngestError(
                    "ebay",
                    query.target,
                    exc.kind,
                    f"{exc.reason}; {not_run} queries not run",
                    exc.status,
                    exc.attempts,
                    not_run,
                )
            )
            log(f"eBay stopped at query {n}/{len(queries)}: {exc.reason}")
            break
        except FetchError as exc:
            errors.append(IngestError("ebay", query.target, exc.kind, exc.reason, exc.status, exc.attempts))
            log(f"query {query.target!r} failed: {exc.reason}")
        if n == len(queries) or _clock() - last_progress >= PROGRESS_EVERY_S:
            last_progress = _clock()
            log(f"eBay: {n}/{len(queries)} queries, {len(seen)} distinct items so far")
    sink.flush()
    return errors
