"""eBay's structured evidence beside the title: the item aspects `Chipset/GPU Model` and `Memory Size` that
sellers fill in for category 27386 (Graphics/Video Cards), read without a call per listing.

A search's first page asks for `fieldgroups=ASPECT_REFINEMENTS,MATCHING_ITEMS` (no extra call): eBay answers
how many of the search's items carry each value of each aspect (`refinement.aspectDistributions`). The values
that name another catalog model than the one searched, or another memory size than its own, are suspects:
one more call per such aspect, the same search with `aspect_filter=categoryId:27386,<aspect>:{v1|v2}`, lists
the items (up to 200) whose seller stated one of them. An item found there is recorded with the values it was
found under (raw.ebay_aspect_evidence). If what its title says (the classifier's model) is not among the
models or sizes those values name, the title and the aspect disagree: staging.listings says so and excludes
the listing as `unclear`. Neither side is guessed right; the item simply prices nothing.

One disagreement is a seller's slip, not a doubt: a title naming a SUPER, Ti or XT card whose chipset aspect
names the card it is a variant of (`EVGA RTX 2070 SUPER XC Ultra ... 08G-P4-3173-KR` under `NVIDIA GeForce RTX
2070`). On 2,430 real eBay sold listings with their aspects (June 2023, a public dataset, not committed), the
evidence a search would hold (the suspect values of the title's model) disagrees with 137 of the 2,022 titles the
classifier keeps, and 121 of those are such slips: 35 of 47 RTX 2070 SUPER, 34 of 61 GTX 1660 SUPER, 17 of 28 RTX
2080 SUPER, 16 of 29 GTX 1660 Ti, 14 of 82 RTX 3070 Ti; the part numbers in their titles, where checked, name the title's
card (PH-GTX1660S-O6G, GV-N307TVISION OC-8GD, TUF-GTX1660TI-T6G-EVO, EVGA 08G-P4-3173-KR). Excluding them
dropped three in four RTX 2070 SUPER listings. So the listing is kept and the slip recorded in its evidence; any
other disagreement (an RTX 3060 Ti under RTX 3070, a 2 GB GTX 1050 under the 1050 Ti, a base card under its SUPER:
the other 16) still prices nothing.

What a value names is read by the same classifier as titles (`NVIDIA GeForce RTX 3090 Ti` -> rtx-3090-ti);
a value it cannot place on one model (`NVIDIA GeForce RTX 3060`, two memory sizes) is no evidence.
"""

import re

import polars as pl

from transforms.matching import classify_listings

CATEGORY_ID = "27386"
CHIPSET = "Chipset/GPU Model"
MEMORY = "Memory Size"
ASPECTS = (CHIPSET, MEMORY)
# marketplaces whose aspect names are the English ones above (another language names them otherwise)
ASPECT_MARKETPLACES = frozenset({"EBAY_US", "EBAY_GB", "EBAY_CA", "EBAY_AU"})
EVIDENCE_SCHEMA = {
    "marketplace_id": pl.String,
    "item_id": pl.String,
    "query_model_id": pl.String,
    "aspect_name": pl.String,
    "stated_values": pl.List(pl.String),
    "items_total": pl.Int32,
}
CONFLICT = "title and eBay item aspect disagree"  # how a conflict's sentence starts (aspect_conflicts)
SLIP = "eBay item aspect names the card this one is a variant of"  # how a seller's slip's sentence starts
# a title's card is a variant of the aspect's when its catalog name is the aspect card's name and one of these
VARIANT_SUFFIXES = ("SUPER", "TI", "TI SUPER", "XT")
_MEMORY = re.compile(r"^\s*(\d{1,3})\s*(?:GB|G|GIG|GIGABYTES?)\s*$", re.IGNORECASE)


