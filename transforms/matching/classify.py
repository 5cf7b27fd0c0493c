"""First version: a title names a model when it contains the model's search words in order.

Deliberately simple; the measured classifier replaces the matching, keeping these signatures.
"""

import re

import polars as pl

EXCLUDE_REASONS = ("for_parts", "box_only", "accessory", "system", "lot", "variation", "low_feedback", "unclear")

_PATTERNS = {
    "for_parts": re.compile(r"(?<!NOT )\bFOR PARTS\b|NOT WORKING|\bAS IS\b|NO DISPLAY|\bDEAD\b|ARTIFACT"),
    "box_only": re.compile(r"\bBOX ONLY\b|\bEMPTY BOX\b|\bNO CARD\b"),
    "accessory": re.compile(r"\bBRACKET|BACKPLATE|SHROUD|\bFANS?\b|HEATSINK|WATER ?BLOCK|\bCABLE|\bRISER|\bBRIDGE|\bFITS\b"),
    "system": re.compile(r"\bLAPTOP|\bNOTEBOOK|GAMING PC|\bDESKTOP|\bEGPU|\bMXM\b"),
    "lot": re.compile(r"\bLOT OF\b|\b\d+ ?X (?=RTX|GTX|NVIDIA)"),
}


def _norm(text: str) -> str:
    return " ".join(re.sub(r"[^A-Z0-9]+", " ", text.upper()).split())


def _model_patterns(catalog: pl.DataFrame) -> list[tuple[str, re.Pattern]]:
    rows = catalog.select("model_id", "search_query").drop_nulls().iter_rows()
    pats = [(m, re.compile(r"\b" + r"\s+".join(map(re.escape, _norm(q).split())) + r"\b")) for m, q in rows]
    return sorted(pats, key=lambda p: -len(p[1].pattern))


def _classify_one(title, condition_id, group_type, feedback, patterns, min_feedback_pct):
    norm = _norm(title or "")
    if condition_id == 7000:
        return None, "for_parts", "condition 7000"
    for reason, pattern in _PATTERNS.items():
        if pattern.search(norm):
            return None, reason, f"keyword {reason}"
    if group_type == "SELLER_DEFINED_VARIATIONS":
        return None, "variation", "variation listing"
    if feedback is not None and feedback < min_feedback_pct:
        return None, "low_feedback", f"feedback {feedback}"
    hits = [m for m, p in patterns if p.search(norm)]
    if not hits:
        return None, "unclear", "no catalog model named"
    return hits[0], None, f"matched {hits[0]}"


def classify_listings(frame: pl.DataFrame, catalog: pl.DataFrame, min_feedback_pct: float = 95.0) -> pl.DataFrame:
    """`frame` has title and optionally condition_id, item_group_type, seller_feedback_pct.
    Returns model_id, exclude_reason, lot_quantity, evidence, one row per input row, in order."""
    patterns = _model_patterns(catalog)
    get = lambda name: frame[name].to_list() if name in frame.columns else [None] * frame.height  # noqa: E731
    out = [
        _classify_one(t, c, g, f, patterns, min_feedback_pct)
        for t, c, g, f in zip(get("title"), get("condition_id"), get("item_group_type"), get("seller_feedback_pct"))
    ]
    return pl.DataFrame(
        {
            "model_id": [o[0] for o in out],
            "exclude_reason": [o[1] for o in out],
            "lot_quantity": [1] * len(out),
            "evidence": [o[2] for o in out],
        },
        schema={"model_id": pl.String, "exclude_reason": pl.String, "lot_quantity": pl.Int32, "evidence": pl.String},
    )


def classify_ebay_items(items: list[dict], catalog: pl.DataFrame, min_feedback_pct: float = 95.0) -> pl.DataFrame:
    """Raw Browse item summaries to one row per item, in input order: item_id, model_id, exclude_reason, ..."""
    def num(value):
        try:
            return float(value)
        except (TypeError, ValueError):
            return None

    frame = pl.DataFrame(
        {
            "item_id": [i.get("itemId") for i in items],
            "title": [i.get("title") for i in items],
            "condition_id": [int(num(i.get("conditionId"))) if num(i.get("conditionId")) is not None else None for i in items],
            "item_group_type": [i.get("itemGroupType") for i in items],
            "seller_feedback_pct": [num((i.get("seller") or {}).get("feedbackPercentage")) for i in items],
        },
        schema={"item_id": pl.String, "title": pl.String, "condition_id": pl.Int64,
                "item_group_type": pl.String, "seller_feedback_pct": pl.Float64},
    )
    return pl.concat([frame.select("item_id", "title"), classify_listings(frame, catalog, min_feedback_pct)], how="horizontal")
