"""From a title's extracted features to one catalog model or a reason why none can be named.

Called once per DISTINCT feature combination (features.py builds the key); results are cached on the
catalog index. Rules, in order:
  1. Mentions (RTX 4070 TI SUPER, A100, TITAN XP, GTX 1650, ...) and part numbers are read as keys
     (core, variant suffix). No key: unclear. Several different keys (RTX 3080 / 3090, 1080 1080 TI,
     a part number of another model): unclear. A key the catalog lacks (GTX 1650, RTX 5090 D, RX 6700
     without XT): unclear - the listing names a model we do not track. A model named again after it by the
     family's shorter name (`RTX 5070 Ti 16GB ... Graphics Card RTX 5070`, as store titles do) is one key when
     the stated memory fits the first and not the shorter name (_drop_family_repeat).
  2. Qualifiers pick among the catalog models sharing the key: a model needs all its required words
     (QUADRO, ADA, PRO, MAX Q, SFF, ...; a required series word such as RTX or RX is waived when the
     title names no series at all), and is ruled out by a word only a sibling uses (PASCAL vs MAXWELL,
     NVL, NVLINK, FE, LIMITED). QUADRO and ADA may be missing when the stated memory names exactly one
     model of the key (RTX 6000 24GB is the Quadro). A model whose bare name several editions share
     needs its edition word (vocabulary.EDITION_WORDS: RTX PRO 6000 Blackwell needs WORKSTATION).
  3. Memory: stated figures (12GB, 12G, O12G, not `16GB DDR4`) pick the memory variant. A figure no
     candidate has, or a second figure besides the matching one, is a contradiction: unclear, and the
     evidence says so. No figure while candidates differ in memory, or the catalog id marks the model as
     one memory variant (rtx-3050-8gb): unclear - we do not guess; unless step 2 ruled the siblings out
     by a word of this model's own catalog aliases (`3080 FE` is an alias of rtx-3080-10gb only).
  4. Form factor: SXM / PCIe / OAM in the title pick among forms; an SXM module on a PCIe adapter or
     carrier is the SXM model; SXM and PCIe both stated without an adapter is a contradiction, unless a
     catalog part number pins the model (`A100 40GB PCI-e SXM4 ... 900-21001-0000-000` is the PCIe card); a model
     sold in several forms with no form stated is unclear. An SXM generation (SXM2/3/4/5) the catalog
     model's names do not use is a contradiction too (a V100 SXM3 is not the catalog's V100 SXM2).
A part number pins its model and stands in for the memory and form statement (contradictions still count, but
for a title naming both forms, which the part number settles).
"""

import re
from dataclasses import dataclass, replace

from transforms.matching.signatures import CatalogIndex, Signature, split_mention
from transforms.matching.vocabulary import (
    ADAPTER_WORDS,
    DDR5_CARD_GB,
    EDITION_WORDS,
    MAX_CARD_MEMORY_GB,
    MEMORY_CONTEXT_WORDS,
    MEMORY_NAMES_SERIES,
    SOFT_SERIES,
    TITLE_SERIES,
)

_MEMORY = re.compile(r"^(\d{1,3})GB(?: (\w+))?$")
ADAPTER_TOKENS = frozenset(ADAPTER_WORDS) | {"TO"}
FORM_FIRST_WORDS = frozenset({"PCIE", "OAM", *ADAPTER_WORDS})


@dataclass(frozen=True)
class Resolution:
    model_id: str | None
    note: str
    candidates: str | None = None
    stated_memory_gb: str | None = None
    mentions: str | None = None
    part_only: bool = False


def stated_memory(raw: list[str]) -> list[int]:
    """Card-memory figures from extracted `12GB` / `32GB RAM` strings (machine memory dropped)."""
    out = set()
    for item in raw:
        m = _MEMORY.match(item)
        if not m:
            continue
        value = int(m.group(1))
        short_gddr5 = m.group(2) == "DDR5" and value in DDR5_CARD_GB  # `GTX 1060 6GB DDR5`
        if m.group(2) and m.group(2) in MEMORY_CONTEXT_WORDS and not short_gddr5:
            continue
        if 0 < value <= MAX_CARD_MEMORY_GB:
            out.add(value)
    return sorted(out)


def _fmt_gb(values) -> str:
    return "/".join(f"{v:g}" for v in sorted(values))


def _qualifier_ok(sig: Signature, group: list[Signature], quals: frozenset[str]) -> str | None:
    """None when `sig` is compatible with the title's qualifier words, else why not."""
    named_series = quals & TITLE_SERIES
    for word in sorted(sig.required):
        if word in quals or (word in SOFT_SERIES and not named_series):
            continue
        return f"{sig.model_id} needs {word}"
    others = frozenset().union(*[s.union for s in group if s.model_id != sig.model_id])
    clash = quals & (others - sig.union)
    if clash:
        return f"{sig.model_id} ruled out by {' '.join(sorted(clash))}"
    return None


