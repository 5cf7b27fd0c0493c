"""Public entry points: each listing to one catalog model_id, or an exclusion reason.

Exclusion reasons and when they apply (precedence when several do: the first listed wins):
  bundle       the store sells the card together with other products at one price (listing_kind bundle,
               read from the page, e.g. a Newegg combo), or the title sells it with other hardware (a power
               supply, a mouse, a keyboard, a monitor, a tower: `... & 850W PSU`; vocabulary.BUNDLE_TITLE):
               the price is not a card price;
  for_parts    condition 7000, or the title says the card is broken / for parts / as is / no display ...
               (`not for parts` does not trip it);
  box_only     the retail box without the card;
  photo_only   a photo, picture or printout of a card (issue 37);
  sample       an engineering or qualification sample (ES, QS);
  pre_order    a pre-order or a resold order confirmation: no card in hand;
  modified     a card changed from stock (water block fitted, shunt or BIOS mod, bare PCB, its fans gone): still a
               card, its model_id kept, but out of the stock-card prices;
  accessory    bracket, backplate, shroud, fan kit, heatsink, water block sold alone, cable, riser,
               bridge, chip only, `fits 3080/3090`;
  system       PC, server, laptop, MXM module, eGPU;
  lot          two or more cards; lot_quantity keeps the count and model_id is set when one model is named,
               so a per-unit price is possible;
  variation    item_group_type SELLER_DEFINED_VARIATIONS: the price shown is the cheapest variant; or a
               title naming two or more card makers (a choice of cards at one price);
  low_feedback seller feedback below min_feedback_pct, or a seller whose net feedback score is under
               MIN_FEEDBACK_SCORE (a new account, or negatives: the 1-3 feedback sellers GPU Poet had to take out
               of its report by hand, issue 37); a percentage of 0.0 from a seller with that score or more is read
               as no rating in the last 12 months, not 0% positive;
  unclear      no single catalog model can be named (see resolve.py), or a mining card (P106-100, CMP 30HX)
               whose title names the card it was cut from.
model_id is set for kept listings, lots and modified cards, null for every other exclusion.

Design: features are extracted with vectorized Polars string expressions (features.py); the catalog
resolution (resolve.py) runs once per distinct feature combination and is joined back.
"""

import threading

import polars as pl

from transforms.ebay_items import finite_float, whole_int
from transforms.matching.features import feature_frame
from transforms.matching.resolve import resolve_cached
from transforms.matching.signatures import catalog_index
from transforms.matching.vocabulary import (
    EXCLUDE_REASONS,
    FOR_PARTS_CONDITION_ID,
    MIN_FEEDBACK_SCORE,
    VARIATION_GROUP_TYPE,
)

__all__ = [
    "EXCLUDE_REASONS",
    "OUTPUT_SCHEMA",
    "classify_ebay_items",
    "classify_listings",
    "rated_feedback_pct",
]

OUTPUT_SCHEMA: dict[str, pl.DataType] = {
    "model_id": pl.String,
    "exclude_reason": pl.String,
    "lot_quantity": pl.Int32,
    "evidence": pl.String,
    "mentions": pl.String,
    "candidate_models": pl.String,
    "stated_memory_gb": pl.String,
}

MAX_LOT = 1000


def _column(frame: pl.DataFrame, name: str, dtype: pl.DataType) -> pl.Expr:
    if name in frame.columns:
        return pl.col(name).cast(dtype, strict=False).alias(name)
    return pl.repeat(None, frame.height, dtype=dtype).alias(name)


def _resolutions(feats: pl.DataFrame, index) -> pl.DataFrame:
    uniq = feats.select("key", "tokens").unique(subset="key")
    rows = [resolve_cached(index, *row) for row in uniq.iter_rows()]
    return pl.DataFrame(
        {
            "key": uniq["key"],
            "model_id": [r.model_id for r in rows],
            "note": [r.note for r in rows],
            "mentions_text": [r.mentions for r in rows],
            "candidate_models": [r.candidates for r in rows],
            "stated_memory_gb": [r.stated_memory_gb for r in rows],
            "part_only": [r.part_only for r in rows],
        },
        schema={
            "key": pl.String,
            "model_id": pl.String,
            "note": pl.String,
            "mentions_text": pl.String,
            "candidate_models": pl.String,
            "stated_memory_gb": pl.String,
            "part_only": pl.Boolean,
        },
    )


