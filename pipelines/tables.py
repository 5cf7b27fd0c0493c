"""Asset keys are the warehouse tables the assets write: the asset `marts/gpu_value` writes marts.gpu_value.

`table_asset` is the one place that turns a table name into an asset key, a group (the schema: raw, staging,
marts) and the `dagster/table_name` metadata the Dagster UI links to; `table_key` names an upstream table
in `deps`. The exports (files, not tables) are keyed exports/<name>.
"""

import dagster as dg


def table_key(table: str) -> dg.AssetKey:
    """The asset key of a warehouse table: "marts.gpu_value" -> marts/gpu_value."""
    schema, name = table.split(".")
    return dg.AssetKey([schema, name])


def table_dep(table: str, mapping: dg.PartitionMapping) -> dg.AssetDep:
    """A dependency on `table` that reads the days `mapping` gives (pipelines/partitions.py)."""
    return dg.AssetDep(table_key(table), partition_mapping=mapping)


def table_asset(table: str, *, metadata: dict | None = None, **kwargs):
    """`@dg.asset` for the asset that writes `table` ("schema.name")."""
    key = table_key(table)
    return dg.asset(
        key=key,
        group_name=key.path[0],
        metadata={"dagster/table_name": table, **(metadata or {})},
        **kwargs,
    )


EXPORTS = "exports"


def export_key(name: str) -> dg.AssetKey:
    """The asset key of an export (files written for people, not a table): exports/<name>."""
    return dg.AssetKey([EXPORTS, name])


def export_asset(name: str, **kwargs):
    """`@dg.asset` for an export: key exports/<name>, group exports."""
    return dg.asset(key=export_key(name), group_name=EXPORTS, **kwargs)
