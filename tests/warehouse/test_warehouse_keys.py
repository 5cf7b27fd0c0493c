"""The day tables carry no primary-key index (ddl/070): the key is enforced where rows come in."""

from datetime import date, timedelta

import duckdb
import polars as pl
import pytest

from tests.support.crash_writer import day_frame
from warehouse.connection import connect
from warehouse.keys import SLICE_KEYS
from warehouse.migrations import DDL_DIR, apply_migrations, load_python_migration
from warehouse.writes import replace_slices

DAY = date(2026, 11, 20)
MIGRATION_070 = DDL_DIR / "070_day_tables_without_index.py"


def _constraints(con, table: str) -> list[tuple]:
    schema, name = table.split(".")
    return con.execute(
        "SELECT constraint_type, constraint_column_names FROM duckdb_constraints() "
        "WHERE schema_name = ? AND table_name = ? ORDER BY ALL",
        [schema, name],
    ).fetchall()


def _described(con, table: str) -> dict:
    schema, name = table.split(".")
    cols = con.execute(
        "SELECT column_name, data_type, is_nullable, comment FROM duckdb_columns() "
        "WHERE schema_name = ? AND table_name = ? ORDER BY column_index",
        [schema, name],
    ).fetchall()
    (comment,) = con.execute(
        "SELECT comment FROM duckdb_tables() WHERE schema_name = ? AND table_name = ?", [schema, name]
    ).fetchone()
    return {"columns": cols, "comment": comment}


def test_the_rebuilt_tables_are_the_keyed_ones_and_keys_are_columns(tmp_path):
    rebuilt = set(load_python_migration(MIGRATION_070).TABLES)
    # every table 070 rebuilt is keyed (listing_history is merged on its key); tables created later (080's
    # marts.budget_builds) never had an index
    assert rebuilt - {"staging.listing_history"} <= set(SLICE_KEYS)
    with connect(tmp_path / "w.duckdb") as con:
        for table, key in SLICE_KEYS.items():
            described = _described(con, table)
            assert set(key) <= {c[0] for c in described["columns"]}, table
            kinds = {kind for kind, _ in _constraints(con, table)}
            assert "PRIMARY KEY" not in kinds and "NOT NULL" in kinds, table


def test_an_older_warehouse_is_upgraded_keeping_rows_comments_and_not_nulls(tmp_path):
    db = tmp_path / "old.duckdb"
    con = duckdb.connect(str(db))
    apply_migrations(con, before=MIGRATION_070.name)  # the warehouse as the previous release left it
    # 080 rebuilds marts.build_tiers and adds columns to marts.gpu_value; 130 adds columns to
    # raw.retailer_listings and rewords comments there and on staging.listings; 150 adds columns to
    # marts.budget_picks and rewords comments there; 170 and 180 add columns to staging.listings and
    # raw.ebay_listings; 220 adds a column to marts.price_daily; 320 adds columns to marts.deals: those keep
    # their old columns' names and types in front (checked below), the others stay exactly as they were
    grown = (
        "raw.retailer_listings",
        "staging.listings",
        "marts.budget_picks",
        "raw.ebay_listings",
        "marts.price_daily",
        "marts.deals",
    )
    kept = [
        t
        for t in load_python_migration(MIGRATION_070).TABLES
        if t in SLICE_KEYS and t not in ("marts.build_tiers", "marts.gpu_value", *grown)
    ]
    before = {t: _described(con, t) for t in kept}
    grown_before = {t: [c[:3] for c in _described(con, t)["columns"]] for t in grown}
    value_before = _described(con, "marts.gpu_value")
    assert any(kind == "PRIMARY KEY" for kind, _ in _constraints(con, "staging.listings"))
    con.register(
        "f", day_frame(DAY, 50, "old").drop("marketplace_id", "seller_key", "seller_account_type").to_arrow()
    )  # the table as it was
    con.execute("INSERT INTO raw.ebay_listings SELECT * FROM f")
    con.execute(
        "INSERT INTO marts.gpu_value (snapshot_date, model_id, condition, source_mode) "
        "VALUES (?, 'rtx-3090', 'used', 'sample')",
        [DAY],
    )
    con.close()

    with connect(db) as con:  # applies 070
        assert {t: _described(con, t) for t in kept} == before
        for table, columns in grown_before.items():
            assert [c[:3] for c in _described(con, table)["columns"]][: len(columns)] == columns
        value_after = _described(con, "marts.gpu_value")  # 140 rewords comments: names and types compared
        assert [c[:3] for c in value_after["columns"]][: len(value_before["columns"])] == [
            c[:3] for c in value_before["columns"]
        ]
        assert con.execute("SELECT count(*), count(DISTINCT item_id) FROM raw.ebay_listings").fetchone() == (
            50,
            50,
        )
        # 090 seeds raw.source_runs once from the stored days, so their labels survive the upgrade
        assert con.execute(
            "SELECT snapshot_date, source, source_mode, outcome, rows_loaded FROM raw.source_runs"
        ).fetchall() == [(DAY, "ebay", "sample", "ok", 50)]
        assert (
            con.execute("SELECT count(*) FROM marts.gpu_value_new_vs_used").fetchone()[0] >= 0
        )  # the view resolves
        assert not any(kind == "PRIMARY KEY" for kind, _ in _constraints(con, "staging.listings"))
        with pytest.raises(duckdb.ConstraintException):
            con.execute(
                "INSERT INTO staging.listings (snapshot_date, source, listing_id) VALUES (?, 'ebay', 'x')",
                [DAY],
            )


