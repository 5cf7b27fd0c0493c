"""195: the region marts built in 190 as copies of marts.gpu_value and marts.build_tiers carry the same
columns; give them the same column comments (CREATE TABLE AS copies no comments), and comment the
cross-market view's columns."""

import duckdb

COPIES = {"marts.region_value": "marts.gpu_value", "marts.region_tiers": "marts.build_tiers"}
VIEW_COMMENTS = {
    "snapshot_date": "Day.",
    "model_id": "Catalog model.",
    "condition": "Price bucket.",
    "region": "Where the buyer lives.",
    "currency": "The region's currency.",
    "median_local": "Median asking price in currency.",
    "median_usd": "Median asking price in USD.",
    "us_median_usd": "The US median of the same card and condition, USD.",
    "pct_vs_us": "Percent above (+) or below (-) the US median.",
    "listing_count": "Listings behind the region's median.",
    "fx_rate_date": "ECB day of the rate used.",
}


def _quote(text: str) -> str:
    """A SQL string literal: COMMENT ON takes no bound parameter. The texts are the warehouse's own comments
    and the constants above."""
    return "'" + text.replace("'", "''") + "'"


def migrate(con: duckdb.DuckDBPyConnection) -> None:
    for copy, original in COPIES.items():
        schema, name = original.split(".")
        for column, comment in con.execute(
            "SELECT column_name, comment FROM duckdb_columns() WHERE schema_name = ? AND table_name = ? "
            "AND comment IS NOT NULL",
            [schema, name],
        ).fetchall():
            name, literal = f"{copy}.{column}", _quote(comment)
            con.execute(f"COMMENT ON COLUMN {name} IS {literal}")
    for column, comment in VIEW_COMMENTS.items():
        name, literal = f"marts.cross_market_prices.{column}", _quote(comment)
        con.execute(f"COMMENT ON COLUMN {name} IS {literal}")