# the catalog index the titles were read with, and their features: one catalog at a time (a changed catalog's
# features are of no further use)
_SEEN: tuple[object, pl.DataFrame] | None = None
_SEEN_LOCK = threading.RLock()  # titles_read takes it again inside _title_features' update
SEEN_MAX_TITLES = 200_000  # a long-lived process starts over beyond this (about 1,000 new titles a live day)


def forget_titles() -> None:
    """Read every title afresh from now on (the memo of _title_features emptied)."""
    global _SEEN
    with _SEEN_LOCK:
        _SEEN = None


def titles_read(index) -> pl.DataFrame | None:
    """The features of the titles read with catalog `index` so far (None: none)."""
    with _SEEN_LOCK:
        held = _SEEN
    return held[1] if held is not None and held[0] is index else None


def _features_of(titles: pl.DataFrame, index) -> pl.DataFrame:
    """Each title's features and catalog resolution (one row per title of `titles`, any order)."""
    feats = feature_frame(titles, index).with_columns(titles["title"])
    feats = feats.join(_resolutions(feats, index), on="key", how="left").drop("norm", "tokens", "key")
    # a card without its fans is modified (vocabulary.MODIFIED), but a passive card has none to miss: `Tesla P40 24GB
    # passive, no fans` is the stock card
    fans_only = pl.col("modified_hit").str.contains("FAN|LUEFTER").fill_null(False)
    return feats.with_columns(
        modified_hit=pl.when(~(fans_only & pl.col("model_id").is_in(index.passive))).then(
            pl.col("modified_hit")
        )
    )


def _title_features(titles: pl.DataFrame, index) -> pl.DataFrame:
    """_features_of `titles` (distinct), each title read once per process and catalog: a title's features
    depend on the title and the catalog alone, and the days a process runs repeat most titles (listings last
    for days; a backfill, `make run`'s sample days and the tests run many days in one process). The
    classifier's property tests hold a title classified alone to its classification in any batch (reading
    every title afresh); tests/transforms/test_title_memo.py holds titles read before to titles read afresh."""
    global _SEEN
    seen = titles_read(index)
    known = None if seen is None else seen.join(titles, on="title", how="semi")
    new = titles if known is None else titles.join(known.select("title"), on="title", how="anti")
    fresh = _features_of(new, index) if new.height else None
    if fresh is not None:
        with _SEEN_LOCK:  # against the titles read meanwhile by another thread, so that each is held once
            now = titles_read(index)
            if now is None or now.height >= SEEN_MAX_TITLES:
                grown = fresh
            else:
                unread = fresh.join(now.select("title"), on="title", how="anti")
                grown = pl.concat([now, unread], how="vertical_relaxed")
            _SEEN = (index, grown)
    parts = [f for f in (known, fresh) if f is not None and f.height]
    return pl.concat(parts, how="vertical_relaxed") if parts else _features_of(titles, index)


def rated_feedback_pct() -> pl.Expr:
    """The seller's positive percentage (seller_feedback_pct), null where there is none to judge: none given (a
    store), or eBay's 0.0 from a seller whose feedback score is MIN_FEEDBACK_SCORE or more, read as no rating in
    the last 12 months (vocabulary.MIN_FEEDBACK_SCORE). The classifier's trust floor and the watchlist's
    min_seller_feedback_pct both read it."""
    pct, score = pl.col("seller_feedback_pct"), pl.col("seller_feedback_score")
    return pl.when((pct == 0) & (score >= MIN_FEEDBACK_SCORE)).then(None).otherwise(pct)


