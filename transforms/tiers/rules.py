"""The rules the build tiers follow, each with its seed id.

Ids are those of `shared/reference/seed_rules.md`: D1-D16 from Dive into Deep Learning's appendix "Selecting
Servers and GPUs" (D2L), G1-G17 from "How to build a multi-GPU system for deep learning in 2023" (GUIDE).
A figure in neither source is marked ASSUMPTION, with the reason, or names its own source.
"""

from dataclasses import dataclass


@dataclass(frozen=True)
class TierRule:
    tier: str
    gpu_count: int
    min_cores: int  # the tier's own floor; G10's 2 cores per GPU applies on top
    ram_floor_gb: int | None  # None: the buyer's own computer (D6), no RAM bought
    d2l_psu: str  # the PSU D2L names for the tier, shown beside the computed one
    max_tdp_w: float | None = None
    sources: str = ""


# D6: "cheap gaming GPUs fit for DL draw 150-200 W; the current computer may support it": the most a card for a
# computer the buyer already has may draw (the beginner tier; the dashboard's card answer says so beside a card)
BEGINNER_MAX_TDP_W = 200

# D6-D10: one rule per tier, its figures from the tier's seed rule
TIERS: tuple[TierRule, ...] = (
    TierRule(
        "beginner",
        1,
        0,
        None,
        "-",
        max_tdp_w=BEGINNER_MAX_TDP_W,
        sources="D6 (a low-power card, 150-200 W, in the current computer; cost = the GPU and, if needed, a PSU)",
    ),
    TierRule("1gpu", 1, 4, 32, "600 W", sources="D7 (4 cores, >= 32 GB DRAM, SSD, 600 W PSU)"),
    TierRule(
        "2gpu",
        2,
        4,
        64,
        "about 1000 W",
        sources="D8 (4-6 cores, 64 GB DRAM, about 1000 W, two x16 slots 60 mm apart)",
    ),
    TierRule(
        "4gpu",
        4,
        0,
        128,
        "1600-2000 W",
        sources="D9 (fast single-thread CPU, many PCIe lanes, 128 GB DRAM, 1600-2000 W, narrow cards)",
    ),
    TierRule(
        "8gpu",
        8,
        0,
        256,
        "2+1 x 1600 W redundant",
        sources="D10 (server chassis, redundant PSUs, dual-socket CPUs, 256 GB ECC DRAM, 10 GbE, the GPUs' physical form)",
    ),
)

# CPU (G10, D1)
CORES_PER_GPU = 2  # G10: at least 2 cores / 4 threads per GPU
THREADS_PER_GPU = 4  # G10
# D1 (fewer, faster cores with 4-8 GPUs) is honoured in the platform catalog: each platform carries the
# smallest high-clock CPU that meets G10 (warehouse/catalog/platforms.csv, column source).

# PCIe (G9 governs; D5 shown)
MIN_LANES_PER_GPU = 8  # G9: at least x8 per card on PCIe 3.0
MIN_PCIE_GEN = 3  # G9 and D5: PCIe 3.0
D2L_LANES_PER_GPU = 16  # D5: x16 per GPU recommended; reported as meets_d2l_x16, not required

# Slots (G6, D4, D8)
FREE_SLOTS_BETWEEN_OPEN_AIR = 1  # G6: one free slot between cards that are not blower-style or water-cooled
NO_GAP_COOLING = ("blower",)  # G6, D4: blower (reference) cards may sit side by side
# G6: the air cards that do not fit are "alternated on risers", every other one: at most half of a machine's
# cards on riser cables, the rest seated on the board. A plan with more (all four 2.5-slot cards of a W790
# board on risers) is an open-frame build, which neither source describes and the platform's tower cannot hold.
MAX_RISER_SHARE = 0.5
WATER_BLOCK_SLOTS = 2  # ASSUMPTION: a water-blocked card keeps a 2-slot bracket

# Vendors (D11)
# D11: NVIDIA offers better framework support (CUDA), most buyers choose NVIDIA. Machines and picks use NVIDIA
# cards unless the run config admits any vendor.
DEFAULT_VENDORS: tuple[str, ...] | None = ("nvidia",)

# how a used card's caveat ends when new ones are listed for no more (transforms/gpu_value.new_under_used): such a
# card earns no D16 preference in a used machine, and the machine says it (seventeenth review: a used RTX 5090
# machine was preferred by D16 over a better-value RTX 3090 one while the card's own row said "buy new")
BUY_NEW = "buy new"


def buy_new_words(caveat: str | None) -> str | None:
    """The part of a card's caveat (marts.gpu_value.caveat, parts joined by '; ') that ends in BUY_NEW, or None."""
    return next((w for w in (caveat or "").split("; ") if w.endswith(BUY_NEW)), None)


# Choosing (D16)
D16_CLOSE = (
    0.05  # ASSUMPTION for D16's "if possible": within 5% of the best value, the newest generation wins
)

# Rule L1 (the project's): a machine of more cards must do more than one of fewer. ASSUMPTION: a smaller machine
# at most this much slower does as much: its multi-GPU scaling is assumed (0.85 for 4 cards) and a modelled index
# carries a leave-one-out error of about 9% (eighth review: 4 new RTX 5080s on a 240 V circuit, 10,411 USD TCO,
# went unflagged at 3.61 in the training index beside 2 RTX 5090s from the outlet at 3.58 for 6,212 USD)
L1_CLOSE = 0.05  # ASSUMPTION (L1, the project's rule): 5%

