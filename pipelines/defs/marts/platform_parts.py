"""Assets marts/platform_parts and marts/platforms, one computation: the curated platform catalog and its part
prices (warehouse/catalog/platforms.csv, warehouse/catalog/platform_parts.csv)."""

import dagster as dg

from pipelines.resources.warehouse import WarehouseResource
from pipelines.tables import table_key, table_multi_asset
from warehouse.catalog import load_platform_parts, load_platforms
from warehouse.writes import replace_slices


@table_multi_asset(["marts.platform_parts", "marts.platforms"], kinds={"duckdb"})
def platform_parts(warehouse: WarehouseResource):
    """The platform catalog: marts.platforms (boards, CPUs, cases, PSU arrangements, with the seed rules
    behind each) and marts.platform_parts (estimated prices of their parts and of what is sized per machine:
    RAM per GB, PSUs per size, risers, water cooling). Estimates, dated, not tracked listings."""
    platforms, parts = load_platforms(), load_platform_parts()
    with warehouse.connect() as con:
        replace_slices(con, [("marts.platforms", platforms, None), ("marts.platform_parts", parts, None)])
    yield dg.MaterializeResult(
        asset_key=table_key("marts.platform_parts"),
        metadata={
            "dagster/row_count": parts.height,
            "price_dates": sorted(set(parts["price_date"].to_list())),
        },
    )
    yield dg.MaterializeResult(
        asset_key=table_key("marts.platforms"), metadata={"dagster/row_count": platforms.height}
    )
