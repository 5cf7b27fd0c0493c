"""690: the lanes of each card's own PCIe interface (thirteenth review). An RTX 4060 Ti, an RX 7600 or an Arc B580
has an x8 interface: in an x16 slot it gets x8, and in the PCIe 3.0 desktop the beginner tier assumes, 7.9 GB/s
(G9's floor), yet the machines reported x16 and D5 met. The specs gain pcie_lanes (warehouse/catalog/
gpu_pcie_lanes.csv, sourced per model); a machine's lanes per GPU are the lesser of the slot's and the card's."""

import duckdb

from warehouse.migrations import add_commented_columns, sql_literal

LANES = {
    "pcie_lanes": (
        "INTEGER",
        "Lanes of the card's own PCIe interface: 16, or 8 (RTX 3050/4060/5050/5060 class, RX 6600/7600 class, Arc "
        "B570/B580, RTX A1000, A2) (warehouse/catalog/gpu_pcie_lanes.csv: TechPowerUp's record per model). NULL in "
        "rows written before 2026-11-27, read as the slot's lanes.",
    ),
}
PER_GPU = (
    "Lanes each GPU gets with all slots filled: the lesser of the slot's and the card's own interface "
    "(marts.gpu_specs.pcie_lanes) (G9: >= 8)."
)
MEETS_X16 = "Whether every GPU gets x16 (D5's recommendation): the slot's lanes and the card's own interface."


def migrate(con: duckdb.DuckDBPyConnection) -> None:
    add_commented_columns(con, {"staging.gpu_specs": LANES, "marts.gpu_specs": LANES})
    per_gpu_sql, meets_sql = sql_literal(PER_GPU), sql_literal(MEETS_X16)  # the migration's constants
    for table in ("marts.build_tiers", "marts.region_tiers"):
        con.execute(f"COMMENT ON COLUMN {table}.pcie_lanes_per_gpu IS {per_gpu_sql}")
        con.execute(f"COMMENT ON COLUMN {table}.meets_d2l_x16 IS {meets_sql}")
