"""300: one cost model (issue 36): a machine's TCO is its purchase + energy over the horizon - its resale at the
end (transforms/cost_model.py), and the machine rows say what the resale is and where it comes from.
marts.buy_vs_rent reads the same figures."""

import duckdb

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


def _quote(text: str) -> str:
    """A SQL string literal: COMMENT ON takes no bound parameter. The texts are the constants above."""
    return "'" + text.replace("'", "''") + "'"


def migrate(con: duckdb.DuckDBPyConnection) -> None:
    for table, columns in TABLES.items():
        for column, (kind, comment) in columns.items():
            column_sql, literal_sql = f"{column} {kind}", _quote(comment)  # constants of this file
            con.execute(f"ALTER TABLE {table} ADD COLUMN IF NOT EXISTS {column_sql}")
            con.execute(f"COMMENT ON COLUMN {table}.{column} IS {literal_sql}")
    con.execute(
        "COMMENT ON COLUMN marts.budget_builds.tco_usd IS "
        + _quote(
            "Total cost of ownership: purchase + energy over the horizon - resale at its end (cost_model)."
        )
    )
