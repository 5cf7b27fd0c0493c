"""The Dagster code location loads, and is shaped as users expect."""

import dagster as dg

from pipelines.definitions import defs

GROUPS = {"ingest", "staging", "marts", "exports"}


def test_definitions_load():
    dg.Definitions.validate_loadable(defs)


def test_every_asset_has_a_description_a_group_and_kinds():
    graph = defs.resolve_asset_graph()
    for key in graph.get_all_asset_keys():
        node = graph.get(key)
        assert node.description, f"{key} has no description"
        assert node.group_name in GROUPS, f"{key} group {node.group_name}"
        assert node.kinds, f"{key} has no kinds"


def test_ingestion_assets_are_partitioned_daily():
    graph = defs.resolve_asset_graph()
    for name in ("ebay_listings", "retailer_listings", "gpu_spec_sheets"):
        node = graph.get(dg.AssetKey(name))
        assert isinstance(node.partitions_def, dg.DailyPartitionsDefinition)
        assert node.group_name == "ingest"


def test_daily_job_covers_all_assets_and_runs_at_six_utc_by_default():
    job = defs.resolve_job_def("daily_refresh")
    assert len(job.asset_layer.executable_asset_keys) == len(list(defs.resolve_asset_graph().get_all_asset_keys()))
    schedule = defs.resolve_schedule_def("daily_refresh_schedule")
    assert schedule.cron_schedule == "0 6 * * *" and schedule.execution_timezone == "UTC"
    assert schedule.default_status == dg.DefaultScheduleStatus.RUNNING


def test_resources_are_configurable_resources():
    for name, resource in defs.resources.items():
        assert isinstance(resource, dg.ConfigurableResource), name


def test_the_workspace_loads_with_dagster_own_validator(tmp_path):
    import os
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    (tmp_path / "dagster.yaml").write_text("telemetry:\n  enabled: false\n")
    proc = subprocess.run([str(Path(sys.executable).parent / "dagster"), "definitions", "validate", "-w", "workspace.yaml"],
                          cwd=root, env={**os.environ, "DAGSTER_HOME": str(tmp_path)}, capture_output=True, text=True,
                          timeout=180)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert "All code locations passed validation" in proc.stdout + proc.stderr


def test_the_tracked_instance_config_turns_telemetry_off_and_serializes_runs():
    from pathlib import Path

    import yaml

    config = yaml.safe_load((Path(__file__).resolve().parents[1] / "dagster_home" / "dagster.yaml").read_text())
    assert config["telemetry"]["enabled"] is False
    assert config["concurrency"]["runs"]["max_concurrent_runs"] == 1
