"""Assemble marts.build_tiers rows: choose the GPU per tier and condition, then size the machine."""

from dataclasses import dataclass

import polars as pl

from transforms.tiers import power
from transforms.tiers.memory import ram_for
from transforms.tiers.rules import (
    CORES_PER_GPU,
    DEFAULT_VENDORS,
    LANES_PREFERRED,
    THREADS_PER_GPU,
    TIERS,
    TierRule,
    eligible,
)
from transforms.tiers.scaling import efficiency_for


@dataclass(frozen=True)
class TierConfig:
    vram_floor_gb: float = 12.0  # use case: 24 for LLM work, 12 for vision (GUIDE)
    budget_usd: float | None = None  # whole build; None = no limit
    usd_per_kwh: float = 0.16
    utilization: float = 0.20
    allow_water_cooling: bool = False
    psu_efficiency: float = power.GOLD_EFFICIENCY
    vendors: tuple[str, ...] | None = DEFAULT_VENDORS  # None: any vendor


def choose_gpu(rule: TierRule, cards: pl.DataFrame, cfg: TierConfig, platform_cost: float) -> tuple[dict | None, str]:
    """Best perf per USD among eligible cards with enough listings (and within budget, if set)."""
    reasons = []
    for card in cards.sort("perf_per_1k_usd", descending=True, nulls_last=True).iter_rows(named=True):
        if not card["enough_listings"] or card["perf_per_1k_usd"] is None:
            continue
        ok, why = eligible(rule, card, cfg.vram_floor_gb, cfg.allow_water_cooling, cfg.vendors)
        if not ok:
            reasons.append(why)
            continue
        if cfg.budget_usd is not None and card["price_median"] * rule.gpu_count + platform_cost > cfg.budget_usd:
            reasons.append("over budget")
            continue
        return card, why
    return None, "no card qualifies" + (f" ({', '.join(sorted(set(reasons)))})" if reasons else "")


def size_machine(rule: TierRule, card: dict, cfg: TierConfig, scaling: pl.DataFrame) -> dict:
    n = rule.gpu_count
    tdp = card["tdp_w"] or 0.0
    gpu_w = tdp * n
    other_w = rule.cpu_watts + rule.platform_watts
    load = gpu_w + other_w
    psu_w, psu_cfg = power.psu_for(load, redundant_server=rule.server_cards_only)
    eff, basis = efficiency_for(scaling, card["model_id"], n)
    cores = max(rule.min_cores, CORES_PER_GPU * n)
    ram, kit = ram_for(rule.ram_gb, (card["vram_gb"] or 0) * n)
    limit = power.power_limit_to_fit(gpu_w, other_w, cfg.psu_efficiency)
    fits = power.fits_outlet(load, cfg.psu_efficiency)
    kwh = power.annual_energy_kwh(load, cfg.utilization, cfg.psu_efficiency)
    return {
        "gpu_count": n, "unit_price": card["price_median"], "gpu_total_price": card["price_median"] * n,
        "total_vram_gb": (card["vram_gb"] or 0) * n,
        "total_relative_perf": (card["relative_perf"] or 0) * n * eff, "scaling_basis": basis,
        "cpu_cores": cores, "cpu_threads": max(2 * cores, THREADS_PER_GPU * n),
        "pcie_lanes": LANES_PREFERRED * n, "ram_gb": ram, "ram_kit": kit,
        "psu_watts": psu_w, "psu_config": psu_cfg,
        "eight_pin_cables": power.eight_pin_cables(tdp, card.get("power_connectors")) * n,
        "gpu_draw_w": gpu_w, "system_draw_w": load, "fits_15a_outlet": fits,
        "power_limit_pct_to_fit": limit,
        "annual_energy_kwh": kwh, "annual_energy_cost_usd": kwh * cfg.usd_per_kwh,
        "gold_vs_bronze_saving_usd": power.gold_vs_bronze_saving(load, cfg.utilization, cfg.usd_per_kwh),
    }


def _notes(rule: TierRule, card: dict, machine: dict, why: str) -> str:
    notes = [rule.notes, f"rule: {rule.source}"]
    if why:
        notes.append(why)
    if not machine["fits_15a_outlet"]:
        if machine["power_limit_pct_to_fit"] is not None:
            notes.append(f"cap each GPU at {machine['power_limit_pct_to_fit']:.0f}% of TDP to fit one 15 A circuit")
        else:
            notes.append("needs a 20 A / 240 V circuit or a second circuit")
    notes.append("energy at wall draw = load / PSU efficiency; Gold vs Bronze saving uses 1/0.82 - 1/0.87 of the load "
                 "(the guide's 22 USD figure counts 5 points of the load)")
    return "; ".join(n for n in notes if n)


def build_tiers(value: pl.DataFrame, specs: pl.DataFrame, scaling: pl.DataFrame,
                platform_costs: dict[str, float], cfg: TierConfig = TierConfig()) -> pl.DataFrame:
    """One row per date, tier and condition (new, used)."""
    spec_cols = ["model_id", "vendor", "slot_width", "cooling", "form_factor", "segment", "pcie_gen", "power_connectors"]
    spec_cols = [c for c in spec_cols if c in specs.columns]
    cards_all = value.join(specs.select(spec_cols), on="model_id", how="left")
    rows = []
    for (day, condition), cards in cards_all.group_by("snapshot_date", "condition", maintain_order=True):
        mode = cards["source_mode"][0]
        for rule in TIERS:
            platform = platform_costs.get(rule.tier, 0.0)
            card, why = choose_gpu(rule, cards, cfg, platform)
            row = {"snapshot_date": day, "tier": rule.tier, "condition": condition, "source_mode": mode,
                   "platform_cost_usd": platform}
            if card is None:
                row.update({"gpu_count": rule.gpu_count, "notes": f"{why}; rule: {rule.source}"})
            else:
                machine = size_machine(rule, card, cfg, scaling)
                row.update(machine)
                row.update({"model_id": card["model_id"], "gpu_name": card["name"],
                            "total_build_cost_usd": machine["gpu_total_price"] + platform,
                            "notes": _notes(rule, card, machine, why)})
            rows.append(row)
    return pl.DataFrame(rows, schema=TIER_SCHEMA)


TIER_SCHEMA = {
    "snapshot_date": pl.Date, "tier": pl.String, "condition": pl.String, "model_id": pl.String,
    "gpu_name": pl.String, "gpu_count": pl.Int32, "unit_price": pl.Float64, "gpu_total_price": pl.Float64,
    "total_vram_gb": pl.Float64, "total_relative_perf": pl.Float64, "scaling_basis": pl.String,
    "cpu_cores": pl.Int32, "cpu_threads": pl.Int32, "pcie_lanes": pl.Int32, "ram_gb": pl.Int32,
    "ram_kit": pl.String, "psu_watts": pl.Int32, "psu_config": pl.String, "eight_pin_cables": pl.Int32,
    "gpu_draw_w": pl.Float64, "system_draw_w": pl.Float64, "fits_15a_outlet": pl.Boolean,
    "power_limit_pct_to_fit": pl.Float64, "annual_energy_kwh": pl.Float64, "annual_energy_cost_usd": pl.Float64,
    "gold_vs_bronze_saving_usd": pl.Float64, "platform_cost_usd": pl.Float64, "total_build_cost_usd": pl.Float64,
    "notes": pl.String, "source_mode": pl.String,
}
