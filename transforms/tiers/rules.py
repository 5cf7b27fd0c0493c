"""Tier rules, each with its source.

D2L = Dive into Deep Learning, appendix "Selecting Servers and GPUs" (d2l.ai/chapter_appendix-tools-for-deep-learning/selecting-servers-gpus.html).
GUIDE = the 2023 multi-GPU build guide (eBay prices, perf per USD, VRAM floors, slot width, power limits, PSU headroom).
"""

from dataclasses import dataclass


@dataclass(frozen=True)
class TierRule:
    tier: str
    gpu_count: int
    min_cores: int
    ram_gb: int
    cpu_watts: int
    platform_watts: int
    max_tdp_w: float | None = None
    max_slot_width: float | None = None  # None: no limit
    slot_width_exempt_cooling: tuple[str, ...] = ()
    server_cards_only: bool = False
    min_vram_gb: float | None = None
    source: str = ""
    notes: str = ""


TIERS: tuple[TierRule, ...] = (
    TierRule("beginner", 1, 4, 16, 65, 50, max_tdp_w=200, min_vram_gb=8,
             source="D2L: a low-end, low-power GPU (cheap gaming GPUs for deep learning draw 150-200 W); GUIDE: at least 8 GB",
             notes="a low-power card in an existing desktop"),
    TierRule("1gpu", 1, 4, 32, 105, 60,
             source="D2L: 1 GPU - a low-end CPU with 4 cores, at least 32 GB DRAM, an SSD, a 600 W PSU should suffice",
             notes="600 W class PSU"),
    TierRule("2gpu", 2, 6, 64, 125, 75, max_slot_width=3,
             source="D2L: 2 GPUs - 4-6 cores, 64 GB DRAM, about 1000 W, two PCIe x16 slots with two free spaces (60 mm) between them",
             notes="board with two x16 slots spaced for airflow"),
    TierRule("4gpu", 4, 16, 128, 280, 120, max_slot_width=2, slot_width_exempt_cooling=("blower", "passive"),
             source="D2L: 4 GPUs - fast single-thread CPU with many PCIe lanes (Threadripper), 128 GB DRAM, 1600-2000 W, narrow reference cards; GUIDE: at most two slots wide or blower / water cooled to fit 4 cards in 7 slots",
             notes="Threadripper-class platform, 4 double-width slots"),
    TierRule("8gpu", 8, 32, 256, 500, 400, server_cards_only=True,
             source="D2L: 8 GPUs - dedicated server chassis, redundant PSUs (2+1 x 1600 W), dual-socket CPUs, 256 GB ECC DRAM, 10 GbE, server GPU form factors",
             notes="server chassis, passive datacenter cards or SXM on an HGX board"),
)

CORES_PER_GPU = 2  # GUIDE: 2 CPU cores per GPU
THREADS_PER_GPU = 4  # at least 4 threads per GPU
LANES_PREFERRED, LANES_MIN = 16, 8  # GUIDE: x8 per GPU at least, x16 preferred; PCIe 3.0 or newer
MIN_PCIE_GEN = 3
# D2L: "NVIDIA ... provides better support for deep learning frameworks via CUDA. Therefore, most buyers
# choose NVIDIA GPUs." Whole machines are built from NVIDIA cards unless a user asks for any vendor.
DEFAULT_VENDORS = ("nvidia",)


def eligible(rule: TierRule, card: dict, vram_floor: float, allow_water_cooling: bool = False,
             vendors: tuple[str, ...] | None = DEFAULT_VENDORS) -> tuple[bool, str]:
    """Whether `card` (a gpu_value + gpu_specs row) may be used in the tier, and why not. `vendors` None
    admits every vendor."""
    if vendors is not None and card.get("vendor") is not None and card["vendor"] not in vendors:
        return False, f"{card['vendor']} (CUDA support: NVIDIA only unless configured)"
    # the beginner tier has its own floor (8 GB); the others take the use case's floor
    floor = rule.min_vram_gb if rule.min_vram_gb is not None else vram_floor
    if (card.get("vram_gb") or 0) < floor:
        return False, f"under {floor:g} GB"
    if rule.max_tdp_w is not None and (card.get("tdp_w") or 1e9) > rule.max_tdp_w:
        return False, f"over {rule.max_tdp_w:g} W"
    if card.get("pcie_gen") is not None and card["pcie_gen"] < MIN_PCIE_GEN and card.get("form_factor") == "pcie":
        return False, "older than PCIe 3.0"
    if rule.server_cards_only:
        server = card.get("form_factor") == "sxm" or (card.get("segment") == "datacenter" and card.get("cooling") == "passive")
        return (True, "") if server else (False, "not a server card")
    if card.get("form_factor") != "pcie":
        return False, "SXM/OAM modules need a server board"
    width = card.get("slot_width")
    if rule.max_slot_width is not None and width is not None and width > rule.max_slot_width:
        if card.get("cooling") in rule.slot_width_exempt_cooling:
            return True, ""
        if allow_water_cooling:
            return True, "needs water blocks to fit"
        return False, f"{width:g} slots wide"
    return True, ""
