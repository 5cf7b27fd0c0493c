"""The Dagster code location loads, and is shaped as users expect: found by Dagster's loader in
pipelines/defs/ (no hand-kept list), every asset key the table it writes, one layer per folder."""

import importlib
import json
import os
import subprocess
import sys
from pathlib import Path

import dagster as dg
import yaml

from pipelines.definitions import defs as load_defs
from warehouse.connection import connect

ROOT = Path(__file__).resolve().parents[2]
DEFS = ROOT / "pipelines" / "defs"
LAYERS = {"raw", "staging", "marts", "exports"}
defs = load_defs()

# The snapshot: what the code location holds. A new asset, job or schedule is added here on purpose.
ASSETS = {
    "raw": {
        "cloud_offers", "ebay_aspect_counts", "ebay_aspect_evidence", "ebay_listings", "ebay_sold_items", "fx_rates",
        "gpu_spec_sheets", "retailer_listings",
    },
    "staging": {"gpu_benchmarks", "gpu_specs", "listing_history", "listings", "unmatched_titles"},
    "marts": {
        "alerts", "budget_builds", "budget_picks", "build_tiers", "buy_vs_rent", "cloud_prices", "deals",
        "gpu_specs", "gpu_value", "listing_exits", "llm_workload_machines", "llm_workload_speeds", "perf_index_fits",
        "platform_parts",
        "platforms", "price_daily", "region_picks", "region_prices", "region_tiers", "region_value",
    },
    "exports": {"daily_export", "dashboard", "published_warehouse"},
}  # fmt: skip
CHECKS = {
    "raw/retailer_listings:retailer_store_counts",
    "staging/gpu_specs:spec_sheet_disagreements",
    "staging/gpu_specs:spec_completeness",
    "staging/listings:listings_complete",
    "staging/listings:listings_fresh",
    "marts/price_daily:price_coverage",
    "marts/price_daily:price_plausible",
    "marts/cloud_prices:cloud_prices_current",
    "marts/gpu_specs:software_support_known",
    "marts/llm_workload_machines:llm_workloads_runnable",
}
JOBS = {"daily_refresh", "refresh_stale_days", "sample_history", "sample_marts", "sample_specs"}


def test_definitions_load():
    dg.Definitions.validate_loadable(defs)


def test_the_snapshot_of_assets_checks_jobs_schedules_and_sensors():
    graph = defs.resolve_asset_graph()
    keys = {k.to_user_string() for k in graph.get_all_asset_keys()}
    assert keys == {f"{layer}/{name}" for layer, names in ASSETS.items() for name in names}
    assert {f"{k.asset_key.to_user_string()}:{k.name}" for k in graph.asset_check_keys} == CHECKS
    assert {j.name for j in defs.jobs} == JOBS
    assert [s.name for s in defs.schedules] == ["daily_refresh_schedule"]
    assert sorted(s.name for s in defs.sensors) == ["stale_days_sensor", "today_follows_its_inputs"]


def test_every_asset_key_names_its_table_and_the_table_exists(tmp_path):
    """raw/ebay_listings writes raw.ebay_listings: the key, the group and the `dagster/table_name` metadata
    agree, and the warehouse has that table (with a comment)."""
    with connect(tmp_path / "w.duckdb") as con:
        comments = dict(
            con.execute("SELECT schema_name || '.' || table_name, comment FROM duckdb_tables()").fetchall()
        )
    graph = defs.resolve_asset_graph()
    for key in graph.get_all_asset_keys():
        node = graph.get(key)
        layer, name = key.path
        assert node.group_name == layer, key
        if layer == "exports":
            assert "dagster/table_name" not in node.metadata, key
            continue
        table = f"{layer}.{name}"
        assert node.metadata["dagster/table_name"] == table, key
        assert comments.get(table), f"{key}: no table {table} with a comment in the warehouse"


def test_each_layer_folder_holds_its_own_assets_and_checks():
    """pipelines/defs/<layer>/ defines the assets of that layer and the checks on them, nothing else."""
    found = set()
    for layer in LAYERS:
        for path in sorted((DEFS / layer).glob("*.py")):
            module = importlib.import_module(f"pipelines.defs.{layer}.{path.stem}")
            for value in vars(module).values():
                if isinstance(value, dg.AssetChecksDefinition):
                    keys = [k.asset_key for k in value.check_keys]
                elif isinstance(value, dg.AssetsDefinition):
                    keys = list(value.keys)
                else:
                    continue
                assert {k.path[0] for k in keys} == {layer}, f"{path}: {keys}"
                found.update(keys)
    assert found == set(defs.resolve_asset_graph().get_all_asset_keys())


