#!/usr/bin/env python3
"""Measure the listing classifier (transforms/matching) on labelled titles or on raw Browse responses.

    python tools/evaluate_classifier.py                       # every labelled set in tests/data, reported separately
    python tools/evaluate_classifier.py tests/data/labelled_titles_dev.csv
    python tools/evaluate_classifier.py DIR [--labels FILE]   # DIR of Browse API *.json responses

A labelled CSV has title,condition_id,item_group_type,seller_feedback_pct,expected_model_id,
expected_reason,lot_quantity[,case]. For it the tool prints precision of kept (right model), recall of
genuine single cards, per-reason and per-model precision/recall (models with errors first) and every
error. A directory holds *.json files, each a list of item summaries or an object with itemSummaries;
there are no labels, so the tool prints the distribution of reasons and models and the most frequent
unmatched titles, unless --labels FILE (item_id,expected_model_id,expected_reason) is given to score it.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import polars as pl  # noqa: E402

from transforms.matching import classify_ebay_items, classify_listings  # noqa: E402
from transforms.matching.evaluation import Scores, score  # noqa: E402
from warehouse.catalog import load_catalog  # noqa: E402

DEFAULT_SETS = [
    ROOT / "tests" / "data" / f"labelled_titles_{name}.csv"
    for name in ("dev", "holdout", "fresh", "final", "confirm", "blind")
]
LABEL_SCHEMA = {
    "title": pl.String,
    "condition_id": pl.Int64,
    "item_group_type": pl.String,
    "seller_feedback_pct": pl.Float64,
    "expected_model_id": pl.String,
    "expected_reason": pl.String,
    "lot_quantity": pl.Int32,
    "case": pl.String,
}


def read_labelled(path: Path) -> pl.DataFrame:
    frame = pl.read_csv(path, infer_schema=False)
    return frame.select(
        [
            pl.col(c).cast(t, strict=False) if c in frame.columns else pl.lit(None, t).alias(c)
            for c, t in LABEL_SCHEMA.items()
        ]
    )


def read_browse_dir(path: Path) -> list[dict]:
    """Every item summary in the directory's *.json files, once per item id (as the pipeline stores them:
    one search often returns items another search returned too)."""
    items: list[dict] = []
    seen: set[str] = set()
    for file in sorted(path.glob("*.json")):
        data = json.loads(file.read_text())
        for item in data if isinstance(data, list) else (data.get("itemSummaries") or []):
            if item.get("itemId") not in seen:
                seen.add(item.get("itemId"))
                items.append(item)
    return items


def _table(frame: pl.DataFrame, rows: int = 200) -> str:
    with pl.Config(
        tbl_rows=rows,
        tbl_cols=20,
        fmt_str_lengths=90,
        tbl_width_chars=250,
        tbl_hide_dataframe_shape=True,
        tbl_hide_column_data_types=True,
    ):
        return str(frame)


def report(name: str, scores: Scores, max_errors: int) -> None:
    print(f"=== {name}: {scores.n} listings ===")
    print(
        f"precision of kept (right model): {scores.precision_kept:.2%}  ({scores.kept_correct}/{scores.kept})"
    )
    print(f"recall of genuine single cards:  {scores.recall:.2%}  ({scores.genuine_found}/{scores.genuine})")
    print("\nper reason:")
    print(_table(scores.per_reason))
    print("\nper model (models with errors first):")
    print(_table(scores.per_model))
    print(f"\nerrors ({scores.errors.height}):")
    for r in scores.errors.head(max_errors).iter_rows(named=True):
        exp = r["expected_reason"] or f"keep {r['expected_model_id']}"
        got = r["predicted_reason"] or f"keep {r['predicted_model_id']}"
        if r["expected_reason"] == "lot":
            exp += f" x{r['expected_lot']}"
        if r["predicted_reason"] == "lot":
            got += f" x{r['predicted_lot']} {r['predicted_model_id']}"
        print(f"  - {r['title']!r}\n      expected {exp}; got {got}\n      evidence: {r['evidence']}")
    print()


def evaluate_csv(path: Path, catalog: pl.DataFrame, max_errors: int) -> Scores:
    labelled = read_labelled(path)
    scores = score(labelled, classify_listings(labelled, catalog))
    report(path.name, scores, max_errors)
    return scores


def evaluate_dir(path: Path, catalog: pl.DataFrame, labels: Path | None, max_errors: int, top: int) -> None:
    items = read_browse_dir(path)
    out = classify_ebay_items(items, catalog)
    if labels is not None:
        lab = pl.read_csv(labels, infer_schema=False).select(
            pl.col("item_id"), pl.col("expected_model_id"), pl.col("expected_reason")
        )
        lab = lab.with_columns(
            [pl.col(c).replace("", None) for c in ("expected_model_id", "expected_reason")]
        )
        joined = out.with_row_index("_i").join(lab, on="item_id", how="inner").sort("_i")
        scores = score(joined.select("title", "expected_model_id", "expected_reason"), joined)
        report(
            f"{path} scored with {labels.name} ({joined.height} of {out.height} items labelled)",
            scores,
            max_errors,
        )
        return
    print(f"=== {path}: {out.height} items from {len(list(path.glob('*.json')))} files ===")
    print(
        "no labels: distributions only (give --labels FILE with item_id,expected_model_id,expected_reason to score)"
    )
    print("\nreasons:")
    print(
        _table(out.group_by(pl.col("exclude_reason").fill_null("(kept)")).len().sort("len", descending=True))
    )
    print("\nkept models:")
    print(
        _table(
            out.filter(pl.col("exclude_reason").is_null())
            .group_by("model_id")
            .len()
            .sort(["len", "model_id"], descending=[True, False]),
            rows=top,
        )
    )
    print(f"\nmost frequent unmatched (unclear) titles (top {top}):")
    unclear = (
        out.filter(pl.col("exclude_reason") == "unclear")
        .group_by(pl.col("title").str.to_uppercase().alias("title"))
        .agg(pl.len(), pl.col("evidence").first())
        .sort(["len", "title"], descending=[True, False])
        .head(top)
    )
    for r in unclear.iter_rows(named=True):
        print(f"  {r['len']:>3}  {r['title']}\n       {r['evidence']}")
    print()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "paths", nargs="*", type=Path, help="labelled CSV files or directories of Browse JSON"
    )
    parser.add_argument(
        "--labels", type=Path, help="item_id,expected_model_id,expected_reason for a directory"
    )
    parser.add_argument("--max-errors", type=int, default=200)
    parser.add_argument("--top", type=int, default=40)
    args = parser.parse_args(argv)
    catalog = load_catalog()
    for path in args.paths or DEFAULT_SETS:
        if path.is_dir():
            evaluate_dir(path, catalog, args.labels, args.max_errors, args.top)
        else:
            evaluate_csv(path, catalog, args.max_errors)
    return 0


if __name__ == "__main__":
    sys.exit(main())
