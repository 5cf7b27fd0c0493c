"""Shared fixtures: one full sample materialization into a temporary warehouse, reused by several tests."""

import fcntl
import os
import shutil
import socket
from collections.abc import Callable
from datetime import date
from pathlib import Path

import dagster as dg
import pytest

from pipelines.definitions import project_defs
from pipelines.resources import (
    AlertsResource,
    CloudCatalogResource,
    EbayResource,
    FxRatesResource,
    MarketRulesResource,
    RetailersResource,
    SpecPagesResource,
    WarehouseResource,
)
from pipelines.sources.ebay.replay import sample_marketplaces
from warehouse import connection

DAY = "2026-11-20"


@pytest.fixture(scope="session", autouse=True)
def new_warehouses_from_a_template(tmp_path_factory):
    """Every new warehouse file a test's code creates (warehouse.connection.connect on a path with no file)
    starts as a copy of one empty warehouse migrated once per test process, the same file the DDL would build:
    migrating a new file runs every DDL file (0.43 s; 71 times in a run of the suite), copying one takes a
    millisecond. The tests of the migrations build their files with DuckDB itself or from an older schema, so
    they still run the DDL; every `make` and `./gpu-market` process a test starts migrates its own."""
    template = tmp_path_factory.mktemp("template") / "empty.duckdb"
    with connection.connect(template):
        pass
    opened = connection._open

    def open_or_copy(path: Path, read_only: bool, wait_s: float):
        if not read_only and not path.exists():
            shutil.copyfile(template, path)
        return opened(path, read_only, wait_s)

    mp = pytest.MonkeyPatch()
    mp.setattr(connection, "_open", open_or_copy)
    yield template
    mp.undo()


