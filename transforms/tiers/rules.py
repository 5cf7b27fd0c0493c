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


# D6-D10: one rule per tier, its figures from the tier's seed rule
TIERS: tuple[TierRule, ...] = (
    TierRule(
        "beginner",
        1,
        0,
        None,
        "-",
        max_tdp_w=200,
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
WATER_BLOCK_SLOTS = 2  # ASSUMPTION: a water-blocked card keeps a 2-slot bracket

# Vendors (D11)
# D11: NVIDIA offers better framework support (CUDA), most buyers choose NVIDIA. Machines and picks use NVIDIA
# cards unless the run config admits any vendor.
DEFAULT_VENDORS: tuple[str, ...] | None = ("nvidia",)

# Choosing (D16)
D16_CLOSE = (
    0.05  # ASSUMPTION for D16's "if possible": within 5% of the best value, the newest generation wins
)

# Physical forms (D10, D12)
# D12: datacenter cards are passively cooled and need a server chassis's forced airflow; D10: the server must
# take the GPU's physical form (SXM modules sit on their own baseboard and are powered through it).
