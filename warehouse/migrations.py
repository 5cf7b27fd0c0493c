"""Versioned DDL: the numbered files in `warehouse/ddl/`, applied once each, in order.

A file is applied in one transaction together with its row in `main.schema_migrations`, so a crash never
leaves a half-applied version behind. Most are `.sql`; a `.py` file defines `migrate(con)` for a change
DuckDB has no statement for (dropping a primary key means rebuilding the table, see 070).
Applied files are never edited: a change of schema is a new file.
"""

import importlib.util
import re
from pathlib import Path
from types import ModuleType

import duckdb

from warehouse.transactions import transaction

DDL_DIR = Path(__file__).resolve().parent / "ddl"


def sql_literal(text: str) -> str:
    """A SQL string literal: COMMENT ON takes no bound parameter. For a migration's own constants and the
    warehouse's own comments."""
    return "'" + text.replace("'", "''") + "'"


def add_commented_columns(
    con: duckdb.DuckDBPyConnection, tables: dict[str, dict[str, tuple[str, str]]]
) -> None:
    """For a `.py` migration: add each column (`{table: {column: (type, comment)}}`) if it is missing, and
    comment it. (Files applied before this helper keep their own copy: applied files are never edited.)"""
    for table, columns in tables.items():
        for column, (kind, comment) in columns.items():
            column_sql, literal_sql = f"{column} {kind}", sql_literal(comment)  # the migration's constants
            con.execute(f"ALTER TABLE {table} ADD COLUMN IF NOT EXISTS {column_sql}")
            con.execute(f"COMMENT ON COLUMN {table}.{column} IS {literal_sql}")


# a migration's name: its number, an underscore, what it does, and .sql or .py (e.g. 997_deals_open_box.sql)
DDL_NAME = re.compile(r"(\d+)_\w+\.(sql|py)")


def order(name: str) -> tuple[int, str]:
    """Where a DDL file comes in the order: by its number as a number (1000 after 999), then its name."""
    match = DDL_NAME.fullmatch(name)
    if match is None:
        raise ValueError(f"warehouse/ddl/{name}: a migration is named NNN_what_it_does.sql (or .py)")
    return int(match[1]), name


def ddl_files(ddl_dir: Path = DDL_DIR) -> list[Path]:
    """The DDL files, ordered by their number. A .sql or .py file not named as a migration is refused, as are two
    files of one number (code review: only three-digit names were read, so a 1000_... file was skipped without a
    word and 999 was the last number a change could take); an editor's backup or a merge's leftover (997_x.sql~,
    .orig) is no migration and is passed over (it stopped every command that writes, as "a bug")."""
    files = sorted(
        (p for p in ddl_dir.iterdir() if p.is_file() and p.suffix in (".sql", ".py")),
        key=lambda p: order(p.name),
    )
    numbers = [order(p.name)[0] for p in files]
    if len(set(numbers)) != len(numbers):
        twice = sorted({n for n in numbers if numbers.count(n) > 1})
        raise ValueError(f"warehouse/ddl/: more than one migration numbered {twice}")
    return files


def load_python_migration(path: Path) -> ModuleType:
    """The module of a `.py` migration (it defines `migrate(con)`)."""
    spec = importlib.util.spec_from_file_location(f"warehouse_migration_{path.stem}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _apply(con: duckdb.DuckDBPyConnection, path: Path) -> None:
    if path.suffix == ".sql":
        con.execute(path.read_text())
        return
    load_python_migration(path).migrate(con)


def apply_migrations(con: duckdb.DuckDBPyConnection, before: str | None = None) -> list[str]:
    """Apply every DDL file not applied yet (with `before`, a file name: only the files that come before it,
    the warehouse as an earlier release left it); return the versions applied now."""
    con.execute(
        "CREATE TABLE IF NOT EXISTS main.schema_migrations ("
        " version VARCHAR PRIMARY KEY, applied_at TIMESTAMP DEFAULT current_timestamp)"
    )
    con.execute("COMMENT ON TABLE main.schema_migrations IS 'DDL versions applied to this warehouse.'")
    con.execute("COMMENT ON COLUMN main.schema_migrations.version IS 'DDL file name.'")
    con.execute("COMMENT ON COLUMN main.schema_migrations.applied_at IS 'When it was applied.'")
    done = {row[0] for row in con.execute("SELECT version FROM main.schema_migrations").fetchall()}
    applied = []
    for path in ddl_files():
        if path.name in done or (before is not None and order(path.name) >= order(before)):
            continue
        with transaction(con):
            _apply(con, path)
            con.execute("INSERT INTO main.schema_migrations (version) VALUES (?)", [path.name])
        applied.append(path.name)
    return applied
