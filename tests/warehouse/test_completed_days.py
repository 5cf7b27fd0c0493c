"""raw.completed_days: a day is complete only with its completion row and every required table present;
`forget` before a re-run, `record` after it; migration 230 seeds the days an older warehouse has whole."""

from datetime import date

from pipelines.backfill import backfill
from warehouse.completed_days import DAY, REQUIRED, complete_days, forget, record, started_days
from warehouse.connection import connect

D1, D2, D3 = date(2026, 11, 18), date(2026, 11, 19), date(2026, 11, 20)


def fill(con, day: date, tables=REQUIRED) -> None:
    """One row of `day` in each of `tables` (the other columns as the table's defaults or NULL)."""
    for table in tables:
        con.execute(f"INSERT INTO {table} (snapshot_date) VALUES (?)", [day])


def test_a_day_is_complete_with_its_row_and_every_required_table(tmp_path):
    with connect(tmp_path / "w.duckdb") as con:
        for table in REQUIRED:  # the day tables have NOT NULL columns: relax them for this test's bare rows
            for (column,) in con.execute(
                "SELECT column_name FROM duckdb_columns() WHERE schema_name || '.' || table_name = ? "
                "AND NOT is_nullable AND column_name <> 'snapshot_date'",
                [table],
            ).fetchall():
                con.execute(f'ALTER TABLE {table} ALTER COLUMN "{column}" DROP NOT NULL')
        fill(con, D1)
        fill(con, D2, REQUIRED[:2])  # listings and staging, killed before its marts
        fill(con, D3)
        con.execute(
            "INSERT INTO raw.source_runs VALUES (?, 'ebay', 'r', 'sample', 'ok', 1, 0, '', NULL, now(), 1, 0)",
            [D2],
        )
        record(con, [D1, D2], DAY, "run-1", "sample")
        assert complete_days(con, D1, D3) == {D1}  # D2 lacks its marts; D3 has no completion row
        assert started_days(con, D1, D3) == {D1, D2, D3}
        forget(con, [D1])  # a re-run of D1 begins
        assert complete_days(con, D1, D3) == set()
        record(con, [D1, D3], DAY, "run-2", "sample")
        record(con, [D3], DAY, "run-3", "sample")  # replaces, never duplicates
        assert complete_days(con, D1, D3) == {D1, D3}
        rows = con.execute("SELECT snapshot_date, run_id FROM raw.completed_days ORDER BY ALL").fetchall()
    assert rows == [(D1, "run-2"), (D2, "run-1"), (D3, "run-3")]


def test_backfill_runs_again_a_day_it_saved_as_done_that_the_warehouse_lacks(tmp_path):
    days = ["2026-11-01", "2026-11-02", "2026-11-03"]
    calls, lines = [], []

    def run_day(day: str) -> list[str]:
        calls.append(day)
        return ["failed"] if day == "2026-11-03" and calls.count(day) == 1 else []

    assert backfill(days, run_day, lambda: [], tmp_path, lines.append) == ["2026-11-03"]
    # the warehouse lost 2026-11-02 since (restored from an older copy, a run killed after the state was saved)
    assert (
        backfill(days, run_day, lambda: [], tmp_path, lines.append, complete=lambda d: {"2026-11-01"}) == []
    )
    assert calls == days + ["2026-11-02", "2026-11-03"]
    assert "1 days done earlier are incomplete in the warehouse: running them again" in lines
