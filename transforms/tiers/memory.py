"""System RAM: the tier's figure (D7-D10) and at least 1x the total VRAM (G11: 1-2x), as a kit the platform
takes (rule M1, docs/rules.md).

M1: the kit is N modules of one size, N a multiple of the CPU's memory channels (every channel populated alike)
and at most the DIMM slots the platform can use with its CPU (`memory_channels`, `dimm_slots` in
warehouse/catalog/platforms.csv, sourced per row), each module no larger than the platform's largest (its
`ram_max_gb` over its slots) and of a size sold for the RAM type; the smallest total that meets the need, then
the fewest modules. A kit of 6 x 32 GB on a Xeon w3-2435 (4 channels; its W790 board uses 4 of its 8 slots
with a W-2400 CPU) could not be installed, and DDR4 has no 24 or 48 GB desktop modules: both were offered
before M1 (2026-11-27).
"""

# Module sizes sold, GB, per RAM type. Unbuffered desktop DDR4 up to 32 GB and DDR5 up to 48 GB (ASSUMPTION of
# what is common: 64 GB DDR5 UDIMMs exist since 2025 but are rare); registered ECC modules go higher.
MODULE_SIZES_GB: dict[str, tuple[int, ...]] = {
    "ddr4": (8, 16, 32),
    "ddr5": (8, 16, 24, 32, 48),
    "ddr4_ecc": (16, 32, 64, 128),
    "ddr5_ecc": (16, 24, 32, 48, 64, 96, 128),
}
RAM_PER_VRAM = 1.0  # G11: 1-2x the total VRAM; the low end is bought (the high end is a choice, not a need)


def kit_name(count: int, size_gb: int, ram_type: str) -> str:
    return f"{count} x {size_gb} GB" + (" ECC" if ram_type.endswith("_ecc") else "")


def ram_for(
    tier_floor_gb: float,
    total_vram_gb: float,
    ram_type: str,
    max_gb: float | None,
    channels: int,
    slots: int,
) -> tuple[int, str] | None:
    """(GB, kit) by rule M1, or None when no kit the platform takes is large enough."""
    need = max(tier_floor_gb, RAM_PER_VRAM * total_vram_gb)
    largest = max_gb / slots if max_gb else float("inf")
    kits = [
        (size * count, count, size)
        for size in MODULE_SIZES_GB[ram_type]
        if size <= largest
        for count in range(channels, slots + 1, channels)
        if size * count >= need
    ]
    if not kits:
        return None
    total, count, size = min(kits)
    return total, kit_name(count, size, ram_type)
