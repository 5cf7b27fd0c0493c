"""Folding one day of staging.listings into staging.listing_history, the same whatever order days come in.

A day later than every day already folded for its listings takes the incremental MERGE
(sql/listing_history.sql: one scan of the history, cost barely growing with it). Any other day (a backfill
in reverse, late data, a re-run) recomputes its listings' rows from every day of staging.listings
(sql/listing_history_refold.sql), which gives the rows the in-order MERGE would have.
"""

from datetime import date

import duckdb

from warehouse.sql_scripts import read_sql, run_script

MERGE_SQL = read_sql("staging/listing_history.sql")
REFOLD_SQL = read_sql("staging/listing_history_refold.sql")
FOLDED_LATER_SQL = """SELECT count(*) FROM staging.listing_history h
    SEMI JOIN (SELECT source, listing_id FROM staging.listings WHERE snapshot_date = $day) d
        ON h.source = d.source AND h.listing_id = d.listing_id
    WHERE h.last_seen >= $day"""


def fold_day(con: duckdb.DuckDBPyConnection, day: date) -> bool:
    """Fold `day` in (inside the caller's transaction); True when its listings' rows were recomputed."""
    refold = con.execute(FOLDED_LATER_SQL, {"day": day}).fetchone()[0] > 0
    run_script(con, REFOLD_SQL if refold else MERGE_SQL, {"day": day})
    return refold
