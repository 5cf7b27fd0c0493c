"""Blocking checks on staging.listings: the day's eBay searches ran, and a live day is fresh."""

from pipelines.day_checks import blocking_check, completeness, freshness

listings_complete = blocking_check(
    "staging.listings",
    "listings_complete",
    completeness,
    "The day's eBay searches ran: at most 20% failed or went unrun.",
)
listings_fresh = blocking_check(
    "staging.listings",
    "listings_fresh",
    freshness,
    "A live day's listings were fetched that day or up to two days later.",
)