@pytest.fixture(autouse=True)
def no_network_sources(monkeypatch):
    """Tests never touch the network: a live-mode run built from the environment (build_resources, run_daily)
    would read the gpuhunt catalog from S3 and the ECB's rates. Point both at a loopback port nothing listens on
    (refused at once); the tests of those clients serve them themselves."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        dead = f"http://127.0.0.1:{probe.getsockname()[1]}"
    monkeypatch.setenv("GPUHUNT_CATALOG_URL", f"{dead}/v3")
    # `run_daily` in sample mode builds the sample's earlier days first (pipelines/defs/sample_days.py): off unless a
    # test asks for it (tests/dashboards/test_dashboard_browser.py does)
    monkeypatch.setenv("GPU_MARKET_SAMPLE_DAYS", "1")
    monkeypatch.setenv("ECB_RATES_URL", f"{dead}/eurofxref-hist.zip")


def search_only_models_with_items(mp: pytest.MonkeyPatch) -> None:
    """eBay searches only for the catalog models the replayed snapshot has items for (the bundled sample: 32 of
    142 on EBAY_US, 8 on EBAY_GB and EBAY_DE): the other searches come back empty in sample mode, so the stored
    listings are the same and a day makes 48 searches instead of 426, 32 instead of 142 on EBAY_US alone (the
    day's completeness check counts the searches the run made). For the tests that run many days of the same property (the 30-day backfill run twice, the
    dashboard's 8-day site); every search is made by the tests of a whole day (the day twice, `make run`)."""
    from pipelines.defs.raw import ebay_listings as ebay_asset
    from pipelines.resources import ebay as ebay_resource

    searched = ebay_asset.queries_for_catalog

    def queries_with_items(catalog, model_ids=None, marketplaces=("EBAY_US",)):
        # the snapshot the replay serves, as the resource reads it (a test's simulated market included)
        snapshot = ebay_resource.market_snapshot
        with_items = sorted({m for market in marketplaces for m, items in snapshot(market).items() if items})
        return searched(catalog, model_ids=with_items, marketplaces=marketplaces)

    mp.setattr(ebay_asset, "queries_for_catalog", queries_with_items)


@pytest.fixture
def sample_models_only(monkeypatch):
    """search_only_models_with_items for one test."""
    search_only_models_with_items(monkeypatch)


@pytest.fixture
def dagster_instance():
    """An ephemeral Dagster instance for the test, disposed after it: its temporary folder goes with it rather
    than with the garbage collector ("Implicitly cleaning up", a ResourceWarning in whichever test runs then)."""
    with dg.DagsterInstance.ephemeral() as instance:
        yield instance


def redirect_outputs(mp: pytest.MonkeyPatch, root) -> None:
    """Point the export and the dashboard page into `root` instead of the checkout."""
    mp.setenv("GPU_MARKET_EXPORT_DIR", str(root / "exports"))
    mp.setenv("GPU_MARKET_DASHBOARD", str(root / "site" / "index.html"))


def sample_resources(db_path) -> dict:
    return {
        "warehouse": WarehouseResource(db_path=str(db_path)),
        "rules": MarketRulesResource(),
        "ebay": EbayResource(mode="sample", marketplace_ids=sample_marketplaces()),
        "retailers": RetailersResource(mode="sample"),
        "spec_pages_source": SpecPagesResource(mode="sample"),
        "cloud_catalog": CloudCatalogResource(mode="sample"),
        "fx": FxRatesResource(mode="sample"),
        "alerts": no_alerts(db_path),
    }


def no_alerts(db_path) -> AlertsResource:
    """No watchlist (not the developer's own watchlist.yaml), no target."""
    return AlertsResource(watchlist_path=str(Path(db_path).parent / "no-watchlist.yaml"))


def materialize_day(db_path, day: str = DAY, assets=None, run_config=None) -> dg.ExecuteInProcessResult:
    """Materialize `assets` (default: every asset of the project) for `day` on the sample."""
    return dg.materialize(
        project_defs().assets if assets is None else assets,
        partition_key=day,
        resources=sample_resources(db_path),
        run_config=run_config,
        raise_on_error=True,
    )


def materialize_into(root, db, day: str = DAY) -> dg.ExecuteInProcessResult:
    """materialize_day into `db` with the export and the dashboard written under `root` (only while it runs)."""
    mp = pytest.MonkeyPatch()
    redirect_outputs(mp, root)
    try:
        return materialize_day(db, day)
    finally:
        mp.undo()


def built_once(tmp_path_factory, name: str, build: Callable[[Path], bool]) -> tuple[Path, bool]:
    """A folder `build(folder)` fills once per session (it returns whether the run in it succeeded), copied into
    a temporary folder of this test process; (the copy, succeeded). Under pytest-xdist the first test process
    that needs it builds it in the session's shared temporary folder (a file lock keeps the others waiting),
    and every process works on its own copy: the test processes of one session need the same folders, and a
    sample day is seconds of work."""
    root = tmp_path_factory.mktemp(name)
    if not os.environ.get("PYTEST_XDIST_WORKER"):  # no xdist: the base folder's parent is every session's
        return root, build(root)
    shared = tmp_path_factory.getbasetemp().parent  # this session's, shared by its test processes
    built = shared / name
    with open(shared / f"{name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes
        if not (built / "succeeded").exists():
            built.mkdir(exist_ok=True)
            (built / "succeeded").write_text(str(build(built)))
    shutil.copytree(built, root, symlinks=True, dirs_exist_ok=True)
    return root, (root / "succeeded").read_text() == "True"


@pytest.fixture(scope="session")
def sample_run(tmp_path_factory):
    """A warehouse and export built from the bundled sample for DAY, and whether the run succeeded: built once
    per session (built_once; one sample day is 4.4 s of work, and both test processes need it)."""
    root, succeeded = built_once(
        tmp_path_factory, "sample_run", lambda folder: materialize_into(folder, folder / "gm.duckdb").success
    )
    mp = pytest.MonkeyPatch()
    redirect_outputs(mp, root)
    yield {"db": root / "gm.duckdb", "root": root, "day": date.fromisoformat(DAY), "succeeded": succeeded}
    mp.undo()


@pytest.fixture(scope="session")
def sample_rerun(sample_run, tmp_path_factory):
    """sample_run's warehouse copied, and DAY materialized again into the copy: the first run and a re-run of
    the same day, for the tests that compare them (one materialization for all of them and both test
    processes, built_once, not one per test or per process)."""

    def rerun(folder: Path) -> bool:
        shutil.copy(sample_run["db"], folder / "gm.duckdb")
        return materialize_into(folder, folder / "gm.duckdb").success  # then back to sample_run's outputs

    root, succeeded = built_once(tmp_path_factory, "sample_rerun", rerun)
    return {"db": root / "gm.duckdb", "first": sample_run["db"], "succeeded": succeeded}
