"""A day's source mode is the configured mode of its newest eBay run that did not fail, never its rows'."""

from datetime import date, datetime

from warehouse.connection import connect
from warehouse.source_runs import UNKNOWN, day_source_mode, source_run_row
from warehouse.writes import replace_slices

DAY = date(2026, 11, 20)


def record(con, run_id: str, mode: str, outcome: str, source: str = "ebay") -> None:
    replace_slices(
        con, [source_run_row(DAY, source, run_id, mode, outcome, 0, [], "test", datetime(2026, 11, 20), 1)]
    )


def test_the_day_mode_follows_the_newest_run_that_did_not_fail(tmp_path):
    with connect(tmp_path / "w.duckdb") as con:
        assert day_source_mode(con, DAY) == UNKNOWN
        record(con, "r1", "sample", "ok")
        assert day_source_mode(con, DAY) == "sample"
        record(con, "r2", "live", "failed")  # a failed live run left the sample data in place
        assert day_source_mode(con, DAY) == "sample"
        record(
            con, "r2", "live", "ok", source="retailers"
        )  # its retailers loaded, but the marts were not rebuilt
        assert day_source_mode(con, DAY) == "sample"
        record(con, "r3", "live", "partial")  # a live eBay run that loaded something
        assert day_source_mode(con, DAY) == "live"
        record(con, "r3", "live", "ok")  # the same run recording again replaces its row
        assert day_source_mode(con, DAY) == "live"
        assert con.execute("SELECT count(*) FROM raw.source_runs").fetchone()[0] == 4
