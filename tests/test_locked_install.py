"""`make run` and `make test` install exactly what uv.lock says (`uv sync --frozen`): every distribution in
the environment is in the lock, at a locked version, and the Dagster family is on one version."""

import importlib.metadata as metadata
import tomllib
from pathlib import Path

from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[1]
SEEDS = {"pip", "setuptools", "wheel"}  # what `python -m venv` puts in before uv syncs


def _locked() -> dict[str, set[str]]:
    lock = tomllib.loads((ROOT / "uv.lock").read_text())
    versions: dict[str, set[str]] = {}
    for package in lock["package"]:
        versions.setdefault(canonicalize_name(package["name"]), set()).add(package.get("version"))
    return versions


def test_every_installed_distribution_is_at_its_locked_version():
    locked = _locked()
    installed = {canonicalize_name(d.metadata["Name"]): d.version for d in metadata.distributions()}
    assert len(installed) > 50
    unlocked = sorted(n for n in installed if n not in locked and n not in SEEDS)
    drifted = sorted(
        (n, v, sorted(locked[n])) for n, v in installed.items() if n in locked and v not in locked[n]
    )
    assert unlocked == [] and drifted == [], f"not in uv.lock: {unlocked}; other versions: {drifted}"


def test_the_dagster_family_moves_in_lock_step_and_duckdb_is_on_2x_without_dagsters_duckdb_add_ons():
    locked = _locked()
    family = {n: locked[canonicalize_name(n)] for n in ("dagster", "dagster-webserver", "dagster-dg-cli")}
    assert len(set().union(*family.values())) == 1, family
    # one DuckDB major for everything that opens the file (2.x files are unreadable by 1.x)
    assert all(v.startswith("2.") for v in locked["duckdb"]), locked["duckdb"]
    # Dagster's DuckDB add-ons (dagster-duckdb, -polars, -pandas) call APIs duckdb 2.0 removed
    assert [n for n in locked if n.startswith("dagster-duckdb")] == []


def test_make_and_ci_install_from_the_lock_and_lint():
    makefile = (ROOT / "Makefile").read_text()
    assert "sync --frozen" in makefile and "pip install" not in makefile.replace(
        "pip install --quiet uv==", ""
    )
    ci = (ROOT / ".ci" / "run").read_text()
    assert "make lint" in ci and "make test" in ci
    assert "ruff format --check" in makefile and "ruff check" in makefile
