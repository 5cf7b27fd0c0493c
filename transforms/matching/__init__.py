"""Listing classification: each listing to one catalog model_id, or an exclusion reason.

Public API (kept stable): `classify_ebay_items(items, catalog)` and `classify_listings(frame, catalog)`.
"""

from transforms.matching.classify import EXCLUDE_REASONS, classify_ebay_items, classify_listings

__all__ = ["EXCLUDE_REASONS", "classify_ebay_items", "classify_listings"]
