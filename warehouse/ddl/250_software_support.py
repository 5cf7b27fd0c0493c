"""250: software support per card (rule S1), precision per use case (S2) and D16 by architecture (issue 34).

marts.gpu_specs gains each model's compute target and what it supports; the value marts gain the support
columns, `recommended` and `caveat` (the words a top list shows); the machine and pick marts say which
architecture they chose and how many cards S1 and S2 kept out. Region copies get the same columns.
(IF NOT EXISTS: development warehouses applied an earlier draft of this file under another number.)"""

import duckdb

SUPPORT = {
    "software_support": (
        "VARCHAR",
        "current (library support in today's CUDA 13, ROCm or PyTorch XPU), legacy (the current major dropped "
        "it; an older stack such as CUDA 12 is still maintained), ended, or unknown (never recommended). Rule S1, "
        "docs in transforms/tiers/software_support.py.",
    ),
    "support_ends": (
        "DATE",
        "Announced end of the maintained stack (for legacy NVIDIA targets the end of life of their last driver "
        "branch); NULL when none is announced.",
    ),
    "support_label": (
        "VARCHAR",
        "The support status in a few words, e.g. CUDA 12 only, ROCm maintenance only.",
    ),
    "support_note": ("VARCHAR", "The support status in a sentence: target, stack, what it lacks."),
}
FEATURES = {
    "bf16": ("BOOLEAN", "Native bf16 on tensor / matrix units (rule S2: LLM use needs it by default)."),
    "fp16_tensor": (
        "BOOLEAN",
        "fp16 tensor / matrix units (rule S2: vision and beginner need them by default; GTX 16 cards lack them).",
    ),
}
SPEC_COLUMNS = {
    "compute_target": (
        "VARCHAR",
        "NVIDIA compute capability (sm_86), AMD LLVM target (gfx1100) or Intel Xe generation; source in warehouse/catalog/gpu_compute_targets.csv.",
    ),
    **FEATURES,
    "flash_attention_2": ("BOOLEAN", "Supported by FlashAttention-2 (Dao-AILab, or AMD's ROCm port)."),
    "flash_attention_3": ("BOOLEAN", "Supported by FlashAttention-3."),
    "fp8": ("BOOLEAN", "FP8 tensor / matrix support."),
    "fp4": ("BOOLEAN", "FP4 tensor support."),
    "last_cuda_major": (
        "VARCHAR",
        "NVIDIA: the last CUDA major with library support for the target (current = CUDA 13).",
    ),
    "driver_branch": (
        "VARCHAR",
        "NVIDIA: the last data-center driver branch for the target (R580), or current.",
    ),
    "driver_eol": (
        "VARCHAR",
        "NVIDIA: that branch's end of life as NVIDIA publishes it (2028-08), or current.",
    ),
    "pytorch_cuda": (
        "VARCHAR",
        "NVIDIA: PyTorch's wheels for the target: current, cuda12_only (only the CUDA 12 wheels carry its kernels).",
    ),
    "rocm_status": ("VARCHAR", "AMD: supported, maintenance, unofficial or ended on ROCm."),
    "rocm_version": ("VARCHAR", "AMD: the ROCm version the status refers to."),
    "pytorch_xpu": ("VARCHAR", "Intel: PyTorch XPU support, with the first PyTorch version."),
    **SUPPORT,
    "support_sources": (
        "VARCHAR",
        "Pipe-separated pages the support facts come from (warehouse/catalog/software_support.csv).",
    ),
}
VALUE_COLUMNS = {
    "architecture": (
        "VARCHAR",
        "GPU architecture (D16 compares architectures, transforms.tiers.rules.ARCHITECTURE_ORDER).",
    ),
    **FEATURES,
    **SUPPORT,
    "recommended": (
        "BOOLEAN",
        "A buyer can act on this card by default: priced on 3+ listings, a PCIe card with its own fans, NVIDIA "
        "(D11), software support current for the 3-year horizon (S1) and fp16 tensor cores (S2). Top lists rank "
        "only these.",
    ),
    "caveat": (
        "VARCHAR",
        "Every reason in words that this card is not recommended by default or is limited (server only: needs an "
        "SXM2 baseboard; passive: needs server airflow; CUDA 12 only; no bf16 ...); NULL when none.",
    ),
}
MACHINE_COLUMNS = {
    "architecture": (
        "VARCHAR",
        "The chosen card's architecture (D16 compares architectures, not release dates).",
    ),
    "software_support": (
        "VARCHAR",
        "The chosen card's software support (S1): current, or legacy when allow_legacy_cards admitted it.",
    ),
    "support_label": ("VARCHAR", "The chosen card's support status in a few words."),
    "excluded_cards": (
        "VARCHAR",
        "Cards kept out by software support (S1) and the use case's precision (S2), counted per reason; with "
        "allow_legacy_cards, the cards it admitted.",
    ),
}
PICK_COLUMNS = {
    "software_support": ("VARCHAR", "The pick's software support (S1)."),
    "support_excluded": (
        "INTEGER",
        "Priced cards kept out of the day's picks of this use case by software support (S1) or precision (S2).",
    ),
}
TABLES = {
    "marts.gpu_specs": SPEC_COLUMNS,
    "marts.gpu_value": VALUE_COLUMNS,
    "marts.region_value": VALUE_COLUMNS,
    "marts.build_tiers": MACHINE_COLUMNS,
    "marts.region_tiers": MACHINE_COLUMNS,
    "marts.budget_builds": MACHINE_COLUMNS,
    "marts.budget_picks": PICK_COLUMNS,
    "marts.region_picks": PICK_COLUMNS,
}


def _quote(text: str) -> str:
    """A SQL string literal: COMMENT ON takes no bound parameter. The texts are the constants above."""
    return "'" + text.replace("'", "''") + "'"


def migrate(con: duckdb.DuckDBPyConnection) -> None:
    for table, columns in TABLES.items():
        for column, (kind, comment) in columns.items():
            column_sql, literal = f"{column} {kind}", _quote(comment)  # constants of this file
            con.execute(f"ALTER TABLE {table} ADD COLUMN IF NOT EXISTS {column_sql}")
            con.execute(f"COMMENT ON COLUMN {table}.{column} IS {literal}")
