"""Asset marts/alerts: watchlist alerts, each recorded and delivered once. Computation: transforms/alerts.py
(matching) on warehouse/kept_listings.py's listings."""

from datetime import UTC, datetime

import dagster as dg
import polars as pl

from pipelines.partitions import daily_partitions, partition_date
from pipelines.resources.alerts import AlertsResource
from pipelines.resources.market_rules import MarketRulesResource
from pipelines.resources.warehouse import WarehouseResource
from pipelines.tables import table_asset, table_key
from transforms.alerts import MATCH_COLUMNS, match_deals, match_listings, match_workloads
from transforms.conditions import OPEN_BOX_AS_NEW
from transforms.price_daily import screen_outliers
from warehouse.kept_listings import kept_listings
from warehouse.source_runs import day_source_mode
from warehouse.writes import read_frame, registered

MAX_DELIVERIES_PER_RUN = 100  # the rest wait for the next run (a flood is not a notification)

CARD_FACTS_SQL = """SELECT model_id, memory_gb AS vram_gb, vendor FROM marts.gpu_specs"""

CAVEATS_SQL = (
    "SELECT DISTINCT ON (model_id, condition) model_id, condition, caveat FROM marts.gpu_value "
    "WHERE snapshot_date = ? AND caveat IS NOT NULL"
)

FEEDBACK_SQL = (
    "SELECT item_id AS listing_id, seller_feedback_pct, seller_feedback_score FROM raw.ebay_listings "
    "WHERE snapshot_date = ?"
)


@table_asset(
    "marts.alerts",
    partitions_def=daily_partitions,
    kinds={"duckdb", "apprise"},
    deps=[
        table_key("staging.listings"),
        table_key("marts.deals"),
        table_key("marts.gpu_specs"),
        table_key("marts.gpu_value"),
        table_key("marts.llm_workload_machines"),
        table_key("marts.llm_workload_speeds"),
    ],
)
def alerts(
    context: dg.AssetExecutionContext,
    alerts: AlertsResource,
    rules: MarketRulesResource,
    warehouse: WarehouseResource,
) -> dg.MaterializeResult:
    """The day's listings that match an entry of the watchlist (watchlist.yaml), new deals of watched
    models, and machines that run a watched LLM workload fast enough within its machine budget, each recorded once per entry and listing in marts.alerts (only on the newest day: a backfill of
    old days is not news); then every alert not delivered yet is sent through Apprise to GPU_MARKET_ALERT_URLS.
    A failed delivery is recorded and retried next run; it never fails the run. Without a watchlist nothing
    is matched."""
    day = partition_date(context)
    reading = alerts.watchlist()
    if reading is None:
        context.log.info(f"no watchlist at {alerts.watchlist_path}: copy watchlist.example.yaml to start")
        return dg.MaterializeResult(metadata={"watchlist": "none", "new_alerts": 0})
    for problem in reading.problems:  # the user's file: say what is wrong, skip it, and let the day go on
        context.log.warning(f"watchlist: {problem}")
    entries = reading.entries
    if not entries and reading.problems:
        return dg.MaterializeResult(
            metadata={"watchlist_problems": "\n".join(reading.problems), "new_alerts": 0}
        )
    with warehouse.connect() as con:
        newest = con.execute("SELECT max(snapshot_date) FROM staging.listings").fetchone()[0]
        if newest is None or day >= newest:
            new = record_new_alerts(con, day, entries, rules.open_box_as_new)
        else:  # a backfill or refresh of an older day: nothing there is news
            context.log.info(
                f"alerts: {day} is older than the newest day ({newest}); only pending deliveries are retried"
            )
            new = 0
        pending = read_frame(
            con,
            "SELECT * FROM marts.alerts WHERE NOT delivered ORDER BY matched_date, watch, "
            "source, listing_id LIMIT ?",
            [MAX_DELIVERIES_PER_RUN],
        )
    delivered, failed = deliver(pending, alerts, warehouse)
    context.log.info(
        f"alerts: {new} new, {delivered} delivered, {failed} failed"
        + ("" if alerts.configured else " (no GPU_MARKET_ALERT_URLS: recorded, not sent)")
    )
    return dg.MaterializeResult(
        metadata={
            "new_alerts": new,
            "delivered": delivered,
            "failed_deliveries": failed,
            "watch_entries": len(entries),
            "target_configured": alerts.configured,
        }
    )


