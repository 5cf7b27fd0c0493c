"""Checks on retailer ingestion: a store that answered must yield listings; a halving is a warning."""

import dagster as dg

from pipelines.defs.raw.retailer_listings import STORES
from pipelines.resources.retailers import RetailersResource
from pipelines.resources.warehouse import WarehouseResource
from pipelines.tables import table_key

COUNTS_SQL = """
WITH days AS (SELECT DISTINCT snapshot_date FROM raw.retailer_listings
              UNION SELECT DISTINCT snapshot_date FROM raw.ingest_errors WHERE source IN ('newegg','microcenter','bestbuy')),
     latest AS (SELECT max(snapshot_date) AS d FROM days)
SELECT s.store,
       (SELECT count(*) FROM raw.retailer_listings r, latest WHERE r.store = s.store AND r.snapshot_date = latest.d),
       (SELECT count(*) FROM raw.retailer_listings r, latest WHERE r.store = s.store AND r.snapshot_date = latest.d - 1),
       (SELECT count(*) FROM raw.ingest_errors e, latest WHERE e.source = s.store AND e.snapshot_date = latest.d)
FROM (SELECT unnest(?) AS store) s
"""


@dg.asset_check(asset=table_key("raw.retailer_listings"), blocking=False)
def retailer_store_counts(warehouse: WarehouseResource, retailers: RetailersResource) -> dg.AssetCheckResult:
    """Fails when a store that answered (no fetch error) yields zero listings on the newest day; warns when a
    store's count fell by more than half from the day before. A store the run does not read (Best Buy live without
    its key) is left out (an operator's re-test: it failed the check every day, "answered but yielded nothing")."""
    stores = [s for s in STORES if s != "bestbuy" or retailers.reads_bestbuy()]
    with warehouse.read_only() as con:
        rows = con.execute(COUNTS_SQL, [stores]).fetchall()
    empty = [s for s, today, _, errors in rows if today == 0 and errors == 0]
    halved = [s for s, today, before, _ in rows if before and today < before / 2]
    counts = {s: {"today": t, "day_before": b, "errors": e} for s, t, b, e in rows}
    if empty:
        return dg.AssetCheckResult(
            passed=False,
            description=f"stores answered but yielded nothing: {empty}",
            metadata={"counts": counts},
        )
    return dg.AssetCheckResult(
        passed=not halved,
        severity=dg.AssetCheckSeverity.WARN,
        description=f"count fell by more than half: {halved}" if halved else "every store has listings",
        metadata={"counts": counts},
    )
