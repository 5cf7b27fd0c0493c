"""200: budget picks per region (marts.region_picks, a copy of marts.budget_picks' columns plus the region and
the pick's local price), and the machine's price and TCO in the region's currency on marts.region_tiers."""

import duckdb

STATEMENTS = [
    "CREATE TABLE marts.region_picks AS SELECT *, NULL::VARCHAR AS region, NULL::VARCHAR AS currency, "
    "NULL::DOUBLE AS price_local FROM marts.budget_picks WHERE false",
    "ALTER TABLE marts.region_picks ALTER COLUMN snapshot_date SET NOT NULL",
    "ALTER TABLE marts.region_picks ALTER COLUMN region SET NOT NULL",
    "ALTER TABLE marts.region_tiers ADD COLUMN currency VARCHAR",
    "ALTER TABLE marts.region_tiers ADD COLUMN total_build_cost_local DOUBLE",
    "ALTER TABLE marts.region_tiers ADD COLUMN tco_local DOUBLE",
]
COMMENTS = {
    "marts.region_picks": "marts.budget_picks per region (same rule; budgets in USD so regions compare), with the pick's median in the region's currency.",
    "marts.region_picks.region": "Where the buyer lives.",
    "marts.region_picks.currency": "The region's currency.",
    "marts.region_picks.price_local": "The pick's median asking price in currency.",
    "marts.region_tiers.currency": "The region's currency.",
    "marts.region_tiers.total_build_cost_local": "total_build_cost_usd in the region's currency (the day's ECB rate).",
    "marts.region_tiers.tco_local": "tco_usd in the region's currency (the day's ECB rate).",
}


def _quote(text: str) -> str:
    """A SQL string literal: COMMENT ON takes no bound parameter. The texts are the constants above and the
    warehouse's own comments."""
    return "'" + text.replace("'", "''") + "'"


def migrate(con: duckdb.DuckDBPyConnection) -> None:
    for statement in STATEMENTS:
        con.execute(statement)
    for column, comment in con.execute(
        "SELECT column_name, comment FROM duckdb_columns() WHERE schema_name = 'marts' AND table_name = 'budget_picks' "
        "AND comment IS NOT NULL"
    ).fetchall():
        name, literal = f"marts.region_picks.{column}", _quote(comment)
        con.execute(f"COMMENT ON COLUMN {name} IS {literal}")
    for target, comment in COMMENTS.items():
        clause, literal = ("TABLE " if target.count(".") == 1 else "COLUMN ") + target, _quote(comment)
        con.execute(f"COMMENT ON {clause} IS {literal}")