# Rule A1 (the project's): a machine whose card count takes at least this share of the day's listings of its card
# says it rests on thin supply (eleventh review: the 4-card defaults took 4 of 5 listings, a sale from unbuyable).
# ASSUMPTION: 80%, so that 4 of 5 is thin and 4 of 6 is not; a machine needing more cards than are listed is never
# the default (transforms/tiers/build_tiers.py)
THIN_SUPPLY_SHARE = 0.8

# Physical forms (D10, D12)
# D12: datacenter cards are passively cooled and need a server chassis's forced airflow; D10: the server must
# take the GPU's physical form (SXM modules sit on their own baseboard and are powered through it).

# Software support (S1) and precision per use case (S2): the project's own rules, not in D2L or GUIDE. Their
# facts come from the vendors' pages, per compute target, in warehouse/catalog/software_support.csv.
# S1: nothing is recommended whose library support has ended in the current CUDA or ROCm major (CUDA 13 removed
#     library support for compute capability below 7.5: NVIDIA's CUDA 12.9 and 13.0 release notes; ROCm's
#     support lists), or whose announced end of support falls within the machine's horizon (horizon_years).
#     `allow_legacy_cards` (run config, GPU_MARKET_ALLOW_LEGACY_CARDS) brings back `legacy` cards for a buyer
#     who stays on the older stack (CUDA 12, llama.cpp builds); such rows say so. `ended` and `unknown` never.
# S1 in words, as the rows cite it
SUPPORT_RULE = (
    "S1: library support current in today's CUDA or ROCm major and not ending within the horizon "
    "(CUDA 13 release notes; ROCm support lists)"
)
CURRENT_CUDA_MAJOR = 13  # CUDA 13.0 (August 2025): the first major without Maxwell, Pascal and Volta
# S2: what each use case needs of the card's matrix units by default (sources: the bf16 and fp16_tensor rows of
# warehouse/catalog/software_support.csv). LLM use runs in bf16 (current checkpoints, fine-tuning,
# FlashAttention-2): NVIDIA Ampere or newer, AMD CDNA 1+ and RDNA 3+, Intel Arc. Vision and beginner training
# run fp16 mixed precision on tensor cores (Turing's are enough). Without it a card is excluded, or with
# allow_legacy_cards admitted with a note. S2:
USE_CASE_PRECISION: dict[str, str] = {"llm": "bf16", "vision": "fp16_tensor", "beginner": "fp16_tensor"}
# S2's reasons in words
PRECISION_WORDS = {"bf16": "no bf16 tensor support", "fp16_tensor": "no fp16 tensor cores"}

# D16 by architecture: "the latest generation" is a newer architecture, never a later release date within one.
# Ranks compare within a vendor only (an explicit order; Ada Lovelace and Hopper are one generation, 2022).
ARCHITECTURE_ORDER: dict[str, tuple[str, int]] = {
    "Maxwell": ("nvidia", 1),
    "Pascal": ("nvidia", 2),
    "Volta": ("nvidia", 3),
    "Turing": ("nvidia", 4),
    "Ampere": ("nvidia", 5),
    "Ada Lovelace": ("nvidia", 6),
    "Hopper": ("nvidia", 6),
    "Blackwell": ("nvidia", 7),
    "GCN 5 (Vega 20)": ("amd", 1),
    "RDNA 2": ("amd", 2),
    "CDNA 1": ("amd", 2),
    "RDNA 3": ("amd", 3),
    "CDNA 2": ("amd", 3),
    "CDNA 3": ("amd", 4),
    "RDNA 4": ("amd", 4),
    "Xe-HPG (Alchemist)": ("intel", 1),
    "Xe2-HPG (Battlemage)": ("intel", 2),
}

# V1 (the project's rule, docs/rules.md): for the data-parallel use cases a budget's card or machine is never one
# that another of its vendor outclasses: a newer architecture (ARCHITECTURE_ORDER), at least as fast, no dearer.
# Memory beyond the use case's floor is G5's tie-break, not a reason to pay more for an older, slower card.
V1_USE_CASES = ("vision", "beginner")


def outclasses(newer: dict, older: dict, perf: str, price: str, close: float = 0.0) -> bool:
    """V1 between two rows (a card or a machine): `newer` is of `older`'s vendor and a newer architecture, at least
    as fast (`perf`) and no dearer (`price`), or, with `close`, dearer but within `close` of `older`'s speed per USD
    (whole machines in a budget: D16_CLOSE, D16's "if possible"; the card picks read "no dearer" exactly, so that
    every budget that buys the older card buys the newer one too). Unknown architectures outclass nothing and are
    never outclassed."""
    mine, theirs = (
        ARCHITECTURE_ORDER.get(older.get("architecture") or ""),
        ARCHITECTURE_ORDER.get(newer.get("architecture") or ""),
    )
    return (
        mine is not None
        and theirs is not None
        and theirs[0] == mine[0]
        and theirs[1] > mine[1]
        and newer[perf] >= older[perf]
        and (
            newer[price] <= older[price]
            or (close > 0 and newer[perf] / newer[price] >= (1 - close) * older[perf] / older[price])
        )
    )