# where a staging or marts table's computation may live, found by the table's name (issue 38 item 1)
HOMES = (
    "transforms/{table}.py",
    "transforms/tiers/{table}.py",
    "warehouse/marts/{table}.py",
    "warehouse/{table}.py",
    "warehouse/sql/{schema}/{table}.sql",
    "warehouse/catalog/{table}.csv",
)
# a side table written in one transaction with the table whose computation makes it
SIDE_TABLES = {
    "marts.llm_workload_machines": "marts.llm_workload_fit",  # the two tables of the view
    "marts.llm_workload_speeds": "marts.llm_workload_fit",
    "marts.perf_index_fits": "marts.gpu_specs",
}


def homes_of(table: str) -> list[str]:
    schema, name = table.split(".")
    paths = [h.format(schema=schema, table=name) for h in HOMES]
    return [path for path in paths if (ROOT / path).exists()]


def test_a_table_s_computation_is_found_by_its_name():
    """Every staging and marts table has its computation in a module (or SQL file, or curated catalog file)
    named after it, or after the table it is written with; its asset module names that home in its docstring."""
    graph = defs.resolve_asset_graph()
    problems, checked = [], 0
    for key in graph.get_all_asset_keys():
        layer, name = key.path
        if layer not in ("staging", "marts"):
            continue
        table = f"{layer}.{name}"
        homes = homes_of(SIDE_TABLES.get(table, table))
        module = sys.modules[graph.assets_def_for_key(key).op.compute_fn.decorated_fn.__module__]
        checked += 1
        if not homes:
            problems.append(f"{table}: no module named after it")
        elif not any(h in (module.__doc__ or "") for h in homes):
            problems.append(f"{table}: {module.__name__}'s docstring names none of {homes}")
    assert checked >= 25
    assert problems == []


def test_no_hand_kept_list_of_assets():
    """Dagster's loader finds the definitions: nothing in pipelines/ lists assets for it."""
    for path in (ROOT / "pipelines").rglob("*.py"):
        text = path.read_text()
        assert "ALL_ASSETS" not in text and "ALL_CHECKS" not in text, path
        assert "load_assets_from_modules" not in text, path


def test_every_asset_has_a_description_and_kinds():
    graph = defs.resolve_asset_graph()
    for key in graph.get_all_asset_keys():
        node = graph.get(key)
        assert node.description, f"{key} has no description"
        assert node.kinds, f"{key} has no kinds"


def test_ingestion_assets_are_partitioned_daily():
    graph = defs.resolve_asset_graph()
    for name in ("ebay_listings", "retailer_listings", "gpu_spec_sheets"):
        node = graph.get(dg.AssetKey(["raw", name]))
        assert isinstance(node.partitions_def, dg.DailyPartitionsDefinition)


def test_daily_job_covers_all_assets_and_runs_at_six_utc_by_default():
    job = defs.resolve_job_def("daily_refresh")
    assert len(job.asset_layer.executable_asset_keys) == len(
        list(defs.resolve_asset_graph().get_all_asset_keys())
    )
    schedule = defs.resolve_schedule_def("daily_refresh_schedule")
    assert schedule.cron_schedule == "0 6 * * *" and schedule.execution_timezone == "UTC"
    assert schedule.default_status == dg.DefaultScheduleStatus.RUNNING


def test_resources_are_configurable_resources():
    for name, resource in defs.resources.items():
        assert isinstance(resource, dg.ConfigurableResource), name


def _run(args: list[str], home: Path) -> subprocess.CompletedProcess:
    (home / "dagster.yaml").write_text("telemetry:\n  enabled: false\n")
    return subprocess.run(
        [str(Path(sys.executable).parent / args[0]), *args[1:]],
        cwd=ROOT,
        env={**os.environ, "DAGSTER_HOME": str(home)},
        capture_output=True,
        text=True,
        timeout=180,
    )


def test_the_workspace_loads_with_dagster_own_validator(tmp_path):
    proc = _run(["dagster", "definitions", "validate", "-w", "workspace.yaml"], tmp_path)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert "All code locations passed validation" in proc.stdout + proc.stderr


def test_dg_finds_the_project_and_its_definitions(tmp_path):
    """`dg` (what `make ui` runs as `dg dev`) reads [tool.dg] in pyproject.toml and loads the same defs."""
    proc = _run(["dg", "list", "defs", "--json"], tmp_path)
    assert proc.returncode == 0, proc.stderr[-2000:]
    listed = proc.stdout[proc.stdout.index("{") :]
    keys = {a["asset_key"] for a in json.loads(listed)["assets"]}
    assert keys == {f"{layer}/{name}" for layer, names in ASSETS.items() for name in names}


