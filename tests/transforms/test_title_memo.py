"""The classifier reads each title once per process (transforms/matching/classify.py _title_features): a title
read before must be classified exactly as when read afresh, whatever batch it comes in."""

from pathlib import Path

import polars as pl

from transforms.matching import classify as classify_module
from transforms.matching import classify_listings
from warehouse.catalog import load_catalog

CATALOG = load_catalog()
DEV = pl.read_csv(Path(__file__).parents[1] / "data" / "labelled_titles_dev.csv", infer_schema=False)


def frame(rows: pl.DataFrame) -> pl.DataFrame:
    return rows.select("title").with_columns(
        condition_id=pl.lit(None, pl.Int64), seller_feedback_pct=pl.lit(99.0)
    )


def test_titles_read_before_are_classified_as_when_read_afresh(monkeypatch):
    first, second = frame(DEV[:300]), frame(DEV[150:450])  # half of the second batch was read with the first
    classify_module.forget_titles()
    classify_listings(first, CATALOG)
    held = classify_module.titles_read(classify_module.catalog_index(CATALOG))
    assert held.height == first["title"].n_unique() and held["title"].is_unique().all()
    remembered = classify_listings(second, CATALOG)
    assert (
        classify_module.titles_read(classify_module.catalog_index(CATALOG)).height
        == pl.concat([first, second])["title"].n_unique()
    )  # each title held once
    monkeypatch.setattr(classify_module, "_title_features", classify_module._features_of)
    afresh = classify_listings(second, CATALOG)
    assert remembered.height == second.height
    assert remembered.equals(afresh)
    classify_module.forget_titles()


def test_a_changed_catalog_reads_its_titles_afresh():
    titles = frame(DEV[:200])
    classify_module.forget_titles()
    full = classify_listings(titles, CATALOG)
    smaller = CATALOG.filter(pl.col("model_id") != "rtx-3090")  # another catalog: another index
    without = classify_listings(titles, smaller)
    assert "rtx-3090" in full["model_id"].to_list() and "rtx-3090" not in without["model_id"].to_list()
    assert classify_listings(titles, CATALOG).equals(full)
    classify_module.forget_titles()
