"""Asset checks, visible in the Dagster UI beside their assets. The price and listings checks block: a day
that fails them is not exported (pipelines/checks/price_checks.py)."""

from pipelines.checks.cloud_checks import cloud_prices_current
from pipelines.checks.price_checks import listings_complete, listings_fresh, price_coverage, price_plausible
from pipelines.checks.retailer_checks import retailer_store_counts
from pipelines.checks.spec_checks import spec_completeness, spec_sheet_disagreements

ALL_CHECKS = [retailer_store_counts, spec_sheet_disagreements, spec_completeness,
              listings_complete, listings_fresh, price_coverage, price_plausible, cloud_prices_current]