def test_the_tracked_instance_config_turns_telemetry_off_and_serializes_runs():
    config = yaml.safe_load((ROOT / "dagster_home" / "dagster.yaml").read_text())
    assert config["telemetry"]["enabled"] is False
    assert config["concurrency"]["runs"]["max_concurrent_runs"] == 1


def test_every_table_asset_publishes_its_columns_code_version_and_owner(tmp_path):
    """Issue 38: the Dagster UI shows each table's columns with their DuckDB comments; they match the
    warehouse the migrations build (warehouse/schema.sql is checked against it in tests/warehouse)."""
    graph = defs.resolve_asset_graph()
    with connect(tmp_path / "w.duckdb") as con:
        for key in graph.get_all_asset_keys():
            layer, name = key.path
            node = graph.get(key)
            assert node.code_version and node.owners == ["team:gpu-market"], (
                key
            )  # exports too (thirty-sixth review)
            if layer == "exports":
                continue
            schema = node.metadata["dagster/column_schema"]
            real = con.execute(
                "SELECT column_name, data_type, comment FROM duckdb_columns() "
                "WHERE schema_name = ? AND table_name = ? ORDER BY column_index",
                [layer, name],
            ).fetchall()
            assert [(c.name, c.type, c.description) for c in schema.columns] == [
                (n, t, " ".join(c.split())) for n, t, c in real
            ], key


def test_a_code_version_follows_the_code_that_computes_the_table(monkeypatch):
    """Thirty-sixth review (a newcomer): the code version hashed the asset's module alone, so a change to the deal
    rule in transforms/deals.py left marts/deals' version as it was. It hashes the modules the asset runs, followed
    through their imports, and the SQL files they read; not pipelines' own wiring."""
    from pipelines import tables
    from pipelines.defs.marts import deals
    from pipelines.defs.staging import listing_history

    files = {str(p.relative_to(ROOT)) for p in tables.code_files(Path(deals.__file__).resolve())}
    assert {
        "pipelines/defs/marts/deals.py",
        "warehouse/marts/deals.py",
        "transforms/deals.py",
        "transforms/price_daily.py",  # the screen's rule deals reuse
        "warehouse/kept_listings.py",
    } <= files
    assert not any(
        f.startswith(("pipelines/tables", "pipelines/partitions", "pipelines/settings")) for f in files
    )
    history = {str(p.relative_to(ROOT)) for p in tables.code_files(Path(listing_history.__file__).resolve())}
    assert {
        "warehouse/sql/staging/listing_history.sql",
        "warehouse/sql/staging/listing_history_refold.sql",
    } <= history
    # code review: the defs' helpers and the computation they run were not followed (build_tiers' machine inputs run
    # transforms/llm_workload_fit.py), nor a relative import
    from pipelines.defs.marts import build_tiers
    from pipelines.defs.raw import gpu_spec_sheets

    tiers = {str(p.relative_to(ROOT)) for p in tables.code_files(Path(build_tiers.__file__).resolve())}
    assert {"pipelines/defs/marts/machine_inputs.py", "transforms/llm_workload_fit.py"} <= tiers
    specs = {str(p.relative_to(ROOT)) for p in tables.code_files(Path(gpu_spec_sheets.__file__).resolve())}
    assert "pipelines/sources/specs/spec_fields.py" in specs
    before = tables.code_version(deals, "marts.deals")
    real = Path.read_bytes
    edited = ROOT / "transforms" / "deals.py"
    monkeypatch.setattr(
        Path, "read_bytes", lambda p: real(p).replace(b"0.85", b"0.70") if p == edited else real(p)
    )
    tables._file_digest.cache_clear()  # as the next load of the definitions reads the files again
    assert tables.code_version(deals, "marts.deals") != before


def test_a_multi_assets_side_table_is_described_as_itself():
    """Thirty-sixth review: raw/ebay_aspect_counts was described as "GPU listings from the eBay Buy Browse API",
    its multi-asset's docstring; a side table has its own comment and names the computation it is written with."""
    from warehouse.schema_file import table_comments

    graph = defs.resolve_asset_graph()
    for side, main in (
        ("raw/ebay_aspect_counts", "raw.ebay_listings"),
        ("marts/perf_index_fits", "marts.gpu_specs"),
        ("marts/platforms", "marts.platform_parts"),
        ("marts/llm_workload_speeds", "marts.llm_workload_machines"),
    ):
        description = graph.get(dg.AssetKey(side.split("/"))).description
        assert (
            description.startswith(table_comments()[side.replace("/", ".")])
            and f"Written with {main}" in description
        )