@pytest.mark.parametrize("as_parquet", [False, True])
def test_a_slice_repeating_its_key_is_refused_and_the_day_kept(tmp_path, as_parquet):
    with connect(tmp_path / "w.duckdb") as con:
        replace_slices(con, [("raw.ebay_listings", day_frame(DAY, 10, "good"), {"snapshot_date": DAY})])
        bad = pl.concat([day_frame(DAY, 5, "dup"), day_frame(DAY, 2, "dup")])
        data = bad
        if as_parquet:
            data = [tmp_path / "bad.parquet"]
            bad.write_parquet(data[0])
        with pytest.raises(
            ValueError, match=r"repeat the key \(snapshot_date, marketplace_id, item_id\).*dup-0"
        ):
            replace_slices(con, [("raw.ebay_listings", data, {"snapshot_date": DAY})])
        assert con.execute("SELECT count(*), min(item_id) FROM raw.ebay_listings").fetchone() == (
            10,
            "good-0",
        )


def test_rows_outside_the_replaced_slice_are_refused(tmp_path):
    with connect(tmp_path / "w.duckdb") as con:
        replace_slices(con, [("raw.ebay_listings", day_frame(DAY, 3, "a"), {"snapshot_date": DAY})])
        stray = pl.concat([day_frame(DAY, 2, "b"), day_frame(date(2026, 11, 19), 1, "c")])
        with pytest.raises(ValueError, match="1 incoming rows lie outside the slice"):
            replace_slices(con, [("raw.ebay_listings", stray, {"snapshot_date": DAY})])
        # twice the same day through the checked path: replaced, never doubled
        for _ in range(2):
            replace_slices(con, [("raw.ebay_listings", day_frame(DAY, 4, "d"), {"snapshot_date": DAY})])
        assert con.execute("SELECT count(*) FROM raw.ebay_listings").fetchone() == (4,)


def test_a_range_write_refuses_rows_outside_its_days_or_repeating_a_key_and_keeps_the_table(tmp_path):
    from warehouse.marts.days import replace_days_frame

    db = tmp_path / "w.duckdb"
    frame = pl.DataFrame(
        {"snapshot_date": [DAY], "model_id": ["m"], "condition": ["used"], "source_mode": ["sample"]}
    )
    with connect(db) as con:
        columns = [r[0] for r in con.execute("DESCRIBE marts.gpu_value").fetchall()]
        full = frame.with_columns(pl.lit(None).alias(c) for c in columns if c not in frame.columns).select(
            columns
        )
        assert replace_days_frame(con, "marts.gpu_value", DAY, DAY, full) == 1
        stray = full.with_columns(snapshot_date=pl.lit(DAY + timedelta(days=3)))
        with pytest.raises(ValueError, match="outside"):
            replace_days_frame(con, "marts.gpu_value", DAY, DAY, stray)
        assert con.execute("SELECT count(*) FROM marts.gpu_value").fetchone()[0] == 1
        with pytest.raises(ValueError, match="repeat the key"):
            replace_days_frame(con, "marts.gpu_value", DAY, DAY, pl.concat([full, full]))
        assert con.execute("SELECT count(*) FROM marts.gpu_value").fetchone()[0] == 1