def record_new_alerts(con, day, entries: list, open_box_as_new: bool = OPEN_BOX_AS_NEW) -> int:
    """Match the day's screened listings and deals against `entries`; insert the (entry, listing) pairs not
    alerted before; how many."""
    facts = read_frame(con, CARD_FACTS_SQL)
    feedback = read_frame(con, FEEDBACK_SQL, [day])
    kept = screen_outliers(kept_listings(con, day, open_box_as_new)).filter(pl.col("kept_by_screen"))
    listings = kept.join(facts, on="model_id", how="left").join(feedback, on="listing_id", how="left")
    deals = (
        read_frame(con, "SELECT * FROM marts.deals WHERE snapshot_date = ?", [day])
        .join(facts, on="model_id", how="left")
        .join(feedback, on="listing_id", how="left")
    )
    fit = read_frame(con, "SELECT * FROM marts.llm_workload_fit WHERE snapshot_date = ?", [day])
    # a deal first: a listing that is one and a match alerts once, as the deal (how far under the market)
    found = pl.concat(
        [match_deals(deals, entries), match_listings(listings, entries), match_workloads(fit, entries)],
        how="vertical_relaxed",
    )
    # every card alert carries the card's caveat as the day's value mart words it (ninth review: P40 and SXM2
    # matches went out without "server only" or "CUDA 12 only")
    caveats = read_frame(con, CAVEATS_SQL, [day])
    # a refurbished unit (and open box kept apart) has no value row of its own: the card's caveat from another
    # condition's row, new first (the card's own facts: server only, CUDA 12 only; code review)
    by_card = (
        caveats.sort("condition").unique("model_id", keep="first").select("model_id", card_caveat="caveat")
    )
    found = (
        found.join(caveats, on=["model_id", "condition"], how="left", maintain_order="left")
        .join(by_card, on="model_id", how="left", maintain_order="left")
        .with_columns(caveat=pl.coalesce("caveat", "card_caveat"))
        .drop("card_caveat")
        .with_columns(
            reason=pl.when(pl.col("caveat").is_not_null())
            .then(pl.concat_str("reason", pl.lit("; caveat: "), "caveat"))
            .otherwise("reason")
        )
        .drop("caveat")
    )
    known = read_frame(con, "SELECT watch, source, listing_id FROM marts.alerts")
    new = (
        found.unique(["watch", "source", "listing_id"], keep="first", maintain_order=True)
        .join(known, on=["watch", "source", "listing_id"], how="anti")
        .select(MATCH_COLUMNS)
        .with_columns(
            matched_date=pl.lit(day),
            delivered=pl.lit(False),
            delivered_at=pl.lit(None, pl.Datetime("us")),
            attempts=pl.lit(0, pl.Int32),
            last_error=pl.lit(None, pl.String),
            source_mode=pl.lit(day_source_mode(con, day)),
        )
    )
    if new.height:
        with registered(con, "new_alerts", new):
            con.execute("INSERT INTO marts.alerts BY NAME SELECT * FROM new_alerts")
    return new.height


def message(row: dict) -> tuple[str, str]:
    title = f"gpu-market: {row['watch']}"
    mode = "" if row["source_mode"] == "live" else f" [{row['source_mode'].upper()} DATA, not market prices]"
    body = (
        f"{row['title']}\n{row['price']:,.0f} USD ({row['condition']}, {row['source']}) on {row['matched_date']}"
        f"{mode}\nwhy: {row['reason']}\n{row['url'] or ''}"
    ).strip()
    return title, body


def deliver(pending: pl.DataFrame, alerts: AlertsResource, warehouse: WarehouseResource) -> tuple[int, int]:
    """Send each pending alert; stop at the first failure (the target is likely down: the rest wait for the
    next run). Each outcome is written as soon as it is known: a crash re-sends at most the alert in flight."""
    if not alerts.configured:
        return 0, 0
    delivered = failed = 0
    for row in pending.iter_rows(named=True):
        error = alerts.send(*message(row))
        key = [row["watch"], row["source"], row["listing_id"]]
        with warehouse.connect() as con:
            if error is None:
                con.execute(
                    "UPDATE marts.alerts SET delivered = true, delivered_at = ?, attempts = attempts + 1, "
                    "last_error = NULL WHERE watch = ? AND source = ? AND listing_id = ?",
                    [datetime.now(UTC).replace(tzinfo=None), *key],
                )
                delivered += 1
            else:
                con.execute(
                    "UPDATE marts.alerts SET attempts = attempts + 1, last_error = ? "
                    "WHERE watch = ? AND source = ? AND listing_id = ?",
                    [error, *key],
                )
                failed += 1
                break
    return delivered, failed