def form_of(tokens) -> tuple[str, frozenset[str]]:
    """(sxm | pcie | oam | conflict | '', SXM generations) from the title's form tokens."""
    words = " ".join(tokens).split()
    sxm = any(w.startswith("SXM") for w in words)
    pcie = "PCIE" in words
    adapter = any(w in ADAPTER_TOKENS for w in words)
    gens = frozenset(w for w in words if w.startswith("SXM") and w[3:].isdigit())
    if sxm and pcie and not adapter:
        return "conflict", gens
    if sxm:
        return "sxm", gens
    if "OAM" in words:
        return "oam", gens
    return ("pcie" if pcie else ""), gens


def _drop_truncations(index: CatalogIndex, keys: list) -> list:
    """Drop a mention that is no catalog model and only a truncated repeat of another mention in the same
    title: `RX 7800 XT ... Radeon RX 7800` (same number, suffix cut off) or `RTX 5080 ... RTX 508` (number cut
    off); likewise a bare TITAN beside a catalog model (a cooler line). Two catalog models stay two (unclear)."""
    known = [k for k in keys if k in index.groups]

    def truncation(k) -> bool:
        core, suffix = k
        if (
            core == "TITAN" and not suffix and known
        ):  # a cooler line (Sparkle Arc B580 Titan OC), not a TITAN card
            return True
        return any(
            (core == c and suffix == s[: len(suffix)] and len(suffix) < len(s))
            or (not suffix and len(core) >= 3 and c != core and c.startswith(core))
            for c, s in known
        )

    return [k for k in keys if k in index.groups or not truncation(k)]


def _drop_family_repeat(index: CatalogIndex, keys: list, figures: list) -> list:
    """A catalog model named again after it by its family's shorter name, as store titles repeat the family
    (`MSI ... RTX 5070 Ti 16GB GDDR7 ... Graphics Card RTX 5070`): the later, shorter mention is dropped when
    the stated memory fits the first model and not the shorter name's, which it could then not be. Without a
    stated memory, or with one that fits both (`RTX 3080 Ti 12GB ... RTX 3080`: a 3080 12GB exists), or with
    the shorter name first (`RTX 5070 or 5070 Ti 16GB`), the two stay two (unclear)."""
    if not figures or len(keys) != 2 or any(k not in index.groups for k in keys):
        return keys
    (core, suffix), (later_core, later_suffix) = keys
    if core != later_core or not set(later_suffix) < set(suffix):  # the same number, fewer suffix words
        return keys
    stated = set(figures)
    first_memory = {s.memory_gb for s in index.groups[keys[0]]}
    later_memory = {s.memory_gb for s in index.groups[keys[1]]}
    return keys[:1] if stated <= first_memory and not stated & later_memory else keys


