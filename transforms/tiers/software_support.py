"""Software support per card: what its compute target runs today, and whether a buyer can rely on it (rule S1).

Facts are per compute target (NVIDIA compute capability `sm_86`, AMD LLVM target `gfx1100`, Intel Xe generation),
each with its own source, in long form (warehouse/catalog/software_support.csv: compute_target, fact, value,
source, source_kind, note); each model names its target in warehouse/catalog/gpu_compute_targets.csv.
`support_table` folds them into one row per model:

- `software_support`: `current` (library support in today's CUDA 13 / ROCm major / PyTorch XPU), `legacy` (the
  current major dropped it, but an older stack is still maintained: CUDA 12 with driver branch R580, ROCm in
  maintenance, or a target that runs ROCm only through an override), `ended` (no maintained stack), or
  `unknown` (no compute target or no facts: never recommended, reported by an asset check).
- `support_ends`: the announced end of the maintained stack (NVIDIA's driver branch end of life for legacy
  targets), NULL when none is announced.
- `support_label`: the few words a table row shows ("CUDA 12 only"; "CUDA 12 and PyTorch up to 2.14" where PyTorch's
  wheels for the target have ended, fact `pytorch_cuda` 'up to 2.14'); `support_note`: the sentence behind it.

Why two files and long form: one row per (target, fact) lets every fact carry its own source, and 140 models
share about 25 targets, so a fact is written once.
"""

from datetime import date

import polars as pl

from transforms.tiers.rules import CURRENT_CUDA_MAJOR, PRECISION_WORDS, USE_CASE_PRECISION

BOOL_FACTS = ("bf16", "fp16_tensor", "flash_attention_2", "flash_attention_3", "fp8", "fp4")
TEXT_FACTS = (
    "last_cuda_major",
    "driver_branch",
    "driver_eol",
    "pytorch_cuda",
    "rocm_status",
    "rocm_version",
    "pytorch_xpu",
    "support_ends",
)
FACTS = BOOL_FACTS + TEXT_FACTS
# the facts every target of a vendor must have (an asset check reports gaps)
REQUIRED_FACTS = {
    "nvidia": ("bf16", "fp16_tensor", "flash_attention_2", "fp8", "last_cuda_major", "driver_branch"),
    "amd": ("bf16", "fp16_tensor", "flash_attention_2", "fp8", "rocm_status", "rocm_version"),
    "intel": ("bf16", "fp16_tensor", "flash_attention_2", "fp8", "pytorch_xpu"),
}
STATUSES = ("current", "legacy", "ended", "unknown")
# what allow_legacy_cards admits (whatever their announced end); `ended` and `unknown` never
ADMITTED_WITH_LEGACY = ("current", "legacy")

SCHEMA: dict[str, pl.DataType] = {
    "model_id": pl.String,
    "compute_target": pl.String,
    **{f: pl.Boolean for f in BOOL_FACTS},
    "last_cuda_major": pl.String,
    "driver_branch": pl.String,
    "driver_eol": pl.String,
    "pytorch_cuda": pl.String,
    "rocm_status": pl.String,
    "rocm_version": pl.String,
    "pytorch_xpu": pl.String,
    "software_support": pl.String,
    "support_ends": pl.Date,
    "support_label": pl.String,
    "support_note": pl.String,
    "support_sources": pl.String,
}


def _bool(value: str | None) -> bool | None:
    if value is None:
        return None
    text = value.strip().lower()
    return True if text == "true" else False if text == "false" else None


