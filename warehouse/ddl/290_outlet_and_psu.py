"""290: the outlet as a constraint, the cap that feeds everything, and the card maker's PSU figure (issue 36).

Machine rows say which circuit they need (`circuit`: outlet or dedicated) and whether they are the default
of their tier, use case and condition (`is_default`; a better machine that needs a dedicated circuit is a row
of its own, never instead); a capped machine's PSU, energy and throughput use the capped draw. marts.gpu_specs
gains the card maker's recommended system power (rule P1, warehouse/catalog/recommended_psu.csv) and
marts.platform_parts each PSU's input range."""

import duckdb

from warehouse.migrations import add_commented_columns

MACHINE = {
    "circuit": (
        "VARCHAR",
        "outlet: runs from a standard outlet of the region (uncapped or after a cap of at most 20%, G8); "
        "dedicated: needs a 240 V or higher-amp circuit even capped (G7), as 8-GPU servers always do (D10).",
    ),
    "is_default": (
        "BOOLEAN",
        "The machine to buy for this tier, use case and condition: in home tiers (beginner to 4 GPUs) the best "
        "that runs from the region's outlet and whose card has as many listings as it needs cards. False: a "
        "better-value machine that needs a dedicated circuit, shown beside the default, never instead.",
    ),
    "circuit_note": (
        "VARCHAR",
        "The circuit in words, with the wall draw and the outlet's continuous rating.",
    ),
    "power_cap_pct": (
        "DOUBLE",
        "The power limit applied to each GPU, percent of board power (100: uncapped). The PSU, the draw, the "
        "energy and the throughput are those of the capped machine.",
    ),
    "throughput_at_cap": (
        "DOUBLE",
        "Share of the uncapped throughput at power_cap_pct, from a measured power-to-performance curve (P2).",
    ),
    "cap_basis": ("VARCHAR", "Where throughput_at_cap comes from (P2), or uncapped."),
    "psu_basis": (
        "VARCHAR",
        "Which rule set psu_need_w: the load plus 10% (G13) or the card maker's recommended system power plus "
        "each further card's board power plus 10% (P1).",
    ),
    "recommended_psu_w": (
        "DOUBLE",
        "The card maker's recommended system power for one card, where a source gives it (P1); NULL otherwise.",
    ),
    "listings_available": (
        "INTEGER",
        "Listings of the card in this condition today. A machine needing more cards than this is never the "
        "default, and its notes say so.",
    ),
}
SPECS = {
    "recommended_psu_w": (
        "DOUBLE",
        "The card maker's recommended system power (W) for a PC with one reference card (rule P1); NULL where no "
        "source gives it. Source in recommended_psu_source.",
    ),
    "recommended_psu_source": ("VARCHAR", "The page recommended_psu_w comes from."),
}
PARTS = {
    "input_volts_min": (
        "DOUBLE",
        "PSUs: the lowest mains voltage the unit accepts (100: any mains; 200: 200-240 V only, no choice on a "
        "120 V outlet). NULL for other parts.",
    ),
}
TABLES = {
    "marts.build_tiers": MACHINE,
    "marts.region_tiers": MACHINE,
    "marts.gpu_specs": SPECS,
    "marts.platform_parts": PARTS,
}


def migrate(con: duckdb.DuckDBPyConnection) -> None:
    add_commented_columns(con, TABLES)
    # rows written before this migration were the one machine of their group: the default
    for table in ("marts.build_tiers", "marts.region_tiers"):
        con.execute(f"UPDATE {table} SET is_default = true WHERE is_default IS NULL")
