"""System RAM: the tier's figure and at least 1x total VRAM (GUIDE: 1-2x), rounded to kits sold."""

# size GB -> kit (consumer boards up to 192 GB in 4 DIMMs; larger as server RDIMM kits)
KITS = {16: "2 x 8 GB", 32: "2 x 16 GB", 48: "2 x 24 GB", 64: "2 x 32 GB", 96: "2 x 48 GB", 128: "4 x 32 GB",
        192: "4 x 48 GB", 256: "8 x 32 GB ECC", 384: "12 x 32 GB ECC", 512: "16 x 32 GB ECC",
        768: "24 x 32 GB ECC", 1024: "16 x 64 GB ECC", 1536: "24 x 64 GB ECC", 2048: "32 x 64 GB ECC"}


def ram_for(tier_ram_gb: int, total_vram_gb: float) -> tuple[int, str]:
    need = max(tier_ram_gb, total_vram_gb)
    for size, kit in KITS.items():
        if size >= need:
            return size, kit
    size = max(KITS)
    return size, KITS[size]