def _month_end(value: str | None) -> date | None:
    """'2028-08' or '2028-08-31' -> a date (a month means its last day: support runs through it)."""
    if not value:
        return None
    parts = value.strip().split("-")
    try:
        if len(parts) == 2:
            year, month = int(parts[0]), int(parts[1])
            nxt = date(year + month // 12, month % 12 + 1, 1)
            return date.fromordinal(nxt.toordinal() - 1)
        return date.fromisoformat(value.strip())
    except ValueError:
        return None


# pytorch_cuda "up to 2.14": the last PyTorch release with wheels for the target (the later ones carry none)
PYTORCH_UP_TO = "up to "


def pytorch_last_release(f: dict) -> str | None:
    """The last PyTorch release with wheels for a target whose wheels have ended (fact pytorch_cuda 'up to X'), or
    None."""
    value = f.get("pytorch_cuda") or ""
    return value[len(PYTORCH_UP_TO) :].strip() or None if value.startswith(PYTORCH_UP_TO) else None


def _status(vendor: str | None, f: dict) -> tuple[str, str]:
    """(software_support, support_label) from a target's facts."""
    if vendor == "nvidia":
        major = f.get("last_cuda_major")
        if major is None:
            return "unknown", "software support unknown"
        if major == "current" or (major.isdigit() and int(major) >= CURRENT_CUDA_MAJOR):
            return "current", f"CUDA {CURRENT_CUDA_MAJOR}"
        if f.get("driver_eol") and f.get("driver_eol") != "current":
            # thirty-first review: PyTorch 2.15 (2026-10-28) ships no wheel for Maxwell, Pascal or Volta, so a V100 bought
            # for training is held at PyTorch 2.14 from the day it arrives, whatever the driver's end of life says
            last = pytorch_last_release(f)
            return "legacy", f"CUDA {major} and PyTorch up to {last}" if last else f"CUDA {major} only"
        return "ended", "CUDA support ended"
    if vendor == "amd":
        status = f.get("rocm_status")
        version = f.get("rocm_version") or ""
        if status == "supported":
            return "current", f"ROCm {version}".strip()
        if status == "maintenance":
            return "legacy", "ROCm maintenance only"
        if status == "unofficial":
            return "legacy", "not on ROCm's support list"
        if status == "ended":
            return "ended", "ROCm support ended"
        return "unknown", "software support unknown"
    if vendor == "intel":
        if (f.get("pytorch_xpu") or "").lower().startswith("supported"):
            return "current", "PyTorch XPU"
        if f.get("pytorch_xpu"):
            return "ended", "no PyTorch XPU support"
        return "unknown", "software support unknown"
    return "unknown", "software support unknown"


FEATURE_WORDS = (("bf16", "bf16"), ("flash_attention_2", "FlashAttention-2"), ("fp8", "FP8"), ("fp4", "FP4"))


def _note(target: str, architecture: str | None, vendor: str | None, f: dict, label: str) -> str:
    head = f"{target} ({architecture or 'architecture unknown'}): {label}"
    if vendor == "nvidia" and f.get("last_cuda_major") not in (None, "current"):
        head += (
            f" (CUDA {CURRENT_CUDA_MAJOR} removed library support for it; "
            f"driver branch {f.get('driver_branch') or '?'} until {f.get('driver_eol') or '?'})"
        )
    if vendor == "nvidia" and f.get("pytorch_cuda") == "cuda12_only":
        head += "; PyTorch ships its kernels only in the CUDA 12 wheels"
    if vendor == "nvidia" and pytorch_last_release(f):
        head += (
            f"; PyTorch's wheels for it ended with {pytorch_last_release(f)} (its CUDA 12 wheels; none since)"
        )
    if vendor == "amd" and f.get("rocm_status"):
        head += f" (ROCm status: {f.get('rocm_status')}, ROCm {f.get('rocm_version') or '?'})"
    yes = [words for key, words in FEATURE_WORDS if f.get(key) == "true"]
    no = [words for key, words in FEATURE_WORDS if f.get(key) == "false"]
    return "; ".join(
        [head] + (["has " + ", ".join(yes)] if yes else []) + (["no " + ", ".join(no)] if no else [])
    )


def support_table(models: pl.DataFrame, targets: pl.DataFrame, facts: pl.DataFrame) -> pl.DataFrame:
    """One row per model of `models` (model_id, vendor, architecture, has_tensor_cores)."""
    by_target: dict[str, dict] = {}
    sources: dict[str, list[str]] = {}
    for r in facts.iter_rows(named=True):
        value = (r["value"] or "").strip()
        # status words and booleans compare in lower case; names (R580) keep theirs
        keep_case = r["fact"] in ("driver_branch", "rocm_version", "pytorch_xpu")
        by_target.setdefault(r["compute_target"], {})[r["fact"]] = (
            value if keep_case else value.lower()
        ) or None
        sources.setdefault(r["compute_target"], [])
        if r["source"] and r["source"] not in sources[r["compute_target"]]:
            sources[r["compute_target"]].append(r["source"])
    target_of = dict(targets.select("model_id", "compute_target").iter_rows())
    rows = []
    for m in models.iter_rows(named=True):
        target = target_of.get(m["model_id"])
        f = by_target.get(target, {}) if target else {}
        if not target or not f:
            status, label = "unknown", "software support unknown"
            note = f"no compute target or no support facts for {m['model_id']}: never recommended"
        else:
            status, label = _status(m.get("vendor"), f)
            note = _note(target, m.get("architecture"), m.get("vendor"), f, label)
        row = {"model_id": m["model_id"], "compute_target": target}
        for fact in BOOL_FACTS:
            row[fact] = _bool(f.get(fact))
        if (
            m.get("has_tensor_cores") is False
        ):  # GTX 16 (TU116/117) shares sm_75 with RTX 20 but has no tensor cores
            row["fp16_tensor"] = False
            row["bf16"] = False if row["bf16"] is None else row["bf16"]
            note += "; this model has no tensor cores"
        ends = _month_end(f.get("support_ends")) or (
            _month_end(f.get("driver_eol")) if status == "legacy" and m.get("vendor") == "nvidia" else None
        )
        row.update({fact: f.get(fact) for fact in TEXT_FACTS if fact in SCHEMA})
        row.update(
            software_support=status,
            support_ends=ends,
            support_label=label,
            support_note=note,
            support_sources="|".join(sources.get(target, [])) if target else None,
        )
        rows.append(row)
    return pl.DataFrame(rows, schema=SCHEMA)


def add_years(day: date, years: float) -> date:
    return date.fromordinal(day.toordinal() + round(years * 365.25))


def support_reason(card: dict, day: date | None, horizon_years: float) -> str | None:
    """Why S1 keeps this card out of a recommendation on `day` with that horizon (None: it may be recommended).
    The words name the stack ("CUDA 12 only") and, for an announced end, the date."""
    status = card.get("software_support") or "unknown"
    label = card.get("support_label") or "software support unknown"
    if status == "unknown":
        return "software support unknown (never recommended)"
    ends = card.get("support_ends")
    soon = ends is not None and day is not None and ends < add_years(day, horizon_years)
    ending = (
        f"support ends {ends.isoformat()[:7]}, within the {horizon_years:g}-year horizon" if soon else None
    )
    if status != "current":
        # twenty-eighth review: "CUDA 12 only" alone did not say that its last driver branch ends within the horizon;
        # its code review: nor, once past, that it had ended
        if ends is None or day is None:
            return label
        month = ends.isoformat()[:7]
        if status == "ended":
            return f"{label} ({month})"
        if ends < day:
            return f"{label}, support ended {month}"
        return f"{label}, {ending}" if ending else label
    return ending


def precision_reason(card: dict, use_case: str) -> str | None:
    """Why S2 keeps this card out of a use case (None: it has what the use case needs)."""
    need = USE_CASE_PRECISION.get(use_case)
    if need is None or card.get(need):
        return None
    return PRECISION_WORDS[need]


def _status_and_ends_soon(day: pl.Expr, horizon_years: float) -> tuple[pl.Expr, pl.Expr]:
    """S1's two parts over rows (support_blocker, support_blocks): the support status (unknown where missing), and
    whether an announced end falls within the horizon (add_years' days, as support_reason counts them)."""
    horizon_days = round(horizon_years * 365.25)
    ends_soon = pl.col("support_ends").is_not_null() & (
        pl.col("support_ends") < day + pl.duration(days=horizon_days)
    )
    return pl.col("software_support").fill_null("unknown"), ends_soon


def support_blocker(day: pl.Expr, horizon_years: float) -> pl.Expr:
    """`support_reason` as a Polars expression over rows with software_support, support_label and
    support_ends (kept equal to it by tests/transforms/test_software_support.py)."""
    status, ends_soon = _status_and_ends_soon(day, horizon_years)
    month = pl.col("support_ends").dt.strftime("%Y-%m")
    ending = pl.format("support ends {}, within the {}-year horizon", month, pl.lit(f"{horizon_years:g}"))
    legacy = (status != "current") & pl.col("support_ends").is_not_null()
    return (
        pl.when(status == "unknown")
        .then(pl.lit("software support unknown (never recommended)"))
        .when(legacy & (status == "ended"))
        .then(pl.format("{} ({})", pl.col("support_label"), month))
        .when(legacy & (pl.col("support_ends") < day))
        .then(pl.format("{}, support ended {}", pl.col("support_label"), month))
        .when(legacy & ends_soon)
        .then(pl.format("{}, {}", pl.col("support_label"), ending))
        .when(status != "current")
        .then(pl.col("support_label"))
        .when(ends_soon)
        .then(ending)
        .otherwise(pl.lit(None, pl.String))
    )


def support_blocks(day: pl.Expr, horizon_years: float) -> pl.Expr:
    """Whether `support_blocker` gives a reason (S1 keeps the card out), without forming its words: the picks, the
    value marts and the LLM machines test this over every row, where the words cost four times as much (50 ms
    against 12 ms over benchmark 2's 489,570 rows). Kept equal to support_blocker(...).is_not_null() by
    tests/transforms/test_software_support.py."""
    status, ends_soon = _status_and_ends_soon(day, horizon_years)
    return (
        (status == "unknown")
        | ((status != "current") & pl.col("support_label").is_not_null())
        | ((status == "current") & ends_soon)
    )


def support_gaps(
    specs: pl.DataFrame, targets: pl.DataFrame, facts: pl.DataFrame, architectures: dict
) -> pl.DataFrame:
    """What the asset check on marts.gpu_specs reports, one row per (subject, problem): a model whose
    architecture is not in D16's order, that names no compute target or whose support is unknown (such a card
    is never recommended); a target missing a fact its vendor needs; a fact without a source."""
    rows = []
    have = {}
    for r in facts.iter_rows(named=True):
        have.setdefault(r["compute_target"], set()).add(r["fact"])
        if not (r["source"] or "").startswith("http"):
            rows.append((f"{r['compute_target']}.{r['fact']}", "fact without a source URL"))
    target_of = dict(targets.select("model_id", "compute_target").iter_rows())
    checked: set[str] = set()
    for m in specs.iter_rows(named=True):
        if m.get("architecture") not in architectures:
            rows.append((m["model_id"], f"architecture {m.get('architecture')!r} not in D16's order"))
        target = target_of.get(m["model_id"])
        if not target:
            rows.append((m["model_id"], "no compute target"))
            continue
        if m.get("software_support") in (None, "unknown"):
            rows.append((m["model_id"], "software support unknown"))
        if target in checked:
            continue
        checked.add(target)
        missing = [
            f for f in REQUIRED_FACTS.get(m.get("vendor") or "", ()) if f not in have.get(target, set())
        ]
        if missing:
            rows.append((target, "missing facts: " + ", ".join(missing)))
    return pl.DataFrame(rows, schema={"subject": pl.String, "problem": pl.String}, orient="row")
