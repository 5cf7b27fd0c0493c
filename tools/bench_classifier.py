#!/usr/bin/env python3
"""Throughput of the listing classifier on one core.

    python tools/bench_classifier.py [--n 200000] [--repeat 3] [--seed 7]

Builds N titles by sampling the labelled dev titles with variations (brand words shuffled, swapped and
moved, case changed, filler words added), warms up (catalog index, regex compilation), then times
classify_listings over all N titles and prints the median of --repeat runs:

    classifier throughput: N titles/s (1 core of M)

POLARS_MAX_THREADS=1 is set before polars is imported and the process is pinned to one CPU, so the
figure is single-core. The resolution cache and the titles read before (transforms/matching/classify.py
_title_features) are cleared before every timed run (cold); the warm figure, a run over titles read
before, is printed too. Identical titles are read once by the classifier, so a second figure
is printed for the same titles made all distinct (a letters-only tag appended: no model, count or
exclusion word), the worst case.
"""

from __future__ import annotations

import os

os.environ["POLARS_MAX_THREADS"] = "1"  # must precede the polars import

import argparse  # noqa: E402
import random  # noqa: E402
import statistics  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402
from pathlib import Path  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import polars as pl  # noqa: E402

from transforms.matching import classify_listings  # noqa: E402
from transforms.matching.classify import forget_titles  # noqa: E402
from transforms.matching.signatures import catalog_index  # noqa: E402
from warehouse.catalog import load_catalog  # noqa: E402

DEV = ROOT / "tests" / "data" / "labelled_titles_dev.csv"
BRANDS = [
    "ASUS",
    "MSI",
    "Gigabyte",
    "EVGA",
    "Zotac",
    "PNY",
    "Sapphire",
    "XFX",
    "PowerColor",
    "ASRock",
    "Palit",
    "Gainward",
    "Inno3D",
    "Galax",
    "Colorful",
    "Dell",
    "HP",
    "Lenovo",
    "NVIDIA",
    "AMD",
    "Intel",
    "Yeston",
]
FILLER = [
    "Tested",
    "Free Shipping",
    "USED",
    "Excellent",
    "Fast Ship",
    "OEM",
    "Graphics Card",
    "GPU",
    "Works",
    "Clean",
    "READ",
    "Open Box",
    "Mint",
    "US Seller",
    "Video Card",
    "100% Working",
]
BRAND_SET = {b.upper() for b in BRANDS}


def vary(title: str, rng: random.Random) -> str:
    words = title.split()
    words = [rng.choice(BRANDS) if w.upper() in BRAND_SET and rng.random() < 0.5 else w for w in words]
    if rng.random() < 0.4:
        brand = [w for w in words if w.upper() in BRAND_SET]
        if brand:
            words.remove(brand[0])
            words.insert(rng.randrange(len(words) + 1), brand[0])
    if rng.random() < 0.3:
        words.insert(0, rng.choice(BRANDS))
    if rng.random() < 0.5:
        words.append(rng.choice(FILLER))
    text = " ".join(words)
    case = rng.random()
    if case < 0.2:
        text = text.upper()
    elif case < 0.35:
        text = text.lower()
    elif case < 0.45:
        text = text.title()
    return text


def build(n: int, seed: int) -> pl.DataFrame:
    dev = pl.read_csv(DEV, infer_schema=False)
    rng = random.Random(seed)
    rows = dev.select("title", "condition_id", "item_group_type", "seller_feedback_pct").rows()
    picks = [rows[rng.randrange(len(rows))] for _ in range(n)]
    return pl.DataFrame(
        {
            "title": [vary(r[0], rng) for r in picks],
            "condition_id": [int(r[1]) if r[1] else None for r in picks],
            "item_group_type": [r[2] or None for r in picks],
            "seller_feedback_pct": [float(r[3]) if r[3] else None for r in picks],
        },
        schema={
            "title": pl.String,
            "condition_id": pl.Int64,
            "item_group_type": pl.String,
            "seller_feedback_pct": pl.Float64,
        },
    )


def all_distinct(frame: pl.DataFrame) -> pl.DataFrame:
    letters = "JKLMNPQVWZ"
    tags = ["ZQ" + "".join(letters[int(d)] for d in str(i)) for i in range(frame.height)]
    return frame.with_columns(pl.col("title") + " " + pl.Series(tags))


def timed(frame: pl.DataFrame, catalog: pl.DataFrame, index, repeat: int) -> list[float]:
    runs = []
    for _ in range(repeat):
        index.cache.clear()
        forget_titles()  # titles read by an earlier run would not be read again
        start = time.perf_counter()
        out = classify_listings(frame, catalog)
        runs.append(time.perf_counter() - start)
        assert out.height == frame.height
    return runs


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--n", type=int, default=200_000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args(argv)
    cores = os.cpu_count() or 1
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {sorted(os.sched_getaffinity(0))[0]})
    catalog = load_catalog()
    frame = build(args.n, args.seed)
    print(
        f"{frame.height} titles ({frame['title'].n_unique()} distinct) from {DEV.name}; "
        f"POLARS_MAX_THREADS={os.environ['POLARS_MAX_THREADS']} (polars thread pool: {pl.thread_pool_size()}), "
        f"pinned to 1 CPU"
    )
    index = catalog_index(catalog)
    classify_listings(build(20_000, args.seed + 1), catalog)  # warm-up
    cold = timed(frame, catalog, index, args.repeat)
    start = time.perf_counter()
    classify_listings(frame, catalog)
    warm = time.perf_counter() - start
    distinct = all_distinct(frame)
    worst = timed(distinct, catalog, index, args.repeat)
    rate = frame.height / statistics.median(cold)
    print(
        f"runs (cold: resolution cache and titles read cleared): {', '.join(f'{t:.2f}s' for t in cold)}; warm cache: {warm:.2f}s "
        f"({frame.height / warm:,.0f} titles/s)"
    )
    print(
        f"all {distinct.height} titles distinct: {', '.join(f'{t:.2f}s' for t in worst)} "
        f"({distinct.height / statistics.median(worst):,.0f} titles/s)"
    )
    print(f"classifier throughput: {rate:,.0f} titles/s (1 core of {cores})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
