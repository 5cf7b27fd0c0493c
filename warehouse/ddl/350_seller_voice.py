"""350: one seller, one voice (issue 37 item 3). Listings keep a key of their seller (a hash of the eBay user
name, never the name), the price statistics weight sellers rather than listings, and each price says how far
it can be trusted: how many sellers it rests on, how much of it one seller holds, and a grade A-D (rule in
docs/method.md). The value marts, picks and machines carry the grade of the price they use."""

import duckdb

from warehouse.migrations import add_commented_columns, sql_literal

SELLER_KEY = (
    "VARCHAR",
    "The seller's key: the first 16 hex digits of SHA-256 over 'ebay:' and the lower-case user name "
    "(transforms/ebay_items.seller_key); the name itself is never stored. NULL when eBay gave no user name, and "
    "for store listings (each SKU is its own voice).",
)
GRADE = (
    "VARCHAR",
    "Confidence grade of the price used (marts.price_daily.confidence of the day's pooled price): A to D, "
    "rule in docs/method.md. A machine or pick never rests on a D price.",
)
PRICE_DAILY = {
    "distinct_sellers": (
        "INTEGER",
        "Sellers behind the figures (a listing without a seller key counts as its own seller); each seller is "
        "one voice: its median ask is one value of the median and quartiles.",
    ),
    "top_seller_share": (
        "DOUBLE",
        "Share of the kept listings (0-1) that the seller with the most of them holds: 1 when one seller is "
        "the whole price.",
    ),
    "days_priced_7d": (
        "INTEGER",
        "Days among this one and the 6 before it with a price for this model, condition and source (the "
        "price's age: a series seen today only is younger than one seen all week).",
    ),
    "confidence": (
        "VARCHAR",
        "How far the price can be trusted, A (best) to D, from sellers, the top seller's share, the spread "
        "(p75 - p25) / median and days_priced_7d (transforms/price_stats.py CONFIDENCE_SQL; rule in "
        "docs/method.md). A D price never sets a pick or a machine.",
    ),
}
TABLES = {
    "raw.ebay_listings": {"seller_key": SELLER_KEY},
    "staging.listings": {"seller_key": SELLER_KEY},
    "marts.price_daily": PRICE_DAILY,
    "marts.region_prices": {
        c: PRICE_DAILY[c] for c in ("distinct_sellers", "top_seller_share", "confidence")
    },
    "marts.gpu_value": {"price_confidence": GRADE},
    "marts.budget_picks": {"price_confidence": GRADE},
    "marts.build_tiers": {"price_confidence": GRADE},
    "marts.budget_builds": {"price_confidence": GRADE},
    "marts.region_value": {"price_confidence": GRADE},
    "marts.region_picks": {"price_confidence": GRADE},
    "marts.region_tiers": {"price_confidence": GRADE},
}
COMMENTS = {
    "median": "Median of the sellers' median asks (one voice per seller), kept listings, USD.",
    "p25": "25th percentile of the sellers' median asks (one voice per seller), USD.",
    "p75": "75th percentile of the sellers' median asks (one voice per seller), USD.",
    "low3_mean": "Mean of the three lowest sellers' lowest asks (one voice per seller), USD.",
}


def migrate(con: duckdb.DuckDBPyConnection) -> None:
    add_commented_columns(con, TABLES)
    for column, comment in COMMENTS.items():
        con.execute(f"COMMENT ON COLUMN marts.price_daily.{column} IS " + sql_literal(comment))