def classify_listings(
    frame: pl.DataFrame, catalog: pl.DataFrame, min_feedback_pct: float = 95.0
) -> pl.DataFrame:
    """`frame` has title and optionally condition_id, item_group_type, seller_feedback_pct, seller_feedback_score,
    listing_kind.

    Returns one row per input row, in input order: model_id, exclude_reason, lot_quantity, evidence, and the
    evidence columns mentions, candidate_models, stated_memory_gb."""
    index = catalog_index(catalog)
    rows = frame.select(
        _column(frame, "title", pl.String).fill_null(""),
        _column(frame, "condition_id", pl.Int64),
        _column(frame, "item_group_type", pl.String),
        _column(frame, "seller_feedback_pct", pl.Float64),
        _column(frame, "seller_feedback_score", pl.Int64),
        _column(frame, "listing_kind", pl.String),
    )
    # identical titles (relisted items, several of one card, the same retailer title every day) are read once
    feats = rows.join(
        _title_features(rows.select(pl.col("title").unique()), index),
        on="title",
        how="left",
        maintain_order="left",
    )
    # a mining card is not the GeForce or Tesla its title names (vocabulary.MINING): no model, so `unclear`,
    # or a lot of no model
    feats = feats.with_columns(model_id=pl.when(pl.col("mining_hit").is_null()).then(pl.col("model_id")))
    weak_first = pl.col("acc_weak_first") & ~pl.col("part_only")  # a part number alone also names the card
    # a machine brand before the model names a system, unless the card is said to be an OEM part or a pull
    system_weak_first = pl.col("system_weak_first") & ~pl.col("oem_card")
    cond_parts = (pl.col("condition_id") == FOR_PARTS_CONDITION_ID).fill_null(False)
    fb = pl.col("seller_feedback_pct")
    lot_qty = pl.col("lot_qty")
    # a stated count of 2..MAX_LOT cards, or the word `lot` with no count (the count unknown: lot_quantity null)
    is_lot = ((lot_qty >= 2) & (lot_qty <= MAX_LOT)).fill_null(False) | (
        pl.col("lot_word") & lot_qty.is_null()
    )
    several_makers = pl.col("makers").str.contains(",").fill_null(False)  # a choice of cards at one price
    score = pl.col("seller_feedback_score")
    new_seller = (score < MIN_FEEDBACK_SCORE).fill_null(False)
    low_fb = new_seller | (rated_feedback_pct() < min_feedback_pct).fill_null(False)
    quoted = lambda c: pl.concat_str([pl.lit("'"), pl.col(c).str.to_lowercase(), pl.lit("'")])  # noqa: E731

    reason = (
        pl.when((pl.col("listing_kind") == "bundle") | pl.col("bundle_hit").is_not_null())
        .then(pl.lit("bundle"))
        .when(cond_parts | pl.col("for_parts_hit").is_not_null())
        .then(pl.lit("for_parts"))
        .when(pl.col("box_hit").is_not_null())
        .then(pl.lit("box_only"))
        .when(pl.col("photo_hit").is_not_null())
        .then(pl.lit("photo_only"))
        .when(pl.col("sample_hit").is_not_null())
        .then(pl.lit("sample"))
        .when(pl.col("pre_order_hit").is_not_null())
        .then(pl.lit("pre_order"))
        .when(pl.col("modified_hit").is_not_null())
        .then(pl.lit("modified"))
        .when(pl.col("acc_strong_hit").is_not_null() | pl.col("acc_weak_for").is_not_null() | weak_first)
        .then(pl.lit("accessory"))
        .when(pl.col("system_hit").is_not_null() | system_weak_first)
        .then(pl.lit("system"))
        .when(is_lot)
        .then(pl.lit("lot"))
        .when((pl.col("item_group_type") == VARIATION_GROUP_TYPE) | several_makers)
        .then(pl.lit("variation"))
        .when(low_fb)
        .then(pl.lit("low_feedback"))
        .when(pl.col("model_id").is_null())
        .then(pl.lit("unclear"))
        .otherwise(pl.lit(None, pl.String))
    )
    note = pl.col("note").fill_null("")
    why = (
        pl.when(pl.col("exclude_reason") == "bundle")
        .then(
            pl.when(pl.col("bundle_hit").is_not_null())
            .then(pl.concat_str([pl.lit("sold with other products at one price: "), quoted("bundle_hit")]))
            .otherwise(pl.concat_str([pl.lit("sold with other products at one price; "), note]))
        )
        .when(pl.col("exclude_reason") == "for_parts")
        .then(
            pl.when(cond_parts)
            .then(pl.lit("condition 7000 (for parts or not working)"))
            .otherwise(quoted("for_parts_hit"))
        )
        .when(pl.col("exclude_reason") == "box_only")
        .then(quoted("box_hit"))
        .when(pl.col("exclude_reason") == "photo_only")
        .then(quoted("photo_hit"))
        .when(pl.col("exclude_reason") == "sample")
        .then(quoted("sample_hit"))
        .when(pl.col("exclude_reason") == "pre_order")
        .then(quoted("pre_order_hit"))
        .when(pl.col("exclude_reason") == "modified")
        .then(pl.concat_str([quoted("modified_hit"), pl.lit("; "), note]))
        .when(pl.col("exclude_reason") == "accessory")
        .then(
            pl.when(pl.col("acc_strong_hit").is_not_null())
            .then(quoted("acc_strong_hit"))
            .when(pl.col("acc_weak_for").is_not_null())
            .then(quoted("acc_weak_for"))
            .otherwise(pl.concat_str([quoted("acc_weak_hit"), pl.lit(" before any model named")]))
        )
        .when(pl.col("exclude_reason") == "system")
        .then(
            pl.when(pl.col("system_hit").is_not_null())
            .then(quoted("system_hit"))
            .otherwise(pl.concat_str([quoted("system_weak_hit"), pl.lit(" before any model named")]))
        )
        .when((pl.col("exclude_reason") == "unclear") & pl.col("mining_hit").is_not_null())
        .then(
            pl.concat_str(
                [pl.lit("a mining card ("), quoted("mining_hit"), pl.lit("), in no catalog row; "), note]
            )
        )
        .when(pl.col("exclude_reason") == "lot")
        .then(
            pl.concat_str(
                [
                    pl.lit("lot of "),
                    lot_qty.cast(pl.String).fill_null("an unstated number of cards"),
                    pl.lit(": "),
                    note,
                ]
            )
        )
        .when((pl.col("exclude_reason") == "variation") & (pl.col("item_group_type") == VARIATION_GROUP_TYPE))
        .then(
            pl.concat_str(
                [pl.lit("seller-defined variations, the price shown is the cheapest variant; "), note]
            )
        )
        .when(pl.col("exclude_reason") == "variation")
        .then(
            pl.concat_str(
                [
                    pl.lit("names several card makers ("),
                    pl.col("makers"),
                    pl.lit("): a choice of cards; "),
                    note,
                ]
            )
        )
        .when((pl.col("exclude_reason") == "low_feedback") & new_seller)
        .then(
            pl.concat_str(
                [
                    pl.lit("seller's feedback score "),
                    score.cast(pl.String),
                    pl.lit(f", under {MIN_FEEDBACK_SCORE} (a new account, or negatives); "),
                    note,
                ]
            )
        )
        .when(pl.col("exclude_reason") == "low_feedback")
        .then(
            pl.concat_str(
                [
                    pl.lit("seller feedback "),
                    fb.cast(pl.String),
                    pl.lit(f"% below {min_feedback_pct:g}%; "),
                    note,
                ]
            )
        )
        .otherwise(note)
    )
    out = feats.with_columns(exclude_reason=reason).with_columns(
        evidence=pl.when(pl.col("exclude_reason").is_null())
        .then(why)
        .otherwise(pl.concat_str([pl.col("exclude_reason"), pl.lit(": "), why])),
        model_id=pl.when(
            pl.col("exclude_reason").is_null() | pl.col("exclude_reason").is_in(["lot", "modified"])
        ).then(pl.col("model_id")),
        lot_quantity=pl.when(pl.col("exclude_reason") == "lot")
        .then(lot_qty)
        .otherwise(pl.lit(1))
        .cast(pl.Int32),
        mentions=pl.col("mentions_text"),
    )
    return out.select([pl.col(c).cast(t) for c, t in OUTPUT_SCHEMA.items()])


