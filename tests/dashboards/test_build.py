"""`make dashboard` (python -m dashboards.build) renders with the open-box rule the day's marts were built with,
read from the warehouse (dashboards.report_data.open_box_rule), whatever its own shell's GPU_MARKET_OPEN_BOX_AS_NEW
says: the run's setting and `make dashboard`'s could differ (code review, 2026-11-28)."""

import shutil

import duckdb

from dashboards import build


def test_make_dashboard_uses_the_open_box_rule_the_days_marts_were_built_with(
    sample_run, tmp_path, monkeypatch
):
    day = sample_run["day"].isoformat()
    published = sample_run["db"].parent / "published" / sample_run["db"].name
    # the sample's marts price open box as new: a new price resting on open-box units says so (twenty-third review),
    # even where this shell says otherwise
    monkeypatch.setenv("GPU_MARKET_READ_DB", str(published))
    monkeypatch.setenv("GPU_MARKET_OPEN_BOX_AS_NEW", "false")
    monkeypatch.setenv("GPU_MARKET_DASHBOARD", str(tmp_path / "as_new" / "index.html"))
    assert build.main(["dashboards.build", day]) == 0
    assert "open box: 2 of its 4 listings" in (tmp_path / "as_new" / "index.html").read_text()
    # marts built with open box as its own bucket (a price_daily row of that bucket): no new price rests on open-box
    # units, and nothing says so, even where this shell says open box is new
    apart = tmp_path / "apart.duckdb"
    shutil.copy(published, apart)
    with duckdb.connect(str(apart)) as con:
        con.execute(
            "INSERT INTO marts.price_daily BY NAME SELECT * REPLACE ('open_box' AS condition) FROM marts.price_daily "
            "WHERE snapshot_date = ? AND condition = 'new' LIMIT 1",
            [day],
        )
    monkeypatch.setenv("GPU_MARKET_READ_DB", str(apart))
    monkeypatch.setenv("GPU_MARKET_OPEN_BOX_AS_NEW", "true")
    monkeypatch.setenv("GPU_MARKET_DASHBOARD", str(tmp_path / "apart" / "index.html"))
    assert build.main(["dashboards.build", day]) == 0
    page = (tmp_path / "apart" / "index.html").read_text()
    assert "of its 4 listings" not in page and "open box: " not in page


def test_a_malformed_setting_or_no_warehouse_is_one_line(tmp_path, monkeypatch, capsys):
    """Thirty-sixth review (an operator): `GPU_MARKET_DUCKDB_MEMORY=lots make dashboard` printed a traceback and
    exited 1; bad input is one line and exit 2, a missing warehouse one line and exit 1."""
    monkeypatch.setenv("GPU_MARKET_READ_DB", str(tmp_path / "none.duckdb"))
    assert build.main(["dashboards.build"]) == 1
    assert (
        capsys.readouterr().err
        == f"error: No warehouse at {tmp_path / 'none.duckdb'}: run `make run` first.\n"
    )
    with duckdb.connect(str(tmp_path / "none.duckdb")):
        pass
    monkeypatch.setenv("GPU_MARKET_DUCKDB_MEMORY", "lots")
    assert build.main(["dashboards.build"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: GPU_MARKET_DUCKDB_MEMORY='lots' is not valid") and err.count("\n") == 1
