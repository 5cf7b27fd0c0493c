"""870: the power connectors of the boards a buyer most likely receives (rule P3). The catalog's connectors are
the reference board's: an RTX 4070 Founders Edition takes a 16-pin, while most partner RTX 4070s take one 8-pin
(TechPowerUp). Counted from the reference board, the beginner machine on the buyer's own desktop (D6) replaced
its 500 W PSU "for the 16-pin cable" (85 USD) where the boards most sold run from its one 8-pin cable. The specs
gain board_power_connectors and its basis; the machines count their cables from it, and the words of a kept PSU
say which board it takes."""

import duckdb

from warehouse.migrations import add_commented_columns, sql_literal

POWER = {
    "board_power_connectors": (
        "VARCHAR",
        "Power connectors of the boards a buyer most likely receives (rule P3): a sourced row of warehouse/"
        "catalog/gpu_board_power.csv where most boards differ from the reference board (most partner RTX 4070s "
        "take one 8-pin, the Founders Edition a 16-pin); the reference board's power_connectors elsewhere. "
        "Machines count their cables from it.",
    ),
    "board_power_connectors_basis": (
        "VARCHAR",
        "Which boards board_power_connectors are, with the page that says so, or that they are the reference "
        "board's.",
    ),
}
REFERENCE = "Power connectors on the reference board (board_power_connectors: the boards most sold, P3)."
CONNECTOR_BASIS = (
    "How the cables were counted: from the connectors of the boards a buyer most likely receives (P3, "
    "marts.gpu_specs.board_power_connectors), the reference board's named where they differ (a kept PSU of the "
    "buyer's own desktop then names the board it takes), or estimated from board power."
)


def migrate(con: duckdb.DuckDBPyConnection) -> None:
    add_commented_columns(con, {"staging.gpu_specs": POWER, "marts.gpu_specs": POWER})
    reference_sql, basis_sql = (
        sql_literal(REFERENCE),
        sql_literal(CONNECTOR_BASIS),
    )  # the migration's constants
    for table in ("staging.gpu_specs", "marts.gpu_specs"):
        con.execute(f"COMMENT ON COLUMN {table}.power_connectors IS {reference_sql}")
    for table in ("marts.build_tiers", "marts.region_tiers"):
        con.execute(f"COMMENT ON COLUMN {table}.connector_basis IS {basis_sql}")
