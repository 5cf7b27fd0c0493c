"""marts.listing_exits for one day: see sql/listing_exits.sql. Cumulative (one row per listing that left),
recomputed for the listings a day can affect, so days may come in any order."""

from datetime import date

import duckdb

from transforms.conditions import OPEN_BOX_AS_NEW
from transforms.price_daily import SCREEN_HIGH, SCREEN_LOW, SCREEN_MIN_LISTINGS
from warehouse.sql_scripts import read_sql, run_script

SQL = read_sql("marts/listing_exits.sql")


def update_exits(con: duckdb.DuckDBPyConnection, day: date, open_box_as_new: bool = OPEN_BOX_AS_NEW) -> int:
    """Apply `day` (inside the caller's transaction); the number of exits dated `day` afterwards. An exit names
    its card only when the listing counted toward the card's price on its last day (marts.price_daily's screen)."""
    params = {"screen_min": SCREEN_MIN_LISTINGS, "screen_low": SCREEN_LOW, "screen_high": SCREEN_HIGH}
    run_script(con, SQL, {"day": day, "open_box_as_new": open_box_as_new, **params})
    return con.execute("SELECT count(*) FROM marts.listing_exits WHERE exit_date = ?", [day]).fetchone()[0]
