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
