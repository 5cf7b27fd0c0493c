"""420: the comments name the modules that compute their tables by the tables' names (issue 38: a reader finds
a table's code by the table's name). Earlier migrations wrote the old paths into comments, and applied files
are never edited, so this one rewrites every table, view and column comment that names a moved module."""

import duckdb

from warehouse.migrations import sql_literal

# old path -> new path, as the comments spell them
MOVED = {
    "transforms/price_stats.py": "transforms/price_daily.py",
    "transforms.price_stats": "transforms.price_daily",
    "transforms/llm_workloads.py": "transforms/llm_workload_fit.py",
    "transforms.llm_workloads": "transforms.llm_workload_fit",
    "transforms/cloud_offers.py": "transforms/cloud_prices.py",
    "transforms.cloud_offers": "transforms.cloud_prices",
    "transforms/watchlist.py": "transforms/alerts.py",
    "transforms.watchlist": "transforms.alerts",
    "transforms/unmatched.py": "transforms/unmatched_titles.py",
    "warehouse/listing_exits.py": "warehouse/marts/listing_exits.py",
    "warehouse/sql/listing_exits.sql": "warehouse/sql/marts/listing_exits.sql",
    "warehouse/sql/listing_history.sql": "warehouse/sql/staging/listing_history.sql",
}


def _moved(comment: str) -> str:
    for old, new in MOVED.items():
        comment = comment.replace(old, new)
    return comment


def migrate(con: duckdb.DuckDBPyConnection) -> None:
    # every commented table, view and column, named as COMMENT ON names it (TABLE s.t, VIEW s.v, COLUMN s.t.c), read
    # whole before the first COMMENT runs (DuckDB 2 streams a result until it is read)
    commented = con.execute(
        "SELECT 'TABLE ' || schema_name || '.' || table_name, comment FROM duckdb_tables() "
        "WHERE database_name = current_database() AND comment IS NOT NULL "
        "UNION ALL SELECT 'VIEW ' || schema_name || '.' || view_name, comment FROM duckdb_views() "
        "WHERE database_name = current_database() AND NOT internal AND comment IS NOT NULL "
        "UNION ALL SELECT 'COLUMN ' || schema_name || '.' || table_name || '.' || column_name, comment "
        "FROM duckdb_columns() WHERE database_name = current_database() AND comment IS NOT NULL"
    ).fetchall()
    # COMMENT ON binds no parameter: the text is the warehouse's own comment, escaped as a literal
    for name, comment in commented:
        if _moved(comment) != comment:
            literal = sql_literal(_moved(comment))
            con.execute(f"COMMENT ON {name} IS {literal}")