def project_sources():
    """(path, text) of every Python file of the project's code (the tests aside)."""
    for folder in ("pipelines", "dashboards", "warehouse", "transforms", "tools"):
        for path in (ROOT / folder).rglob("*.py"):
            yield path, path.read_text()


def test_the_range_run_tags_are_dagster_own_and_the_project_imports_nothing_private():
    from dagster._core.storage import tags  # the test may look inside; the project may not

    from pipelines import partitions

    assert partitions.ASSET_PARTITION_RANGE_START_TAG == tags.ASSET_PARTITION_RANGE_START_TAG
    assert partitions.ASSET_PARTITION_RANGE_END_TAG == tags.ASSET_PARTITION_RANGE_END_TAG
    private = [
        f"{path.relative_to(ROOT)}:{n}"
        for path, text in project_sources()
        for n, line in enumerate(text.splitlines(), start=1)
        if line.lstrip().startswith(("from dagster._", "import dagster._"))
    ]
    assert private == []


def test_loading_the_definitions_warns_nothing_and_the_project_filters_no_warning():
    """Issue 38: no Dagster warning at load (a beta parameter, a job whose assets' backfill policies differ),
    and none hidden: no `filterwarnings` anywhere in the project's code."""
    import gc
    import warnings

    from pipelines.definitions import PROJECT
    from tests.conftest import sample_resources

    gc.collect()  # what earlier tests left to the collector warns now, not while this test listens
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        loaded = dg.Definitions.merge(
            dg.load_from_defs_folder(path_within_project=PROJECT),
            dg.Definitions(resources=sample_resources(Path("unused.duckdb"))),
        )
        jobs = [job.name for job in loaded.resolve_all_job_defs()]
        loaded.resolve_asset_graph()
    assert "daily_refresh" in jobs and "refresh_stale_days" in jobs
    assert [str(w.message)[:120] for w in caught] == []
    filters = [
        str(path.relative_to(ROOT))
        for path, text in project_sources()
        if "filterwarnings" in text or "simplefilter" in text
    ]
    assert filters == []


def test_an_asset_invoked_directly_still_records_a_run_id(tmp_path):
    """The benchmarks and a notebook call assets directly (no run): the run id written beside the rows is
    Dagster's EPHEMERAL then, and the run's own id in a run (pipelines/partitions.run_id)."""
    from pipelines.defs.staging.listings import listings
    from pipelines.partitions import run_id
    from pipelines.resources import MarketRulesResource, WarehouseResource
    from warehouse.connection import connect

    assert run_id(dg.build_asset_context()) == "EPHEMERAL"
    db = tmp_path / "w.duckdb"
    context = dg.build_asset_context(partition_key="2026-11-20")
    listings(context, rules=MarketRulesResource(), warehouse=WarehouseResource(db_path=str(db)))
    with connect(db, read_only=True) as con:
        written = con.execute("SELECT DISTINCT run_id FROM raw.day_writes").fetchall()
    assert written == [("EPHEMERAL",)]

    @dg.asset
    def says_its_run(context: dg.AssetExecutionContext) -> str:
        return run_id(context)

    result = dg.materialize([says_its_run])
    assert result.output_for_node("says_its_run") == result.run_id


def test_every_table_the_export_and_the_dashboard_read_is_upstream_of_them():
    """Thirty-sixth review: the export and the dashboard read staging.listing_history (the deals still listed) and
    marts.perf_index_fits (the indices' fits) without either being upstream, so the lineage left them out and an
    eager export would not follow them. Every table named in dashboards/ that is an asset is an ancestor of both
    (the views read asset tables that are)."""
    import re

    graph = defs.resolve_asset_graph()
    keys = {key.to_user_string() for key in graph.get_all_asset_keys()}
    read = {
        name.replace(".", "/")
        for path in (ROOT / "dashboards").glob("*.py")
        for name in re.findall(r"\b(?:raw|staging|marts)\.[a-z_0-9]+\b", path.read_text())
    } & keys
    assert {"staging/listing_history", "marts/perf_index_fits", "marts/gpu_value"} <= read
    for export in ("daily_export", "dashboard"):
        upstream, todo = set(), [dg.AssetKey(["exports", export])]
        while todo:
            for parent in graph.get(todo.pop()).parent_keys:
                if parent.to_user_string() not in upstream:
                    upstream.add(parent.to_user_string())
                    todo.append(parent)
        assert read <= upstream, (export, sorted(read - upstream))
