"""Asset keys are the warehouse tables the assets write: the asset `marts/gpu_value` writes marts.gpu_value.

`table_asset` is the one place that turns a table name into an asset key, a group (the schema: raw, staging,
marts) and the `dagster/table_name` metadata the Dagster UI links to; `table_key` names an upstream table
in `deps`. The exports (files, not tables) are keyed exports/<name>.
"""

import hashlib
import inspect
import re
from functools import cache
from pathlib import Path

import dagster as dg

from warehouse.schema_file import table_comments, table_schemas

OWNERS = ["team:gpu-market"]

# Declarative automation (the sensor `today_follows_its_inputs`, pipelines/defs/jobs.py, under `make ui`): an
# asset that reads other assets keeps today's partition up to date by itself. The daily schedule runs the
# whole job in one run (one writer) and its assets are not asked again (Dagster ignores updates made by a run
# that also ran the asset); the condition acts when something upstream changes outside that run, e.g. a
# source re-run from the UI after a fix. Only the latest day: earlier days made stale by a change are the
# stale-days sensor's (pipelines/defs/stale_days.py, read from the warehouse's own record).
EAGER = dg.AutomationCondition.eager()
# A mart that reads earlier days (a look-back mapping, pipelines/partitions.py) must not wait for every one
# of them: a day with no run is simply absent, and the mart computes from the days there are. So it drops
# eager's "no dependency missing" part; its same-day inputs come from the run that updated them.
EAGER_OVER_GAPS = EAGER.without(~dg.AutomationCondition.any_deps_missing()).with_label("eager over gaps")


def automation_for(deps: list | None) -> dg.AutomationCondition | None:
    """The automation condition of an asset reading `deps`: none for a source or a curated file (the daily
    schedule runs them), EAGER_OVER_GAPS when it reads earlier days, else EAGER."""
    if not deps:
        return None
    looks_back = any(
        isinstance(dep, dg.AssetDep)
        and isinstance(dep.partition_mapping, dg.TimeWindowPartitionMapping)
        and dep.partition_mapping.start_offset < 0
        for dep in deps
    )
    return EAGER_OVER_GAPS if looks_back else EAGER


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


PROJECT = Path(__file__).resolve().parents[1]
SQL_DIR = PROJECT / "warehouse" / "sql"
# where a table's computation lives, followed through the imports of the asset's module: the layers below, the
# sources' clients, the defs' helpers (machine inputs, run config) and the resources (the market rules' defaults);
# pipelines' wiring (this module, partitions, settings) changes how assets run, not what a table holds
COMPUTATION_PACKAGES = (
    "transforms",
    "warehouse",
    "dashboards",
    "pipelines.sources",
    "pipelines.defs",
    "pipelines.resources",
)


FROM_IMPORT = re.compile(r"^[ \t]*from[ \t]+([\w.]+)[ \t]+import[ \t]+(\([^)]*\)|[^\n]*)", re.M)
IMPORT = re.compile(r"^[ \t]*import[ \t]+([\w., \t]+)", re.M)
READ_SQL = re.compile(r"read_sql\(\s*[\"']([^\"']+)[\"']")


@cache
def _references(path: Path) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The modules a Python file imports (absolute names; for `from a import b` both a and a.b, b may be a module)
    and the SQL files it reads by name (`read_sql("schema/table.sql")`, warehouse/sql_scripts.py). Read from the
    text (a regular expression per statement kind: parsing every file's syntax tree cost 0.2 s per definitions
    load)."""
    text = path.read_text()
    sql = tuple(READ_SQL.findall(text))
    # comments out (a ')' in one ended a parenthesized list) and continuation lines joined (code review)
    text = re.sub(r"#[^\n]*", "", text).replace("\\\n", " ")
    package = path.relative_to(PROJECT).parent.parts
    modules = []
    for match in FROM_IMPORT.finditer(text):
        source = match[1]
        if source.startswith("."):  # relative: from the importing file's package (code review)
            dots = len(source) - len(source.lstrip("."))
            base = package[: len(package) - dots + 1] if dots <= len(package) else ()
            source = ".".join([*base, *([source.lstrip(".")] if source.lstrip(".") else [])])
        names = match[2].strip("() \t\n").replace("\n", " ")
        modules += [source, *(f"{source}.{n.split()[0]}" for n in names.split(",") if n.strip())]
    for match in IMPORT.finditer(text):
        modules += [n.split()[0] for n in match[1].split(",") if n.strip()]
    return tuple(modules), sql


def _module_file(name: str) -> Path | None:
    parts = name.split(".")
    for path in (PROJECT.joinpath(*parts).with_suffix(".py"), PROJECT.joinpath(*parts, "__init__.py")):
        if path.is_file():
            return path
    return None


@cache
def code_files(module_file: Path) -> tuple[Path, ...]:
    """An asset's module and the project files its table's computation runs: the modules of COMPUTATION_PACKAGES
    it imports, followed through their own imports, and the SQL files they read (thirty-sixth review: the code
    version hashed the asset's module alone, so a change to transforms/deals.py left marts/deals' unchanged)."""
    seen, todo = {module_file}, [module_file]
    while todo:
        modules, sql = _references(todo.pop())
        for name in modules:
            if not any(name == p or name.startswith(f"{p}.") for p in COMPUTATION_PACKAGES):
                continue
            path = _module_file(name)
            if path is not None and path not in seen:
                seen.add(path)
                todo.append(path)
        seen.update(SQL_DIR / name for name in sql)
    return tuple(sorted(seen))


@cache
def _file_digest(path: Path) -> bytes:
    """A file's path in the project and its bytes, hashed once per definitions load (most files serve many assets)."""
    return hashlib.sha256(str(path.relative_to(PROJECT)).encode() + b"\0" + path.read_bytes()).digest()


