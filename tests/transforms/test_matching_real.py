"""The classifier on real eBay listings it was not developed on, scored against the team's own labels
(tests/data/real_listing_labels.csv: item ids and labels only; the listings themselves are not in the
project). Runs where the shared sample folder sits beside the checkout; skips elsewhere."""

import importlib.util
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BROWSE_DIR = ROOT.parent / "shared" / "samples" / "ebay-browse"
LABELS = ROOT / "tests" / "data" / "real_listing_labels.csv"

pytestmark = pytest.mark.skipif(
    not BROWSE_DIR.is_dir(), reason="real eBay samples not present beside the checkout: skip"
)


def load_tool():
    spec = importlib.util.spec_from_file_location(
        "evaluate_classifier", ROOT / "tools" / "evaluate_classifier.py"
    )
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_real_listings_meet_the_precision_and_recall_targets():
    import polars as pl

    from transforms.matching import classify_ebay_items
    from transforms.matching.evaluation import score
    from warehouse.catalog import load_catalog

    tool = load_tool()
    items = tool.read_browse_dir(BROWSE_DIR)
    out = classify_ebay_items(items, load_catalog())
    labels = pl.read_csv(LABELS, infer_schema=False).with_columns(
        [pl.col(c).replace("", None) for c in ("expected_model_id", "expected_reason")]
    )
    joined = out.with_row_index("_i").join(labels, on="item_id", how="inner").sort("_i")
    assert joined.height == len(items)  # every real item is labelled
    scores = score(joined.select("title", "expected_model_id", "expected_reason"), joined)
    assert scores.precision_kept >= 0.99, scores.errors
    assert scores.recall >= 0.95
