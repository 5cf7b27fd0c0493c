"""System RAM: the tier's figure (D7-D10) and at least 1x the total VRAM (G11: 1-2x), in sizes sold."""

# size GB -> kit. Desktop boards take up to 4 DIMMs (48 GB modules at most, ASSUMPTION of what is common);
# registered ECC kits for workstations and servers go higher.
DESKTOP_KITS = {
    16: "2 x 8 GB",
    32: "2 x 16 GB",
    48: "2 x 24 GB",
    64: "2 x 32 GB",
    96: "2 x 48 GB",
    128: "4 x 32 GB",
    192: "4 x 48 GB",
}
ECC_KITS = {
    32: "2 x 16 GB ECC",
    64: "4 x 16 GB ECC",
    128: "4 x 32 GB ECC",
    192: "6 x 32 GB ECC",
    256: "8 x 32 GB ECC",
    384: "12 x 32 GB ECC",
    512: "16 x 32 GB ECC",
    768: "24 x 32 GB ECC",
    1024: "16 x 64 GB ECC",
    1536: "24 x 64 GB ECC",
    2048: "32 x 64 GB ECC",
}
RAM_PER_VRAM = 1.0  # G11: 1-2x the total VRAM; the low end is bought (the high end is a choice, not a need)


def ram_for(
    tier_floor_gb: float, total_vram_gb: float, ram_type: str, max_gb: float | None
) -> tuple[int, str] | None:
    """(GB, kit) or None when no kit on this platform is large enough."""
    need = max(tier_floor_gb, RAM_PER_VRAM * total_vram_gb)
    kits = ECC_KITS if ram_type.endswith("_ecc") else DESKTOP_KITS
    for size, kit in kits.items():
        if size >= need and (max_gb is None or size <= max_gb):
            return size, kit
    return None
