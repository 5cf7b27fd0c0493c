"""Vectorized feature extraction: Polars string expressions over normalized titles, no Python per row.

Per title it yields
  * tokens    - one combined regex pass (signatures.py) finding, leftmost first: catalog part numbers and
                glued aliases; model-mention spans (catalog cores, plus any number after a series word so
                that non-catalog models are seen too); memory figures (with the next word, to drop
                `16GB DDR4`); form words (SXM, SXM2..5, PCIE, OAM, adapter); qualifier words the catalog
                uses to tell models apart (QUADRO, ADA, FE, NVL, ...);
  * key       - the tokens joined; resolve.py runs once per distinct key;
  * the first matching phrase of each exclusion vocabulary (null when none), and the lot quantity.

Accessory rules: a strong accessory word (water block, bridge, riser, `... only`, fits, no card) counts
wherever it stands unless guarded (`with NVLink bridge`, `scratch on backplate`); a weak one (bracket,
shroud, cooler, fan, adapter, cable, kit, ...) counts only before the first model mention or when
followed by FOR. System words are checked after blanking `desktop graphics card`, `for PC`, `pulled
from a workstation`; machine names (PowerEdge, Precision 7960, tower, Razer Blade) count only before the
first model mention. For-parts words are checked after blanking `damaged box`, `no artifacts`.
A lot is a count attached to GPU words (`2x RTX 3090`, `lot of 10`, `pair`, `(3) three MSI`, `New (2) EVGA`),
or the word `lot` without a count (the count then unknown), never a fan
count (`Ventus 2X`, `3X fans`), a lane width (`x16`) or a port count (`4x DP`).
"""

import polars as pl

from transforms.matching.normalize import normalize_series
from transforms.matching.signatures import CatalogIndex
from transforms.matching.vocabulary import (
    ACCESSORY_GUARD,
    ACCESSORY_STRONG,
    ACCESSORY_WEAK_FOR,
    ACCESSORY_WEAK_WORDS,
    BOX_ONLY,
    BUNDLE_GUARD,
    BUNDLE_TITLE,
    CARD_MAKER_NAMES,
    CARD_MAKERS,
    CONFIRMED_BARE,
    FAN_COUNT,
    FOR_PARTS,
    FOR_PARTS_GUARD,
    GPU_WORDS,
    MAKERS_LISTED,
    MINING,
    MODIFIED,
    MODIFIED_COOLED,
    NUMBER_WORDS,
    PHOTO_ONLY,
    PRE_ORDER,
    PRE_ORDER_GUARD,
    SAMPLE,
    SYSTEM,
    SYSTEM_GUARD,
    SYSTEM_WEAK_WORDS,
)

# a lot named without its count (`Lot NVIDIA GeForce RTX 3090 ...`, `GPU lot`, `job lot`): every such real title
# seen was several cards (docs/sources.md); the count stays unknown (lot_quantity null)
LOT_WORD = r"\bLOT\b"
LOT_NUMERIC = 11  # capture groups 1..11 of the lot pattern hold a count in digits; 12 a number word; 13 PAIR


def _lot_pattern(index: CatalogIndex) -> str:
    """One regex, one capture group per way of writing a count of cards (see the module docstring)."""
    gpu = rf"(?:[A-Z]+ ){{0,3}}(?:{GPU_WORDS}|{index.lot_context_re})\b"
    words = "|".join(NUMBER_WORDS)
    numeric = [
        r"\b(?:LOT|SET|BUNDLE|PACK|BATCH)(?: OF)? (\d{1,3})\b",
        rf"\b(\d{{1,2}}) ?X {gpu}",
        rf"\bX ?(\d{{1,2}}) {gpu}",
        # `2 ASUS ROG Strix OC GeForce RTX 3090`: a count opening the title, before a GPU word or a card maker
        rf"^(\d{{1,2}}) (?:{gpu}|(?:{CARD_MAKER_NAMES})\b)",
        # `NEW (2) EVGA GeForce RTX 3090`: after a condition word only a maker or GPU word (not `New 2 fan`)
        rf"^(?:BRAND NEW|NEW|USED) (\d{{1,2}}) (?:{CARD_MAKER_NAMES}|{GPU_WORDS})\b",
        r"\bX ?([2-9]|1\d)$",
        r"\b(\d{1,2}) ?(?:PCS|PIECES|UNITS|PACK)\b",
        rf"\bQTY (\d{{1,3}}) {gpu}",  # `Qty 4 - NVIDIA L4` (not `Qty available: 4`)
        r"\b\d{1,3}GB X ?([2-9]|1\d)\b",  # `RTX A6000 48GB x2 with NVLink Bridge`
        # `RTX 3090 x2 24GB` (issue 37); only x2: Inno3D names its coolers X3 (`RTX 4090 X3 OC`)
        r"\b\d{3,4}(?: TI| SUPER| XTX| XT)? X ?(2)\b",
        r"\bALL (\d{1,2}) (?:GPUS?|GPU S|CARDS?)\b",  # `(All 3 GPU's)`
    ]
    assert len(numeric) == LOT_NUMERIC
    return "|".join(
        [*numeric, rf"\b((?:{words}) )(?:\d{{1,2}} )?{gpu}", r"\b(PAIR)\b"]
    )  # `Two (2) Intel Arc`


def _first(expr: pl.Expr, pattern: str) -> pl.Expr:
    return expr.str.extract(f"({pattern})", 1)


def _guarded(norm: pl.Series, word: str, guard: str) -> pl.Series:
    """`norm` with `guard` blanked on the titles containing the regex `word` (what the guard guards), the others as
    they are: PRE_ORDER_GUARD's replace over every title cost 20 ms of benchmark 1's 2 s, the word's test 3 ms."""
    rows = norm.str.contains(word).arg_true()
    if rows.len() == 0:
        return norm
    return norm.clone().scatter(rows, norm.gather(rows).str.replace_all(guard, " ; "))


