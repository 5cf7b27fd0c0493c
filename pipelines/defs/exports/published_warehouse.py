"""Asset exports/published_warehouse: the read-only copy of the warehouse for SQL users."""

from pathlib import Path

import dagster as dg

from pipelines.partitions import daily_partitions
from pipelines.resources.warehouse import WarehouseResource
from pipelines.tables import export_asset, export_key, table_key
from warehouse.publish import publish


@export_asset(
    "published_warehouse",
    partitions_def=daily_partitions,
    kinds={"duckdb"},
    # every mart the export and the dashboard do not read yet, so the copy is taken after it
    deps=[
        export_key("daily_export"),
        export_key("dashboard"),
        table_key("marts.llm_workload_machines"),
        table_key("marts.llm_workload_speeds"),
    ],
)
def published_warehouse(
    context: dg.AssetExecutionContext, warehouse: WarehouseResource
) -> dg.MaterializeResult:
    """warehouse/published/gpu_market.duckdb: the copy SQL users and BI tools open (read-only), replaced as a
    whole after a good day (warehouse/publish.py says why a copy). Readers never block the job, nor the job
    readers; a day stopped by a blocking check never gets here, so readers keep the last good day."""
    size = publish(Path(warehouse.db_path), warehouse.published_path)
    context.log.info(f"published {warehouse.published_path} ({size / 1e6:.1f} MB)")
    return dg.MaterializeResult(
        metadata={"path": dg.MetadataValue.path(str(warehouse.published_path)), "bytes": size}
    )