def aspect_counts(refinement: object) -> tuple[list[tuple[str, str, int]], list[str]]:
    """(aspect, value, match count) for the wanted aspects of a page's `refinement`, and the problems met
    (a container of the wrong type is skipped with its reason; the page's items are unaffected)."""
    if refinement is None:
        return [], []
    if not isinstance(refinement, dict):
        return [], [f"refinement is {type(refinement).__name__}, not an object"]
    distributions = refinement.get("aspectDistributions")
    if distributions is None:
        return [], []
    if not isinstance(distributions, list):
        return [], [f"aspectDistributions is {type(distributions).__name__}, not a list"]
    out, problems, seen = [], [], set()
    for d in distributions:
        if not isinstance(d, dict) or d.get("localizedAspectName") not in ASPECTS:
            continue
        name = d["localizedAspectName"]
        values = d.get("aspectValueDistributions")
        if not isinstance(values, list):
            problems.append(f"{name}: aspectValueDistributions is {type(values).__name__}, not a list")
            continue
        for v in values:
            value = v.get("localizedAspectValue") if isinstance(v, dict) else None
            count = v.get("matchCount") if isinstance(v, dict) else None
            if not isinstance(value, str) or not value.strip() or not isinstance(count, int) or count < 0:
                problems.append(f"{name}: a value without a name or a count ({str(v)[:80]})")
                continue
            if (name, value.strip()) in seen:
                problems.append(f"{name}: {value.strip()!r} given twice; the first count kept")
                continue
            seen.add((name, value.strip()))
            out.append((name, value.strip(), count))
    return out, problems


def memory_gb(value: str) -> int | None:
    """A `Memory Size` value in GB (`12 GB`, `24GB`); None for anything else (`Not Specified`, `512 MB`)."""
    match = _MEMORY.match(value)
    return int(match.group(1)) if match else None


def named_models(
    values: list[str], catalog: pl.DataFrame, memo: dict[str, str | None] | None = None
) -> dict[str, str | None]:
    """What each `Chipset/GPU Model` value names: one catalog model the classifier keeps, else None.
    `memo`: values already read (a day's searches share most of their values), filled in as it goes."""
    memo = {} if memo is None else memo
    new = [v for v in dict.fromkeys(values) if v not in memo]
    if new:
        read = classify_listings(pl.DataFrame({"title": new}), catalog)
        memo.update(
            (v, m if r is None else None)
            for v, m, r in zip(new, read["model_id"], read["exclude_reason"], strict=True)
        )
    return {v: memo[v] for v in values}


def suspect_values(
    query_model_id: str,
    counts: list[tuple[str, str, int]],
    catalog: pl.DataFrame,
    memo: dict[str, str | None] | None = None,
) -> dict[str, list[str]]:
    """Per aspect, the values of a search's distribution that name another model than `query_model_id`,
    or another memory size than its catalog's (the values worth one aspect-filtered call). `memo`: as in
    named_models."""
    if not counts:  # no distribution (the sample, another marketplace): nothing to ask
        return {}
    memory = catalog.filter(pl.col("model_id") == query_model_id)["memory_gb"]
    own_gb = int(memory[0]) if memory.len() and memory[0] is not None else None
    chipsets = [v for a, v, n in counts if a == CHIPSET and n > 0]
    names = named_models(chipsets, catalog, memo)
    out = {
        CHIPSET: sorted(v for v in chipsets if names[v] is not None and names[v] != query_model_id),
        MEMORY: sorted(
            v
            for a, v, n in counts
            if a == MEMORY
            and n > 0
            and memory_gb(v) is not None
            and own_gb is not None
            and memory_gb(v) != own_gb
        ),
    }
    return {a: vs for a, vs in out.items() if vs}


def aspect_filter(aspect: str, values: list[str], category_id: str = CATEGORY_ID) -> str:
    """The Browse API's aspect_filter: `categoryId:27386,Memory Size:{8 GB|16 GB}` (a `|` inside a value is
    escaped with a backslash, as the API reference says)."""
    return f"categoryId:{category_id},{aspect}:{{{'|'.join(v.replace('|', chr(92) + '|') for v in values)}}}"


