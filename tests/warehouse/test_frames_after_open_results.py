"""DuckDB 2 streams results: a SELECT read with fetchone() stays open, and registering a frame or reading one
through a relation then fails ("connection has an unfinished result"). `registered` and `read_frame`
(warehouse/writes.py) finish such a result first, so every caller may read a figure and then hand over a frame."""

import duckdb
import polars as pl
import pytest

from warehouse.writes import read_frame, registered


@pytest.fixture
def con_with_open_result():
    con = duckdb.connect()
    con.execute("CREATE TABLE t AS SELECT range AS n FROM range(5)")
    assert con.execute("SELECT n FROM t ORDER BY n").fetchone() == (0,)  # four rows left unread
    with pytest.raises(duckdb.Error, match="unfinished result"):
        con.register("raw", pl.DataFrame({"n": [1]}))  # what DuckDB does without the helpers
    yield con
    con.close()


def test_a_frame_registers_after_a_partly_read_result(con_with_open_result):
    con = con_with_open_result
    with registered(con, "incoming", pl.DataFrame({"n": [10, 11]})):
        con.execute("INSERT INTO t SELECT n FROM incoming")
        assert con.execute("SELECT count(*) FROM t").fetchone()[0] == 7  # one row read, result left open
    with pytest.raises(duckdb.CatalogException):
        con.execute("SELECT * FROM incoming")  # unregistered on leaving


def test_a_frame_reads_after_a_partly_read_result_with_either_kind_of_parameter(con_with_open_result):
    con = con_with_open_result
    assert read_frame(con, "SELECT n FROM t WHERE n >= ? ORDER BY n", [3])["n"].to_list() == [3, 4]
    con.execute("SELECT n FROM t").fetchone()
    assert read_frame(con, "SELECT n FROM t WHERE n < $top ORDER BY n", {"top": 2})["n"].to_list() == [0, 1]
