"""Every command answers --help with its usage and exit codes, exit 0, and touches nothing (issue 38)."""

import runpy
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
COMMANDS = {
    "pipelines.run_daily": "python -m pipelines.run_daily",
    "pipelines.backfill": "make backfill",
    "pipelines.range_run": "make rebuild",
    "pipelines.doctor": "make doctor",
    "warehouse.restore": "make restore",
    "dashboards.build": "python -m dashboards.build",
    "dashboards.export_doc": "python -m dashboards.export_doc",
    "warehouse.schema_file": "make schema",
    "warehouse.drop_sample": "python -m warehouse.drop_sample",
}


# runpy re-runs a module the suite already imported, and says so: that is this harness, not the command
@pytest.mark.filterwarnings("ignore:.*found in sys.modules after import of package:RuntimeWarning")
@pytest.mark.parametrize("module", sorted(COMMANDS))
@pytest.mark.parametrize("flag", ["--help", "-h"])
def test_each_command_prints_its_usage_and_exits_0(module, flag, monkeypatch, capsys, tmp_path):
    monkeypatch.setenv("GPU_MARKET_DB", str(tmp_path / "never-created.duckdb"))
    monkeypatch.setattr(sys, "argv", [module, flag])
    with pytest.raises(SystemExit) as stopped:
        runpy.run_module(module, run_name="__main__")
    assert stopped.value.code == 0
    out = capsys.readouterr().out
    assert COMMANDS[module] in out.splitlines()[0]
    assert not (tmp_path / "never-created.duckdb").exists()


def test_make_indices_answers_help_and_refuses_arguments():
    """Thirty-sixth review: `tools/perf_indices.py --help` printed its table; a script, not a module, so run as make
    runs it."""
    script = str(ROOT / "tools" / "perf_indices.py")
    proc = subprocess.run([sys.executable, script, "--help"], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0 and "make indices" in proc.stdout.splitlines()[0] and "LOO" not in proc.stdout
    bad = subprocess.run([sys.executable, script, "x"], capture_output=True, text=True, timeout=60)
    assert bad.returncode == 2 and bad.stderr == "error: unexpected 'x': make indices takes no arguments\n"


@pytest.mark.filterwarnings("ignore:.*found in sys.modules after import of package:RuntimeWarning")
@pytest.mark.parametrize(
    "module, argv, message",
    [
        (
            "pipelines.run_daily",
            ["2026-11-20", "extra"],
            "give at most one DAY (YYYY-MM-DD), e.g. make run DAY=2026-11-20",
        ),
        (
            "dashboards.build",
            ["2026-11-20", "extra"],
            "give at most one DAY (YYYY-MM-DD), e.g. make dashboard DAY=2026-11-20",
        ),
        ("pipelines.doctor", ["extra"], "make doctor takes no arguments"),
        ("warehouse.restore", ["extra"], "make restore takes no arguments"),
        ("warehouse.schema_file", ["extra"], "make schema takes no arguments"),
    ],
)
def test_a_command_refuses_arguments_it_does_not_take(module, argv, message, monkeypatch, capsys, tmp_path):
    """Thirty-sixth review: `./gpu-market run 2026-11-20 extra` ran the day with the rest ignored; bad input, exit 2,
    before anything is opened or written."""
    monkeypatch.setenv("GPU_MARKET_DB", str(tmp_path / "never-created.duckdb"))
    monkeypatch.setattr(sys, "argv", [module, *argv])
    with pytest.raises(SystemExit) as stopped:
        runpy.run_module(module, run_name="__main__")
    assert stopped.value.code == 2
    assert capsys.readouterr().err == f"error: unexpected 'extra': {message}\n"
    assert not (tmp_path / "never-created.duckdb").exists()


def test_the_gpu_market_script_answers_help():
    proc = subprocess.run(
        ["sh", str(ROOT / "gpu-market"), "--help"], capture_output=True, text=True, timeout=30
    )
    assert proc.returncode == 0 and "./gpu-market run [DAY]" in proc.stdout
    bad = subprocess.run(
        ["sh", str(ROOT / "gpu-market"), "nonsense"], capture_output=True, text=True, timeout=30
    )
    assert bad.returncode == 2 and bad.stderr.startswith("error: usage:")
