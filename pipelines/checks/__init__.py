"""Asset checks, visible in the Dagster UI beside their assets."""

from pipelines.checks.price_checks import price_coverage, price_freshness, price_plausible
from pipelines.checks.retailer_checks import retailer_store_counts
from pipelines.checks.spec_checks import spec_completeness, spec_sheet_disagreements

ALL_CHECKS = [retailer_store_counts, spec_sheet_disagreements, spec_completeness,
              price_coverage, price_freshness, price_plausible]