def _first_where(norm: pl.Series, word: str, pattern: str) -> pl.Series:
    """The first match of `pattern` on the titles containing the regex `word`, null elsewhere: a rule read only
    where its word stands (MODIFIED_COOLED on the titles that say COOLED)."""
    rows = norm.str.contains(word).arg_true()
    hits = pl.Series("hit", [None] * norm.len(), pl.String)
    if rows.len() == 0:
        return hits
    return hits.scatter(rows, norm.gather(rows).str.extract(f"({pattern})", 1))


def _makers_listed(base: pl.DataFrame) -> pl.Series:
    """The distinct card makers a title names, where it lists makers (column `listed`; GALAX and KFA2: one maker),
    else null. Computed on the listed rows alone: a when/then would read every title's makers (benchmark 1: 150 ms
    of the classifier's 2 s for the 1% of titles that list makers)."""
    rows = base["listed"].arg_true()
    makers = pl.Series("makers", [None] * base.height, pl.String)
    if rows.len() == 0:
        return makers
    named = (
        base["norm"]
        .gather(rows)
        .str.extract_all(CARD_MAKERS)
        .list.eval(pl.element().replace("KFA2", "GALAX"))
        .list.unique()
        .list.sort()
        .list.join(", ")
    )
    return makers.scatter(rows, named)


def feature_frame(frame: pl.DataFrame, index: CatalogIndex) -> pl.DataFrame:
    """One row per input row: norm, tokens, key, the exclusion hit columns, lot_qty."""
    titles = (
        frame["title"] if "title" in frame.columns else pl.Series("title", [None] * frame.height, pl.String)
    )
    base = pl.DataFrame(
        {"norm": normalize_series(titles), "listed": titles.str.to_uppercase().str.contains(MAKERS_LISTED)}
    )
    n = pl.col("norm")
    # guarded texts are materialized once (eager with_columns would recompute a shared expression per use)
    base = base.with_columns(
        guarded=n.str.replace_all(ACCESSORY_GUARD, " ; "), sys_text=n.str.replace_all(SYSTEM_GUARD, " ; ")
    )
    base = base.with_columns(weak_text=pl.col("guarded").str.replace_all(FAN_COUNT, " ; "))
    guarded, weak_text, sys_text = pl.col("guarded"), pl.col("weak_text"), pl.col("sys_text")
    feats = base.with_columns(
        tokens=n.str.extract_all(index.token_re),
        for_parts_hit=_first(n.str.replace_all(FOR_PARTS_GUARD, " ; "), FOR_PARTS),
        box_hit=_first(n, BOX_ONLY),
        bundle_hit=_first(
            pl.lit(_guarded(base["norm"], "PSU|POWER SUPPLY|PLUS", BUNDLE_GUARD)), BUNDLE_TITLE
        ),
        photo_hit=_first(n, PHOTO_ONLY),
        sample_hit=_first(n, SAMPLE),
        pre_order_hit=pl.coalesce(
            _first(n, PRE_ORDER),
            _first(pl.lit(_guarded(base["norm"], "CONFIRMED", PRE_ORDER_GUARD)), CONFIRMED_BARE),
        ),
        makers=_makers_listed(base),
        modified_hit=pl.coalesce(
            _first(n, MODIFIED), pl.lit(_first_where(base["norm"], "COOLED", MODIFIED_COOLED))
        ),
        acc_strong_hit=_first(guarded, ACCESSORY_STRONG),
        acc_weak=weak_text.str.extract_groups(rf"^(.*?)\b({ACCESSORY_WEAK_WORDS})\b"),
        acc_weak_for=_first(weak_text, ACCESSORY_WEAK_FOR),
        system_hit=_first(sys_text, SYSTEM),
        mining_hit=_first(n, MINING),
        system_weak=sys_text.str.extract_groups(rf"^(.*?)\b({SYSTEM_WEAK_WORDS})\b"),
        lot=n.str.extract_groups(_lot_pattern(index)),
        lot_word=n.str.contains(LOT_WORD),
        oem_card=n.str.contains(r"\b(?:OEM|PULL|PULLED|PULLS)\b"),  # the card is an OEM part or a pull
    )
    counts = [pl.col("lot").struct.field(str(i)) for i in range(1, LOT_NUMERIC + 3)]
    word = (
        counts[LOT_NUMERIC]
        .str.strip_chars()
        .replace_strict(NUMBER_WORDS, default=None, return_dtype=pl.Int32)
    )
    pair = pl.when(counts[LOT_NUMERIC + 1].is_not_null()).then(pl.lit(2, pl.Int32))
    acc_prefix = pl.col("acc_weak").struct.field("1")
    sys_prefix = pl.col("system_weak").struct.field("1")
    return feats.with_columns(
        acc_weak_hit=pl.col("acc_weak").struct.field("2"),
        # the weak word comes before any model mention
        acc_weak_first=acc_prefix.is_not_null() & ~acc_prefix.str.contains(index.mention_re),
        system_weak_hit=pl.col("system_weak").struct.field("2"),
        system_weak_first=sys_prefix.is_not_null() & ~sys_prefix.str.contains(index.mention_re),
        lot_qty=pl.coalesce(*[c.cast(pl.Int32, strict=False) for c in counts[:LOT_NUMERIC]], word, pair),
        key=pl.col("tokens").list.join("|"),
    ).drop("acc_weak", "system_weak", "lot", "guarded", "weak_text", "sys_text", "listed")
