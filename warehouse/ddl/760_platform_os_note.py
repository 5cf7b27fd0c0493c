"""760: what a platform's CPU means for the operating system (twenty-second review: the used X99 and 8-GPU server
platforms run Broadwell Xeon E5 v4 CPUs, which Windows 11 does not support, and only the dashboard's tier table said
so, inside the platform's words). marts.platforms gains os_note, which the export shows beside the platform."""

import duckdb

from warehouse.migrations import add_commented_columns

PLATFORMS = {
    "os_note": (
        "VARCHAR",
        "What the platform's CPU means for the operating system, where it limits it (e.g. for Linux: Windows 11 "
        "does not support it; Microsoft's supported processors, in source); NULL where it does not.",
    ),
}


def migrate(con: duckdb.DuckDBPyConnection) -> None:
    add_commented_columns(con, {"marts.platforms": PLATFORMS})