def classify_ebay_items(
    items: list[dict], catalog: pl.DataFrame, min_feedback_pct: float = 95.0
) -> pl.DataFrame:
    """Raw Browse item summaries (dicts as eBay returns them: itemId, title, conditionId as a string,
    itemGroupType, seller.feedbackPercentage as a string) to one row per item, in input order:
    item_id, title and the classify_listings columns."""
    items = [i if isinstance(i, dict) else {} for i in items]
    frame = pl.DataFrame(
        {
            "item_id": [None if i.get("itemId") is None else str(i.get("itemId")) for i in items],
            "title": [i.get("title") if isinstance(i.get("title"), str) else None for i in items],
            "condition_id": [whole_int(i.get("conditionId")) for i in items],
            "item_group_type": [i.get("itemGroupType") for i in items],
            "seller_feedback_pct": [
                finite_float((i.get("seller") or {}).get("feedbackPercentage")) for i in items
            ],
            "seller_feedback_score": [whole_int((i.get("seller") or {}).get("feedbackScore")) for i in items],
        },
        schema={
            "item_id": pl.String,
            "title": pl.String,
            "condition_id": pl.Int64,
            "item_group_type": pl.String,
            "seller_feedback_pct": pl.Float64,
            "seller_feedback_score": pl.Int64,
        },
    )
    return pl.concat(
        [frame.select("item_id", "title"), classify_listings(frame, catalog, min_feedback_pct)],
        how="horizontal",
        strict=True,  # one row per input row: frames of unequal height are a bug
    )