def resolve(
    index: CatalogIndex,
    mentions: tuple[str, ...],
    literals: tuple[str, ...],
    quals: frozenset[str],
    memory_raw: tuple[str, ...],
    form: str,
    sxm_gens: frozenset[str] = frozenset(),
) -> Resolution:
    """One model (model_id set) or why none (model_id None); see the module docstring for the rules."""
    figures = stated_memory(list(memory_raw))
    mem_text = _fmt_gb(figures) if figures else None
    keys: list[tuple[str, tuple[str, ...]]] = []
    labels: dict[tuple[str, tuple[str, ...]], str] = {}
    for text in mentions:
        _, core, suffix = split_mention(text.split())
        if core is None:
            continue
        key = (core, suffix)
        if key not in keys:
            keys.append(key)
            labels[key] = " ".join([core, *suffix]) if core != "TITAN" else text
    pinned: set[str] = set()
    for lit in literals:
        for model_id in index.literals.get(lit, ()):
            sig = index.by_model.get(model_id)
            pinned.add(model_id)
            if sig is not None and (sig.core, sig.suffix) not in keys:
                keys.append((sig.core, sig.suffix))
                labels[(sig.core, sig.suffix)] = f"part {lit}"
    mention_text = "; ".join(labels[k] for k in keys) or None

    def unclear(note: str, candidates: list[Signature] | None = None) -> Resolution:
        cands = ",".join(s.model_id for s in candidates) if candidates else None
        return Resolution(None, note, cands, mem_text, mention_text)

    if not keys:
        return unclear("no catalog model named")
    keys = _drop_family_repeat(index, _drop_truncations(index, keys), figures)
    unknown = [k for k in keys if k not in index.groups]
    if len(keys) > 1:
        names = ", ".join(labels[k] + ("" if k in index.groups else " (not in catalog)") for k in keys)
        return unclear(f"several models named: {names}")
    key = keys[0]
    if unknown:
        what = "variant" if key[0] in index.cores else "model"
        return unclear(f"names {labels[key]}, a {what} not in the catalog")
    group = index.groups[key]

    by_word, deciding = False, set()  # a sibling ruled out by a word only this model's names use (3080 FE)
    if pinned:
        cands = [s for s in group if s.model_id in pinned]
    else:
        verdicts = [(s, _qualifier_ok(s, group, quals)) for s in group]
        cands = [s for s, v in verdicts if v is None]
        why = [v for _, v in verdicts if v is not None]
        if not cands and figures:  # "RTX 6000 24GB": the memory names the Quadro though QUADRO is missing
            same_memory = [s for s in group if s.memory_gb in figures]
            if (
                len(same_memory) == 1
                and _qualifier_ok(
                    same_memory[0], group, quals | (same_memory[0].required & MEMORY_NAMES_SERIES)
                )
                is None
            ):
                cands = same_memory
        if not cands:
            return unclear(f"{labels[key]}: no catalog model fits ({'; '.join(why)})", group)
        named = quals & frozenset().union(*[c.union for c in cands])
        deciding = {w for s2, v in verdicts if v is not None and "ruled out" in v for w in named - s2.union}
        by_word = bool(deciding)

    if figures:
        fits = [s for s in cands if s.memory_gb is not None and s.memory_gb in figures]
        if not fits:
            have = _fmt_gb({s.memory_gb for s in cands if s.memory_gb is not None})
            return unclear(f"{labels[key]}: stated {mem_text}GB contradicts the catalog ({have}GB)", cands)
        extra = set(figures) - {s.memory_gb for s in fits}
        if extra:
            return unclear(f"{labels[key]}: several memory figures stated ({mem_text}GB)", fits)
        cands = fits
    elif not pinned:
        sizes = {s.memory_gb for s in cands}
        if len(sizes) > 1:
            return unclear(f"{labels[key]}: memory not stated ({_fmt_gb(sizes)}GB variants)", cands)
        if any(s.needs_memory for s in cands) and not by_word:
            return unclear(
                f"{labels[key]}: memory not stated ({cands[0].model_id} is one memory variant)", cands
            )

    forms = {s.form for s in cands}
    if form == "conflict":
        if not (pinned and len(cands) == 1):
            return unclear(f"{labels[key]}: both PCIe and SXM stated", cands)
        form = cands[0].form  # the part number settles a title that names both forms
    if len(forms) > 1:
        if form not in forms:
            return unclear(
                f"{labels[key]}: form factor not stated ({'/'.join(sorted(f or '?' for f in forms))})", cands
            )
        cands = [s for s in cands if s.form == form]
    elif form and form not in forms and not pinned:
        return unclear(f"{labels[key]}: stated {form} but the catalog model is {next(iter(forms))}", cands)

    if sxm_gens and form == "sxm":
        fits = [s for s in cands if not s.sxm_gens or s.sxm_gens & sxm_gens]
        if not fits:
            have = "/".join(sorted({g for s in cands for g in s.sxm_gens}))
            return unclear(
                f"{labels[key]}: stated {' '.join(sorted(sxm_gens))} but the catalog model is {have}", cands
            )
        cands = fits
    if len(cands) > 1:
        sizes = {s.memory_gb for s in cands}
        if len(sizes) > 1:
            return unclear(f"{labels[key]}: several memory figures stated ({mem_text}GB)", cands)
        return unclear(f"{labels[key]}: cannot tell apart", cands)
    sig = cands[0]
    edition = EDITION_WORDS.get(sig.model_id)
    if edition and edition not in quals and not pinned:
        editions = [s for s in group if s.memory_gb == sig.memory_gb]
        return unclear(f"{labels[key]}: edition not stated ({sig.model_id} needs {edition})", editions)
    note = f"{labels[key]} -> {sig.model_id}"
    if pinned:
        note += " (part number)"
    elif by_word and not figures:
        note += f" (the catalog names only it with {' '.join(sorted(deciding))})"
    if figures:
        note += f", {mem_text}GB stated"
    if form == "sxm" and sig.form == "sxm":
        note += ", SXM"
    return Resolution(sig.model_id, note, sig.model_id, mem_text, mention_text)


def split_tokens(index: CatalogIndex, tokens) -> tuple[list[str], list[str], set[str], list[str], list[str]]:
    """(mentions, literals, qualifier words, memory figures, form tokens) from the combined token extraction.
    Qualifier words and memory figures inside a mention span (QUADRO RTX 6000, A30 24GB) count too."""
    mentions, literals, quals, memory, forms = [], [], set(), [], []
    for tok in tokens:
        if tok in index.literals:
            literals.append(tok)
        elif _MEMORY.match(tok):
            memory.append(tok)
        elif tok.split(" ", 1)[0] in FORM_FIRST_WORDS or tok.startswith("SXM"):
            forms.append(tok)
        elif tok in index.qualifiers:
            quals.add(tok)
        else:
            mentions.append(tok)
            for word in tok.split():
                if word in index.qualifiers:
                    quals.add(word)
                elif _MEMORY.match(word):
                    memory.append(word)
    return mentions, literals, quals, memory, forms


def resolve_cached(index: CatalogIndex, key: str, tokens) -> Resolution:
    """resolve() of a title's extracted tokens, memoized per key (the joined tokens) on the catalog index."""
    hit = index.cache.get(key)
    if hit is None:
        mentions, literals, quals, memory, forms = split_tokens(index, tokens or ())
        form, gens = form_of(forms)
        hit = resolve(index, tuple(mentions), tuple(literals), frozenset(quals), tuple(memory), form, gens)
        if literals and not mentions:
            hit = replace(hit, part_only=True)
        if len(index.cache) > 200_000:
            index.cache.clear()
        index.cache[key] = hit
    return hit
