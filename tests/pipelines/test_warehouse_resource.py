"""The warehouse resource within a run: the file is opened once, at the run's first write, held until the run
ends (so the run's later assets reuse it), then checkpointed and released; outside a run nothing is held."""

import subprocess
import sys

import dagster as dg
import duckdb

from pipelines.resources.warehouse import WarehouseResource


def opened_elsewhere(db) -> str:
    """What another process gets when it opens `db` read-only: "ok", or DuckDB's lock error."""
    code = f"import duckdb\ntry:\n    duckdb.connect({str(db)!r}, read_only=True).close(); print('ok')\nexcept Exception as e:\n    print(e)"
    return subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60
    ).stdout.strip()


def test_a_run_opens_the_file_once_holds_it_between_assets_and_releases_it_checkpointed(tmp_path):
    db = tmp_path / "w.duckdb"
    seen = {}

    @dg.asset
    def first(warehouse: WarehouseResource) -> None:
        with warehouse.connect() as con:
            con.execute("CREATE TABLE main.t AS SELECT 1 AS x")

    @dg.asset(deps=[first])
    def second(warehouse: WarehouseResource) -> None:
        seen["between assets"] = opened_elsewhere(db)  # no asset has the file open now, the run still does
        with (
            warehouse.read_only() as con
        ):  # a read-only handle to a file the process writes: DuckDB refuses it
            seen["read"] = con.execute("SELECT x FROM main.t").fetchone()[0]
        with warehouse.connect() as con:
            con.execute("INSERT INTO main.t VALUES (2)")

    assert dg.materialize(
        [first, second], resources={"warehouse": WarehouseResource(db_path=str(db))}
    ).success
    assert "lock" in seen["between assets"].lower() and seen["read"] == 1
    assert opened_elsewhere(db) == "ok"  # released at the run's end
    assert not db.with_name(db.name + ".wal").exists()  # and the run's writes are in the file itself
    with duckdb.connect(str(db), read_only=True) as con:
        assert con.execute("SELECT list(x ORDER BY x) FROM main.t").fetchone()[0] == [1, 2]


def test_outside_a_run_each_connect_opens_and_closes_the_file(tmp_path):
    db = tmp_path / "w.duckdb"
    warehouse = WarehouseResource(db_path=str(db))  # as the benchmarks and some tests invoke assets directly
    with warehouse.connect() as con:
        con.execute("CREATE TABLE main.t AS SELECT 1 AS x")
    assert opened_elsewhere(db) == "ok"
    with warehouse.read_only() as con:
        assert con.execute("SELECT x FROM main.t").fetchone()[0] == 1

    @dg.asset
    def writes(warehouse: WarehouseResource) -> None:
        with warehouse.connect() as con:
            con.execute("INSERT INTO main.t VALUES (2)")

    writes(
        dg.build_asset_context(), warehouse=warehouse
    )  # invoked directly: no run, no teardown to release it
    assert opened_elsewhere(db) == "ok"
