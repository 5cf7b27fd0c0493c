"""Asset keys are the warehouse tables the assets write: the asset `marts/gpu_value` writes marts.gpu_value.

`table_asset` is the one place that turns a table name into an asset key, a group (the schema: raw, staging,
marts) and the `dagster/table_name` metadata the Dagster UI links to; `table_key` names an upstream table
in `deps`. The exports (files, not tables) are keyed exports/<name>.
"""

import hashlib
import inspect
from pathlib import Path

import dagster as dg

from warehouse.schema_file import table_schemas

OWNERS = ["team:gpu-market"]


def table_key(table: str) -> dg.AssetKey:
    """The asset key of a warehouse table: "marts.gpu_value" -> marts/gpu_value."""
    schema, name = table.split(".")
    return dg.AssetKey([schema, name])


def table_dep(table: str, mapping: dg.PartitionMapping) -> dg.AssetDep:
    """A dependency on `table` that reads the days `mapping` gives (pipelines/partitions.py)."""
    return dg.AssetDep(table_key(table), partition_mapping=mapping)


def column_schema(table: str) -> dg.TableSchema:
    """The table's columns with their types and DuckDB comments, from warehouse/schema.sql (`make schema`)."""
    return dg.TableSchema(
        columns=[
            dg.TableColumn(
                c["name"],
                c["type"],
                description=c["comment"] or None,
                constraints=dg.TableColumnConstraints(nullable=not c["not_null"]),
            )
            for c in table_schemas()[table]
        ]
    )


def code_version(fn, table: str) -> str:
    """A short hash of the asset's module and the table's columns: it changes when the asset's code or the
    table's shape changes, so Dagster marks the table's downstream as changed code."""
    digest = hashlib.sha256(Path(inspect.getsourcefile(fn)).read_bytes())
    digest.update(repr(table_schemas()[table]).encode())
    return digest.hexdigest()[:12]


def table_asset(table: str, *, metadata: dict | None = None, **kwargs):
    """`@dg.asset` for the asset that writes `table` ("schema.name"): its key and group, the
    `dagster/table_name` and `dagster/column_schema` (the DuckDB comments) metadata, a code version and the
    owner."""
    key = table_key(table)

    def decorate(fn):
        return dg.asset(
            key=key,
            group_name=key.path[0],
            metadata={
                "dagster/table_name": table,
                "dagster/column_schema": column_schema(table),
                **(metadata or {}),
            },
            code_version=code_version(fn, table),
            owners=OWNERS,
            **kwargs,
        )(fn)

    return decorate


def table_multi_asset(
    tables: list[str], *, deps: list | None = None, kinds: set[str] | None = None, **kwargs
):
    """`@dg.multi_asset` for one computation that writes several tables in one transaction (a table and the
    side table computed with it, e.g. marts.gpu_specs and marts.perf_index_fits): one asset per table, each
    with what `table_asset` gives a table. The function yields a MaterializeResult per table (asset_key=)."""

    def decorate(fn):
        specs = [
            dg.AssetSpec(
                key=table_key(table),
                group_name=table_key(table).path[0],
                description=inspect.getdoc(fn),
                metadata={"dagster/table_name": table, "dagster/column_schema": column_schema(table)},
                code_version=code_version(fn, table),
                owners=OWNERS,
                kinds=kinds,
                deps=deps or [],
            )
            for table in tables
        ]
        return dg.multi_asset(specs=specs, name=fn.__name__, **kwargs)(fn)

    return decorate


EXPORTS = "exports"


def export_key(name: str) -> dg.AssetKey:
    """The asset key of an export (files written for people, not a table): exports/<name>."""
    return dg.AssetKey([EXPORTS, name])


def export_asset(name: str, **kwargs):
    """`@dg.asset` for an export: key exports/<name>, group exports."""
    return dg.asset(key=export_key(name), group_name=EXPORTS, **kwargs)
