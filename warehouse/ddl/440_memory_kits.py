"""440: a RAM kit the platform takes (rule M1, transforms/tiers/memory.py). marts.platforms gains the CPU's
memory channels and the DIMM slots usable with it, each with its source; the machines' RAM kit is N modules
of one size, N a multiple of the channels and at most the slots (a 6 x 32 GB kit on a 4-channel Xeon w3-2435,
whose board uses 4 of its 8 slots with that CPU, could not be installed). The psu_basis comment said P1 adds
each further card's board power to the card maker's figure; P1 is the larger of the load plus 10% (G13) and
the maker's figure, which governs one-card machines (docs/rules.md), as the code has always computed it."""

import duckdb

from warehouse.migrations import add_commented_columns, sql_literal

PLATFORMS = {
    "memory_channels": (
        "INTEGER",
        "Memory channels of the platform's CPU(s), all sockets together (the CPU maker's specification; "
        "memory_source). A RAM kit populates every channel alike (M1).",
    ),
    "dimm_slots": (
        "INTEGER",
        "DIMM slots usable with this CPU (the board maker's specification; memory_source): the most modules a "
        "RAM kit may have (M1).",
    ),
    "memory_source": ("VARCHAR", "Where memory_channels and dimm_slots come from."),
}
RAM_KIT = (
    "DIMM kit by rule M1: N modules of one size, N a multiple of the CPU's memory channels and at most the "
    "platform's usable DIMM slots (marts.platforms), each a size sold for the RAM type; the smallest total that "
    "meets ram_gb's need, then the fewest modules. The buyer's own in the beginner tier."
)
PSU_BASIS = (
    "Which rule set psu_need_w: the load plus 10% (G13) or the card maker's recommended system power for one "
    "card (P1), whichever is larger; the maker's figure is for a whole PC with one reference card, so it "
    "governs one-card machines."
)
MACHINE_TABLES = ("marts.build_tiers", "marts.region_tiers")


def migrate(con: duckdb.DuckDBPyConnection) -> None:
    add_commented_columns(con, {"marts.platforms": PLATFORMS})
    ram_kit_sql, psu_basis_sql = sql_literal(RAM_KIT), sql_literal(PSU_BASIS)  # the migration's constants
    for table in MACHINE_TABLES:
        con.execute(f"COMMENT ON COLUMN {table}.ram_kit IS {ram_kit_sql}")
        con.execute(f"COMMENT ON COLUMN {table}.psu_basis IS {psu_basis_sql}")
