"""One candidate machine: a GPU model, a count and a platform, sized and priced, or the reason it cannot be.

Throughput = relative performance x count x measured multi-GPU scaling. Total cost of ownership (TCO) =
GPUs + the platform sized for them (fixed parts, RAM, PSU, risers or water cooling) + energy over the
horizon. Value = throughput per 1,000 USD of TCO.
"""

import math

import polars as pl

from transforms.tiers import power
from transforms.tiers.config import TierConfig
from transforms.tiers.connectors import cables_for
from transforms.tiers.memory import ram_for
from transforms.tiers.physical import form_reason, slot_plan
from transforms.tiers.platforms import PartPrices
from transforms.tiers.rules import (
    CORES_PER_GPU,
    D2L_LANES_PER_GPU,
    MIN_LANES_PER_GPU,
    MIN_PCIE_GEN,
    THREADS_PER_GPU,
    TierRule,
)
from transforms.tiers.scaling import efficiency_for


def _usable(x) -> bool:
    return x is not None and isinstance(x, int | float) and math.isfinite(x) and x > 0


def card_reason(rule: TierRule, card: dict, vram_floor: float, vendors: tuple[str, ...] | None) -> str | None:
    """Why a card cannot be used in the tier whatever the platform (None: it can)."""
    if not card.get("enough_listings"):
        return "fewer than 3 listings"
    if not _usable(card.get("price_median")):
        return "no usable price"
    if not _usable(card.get("relative_perf")):
        return "no performance figure"
    if vendors is not None and card.get("vendor") not in vendors:
        return "not NVIDIA (D11: CUDA support; set any_vendor to admit others)"
    if (card.get("vram_gb") or 0) < vram_floor:
        return f"under {vram_floor:g} GB"
    if rule.max_tdp_w is not None and (card.get("tdp_w") or math.inf) > rule.max_tdp_w:
        return f"over {rule.max_tdp_w:g} W (D6)"
    if (
        card.get("form_factor") == "pcie"
        and card.get("pcie_gen") is not None
        and card["pcie_gen"] < MIN_PCIE_GEN
    ):
        return "older than PCIe 3.0 (G9)"
    return None


def _supply(
    platform: dict, need_w: float, cables, n: int, prices: PartPrices
) -> tuple[int, str, float] | str:
    """(capacity W, configuration, USD bought) or the reason none fits."""
    supply = platform["psu_supply"]
    if supply == "existing":
        enough = (
            need_w <= platform["existing_psu_w"]
            and cables.pcie_8pin * n <= platform["existing_pcie_8pin"]
            and cables.pcie_16pin == 0
            and cables.eps_8pin == 0
        )
        if enough:
            return int(platform["existing_psu_w"]), f"existing {platform['existing_psu_w']:g} W", 0.0
    if supply == "included":
        server = power.server_psu(need_w, int(platform["psu_unit_w"]), int(platform["psu_bays"]))
        if server is None:
            return f"needs {need_w:,.0f} W, more than {platform['psu_bays']:g} x {platform['psu_unit_w']:g} W with one spare"
        return server[0], server[1] + " (in the chassis)", 0.0
    atx = power.pick_atx_psu(need_w, prices.atx_psus)
    if atx is None:
        return f"no ATX PSU arrangement covers {need_w:,.0f} W"
    if supply == "existing":
        return atx[0], atx[1] + " (replaces the existing PSU)", atx[2]
    return atx


