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


def test_the_gpu_market_script_answers_help():
    proc = subprocess.run(
        ["sh", str(ROOT / "gpu-market"), "--help"], capture_output=True, text=True, timeout=30
    )
    assert proc.returncode == 0 and "./gpu-market run [DAY]" in proc.stdout
    bad = subprocess.run(
        ["sh", str(ROOT / "gpu-market"), "nonsense"], capture_output=True, text=True, timeout=30
    )
    assert bad.returncode == 2 and bad.stderr.startswith("error: usage:")
