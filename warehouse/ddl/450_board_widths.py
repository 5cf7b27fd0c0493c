"""450: the width of the boards a buyer most likely receives (rule P3). A GeForce model is sold mostly in
partner designs, often wider than NVIDIA's Founders Edition (an RTX 5090 FE takes 2 slots, most partner 5090s
3.5 or more), so two cards planned at the reference width could not be seated as the plan said. The specs gain
board_slot_width (the median of the model's recorded designs, warehouse/catalog/gpu_board_designs.csv) and its
basis; the machines plan for it and their slot_plan names it."""

import duckdb

from warehouse.migrations import add_commented_columns, sql_literal

WIDTH = {
    "board_slot_width": (
        "DOUBLE",
        "Slots the boards a buyer most likely receives occupy (rule P3): the median of the model's recorded "
        "designs (Founders Edition and partner boards, each with its page, warehouse/catalog/"
        "gpu_board_designs.csv); the reference board's slot_width where none are recorded. Machines are "
        "planned for it.",
    ),
    "board_slot_width_basis": (
        "VARCHAR",
        "The designs board_slot_width is the median of, or why it is slot_width.",
    ),
}
SLOT_PLAN = (
    "How the cards sit: board slots used, cards on riser cables, water blocks (G6, D4, D8, G17), and for several "
    "cards the width planned for (P3: the boards a buyer most likely receives, marts.gpu_specs.board_slot_width)."
)


def migrate(con: duckdb.DuckDBPyConnection) -> None:
    add_commented_columns(con, {"staging.gpu_specs": WIDTH, "marts.gpu_specs": WIDTH})
    slot_plan_sql = sql_literal(SLOT_PLAN)  # the migration's constant
    for table in ("marts.build_tiers", "marts.region_tiers"):
        con.execute(f"COMMENT ON COLUMN {table}.slot_plan IS {slot_plan_sql}")
