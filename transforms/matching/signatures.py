"""Model signatures derived from the catalog, so a new catalog row works without code changes.

For every catalog row the name, search_query and aliases are normalized (normalize.py) and read as
phrases:
  * core   - the model-number token of the name (4070, A100, MI50, W7800, B580; TITAN for the TITANs);
  * suffix - the variant tokens right after the core (TI, SUPER, XT, XTX, GRE, D, S; X / XP / V / RTX
             after TITAN). (core, suffix) is the *key* a title mention is looked up by;
  * qualifiers - the other words of a phrase (QUADRO, ADA, SFF, PRO, BLACKWELL, MAX Q, SERVER, NVL, FE,
             PASCAL, ...) minus brand/generic words, memory figures and form-factor words.
A model's `required` qualifiers for a key are those present in *every* phrase of that key (QUADRO for
Quadro RTX 6000, ADA for RTX 6000 Ada, PRO for RTX PRO 6000); its `union` is every qualifier any of its
phrases uses. Memory and form factor come from the memory_gb and form_factor columns; a model_id ending
in `-<n>gb` says the model exists in several memory sizes, so its memory must be stated.

Short cores (a letter and one or two digits: A2, T4, L4, P40, A10, L40) are mentions only after a brand or
series word (NVIDIA A10, Tesla T4) or before a memory figure (A30 24GB): bare, they are too often other
things (Toshiba Tecra A10, an L4-9 cable code).

Part numbers, and aliases in which the core is glued to other letters (QUADRORTX6000 is split, but e.g.
VCNRTX6000ADA-PB is not), become *literals*: exact normalized phrases that name one model directly.
"""

import re
from dataclasses import dataclass, field

import polars as pl

from transforms.matching.normalize import normalize_strings
from transforms.matching.vocabulary import (
    BRAND_WORDS,
    EDITION_WORDS,
    FORM_TOKEN_RE,
    FORM_TOKENS,
    MEMORY_TOKEN_RE,
    SERIES_WORDS,
    SOFT_SERIES,
    STOP_QUALIFIERS,
    TITAN_SUFFIXES,
    TITLE_SERIES,
    VARIANT_SUFFIXES,
)

CORE_TOKEN = re.compile(r"^(?:[A-Z]{1,2}\d{1,4}[A-Z]?|\d{3,4})$")
MEMORY_TOKEN = re.compile(r"^\d{1,3}GB$")
MEMORY_IN_ID = re.compile(r"-\d+gb$")
SXM_GEN = re.compile(r"^SXM\d$")
SHORT_CORE = re.compile(r"^[A-Z]\d{1,2}$")
PREFIX_TOKENS = frozenset(BRAND_WORDS) | frozenset(w for s in SERIES_WORDS for w in s.split())


@dataclass(frozen=True)
class Signature:
    """One catalog model as seen under one (core, suffix) key."""

    model_id: str
    name: str
    core: str
    suffix: tuple[str, ...]
    memory_gb: float | None
    form: str | None
    needs_memory: bool
    required: frozenset[str]
    union: frozenset[str]
    sxm_gens: frozenset[str] = frozenset()


@dataclass
class CatalogIndex:
    """Everything the classifier knows about the catalog, built once per catalog content."""

    groups: dict[tuple[str, tuple[str, ...]], list[Signature]]
    cores: frozenset[str]
    literals: dict[str, tuple[str, ...]]
    qualifiers: frozenset[str]
    mention_re: str
    literal_re: str | None
    qualifier_re: str
    lot_context_re: str
    token_re: str
    by_model: dict[str, Signature] = field(default_factory=dict)
    cache: dict = field(default_factory=dict)
    passive: tuple[str, ...] = ()  # the models cooled by the chassis's airflow: no fans of their own


def split_mention(tokens: list[str]) -> tuple[list[str], str | None, tuple[str, ...]]:
    """(prefix words, core, sorted suffix) of a mention's tokens, e.g. RTX 4070 TI SUPER -> 4070, (SUPER, TI)."""
    i = 0
    while i < len(tokens) and tokens[i] in PREFIX_TOKENS and tokens[i] != "TITAN":
        i += 1
    if i >= len(tokens):
        return tokens, None, ()
    core = tokens[i]
    return tokens[:i], core, tuple(sorted(set(_suffix_after(tokens, i))))


def _suffix_after(tokens, i: int) -> list[str]:
    """The variant tokens right after the core at position i (TI, SUPER, ...; X / XP / V after TITAN)."""
    allowed = TITAN_SUFFIXES if tokens[i] == "TITAN" else VARIANT_SUFFIXES
    suffix = []
    for tok in tokens[i + 1 :]:
        if tok not in allowed:
            break
        suffix.append(tok)
    return suffix


def _core_of(name_tokens: list[str]) -> str | None:
    for tok in name_tokens:
        if CORE_TOKEN.match(tok) and not MEMORY_TOKEN.match(tok) and tok not in FORM_TOKENS:
            return tok
    return "TITAN" if "TITAN" in name_tokens else None


def _phrase_key(tokens: list[str], core: str) -> tuple[tuple[str, ...], frozenset[str]] | None:
    """(suffix, qualifiers) of a catalog phrase that contains `core` as a token, else None."""
    if core not in tokens:
        return None
    i = tokens.index(core)
    suffix = _suffix_after(tokens, i)
    used = {core, *suffix}
    quals = frozenset(
        t
        for t in tokens
        if t not in used
        and t not in STOP_QUALIFIERS
        and t not in FORM_TOKENS
        and t not in BRAND_WORDS
        and not any(c.isdigit() for c in t)
    )
    return tuple(sorted(set(suffix))), quals


def _alternation(words) -> str:
    return "|".join(sorted(set(words), key=lambda w: (-len(w), w)))


