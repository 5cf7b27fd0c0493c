"""The SQL files in `warehouse/sql/`, and running one with named parameters."""

from pathlib import Path

import duckdb

SQL_DIR = Path(__file__).resolve().parent / "sql"


def read_sql(name: str) -> str:
    return (SQL_DIR / name).read_text()


def run_script(con: duckdb.DuckDBPyConnection, sql: str, params: dict) -> None:
    """Run each statement of `sql` (comment lines dropped; statements end with `;` at the end of a line).
    DuckDB binds parameters in one statement at a time, so each gets the parameters it names."""
    code = "\n".join(line for line in sql.splitlines() if not line.lstrip().startswith("--"))
    for statement in (s for s in code.split(";\n") if s.strip()):
        con.execute(statement, {k: v for k, v in params.items() if f"${k}" in statement} or None)
