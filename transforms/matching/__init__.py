"""Listing classification: each listing to one catalog model_id, or an exclusion reason.

Public API (kept stable): `classify_ebay_items(items, catalog)`, `classify_listings(frame, catalog)`,
`EXCLUDE_REASONS`; `apply_overrides` in transforms.matching.overrides.

Modules, one concern each:
  vocabulary  - words and patterns of listings (exclusion vocabularies, series words, suffixes)
  normalize   - title normalization, shared by titles and catalog names
  signatures  - model signatures derived from the catalog (cores, suffixes, qualifiers, part numbers)
  features    - vectorized feature extraction with Polars string expressions
  resolve     - one model or the reason none can be named, once per distinct feature key
  classify    - precedence of exclusion reasons, evidence, public entry points
  overrides   - manual overrides win
  evaluation  - scoring against labels (used by tools/evaluate_classifier.py and the tests)
"""

from transforms.matching.classify import EXCLUDE_REASONS, classify_ebay_items, classify_listings

__all__ = ["EXCLUDE_REASONS", "classify_ebay_items", "classify_listings"]
