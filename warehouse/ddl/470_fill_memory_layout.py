"""470: the memory layout of platforms stored before migration 440. marts.platforms is rewritten from the
catalog by its asset on every daily run, but a run that builds machines without it (`make rebuild`, a stale-day
refresh, a benchmark's warehouse) read the NULL columns 440 added and could not size a RAM kit (rule M1). Each
row still NULL takes the values of its platform in warehouse/catalog/platforms.csv, as the asset writes them."""

import duckdb

from warehouse.catalog import load_platforms


def migrate(con: duckdb.DuckDBPyConnection) -> None:
    for row in load_platforms().iter_rows(named=True):
        con.execute(
            "UPDATE marts.platforms SET memory_channels = ?, dimm_slots = ?, memory_source = ? "
            "WHERE platform_id = ? AND memory_channels IS NULL AND dimm_slots IS NULL",
            [row["memory_channels"], row["dimm_slots"], row["memory_source"], row["platform_id"]],
        )
