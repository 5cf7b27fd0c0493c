"""`python -m warehouse.drop_sample` (code review): a warehouse that ran the sample first can go live without losing
its file: the sample's rows go, live rows and the catalog stay, and a live run no longer refuses it."""

import shutil
from datetime import date

import duckdb

from pipelines.defs.sample_days import refuse_a_day_the_warehouse_cannot_take
from warehouse import drop_sample


def test_the_samples_rows_go_and_live_rows_stay(sample_run, tmp_path, monkeypatch, capsys):
    db = tmp_path / "w.duckdb"
    shutil.copyfile(sample_run["db"], db)
    with duckdb.connect(str(db)) as con:
        con.execute(
            "INSERT INTO raw.ebay_listings (snapshot_date, item_id, source_mode) VALUES ('2026-11-27', 'v1|9|0', 'live')"
        )
        specs = con.execute("SELECT count(*) FROM marts.gpu_specs").fetchone()[0]
    monkeypatch.setenv("GPU_MARKET_DB", str(db))
    assert drop_sample.main() == 0
    said = capsys.readouterr().out
    assert said.startswith(f"dropped the sample's rows from {db}: ") and "staging.listings " in said
    with duckdb.connect(str(db)) as con:
        left = {
            table: con.execute(f"SELECT count(*) FROM {table} WHERE source_mode = 'sample'").fetchone()[0]
            for (table,) in con.execute(drop_sample.LABELLED_SQL).fetchall()
        }
        assert set(left.values()) == {0}, left
        assert con.execute("SELECT item_id FROM raw.ebay_listings").fetchall() == [("v1|9|0",)]
        assert con.execute("SELECT count(*) FROM marts.gpu_specs").fetchone()[0] == specs > 0
        refuse_a_day_the_warehouse_cannot_take(con, date(2026, 11, 28), "live")  # no longer refused


def test_a_damaged_warehouse_is_one_line_naming_the_restore(tmp_path, monkeypatch, capsys):
    """An operator's re-test: on a truncated file it printed a traceback."""
    db = tmp_path / "w.duckdb"
    with duckdb.connect(str(db)) as con:
        con.execute("CREATE TABLE t AS SELECT range AS n, md5(range::VARCHAR) AS s FROM range(200000)")
    db.write_bytes(db.read_bytes()[: db.stat().st_size // 2])
    monkeypatch.setenv("GPU_MARKET_DB", str(db))
    assert drop_sample.main() == 1
    err = capsys.readouterr().err
    assert err.startswith("error: ") and err.count("\n") == 1, err
    assert (
        "is damaged and there is no readable published copy; rebuild it: move it aside" in err
    )  # no copy here
