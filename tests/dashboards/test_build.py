"""`make dashboard` (python -m dashboards.build) renders with the run's market rule for open-box units, read from
the same setting as `make run` (GPU_MARKET_OPEN_BOX_AS_NEW), not the default whatever the run was told."""

from dashboards import build


def test_make_dashboard_reads_the_open_box_rule_the_run_reads(sample_run, tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("GPU_MARKET_DB", str(sample_run["db"]))
    day = sample_run["day"].isoformat()
    pages = {}
    for setting in ("true", "false"):
        page = tmp_path / setting / "index.html"
        monkeypatch.setenv("GPU_MARKET_DASHBOARD", str(page))
        monkeypatch.setenv("GPU_MARKET_OPEN_BOX_AS_NEW", setting)
        assert build.main(["dashboards.build", day]) == 0
        pages[setting] = page.read_text()
    # open box priced as new: a new price resting on open-box units says so (twenty-third review); as its own
    # bucket, the new rows hold no open-box unit to speak of
    assert "open box: 2 of its 4 listings" in pages["true"]
    assert "of its 4 listings" not in pages["false"] and "open box: " not in pages["false"]
    # a malformed value is the run's one-line error, before the warehouse is opened
    monkeypatch.setenv("GPU_MARKET_OPEN_BOX_AS_NEW", "maybe")
    capsys.readouterr()
    assert build.main(["dashboards.build", day]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("error: GPU_MARKET_OPEN_BOX_AS_NEW='maybe' is not valid: expected true or false")
