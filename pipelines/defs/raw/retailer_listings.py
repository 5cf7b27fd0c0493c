"""Asset: raw.retailer_listings, the day's listings from Newegg, Micro Center and Best Buy (its checks:
retailer_checks.py beside it). Computation: pipelines/sources/retailers/client.py (the pages; each store's parser
newegg.py, microcenter.py, bestbuy.py) -> transforms/retailer_rows.py (a parsed tile to a row)."""

import dagster as dg
import polars as pl

from pipelines.partitions import daily_partitions, partition_date, run_id
from pipelines.resources.retailers import RetailersResource
from pipelines.resources.warehouse import WarehouseResource
from pipelines.sources.http_session import FetchError
from pipelines.tables import table_asset
from transforms.ingest_errors import IngestError
from transforms.retailer_rows import RAW_RETAILER_SCHEMA, cut_titles, listing_rows
from transforms.source_outcome import optional_source_outcome
from warehouse.source_runs import ingest_error_writes, source_run_row, utc_now
from warehouse.writes import replace_slices

STORES = ("newegg", "microcenter", "bestbuy")


@table_asset("raw.retailer_listings", partitions_def=daily_partitions, kinds={"duckdb", "python"})
def retailer_listings(
    context: dg.AssetExecutionContext, retailers: RetailersResource, warehouse: WarehouseResource
) -> dg.MaterializeResult:
    """New-card prices from retailers: Newegg and Micro Center category pages (HTML, robots.txt honoured,
    one request per second per host) and the Best Buy Products API. One store failing keeps the others'
    rows; a page without products is an error in raw.ingest_errors saying why (store_not_selected,
    no_results, blocked, layout_changed), never an empty result. Bundles (Newegg combos) are rows of kind
    bundle, open-box offers rows of their own. The day does
    not need retailers (eBay lists new cards too): failing stores are recorded, never fail the run."""
    started = utc_now()
    day = partition_date(context)
    rows, errors, answered = [], [], {}
    notes: list[IngestError] = []  # rows changed at ingest (ITEM_KINDS): recorded, never a failed store
    clients = retailers.open_clients(context.log.info)
    for client, http in clients:
        store = client.spec.store
        count = 0
        try:
            for fetched in client.pages():
                new = listing_rows(fetched.page.listings, day, fetched.fetched_at, retailers.mode)
                notes += [
                    IngestError(store_, f"sku {sku}", "title_cut", reason)
                    for store_, sku, reason in cut_titles(new)
                ]
                rows.extend(new)
                count += len(new)
                answered[store] = count
        except FetchError as exc:
            errors.append(
                IngestError(
                    store, client.spec.first_url.split("?")[0], exc.kind, exc.reason, exc.status, exc.attempts
                )
            )
            context.log.warning(f"{store}: {exc.reason}")
        finally:
            http.close()
        context.log.info(f"{store}: {count} listings")
    frame = pl.DataFrame(rows, schema=RAW_RETAILER_SCHEMA).unique(
        ["store", "sku", "condition"], keep="first", maintain_order=True
    )
    notes = list({(n.source, n.target): n for n in notes}.values())  # a row found twice is noted once
    outcome = optional_source_outcome("Retailers", frame.height, errors, len(clients))
    with warehouse.connect() as con:
        writes = [("raw.retailer_listings", frame, {"snapshot_date": day})]
        writes += ingest_error_writes(day, STORES, errors + notes, run_id(context), retailers.mode)
        writes.append(
            source_run_row(
                day,
                "retailers",
                run_id(context),
                retailers.mode,
                outcome.outcome,
                frame.height,
                errors + notes,
                outcome.message,
                started,
                len(clients),
            )
        )
        replace_slices(con, writes)
    per_store = {s: int(frame.filter(pl.col("store") == s).height) for s in STORES}
    return dg.MaterializeResult(
        metadata={
            "dagster/row_count": frame.height,
            "source_mode": retailers.mode,
            "outcome": outcome.outcome,
            "listings_per_store": per_store,
            "stores_answered": sorted(answered),
            "failed_stores": sorted({e.source for e in errors}),
            "error_kinds": sorted({e.error_kind for e in errors}),
            "bundles": int(frame.filter(pl.col("listing_kind") == "bundle").height),
        }
    )
