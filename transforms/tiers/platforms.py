"""Platforms (board, CPU, case, supply) and the prices of what is sized per machine (RAM, PSU, risers,
water cooling). Both come from the curated catalog (warehouse/catalog/platforms.csv, platform_parts.csv,
loaded into marts.platforms and marts.platform_parts); here they are plain values."""

from dataclasses import dataclass

import polars as pl

# the parts priced per machine as it is sized, shared by every platform (platform_parts.csv rows without a platform)
SIZED_PARTS = ("riser", "water_block", "water_loop", "open_frame")


@dataclass(frozen=True)
class PartPrices:
    base: dict[str, float]  # platform_id -> sum of its fixed parts
    ram_per_gb: dict[str, float]  # ram type -> USD per GB
    atx_psus: list[tuple[int, float, float]]  # (W, USD, lowest input volts: 100 = any mains, 200 = 200-240 V)
    riser: float
    water_block: float
    water_loop: float
    chassis: dict[str, float]  # platform_id -> its case's price (a machine with cards on risers has none)
    open_frame: float  # the open-air frame that replaces the case where cards sit on risers (G17)

    @classmethod
    def from_frame(cls, parts: pl.DataFrame) -> "PartPrices":
        cost = parts.with_columns(usd=pl.col("quantity") * pl.col("unit_price_usd"))
        fixed = cost.filter(pl.col("platform_id").is_not_null())
        base = {p: float(u) for p, u in fixed.group_by("platform_id").agg(pl.col("usd").sum()).iter_rows()}
        shared = {
            r["part"]: r
            for r in cost.filter(
                pl.col("platform_id").is_null() & (pl.col("part") != "ram") & (pl.col("part") != "psu")
            ).iter_rows(named=True)
        }
        ram = cost.filter(pl.col("part") == "ram")
        psus = cost.filter(pl.col("part") == "psu")

        # a part without a price would make every machine needing it worthless (NaN) and fail the ranking obscurely
        missing = [p for p in SIZED_PARTS if p not in shared]
        if missing:
            raise ValueError(
                f"marts.platform_parts has no price for {', '.join(missing)} (warehouse/catalog/platform_parts.csv): "
                "rebuild the catalog tables (materialize marts/platform_parts, as every daily run does)"
            )

        def one(part: str) -> float:
            return float(shared[part]["unit_price_usd"])

        return cls(
            base=base,
            ram_per_gb={r: float(u) for r, u in ram.select("ram_type", "unit_price_usd").iter_rows()},
            atx_psus=[
                (int(w), float(u), float(v if v is not None else 100))
                for w, u, v in psus.select("capacity_w", "unit_price_usd", "input_volts_min").iter_rows()
            ],
            riser=one("riser"),
            water_block=one("water_block"),
            water_loop=one("water_loop"),
            chassis={
                p: float(u)
                for p, u in fixed.filter(pl.col("part") == "chassis")
                .group_by("platform_id")
                .agg(pl.col("usd").sum())
                .iter_rows()
            },
            open_frame=one("open_frame"),
        )


def platform_rows(platforms: pl.DataFrame) -> list[dict]:
    """Catalog rows as dicts with list-valued fields split."""
    rows = []
    for r in platforms.iter_rows(named=True):
        r = dict(r)
        r["tiers"] = tuple((r["tiers"] or "").split("|"))
        r["accepts_cooling"] = tuple((r["accepts_cooling"] or "").split("|"))
        r["gpu_positions"] = tuple(int(p) for p in (r["gpu_positions"] or "").split("|") if p)
        rows.append(r)
    return rows


def platforms_for(rows: list[dict], tier: str, condition: str) -> list[dict]:
    """New GPUs go on new platforms; used GPUs on used or new ones (G10's used X99 platform is the example)."""
    allowed = {"new": ("new", "any"), "used": ("new", "used", "any")}[condition]
    return [r for r in rows if tier in r["tiers"] and r["condition"] in allowed]