def variant_of(model_id: str, base_id: str, names: dict[str, str]) -> bool:
    """Whether catalog model `model_id` is `base_id` with a suffix of VARIANT_SUFFIXES (`names`: model_id -> name):
    rtx-2070-super of rtx-2070, rtx-4070-ti-super of rtx-4070-ti, rx-6800-xt of rx-6800."""
    name, base = (names.get(model_id) or "").upper(), (names.get(base_id) or "").upper()
    return bool(base) and any(name == f"{base} {suffix}" for suffix in VARIANT_SUFFIXES)


def aspect_conflicts(listings: pl.DataFrame, evidence: pl.DataFrame, catalog: pl.DataFrame) -> pl.DataFrame:
    """The kept eBay listings whose title and stated aspect disagree: listing_id, a sentence saying how, and
    `excludes` (false when every disagreement of the listing is a seller's slip, see the module docstring).

    `listings`: source, listing_id, model_id, exclude_reason (staging.listings rows); `evidence`: rows of
    raw.ebay_aspect_evidence. A listing agrees when its model is among those the stated chipset values name,
    and its model's memory among the stated sizes."""
    empty = pl.DataFrame(
        schema={"listing_id": pl.String, "aspect_conflict": pl.String, "excludes": pl.Boolean}
    )
    if evidence.is_empty() or listings.is_empty():
        return empty
    kept = listings.filter(
        (pl.col("source") == "ebay") & pl.col("model_id").is_not_null() & pl.col("exclude_reason").is_null()
    ).select("listing_id", "model_id")
    found = kept.join(
        evidence.select(pl.col("item_id").alias("listing_id"), "aspect_name", "stated_values").unique(
            subset=["listing_id", "aspect_name"], keep="first", maintain_order=True
        ),
        on="listing_id",
    )
    if found.is_empty():
        return empty
    all_values = sorted({v for vs in found["stated_values"] for v in vs})
    names = named_models(all_values, catalog)
    memory = dict(catalog.select("model_id", "memory_gb").iter_rows())
    model_names = dict(catalog.select("model_id", "name").iter_rows())
    rows = []
    for listing_id, model_id, aspect, values in found.iter_rows():
        slip = False
        if aspect == CHIPSET:
            named = {names.get(v) for v in values} - {None}
            agrees = model_id in named
            slip = not agrees and any(variant_of(model_id, base, model_names) for base in named)
        else:
            agrees = memory.get(model_id) in {memory_gb(v) for v in values}
        if not agrees:
            stated = " or ".join(f"'{v}'" for v in values)
            if slip:
                rows.append((listing_id, f"{SLIP}: title {model_id}; {aspect} {stated}; title kept", False))
            else:
                rows.append((listing_id, f"{CONFLICT}: title {model_id}; {aspect} {stated}", True))
    if not rows:
        return empty
    out = pl.DataFrame(rows, schema=empty.schema, orient="row")
    return out.group_by("listing_id", maintain_order=True).agg(
        pl.col("aspect_conflict").str.join("; "), pl.col("excludes").any()
    )


COUNTS_SCHEMA = {
    "marketplace_id": pl.String,
    "query_model_id": pl.String,
    "aspect_name": pl.String,
    "aspect_value": pl.String,
    "match_count": pl.Int32,
}


def counts_frame(rows: list[dict], day, source_mode: str) -> pl.DataFrame:
    """raw.ebay_aspect_counts rows of `day`."""
    frame = pl.DataFrame(rows, schema=COUNTS_SCHEMA)
    return frame.select(
        pl.lit(day).alias("snapshot_date"), *COUNTS_SCHEMA, pl.lit(source_mode).alias("source_mode")
    )


def evidence_frame(rows: list[dict], day, source_mode: str) -> pl.DataFrame:
    """raw.ebay_aspect_evidence rows of `day` (an item found twice under one aspect by one search: once)."""
    frame = pl.DataFrame(rows, schema=EVIDENCE_SCHEMA).unique(
        subset=["marketplace_id", "item_id", "query_model_id", "aspect_name"],
        keep="first",
        maintain_order=True,
    )
    return frame.select(
        pl.lit(day).alias("snapshot_date"),
        *EVIDENCE_SCHEMA,
        pl.lit(source_mode).alias("source_mode"),
    )
