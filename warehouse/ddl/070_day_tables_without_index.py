"""070: the tables that grow by a slice a day lose their PRIMARY KEY.

Why: DuckDB keeps a primary key as an ART index and rewrites it at every checkpoint. With five years of
history (9 million staging.listings rows) that cost grew with the history: the daily incremental run took
2.6 s at 1,800 days against 1.0 s at one day (benchmark 3). These tables are only ever written through
`warehouse.writes.replace_slices`, which replaces a whole day and refuses rows whose key repeats
(`warehouse.keys.SLICE_KEYS`), and staging.listing_history through a MERGE on (source, listing_id); so the
key still holds, checked where rows come in instead of by an index.

DuckDB cannot drop a constraint (ALTER TABLE ... DROP CONSTRAINT is not implemented in 1.5), so each
table is rebuilt: same columns, types, NOT NULLs and comments, rows copied, no key.
"""

import duckdb

TABLES = (
    "raw.ebay_listings",
    "raw.retailer_listings",
    "staging.listings",
    "staging.listing_history",
    "marts.price_daily",
    "marts.gpu_value",
    "marts.budget_picks",
    "marts.deals",
    "marts.build_tiers",
)


def _quote(text: str) -> str:
    """A SQL string literal: COMMENT ON takes no bound parameter. The text is the warehouse's own comment."""
    return "'" + text.replace("'", "''") + "'"


def rebuild_without_key(con: duckdb.DuckDBPyConnection, table: str) -> None:
    schema, name = table.split(".")
    columns = con.execute(
        "SELECT column_name, data_type, is_nullable, column_default, comment FROM duckdb_columns() "
        "WHERE schema_name = ? AND table_name = ? ORDER BY column_index",
        [schema, name],
    ).fetchall()
    (table_comment,) = con.execute(
        "SELECT comment FROM duckdb_tables() WHERE schema_name = ? AND table_name = ?", [schema, name]
    ).fetchone()
    col_list = ", ".join(
        f'"{c}" {t}' + ("" if nullable else " NOT NULL") + (f" DEFAULT {d}" if d else "")
        for c, t, nullable, d, _ in columns
    )
    rebuilt = f"{schema}._rebuild_{name}"
    con.execute(f"CREATE TABLE {rebuilt} ({col_list})")
    con.execute(f"INSERT INTO {rebuilt} SELECT * FROM {table}")
    con.execute(f"DROP TABLE {table}")
    con.execute(f"ALTER TABLE {rebuilt} RENAME TO {name}")
    comments = [(f"TABLE {table}", table_comment)] + [
        (f'COLUMN {table}."{c}"', text) for c, _, _, _, text in columns
    ]
    for clause, text in comments:
        if text:
            literal = _quote(text)
            con.execute(f"COMMENT ON {clause} IS {literal}")


def migrate(con: duckdb.DuckDBPyConnection) -> None:
    for table in TABLES:
        rebuild_without_key(con, table)
