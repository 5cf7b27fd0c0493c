"""marts.listing_exits for one day: see sql/listing_exits.sql. Cumulative (one row per listing that left),
recomputed for the listings a day can affect, so days may come in any order."""

from datetime import date

import duckdb

from warehouse.sql_scripts import read_sql, run_script

SQL = read_sql("marts/listing_exits.sql")


def update_exits(con: duckdb.DuckDBPyConnection, day: date) -> int:
    """Apply `day` (inside the caller's transaction); the number of exits dated `day` afterwards."""
    run_script(con, SQL, {"day": day})
    return con.execute("SELECT count(*) FROM marts.listing_exits WHERE exit_date = ?", [day]).fetchone()[0]
