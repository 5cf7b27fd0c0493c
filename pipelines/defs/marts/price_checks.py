"""Blocking checks on marts.price_daily: enough models priced, and new-card medians plausible."""

from pipelines.day_checks import blocking_check, coverage, plausibility

price_coverage = blocking_check(
    "marts.price_daily",
    "price_coverage",
    coverage,
    "At least 10% of catalog models are priced on three or more listings that day.",
)
price_plausible = blocking_check(
    "marts.price_daily",
    "price_plausible",
    plausibility,
    "At most 10% of new-card medians lie outside 5%-300% of the model's launch price.",
)
