"""marts.listing_exits for one day: see sql/listing_exits.sql. Cumulative (one row per listing that left),
recomputed for the listings a day can affect, so days may come in any order."""

from datetime import date
from pathlib import Path

import duckdb

SQL = (Path(__file__).resolve().parent / "sql" / "listing_exits.sql").read_text()


def update_exits(con: duckdb.DuckDBPyConnection, day: date) -> int:
    """Apply `day` (inside the caller's transaction); the number of exits dated `day` afterwards."""
    for statement in (s for s in SQL.split(";\n") if s.strip()):  # DuckDB binds parameters one statement at a time
        con.execute(statement, {"day": day} if "$day" in statement else None)
    return con.execute("SELECT count(*) FROM marts.listing_exits WHERE exit_date = ?", [day]).fetchone()[0]
