"""Asset: raw.gpu_spec_sheets, facts scraped from TechPowerUp and Wikipedia spec pages. Computation:
pipelines/sources/specs/client.py (the pages) -> techpowerup.py and wikipedia.py (their parsers)."""

from datetime import UTC, datetime

import dagster as dg
import polars as pl

from pipelines.partitions import daily_partitions, partition_date, run_id
from pipelines.resources.spec_pages import SpecPagesResource
from pipelines.resources.warehouse import WarehouseResource
from pipelines.sources.circuit_breaker import SourceStopped
from pipelines.sources.http_session import FetchError
from pipelines.sources.specs.client import fetch_all, spec_pages
from pipelines.tables import table_asset
from transforms.ingest_errors import IngestError
from transforms.matching import classify_listings
from transforms.source_outcome import optional_source_outcome
from warehouse.catalog import load_catalog
from warehouse.source_runs import ingest_error_writes, source_run_row, utc_now
from warehouse.writes import replace_slices

SCHEMA = {
    "snapshot_date": pl.Date,
    "source": pl.String,
    "page_url": pl.String,
    "model_name": pl.String,
    "model_id": pl.String,
    "field": pl.String,
    "raw_value": pl.String,
    "value": pl.Float64,
    "unit": pl.String,
    "fetched_at": pl.Datetime("us"),
    "source_mode": pl.String,
}


@table_asset("raw.gpu_spec_sheets", partitions_def=daily_partitions, kinds={"duckdb", "python"})
def gpu_spec_sheets(
    context: dg.AssetExecutionContext, spec_pages_source: SpecPagesResource, warehouse: WarehouseResource
) -> dg.MaterializeResult:
    """Spec facts from TechPowerUp GPU database pages (dt/dd sections) and Wikipedia GPU tables (rowspans
    expanded, footnotes stripped), one fact per row, each card name matched to a catalog model by the
    listing classifier. A page that fails or no longer parses is recorded in raw.ingest_errors."""
    started = utc_now()
    day = partition_date(context)
    now = datetime.now(UTC).replace(tzinfo=None)
    session, http = spec_pages_source.open_session(context.log.info)
    rows, errors = [], []
    stopped: dict[str, tuple[str, SourceStopped, int]] = {}  # source -> (first page, why, pages not run)
    pages = spec_pages()
    try:
        for page, result in fetch_all(session, pages):
            if isinstance(result, SourceStopped):  # host down: the rest of its pages fail at once, one row
                first, why, n = stopped.get(page.source, (page.url, result, 0))
                stopped[page.source] = (first, why, n + 1)
                continue
            if isinstance(result, FetchError):
                errors.append(
                    IngestError(
                        page.source, page.url, result.kind, result.reason, result.status, result.attempts
                    )
                )
                continue
            rows += [
                {
                    "snapshot_date": day,
                    "source": f.source,
                    "page_url": f.page_url,
                    "model_name": f.model_name,
                    "model_id": None,
                    "field": f.field,
                    "raw_value": f.raw_value,
                    "value": f.value,
                    "unit": f.unit,
                    "fetched_at": now,
                    "source_mode": spec_pages_source.mode,
                }
                for f in result
            ]
    finally:
        http.close()
    errors += [
        IngestError(source, first, why.kind, f"{why.reason}; {n} pages not run", why.status, why.attempts, n)
        for source, (first, why, n) in stopped.items()
    ]
    facts = pl.DataFrame(rows, schema=SCHEMA)
    names = facts.select(pl.col("model_name").alias("title")).unique().drop_nulls()
    matched = pl.concat(
        [names, classify_listings(names, load_catalog()).select("model_id", "exclude_reason")],
        how="horizontal",
        strict=True,  # one row per input row: frames of unequal height are a bug
    ).filter(pl.col("exclude_reason").is_null())
    facts = (
        facts.drop("model_id")
        .join(matched.select(pl.col("title").alias("model_name"), "model_id"), on="model_name", how="left")
        .select(list(SCHEMA))
    )
    outcome = optional_source_outcome("Spec pages", facts.height, errors, len(pages))
    with warehouse.connect() as con:
        writes = [("raw.gpu_spec_sheets", facts, {"snapshot_date": day})]
        writes += ingest_error_writes(
            day, ("techpowerup", "wikipedia"), errors, run_id(context), spec_pages_source.mode
        )
        writes.append(
            source_run_row(
                day,
                "spec_sheets",
                run_id(context),
                spec_pages_source.mode,
                outcome.outcome,
                facts.height,
                errors,
                outcome.message,
                started,
                len(pages),
            )
        )
        replace_slices(con, writes)
    unmatched = facts.filter(pl.col("model_id").is_null())["model_name"].unique().to_list()
    return dg.MaterializeResult(
        metadata={
            "dagster/row_count": facts.height,
            "source_mode": spec_pages_source.mode,
            "outcome": outcome.outcome,
            "pages_failed": len(errors),
            "cards": facts["model_name"].n_unique(),
            "unmatched_card_names": ", ".join(sorted(n for n in unmatched if n)) or "none",
        }
    )
