"""Asset: raw.cloud_offers, the GPU instance offers of the clouds in the gpuhunt catalog (live mode). Computation:
pipelines/sources/cloud/gpuhunt_catalog.py (the fetch and its rows)."""

from datetime import UTC, datetime

import dagster as dg
import polars as pl

from pipelines.partitions import daily_partitions, partition_date, run_id
from pipelines.resources.cloud_catalog import CloudCatalogResource
from pipelines.resources.warehouse import WarehouseResource
from pipelines.settings import LIVE
from pipelines.sources.cloud.gpuhunt_catalog import fetch_all
from pipelines.sources.http_session import FetchError
from pipelines.tables import table_asset
from transforms.ingest_errors import IngestError
from transforms.source_outcome import optional_source_outcome
from warehouse.source_runs import ingest_error_writes, source_run_row, utc_now
from warehouse.writes import replace_slices

SOURCE = "gpuhunt"
SKIPPED = "skipped"
MALFORMED_ROW = "malformed_row"
SCHEMA = {
    "snapshot_date": pl.Date,
    "provider": pl.String,
    "catalog_version": pl.String,
    "catalog_url": pl.String,
    "instance_name": pl.String,
    "location": pl.String,
    "usd_per_hour": pl.Float64,
    "gpu_count": pl.Int32,
    "gpu_name": pl.String,
    "gpu_memory_gb": pl.Float64,
    "spot": pl.Boolean,
    "flags": pl.String,
    "fetched_at": pl.Datetime("us"),
    "source_mode": pl.String,
}
KEY = ["provider", "instance_name", "location", "spot", "flags"]


@table_asset("raw.cloud_offers", partitions_def=daily_partitions, kinds={"duckdb", "python"})
def cloud_offers(
    context: dg.AssetExecutionContext, cloud_catalog: CloudCatalogResource, warehouse: WarehouseResource
) -> dg.MaterializeResult:
    """GPU instance offers (USD per instance-hour, on-demand and spot, per region) of AWS, Azure, GCP, Lambda,
    RunPod and the other clouds gpuhunt publishes a daily catalog for, read from its per-provider catalog.zip.
    Live mode only: in sample mode the source is recorded as skipped and marts.cloud_prices uses the dated
    snapshot. A provider whose catalog fails or no longer parses is recorded in raw.ingest_errors (a malformed
    row too, with its line), and the others load."""
    started, day = utc_now(), partition_date(context)
    rows: list[dict] = []
    failed: list[IngestError] = []  # a whole provider lost
    bad_rows: list[IngestError] = []  # one offer lost
    versions: dict[str, str] = {}
    if cloud_catalog.mode != LIVE:
        outcome, message = SKIPPED, "sample mode: marts.cloud_prices uses the dated snapshot"
    else:
        now = datetime.now(UTC).replace(tzinfo=None)
        session, http = cloud_catalog.open_session(context.log.info)
        try:
            for provider, result in fetch_all(
                session, cloud_catalog.base_url, tuple(cloud_catalog.providers)
            ):
                if isinstance(result, FetchError):
                    failed.append(
                        IngestError(
                            SOURCE, provider, result.kind, result.reason, result.status, result.attempts
                        )
                    )
                    context.log.warning(f"gpuhunt {provider}: {result.reason}")
                    continue
                versions[provider] = result.version
                bad_rows += [
                    IngestError(SOURCE, f"{provider} {result.url}", MALFORMED_ROW, why)
                    for why in result.bad_rows
                ]
                rows += [
                    {
                        "snapshot_date": day,
                        "provider": provider,
                        "catalog_version": result.version,
                        "catalog_url": result.url,
                        "instance_name": o.instance_name,
                        "location": o.location,
                        "usd_per_hour": o.usd_per_hour,
                        "gpu_count": o.gpu_count,
                        "gpu_name": o.gpu_name,
                        "gpu_memory_gb": o.gpu_memory_gb,
                        "spot": o.spot,
                        "flags": o.flags,
                        "fetched_at": now,
                        "source_mode": cloud_catalog.mode,
                    }
                    for o in result.offers
                ]
                context.log.info(
                    f"gpuhunt {provider} {result.version}: {len(result.offers)} GPU offers"
                    + (f", {len(result.bad_rows)} malformed rows" if result.bad_rows else "")
                )
        finally:
            http.close()
        summary = optional_source_outcome("gpuhunt", len(rows), failed, len(cloud_catalog.providers))
        outcome, message = summary.outcome, summary.message
        if bad_rows:
            message += f"; {len(bad_rows)} malformed rows skipped (see raw.ingest_errors)"
    offers = pl.DataFrame(rows, schema=SCHEMA).unique(
        KEY, keep="first", maintain_order=True
    )  # a repeated offer once
    with warehouse.connect() as con:
        replace_slices(
            con,
            [
                ("raw.cloud_offers", offers, {"snapshot_date": day}),
                *ingest_error_writes(day, [SOURCE], failed + bad_rows, run_id(context), cloud_catalog.mode),
                source_run_row(
                    day,
                    SOURCE,
                    run_id(context),
                    cloud_catalog.mode,
                    outcome,
                    offers.height,
                    failed,
                    message,
                    started,
                    len(cloud_catalog.providers),
                ),
            ],
        )
    return dg.MaterializeResult(
        metadata={
            "dagster/row_count": offers.height,
            "source_mode": cloud_catalog.mode,
            "outcome": outcome,
            "message": message,
            "catalog_versions": ", ".join(f"{p} {v}" for p, v in versions.items()) or "none",
            "providers_failed": len(failed),
        }
    )
