"""410: how many listings of a model each seller has that day (staging.listings.seller_listings). The price
statistics make each seller one voice (ddl/350); a seller with one listing of the model that day is a voice by
itself, so the statistics group only the listings of sellers with several (marts.price_daily over benchmark
2's five years: 8.4 -> 6.3 s). Rows staged before this column was filled keep it NULL and are grouped as
before: the figures are the same either way (tests/warehouse/test_seller_listings.py)."""

import duckdb

from warehouse.migrations import add_commented_columns

TABLES = {
    "staging.listings": {
        "seller_listings": (
            "INTEGER",
            "How many listings of this model (model_id) the same seller (seller_key) has in this source on this "
            "day, this one included, whatever their condition, region or exclusion (transforms/listings.py "
            "with_seller_listings). NULL without a seller key or a model. 1: the seller's only listing of the "
            "model, one voice by itself in the price statistics.",
        )
    }
}


def migrate(con: duckdb.DuckDBPyConnection) -> None:
    add_commented_columns(con, TABLES)