def build_index(catalog: pl.DataFrame) -> CatalogIndex:
    """Signatures, literals and the extraction patterns for one catalog frame."""
    cols = catalog.columns
    memory_col = "memory_gb" if "memory_gb" in cols else "vram_gb"
    rows = list(catalog.iter_rows(named=True))
    texts: list[str | None] = []
    spans: list[tuple[int, int, int]] = []  # per row: (start, n_phrases, n_parts)
    for r in rows:
        phrases = [r.get("name"), r.get("search_query")] + (r.get("aliases") or "").split("|")
        phrases = [p for p in phrases if p and p.strip()]
        parts = [p for p in (r.get("part_numbers") or "").split("|") if p.strip()]
        spans.append((len(texts), len(phrases), len(parts)))
        texts += phrases + parts
    normed = normalize_strings(texts)

    groups: dict[tuple[str, tuple[str, ...]], list[Signature]] = {}
    literals: dict[str, set[str]] = {}
    by_model: dict[str, Signature] = {}
    all_quals: set[str] = set()
    for r, (start, n_phrases, n_parts) in zip(rows, spans, strict=True):
        model_id = r["model_id"]
        phrases = normed[start : start + n_phrases]
        parts = normed[start + n_phrases : start + n_phrases + n_parts]
        core = _core_of(phrases[0].split()) if phrases else None
        per_key: dict[tuple[str, ...], list[frozenset[str]]] = {}
        for ph in phrases:
            got = _phrase_key(ph.split(), core) if core else None
            if got is None:
                if ph:
                    literals.setdefault(ph, set()).add(model_id)
                continue
            per_key.setdefault(got[0], []).append(got[1])
        for p in parts:
            if p:
                literals.setdefault(p, set()).add(model_id)
        union = frozenset().union(*[q for qs in per_key.values() for q in qs]) if per_key else frozenset()
        sxm_gens = frozenset(t for ph in phrases for t in ph.split() if SXM_GEN.match(t))
        all_quals |= union
        memory = r.get(memory_col)
        form = (r.get("form_factor") or "").lower() or None
        for suffix, quals in per_key.items():
            sig = Signature(
                model_id=model_id,
                name=r.get("name") or model_id,
                core=core,
                suffix=suffix,
                memory_gb=memory,
                form=form,
                needs_memory=bool(MEMORY_IN_ID.search(model_id)),
                required=frozenset.intersection(*quals),
                union=union,
                sxm_gens=sxm_gens,
            )
            groups.setdefault((core, suffix), []).append(sig)
            if model_id not in by_model or suffix == _phrase_key(phrases[0].split(), core)[0]:
                by_model[model_id] = sig

    cores = frozenset(k[0] for k in groups)
    qualifiers = frozenset(all_quals | TITLE_SERIES | SOFT_SERIES | set(EDITION_WORDS.values()))
    brand = _alternation(BRAND_WORDS)
    series = _alternation(SERIES_WORDS)
    suffix = rf"(?: (?:{_alternation(VARIANT_SUFFIXES)}))*"
    known = _alternation(c for c in cores if c != "TITAN")
    long_cores = _alternation(c for c in cores if c != "TITAN" and not SHORT_CORE.match(c))
    short_cores = _alternation(c for c in cores if SHORT_CORE.match(c)) or "(?!)"
    mention_re = (
        rf"\b(?:(?:(?:{brand}|{series}) )*TITAN(?: (?:{_alternation(TITAN_SUFFIXES)}))?"
        rf"|(?:(?:{brand}) )*(?:(?:{series}) )+(?:[A-Z]{{1,2}}\d{{2,5}}|\d{{3,5}})[A-Z]?{suffix}"
        rf"|(?:(?:{brand}|{series}) )+(?:{short_cores}){suffix}"
        rf"|(?:{short_cores}){suffix} \d{{1,3}}GB"
        rf"|(?:(?:{brand}|{series}) )*(?:{long_cores}){suffix})\b"
    )
    lit = {k: tuple(sorted(v)) for k, v in literals.items()}
    literal_re = rf"\b(?:{_alternation(lit)})\b" if lit else None
    qualifier_re = rf"\b(?:{_alternation(qualifiers)})\b"
    lot_context_re = rf"(?:{_alternation(known.split('|'))}|TITAN)"
    # one pass finds everything the resolver needs; at each position the first alternative that matches wins
    token_re = "|".join(
        p for p in (literal_re, mention_re, MEMORY_TOKEN_RE, FORM_TOKEN_RE, qualifier_re) if p
    )
    return CatalogIndex(
        groups=groups,
        cores=cores,
        literals=lit,
        qualifiers=qualifiers,
        mention_re=mention_re,
        literal_re=literal_re,
        qualifier_re=qualifier_re,
        lot_context_re=lot_context_re,
        token_re=token_re,
        by_model=by_model,
        passive=tuple(catalog.filter(pl.col("cooling") == "passive")["model_id"].to_list())
        if "cooling" in catalog.columns
        else (),
    )


_INDEXES: dict[int, CatalogIndex] = {}


def catalog_index(catalog: pl.DataFrame) -> CatalogIndex:
    """build_index, memoized on the catalog's content (the catalog is small; hashing it costs ~1 ms)."""
    keep = [
        c
        for c in (
            "model_id",
            "name",
            "search_query",
            "aliases",
            "part_numbers",
            "memory_gb",
            "vram_gb",
            "form_factor",
            "cooling",
        )
        if c in catalog.columns
    ]
    fingerprint = hash(tuple(catalog.select(keep).iter_rows()))
    index = _INDEXES.get(fingerprint)
    if index is None:
        if len(_INDEXES) > 8:
            _INDEXES.clear()
        index = _INDEXES[fingerprint] = build_index(catalog)
    return index
