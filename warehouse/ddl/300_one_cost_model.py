"""300: one cost model (issue 36): a machine's TCO is its purchase + energy over the horizon - its resale at the
end (transforms/cost_model.py), and the machine rows say what the resale is and where it comes from.
marts.buy_vs_rent reads the same figures."""

import duckdb

from warehouse.migrations import add_commented_columns, sql_literal

MACHINE = {
    "resale_usd": (
        "DOUBLE",
        "What the machine is expected to sell for at the end of the horizon, USD: the GPUs' used price then (launch "
        "MSRP x the retention of cards that old today, observed or from a depreciation curve fitted on the day's "
        "used prices; transforms/cost_model.py); the platform counts as worth nothing (ASSUMPTION).",
    ),
    "resale_basis": ("VARCHAR", "Where resale_usd comes from: observed, fitted, or ASSUMPTION, in words."),
    "tco_usd": (
        "DOUBLE",
        "Total cost of ownership over horizon_years: total_build_cost_usd + energy_cost_horizon_usd - resale_usd.",
    ),
}
TABLES = {"marts.build_tiers": MACHINE, "marts.region_tiers": MACHINE}


def migrate(con: duckdb.DuckDBPyConnection) -> None:
    add_commented_columns(con, TABLES)
    con.execute(
        "COMMENT ON COLUMN marts.budget_builds.tco_usd IS "
        + sql_literal(
            "Total cost of ownership: purchase + energy over the horizon - resale at its end (cost_model)."
        )
    )