def evaluate(
    rule: TierRule, card: dict, platform: dict, cfg: TierConfig, prices: PartPrices, scaling: pl.DataFrame
) -> dict | str:
    """The machine's figures, or why this card cannot go on this platform."""
    n = rule.gpu_count
    reason = form_reason(card, platform)
    if reason:
        return reason
    plan, why = slot_plan(card, platform, n, cfg.allow_risers, cfg.allow_water_cooling)
    if plan is None:
        return why
    cores_needed = max(rule.min_cores, CORES_PER_GPU * n)
    if platform["cpu_cores"] < cores_needed or platform["cpu_threads"] < THREADS_PER_GPU * n:
        return f"{platform['cpu_cores']} CPU cores, needs {cores_needed} (G10)"
    if platform["lanes_per_gpu"] < MIN_LANES_PER_GPU or platform["pcie_gen"] < MIN_PCIE_GEN:
        return f"x{platform['lanes_per_gpu']} PCIe {platform['pcie_gen']} per GPU, needs x8 PCIe 3.0 (G9)"
    ram_gb, ram_kit, ram_usd = None, "the buyer's own", 0.0
    if rule.ram_floor_gb is not None:
        ram = ram_for(
            rule.ram_floor_gb, (card["vram_gb"] or 0) * n, platform["ram_type"], platform["ram_max_gb"]
        )
        if ram is None:
            return f"needs more RAM than the platform's {platform['ram_max_gb']:g} GB (G11)"
        ram_gb, ram_kit = ram
        ram_usd = ram_gb * prices.ram_per_gb[platform["ram_type"]]
    tdp_known = _usable(card.get("tdp_w"))
    tdp = card["tdp_w"] if tdp_known else power.D2L_WATTS_PER_GPU
    gpu_w, other_w = tdp * n, platform["cpu_w"] + platform["platform_w"]
    load = gpu_w + other_w
    need = power.psu_need_w(load)
    cables = cables_for(card.get("power_connectors"), card.get("tdp_w"), card.get("form_factor"))
    supply = _supply(platform, need, cables, n, prices)
    if isinstance(supply, str):
        return supply
    psu_w, psu_config, psu_usd = supply
    cooling_usd = (
        plan.on_risers * prices.riser
        + plan.water_blocks * prices.water_block
        + (prices.water_loop if plan.water_blocks else 0.0)
    )
    platform_usd = prices.base.get(platform["platform_id"], 0.0) + ram_usd + psu_usd + cooling_usd
    guide_w, continuous_w = power.outlet_watts(cfg.mains_volts, cfg.mains_amps, cfg.continuous_fraction)
    wall = power.wall_draw(load, cfg.psu_efficiency)
    kwh = power.annual_energy_kwh(load, cfg.utilization, cfg.psu_efficiency)
    energy_year = kwh * cfg.usd_per_kwh
    gpu_usd = card["price_median"] * n
    purchase = gpu_usd + platform_usd
    tco = purchase + energy_year * cfg.horizon_years
    efficiency, scaling_basis = efficiency_for(scaling, card, n)
    throughput = card["relative_perf"] * n * efficiency
    return {
        "model_id": card["model_id"],
        "gpu_name": card["name"],
        "gpu_count": n,
        "perf_basis": card.get("perf_basis"),
        "release_date": card.get("release_date"),
        "architecture": card.get("architecture"),
        "software_support": card.get("software_support"),
        "support_label": card.get("support_label"),
        "platform_id": platform["platform_id"],
        "platform": platform["description"],
        "unit_price": card["price_median"],
        "gpu_total_price": gpu_usd,
        "total_vram_gb": (card["vram_gb"] or 0) * n,
        "total_relative_perf": throughput,
        "scaling_efficiency": efficiency,
        "scaling_basis": scaling_basis,
        "cpu": platform["cpu"],
        "cpu_cores": platform["cpu_cores"],
        "cpu_threads": platform["cpu_threads"],
        "cpu_boost_ghz": platform["cpu_boost_ghz"],
        "pcie_gen": platform["pcie_gen"],
        "pcie_lanes_per_gpu": platform["lanes_per_gpu"],
        "meets_d2l_x16": platform["lanes_per_gpu"] >= D2L_LANES_PER_GPU,
        "ram_gb": ram_gb,
        "ram_kit": ram_kit,
        "slot_plan": (
            f"{n} modules in the baseboard's SXM sockets"
            if platform["kind"] == "server_sxm"
            else plan.describe()
        ),
        "risers": plan.on_risers,
        "water_blocks": plan.water_blocks,
        "psu_need_w": need,
        "psu_watts": psu_w,
        "psu_config": psu_config,
        "d2l_psu_w": power.d2l_psu_w(n, other_w),
        "d2l_tier_psu": rule.d2l_psu,
        "pcie_8pin_cables": cables.pcie_8pin * n,
        "pcie_16pin_cables": cables.pcie_16pin * n,
        "eps_8pin_cables": cables.eps_8pin * n,
        "connector_basis": cables.basis
        if tdp_known
        else cables.basis + "; board power unknown, budgeted at 350 W (D2)",
        "gpu_draw_w": gpu_w,
        "system_draw_w": load,
        "wall_draw_w": wall,
        "outlet_guide_w": guide_w,
        "power_cap_pct_guide": power.cap_to_fit(gpu_w, other_w, guide_w, cfg.psu_efficiency),
        "outlet_continuous_w": continuous_w,
        "power_cap_pct_continuous": power.cap_to_fit(gpu_w, other_w, continuous_w, cfg.psu_efficiency),
        "annual_energy_kwh": kwh,
        "annual_energy_cost_usd": energy_year,
        "gold_vs_bronze_saving_usd": power.gold_vs_bronze_saving(load, cfg.utilization, cfg.usd_per_kwh),
        "platform_cost_usd": platform_usd,
        "total_build_cost_usd": purchase,
        "energy_cost_horizon_usd": energy_year * cfg.horizon_years,
        "tco_usd": tco,
        "perf_per_1k_usd_tco": throughput / tco * 1000,
        "card_perf_per_1k_usd": card.get("perf_per_1k_usd"),
    }
