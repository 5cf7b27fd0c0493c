"""One home for environment reads: warehouse/environment.py. Every other module of the project's packages
reads the environment through it, so a setting is checked once and found in one place."""

import ast
from pathlib import Path

import pytest

from warehouse.environment import UserError, env_path, env_set, env_text

ROOT = Path(__file__).resolve().parents[2]
HOME = ROOT / "warehouse" / "environment.py"


def environment_reads(path: Path) -> list[int]:
    """Lines reading os.environ or os.getenv (also through `from os import environ`)."""
    lines = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "os":
            if node.attr in ("environ", "getenv", "environb", "getenvb"):
                lines.append(node.lineno)
        elif isinstance(node, ast.ImportFrom) and node.module == "os":
            if any(a.name in ("environ", "getenv") for a in node.names):
                lines.append(node.lineno)
    return lines


def test_only_the_environment_module_reads_the_environment():
    files = [
        p for d in ("pipelines", "warehouse", "dashboards", "transforms") for p in (ROOT / d).rglob("*.py")
    ]
    assert len(files) > 40 and HOME in files
    offenders = {
        str(p.relative_to(ROOT)): lines for p in files if p != HOME and (lines := environment_reads(p))
    }
    assert offenders == {}
    assert environment_reads(HOME)  # the check sees a read where there is one


def test_blank_is_unset_and_paths_fall_back(monkeypatch, tmp_path):
    monkeypatch.setenv("GPU_MARKET_TEST_SETTING", "   ")
    assert env_text("GPU_MARKET_TEST_SETTING") is None and not env_set("GPU_MARKET_TEST_SETTING")
    assert env_path("GPU_MARKET_TEST_SETTING", tmp_path / "default") == tmp_path / "default"
    monkeypatch.setenv("GPU_MARKET_TEST_SETTING", f" {tmp_path / 'chosen'} ")
    assert env_path("GPU_MARKET_TEST_SETTING", tmp_path / "default") == tmp_path / "chosen"


def test_the_warehouse_settings_are_checked_like_the_others(monkeypatch):
    from warehouse.connection import memory_limit

    monkeypatch.setenv("GPU_MARKET_DUCKDB_MEMORY", "2gb")
    assert memory_limit() == "2gb"
    monkeypatch.setenv("GPU_MARKET_DUCKDB_MEMORY", "lots")
    with pytest.raises(UserError, match="GPU_MARKET_DUCKDB_MEMORY='lots' is not valid: expected a size"):
        memory_limit()