def code_version(fn, table: str | None = None) -> str:
    """A short hash of the code that computes the table or export (code_files: the asset's module, the modules
    and SQL it runs) and a table's columns: it changes when that code or the table's shape changes, so Dagster
    marks the asset and its downstream as changed code."""
    digest = hashlib.sha256()
    for path in code_files(Path(inspect.getsourcefile(fn)).resolve()):
        digest.update(_file_digest(path))
    if table is not None:
        digest.update(repr(table_schemas()[table]).encode())
    return digest.hexdigest()[:12]


def table_asset(table: str, *, metadata: dict | None = None, **kwargs):
    """`@dg.asset` for the asset that writes `table` ("schema.name"): its key and group, the
    `dagster/table_name` and `dagster/column_schema` (the DuckDB comments) metadata, a code version, the
    owner, and its automation condition (automation_for)."""
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
            automation_condition=automation_for(kwargs.get("deps")),
            **kwargs,
        )(fn)

    return decorate


def table_multi_asset(
    tables: list[str],
    *,
    deps: list | None = None,
    kinds: set[str] | None = None,
    name: str | None = None,
    **kwargs,
):
    """`@dg.multi_asset` for one computation that writes several tables in one transaction (a table and the
    side table computed with it, e.g. marts.gpu_specs and marts.perf_index_fits): one asset per table, each
    with what `table_asset` gives a table. The function yields a MaterializeResult per table (asset_key=).
    `name`: the op's name (default the function's; raw.ebay_listings keeps raw__ebay_listings, the name
    its run config and its failure sentences use)."""

    def decorate(fn):
        specs = [
            dg.AssetSpec(
                key=table_key(table),
                group_name=table_key(table).path[0],
                description=inspect.getdoc(fn) if n == 0 else _side_description(table, tables[0], fn),
                metadata={"dagster/table_name": table, "dagster/column_schema": column_schema(table)},
                code_version=code_version(fn, table),
                owners=OWNERS,
                kinds=kinds,
                deps=deps or [],
                automation_condition=automation_for(deps),
            )
            for n, table in enumerate(tables)
        ]
        return dg.multi_asset(specs=specs, name=name or fn.__name__, **kwargs)(fn)

    return decorate


def _side_description(table: str, main: str, fn) -> str:
    """A side table's description: its own comment, and the computation that writes it with `main` (thirty-sixth
    review: every table of a multi-asset was described by the main table's docstring)."""
    return f"{table_comments()[table]} Written with {main} in one computation ({fn.__module__})."


EXPORTS = "exports"


def export_key(name: str) -> dg.AssetKey:
    """The asset key of an export (files written for people, not a table): exports/<name>."""
    return dg.AssetKey([EXPORTS, name])


def export_asset(name: str, **kwargs):
    """`@dg.asset` for an export: key exports/<name>, group exports, a code version, the owner and its automation
    condition (automation_for)."""

    def decorate(fn):
        return dg.asset(
            key=export_key(name),
            group_name=EXPORTS,
            code_version=code_version(fn),
            owners=OWNERS,
            automation_condition=automation_for(kwargs.get("deps")),
            **kwargs,
        )(fn)

    return decorate
