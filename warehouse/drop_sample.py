"""`python -m warehouse.drop_sample`: delete the bundled sample's rows from the warehouse, so that live days can start
in it.

Sample and live days never share a warehouse (pipelines/defs/sample_days.py): a live run refuses one holding the
sample, as its days would be read as live history. A warehouse that ran the sample first (what the README's first
command does) and is to go live keeps its file with this instead: every table of raw, staging and marts with a
`source_mode` column loses its rows of source_mode 'sample' (raw.completed_days and raw.source_runs among them),
and raw.day_writes the days no listing is left on. The catalog's tables (specs, benchmarks, platforms) are no
sample and stay. One transaction, under the run lock; the published copy keeps the sample until the next good day
replaces it.

Exit codes: 0 done (the rows deleted, per table); 1 another process writes the warehouse, or there is none; 2 bad
input.
"""

import sys

import duckdb

from warehouse.transactions import transaction
from warehouse.user_days import USAGE_EXIT, asked_for_help, show_help, too_many

# the tables (not views) of raw, staging and marts that label their rows sample or live
LABELLED_SQL = """
SELECT t.schema_name || '.' || t.table_name FROM duckdb_tables() t
JOIN duckdb_columns() c ON c.schema_name = t.schema_name AND c.table_name = t.table_name
WHERE t.database_name = current_database() AND c.database_name = current_database()
  AND t.schema_name IN ('raw', 'staging', 'marts') AND c.column_name = 'source_mode'
ORDER BY 1"""


def drop_sample(con: duckdb.DuckDBPyConnection) -> dict[str, int]:
    """Delete the sample's rows (above) in one transaction; the rows deleted per table, tables with none left out."""
    deleted = {}
    with transaction(con):
        for table in [row[0] for row in con.execute(LABELLED_SQL).fetchall()]:
            deleted[table] = con.execute(f"DELETE FROM {table} WHERE source_mode = 'sample'").fetchone()[0]
        deleted["raw.day_writes"] = con.execute(
            "DELETE FROM raw.day_writes WHERE snapshot_date NOT IN (SELECT snapshot_date FROM staging.listings)"
        ).fetchone()[0]
    return {table: n for table, n in deleted.items() if n}


def main() -> int:
    from warehouse.connection import connect
    from warehouse.paths import db_path
    from warehouse.run_lock import WarehouseBusyError, run_lock

    work = db_path()
    if not work.exists():
        print(f"error: no warehouse at {work}", file=sys.stderr)
        return 1
    from warehouse.restore import WarehouseDamagedError, check_whole, restore_advice

    try:
        with run_lock(work, "python -m warehouse.drop_sample"):
            check_whole(work)  # before DuckDB opens it for writing (an operator's re-test: a traceback)
            with connect(work) as con:
                deleted = drop_sample(con)
    except WarehouseBusyError as exc:
        print(f"error: {str(exc).splitlines()[0]}", file=sys.stderr)
        return 1
    except (WarehouseDamagedError, duckdb.Error) as exc:
        print(f"error: {str(exc).splitlines()[0]}: {restore_advice(work)}", file=sys.stderr)
        return 1
    rows = ", ".join(f"{table} {n:,}" for table, n in deleted.items()) or "none"
    print(f"dropped the sample's rows from {work}: {rows}")
    return 0


if __name__ == "__main__":
    if asked_for_help(sys.argv):
        sys.exit(show_help(__doc__))
    sys.exit(
        USAGE_EXIT if too_many(sys.argv, 0, "python -m warehouse.drop_sample takes no arguments") else main()
    )
