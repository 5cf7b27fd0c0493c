"""Buy or rent (issue 18): the hours per month above which owning a recommended machine beats renting.

For each row of marts.build_tiers (a machine chosen for a tier, use case and condition):

  own(H)  = build cost - resale value after the horizon + H x months x energy per hour
  rent(H) = H x months x (cheapest cloud price for the machine's throughput per hour)
  break-even H* = (build cost - resale) / (months x (rent per hour - energy per hour))

with months = 12 x horizon years and H in hours of use per month. Owning wins above H*, renting below.
When renting costs no more per hour than the machine's electricity, owning never wins (H* is NULL); an
H* above the 730 hours of a month means the same.

Renting the same throughput (vision, beginner): the machine's throughput in its use case's index
(total_relative_perf) divided by a cloud GPU's index value is how many cloud GPUs it takes (fractional: a
training job on faster GPUs ends sooner, so rented hours scale); the cheapest such offer among the cloud GPUs
that meet the use case's VRAM floor is used. Spot offers are left out (they can be taken away mid-run);
on-demand, serverless and marketplace offers count.

Renting the same LLM work (rule R1, the project's): an LLM machine is ranked by single-stream decode of its
tier's workload, which neither adds up over cards (a layer split reads one card at a time) nor runs on a
fraction of a GPU too small to hold the model. It is weighed against the cheapest whole number of one cloud GPU
type (1, 2, 4 or 8, the instance sizes clouds rent) that holds the same workload and decodes it at least as fast
(transforms/llm_workload_fit.py, the same model as the machine's); when no such configuration exists, the
fastest that holds it, and the notes say it is slower. Before R1 (2026-11-27) two used RTX 3090s running a 70B
model were weighed against 1.09 RTX 5090s, which cannot load it.

Resale after the horizon: the machine row's own (`resale_usd`, `resale_basis`), from the one cost model
(transforms/cost_model.py), so buying and renting are weighed with the figures the machine was ranked by.
"""

import polars as pl

from transforms.llm_workload_fit import (
    LAYER_SPLIT_FACTOR,
    MODELLED_DECODE_BASIS,
    LlmContext,
    decode_tokens_per_s,
    fits,
)
from transforms.perf_indices import perf_column
from transforms.tiers.power import HOURS_PER_YEAR

HOURS_PER_MONTH = 730.0
RENT_OFFER_KINDS = ("on_demand", "serverless", "marketplace")
RENTABLE = pl.col("offer_kind").is_in(RENT_OFFER_KINDS) & (pl.col("usd_per_gpu_hour") > 0)
"""The offers a machine is weighed against: priced, and not spot (a spot GPU can be taken away mid-run)."""


def break_even_hours(
    own_fixed_usd: float, horizon_years: float, rent_usd_per_hour: float, energy_usd_per_hour: float
) -> float | None:
    """Hours of use per month above which owning costs less than renting over the horizon; None: never."""
    margin = rent_usd_per_hour - energy_usd_per_hour
    if margin <= 0:
        return None
    return max(own_fixed_usd, 0.0) / (12.0 * horizon_years * margin)


def cheapest_rent(cloud: pl.DataFrame, specs: pl.DataFrame, index: str, vram_floor: float) -> dict | None:
    """The cloud offer with the lowest USD per unit of the index per hour among GPUs meeting the VRAM floor."""
    offers = (
        cloud.filter(RENTABLE)
        .join(specs.select("model_id", "memory_gb", pl.col(perf_column(index)).alias("perf")), on="model_id")
        .filter((pl.col("memory_gb") >= vram_floor) & (pl.col("perf") > 0))
        .with_columns(usd_per_perf_hour=pl.col("usd_per_gpu_hour") / pl.col("perf"))
        .sort("usd_per_perf_hour", "model_id", "provider")
    )
    return offers.row(0, named=True) if offers.height else None


def rent_for_workload(cloud: pl.DataFrame, llm: LlmContext, workload: str, own_speed: float) -> dict | None:
    """Rule R1: the cheapest offer of whole cloud GPUs of one type (1, 2, 4 or 8) that hold `workload` and decode
    it at least at `own_speed` tokens/s; else the fastest configuration that holds it; None when none does. The
    offer dict gains `gpus` and `tokens_per_s`."""
    w = llm.workloads.get(workload)
    if w is None:
        return None
    offers = cloud.filter(RENTABLE)
    configs = []
    for offer in offers.sort("model_id", "provider").iter_rows(named=True):
        card = llm.cards.get(offer["model_id"])
        if card is None or not card.get("vram_gb"):
            continue
        k = next((n for n in sorted(LAYER_SPLIT_FACTOR) if fits(w, card["vram_gb"], n)), None)
        if k is None:
            continue
        speed, basis = decode_tokens_per_s(card, w, k, llm.calibration)
        if speed:
            configs.append(offer | {"gpus": float(k), "tokens_per_s": speed, "speed_basis": basis})
    as_fast = [c for c in configs if c["tokens_per_s"] >= own_speed]
    if as_fast:
        return min(as_fast, key=lambda c: (c["gpus"] * c["usd_per_gpu_hour"], c["model_id"], c["provider"]))
    return max(configs, key=lambda c: (c["tokens_per_s"], -c["usd_per_gpu_hour"]), default=None)


BUY_VS_RENT_SCHEMA = {
    "snapshot_date": pl.Date,
    "tier": pl.String,
    "use_case": pl.String,
    "condition": pl.String,
    "model_id": pl.String,
    "gpu_count": pl.Int32,
    "horizon_years": pl.Float64,
    "perf_index": pl.String,
    "total_relative_perf": pl.Float64,
    "total_build_cost_usd": pl.Float64,
    "gpu_total_price": pl.Float64,
    "resale_fraction": pl.Float64,
    "resale_basis": pl.String,
    "resale_value_usd": pl.Float64,
    "own_fixed_usd": pl.Float64,
    "own_energy_usd_per_hour": pl.Float64,
    "rent_model_id": pl.String,
    "rent_provider": pl.String,
    "rent_offer_kind": pl.String,
    "rent_usd_per_gpu_hour": pl.Float64,
    "rent_gpus_for_same_perf": pl.Float64,
    "rent_usd_per_hour": pl.Float64,
    "break_even_hours_per_month": pl.Float64,
    "break_even_utilization_pct": pl.Float64,
    "verdict": pl.String,
    "notes": pl.String,
    "source_mode": pl.String,
}


def _verdict(hours: float | None, rent_offer: dict | None, assumed_use: float | None = None) -> str:
    """The verdict in words; where the machine's own TCO assumed a use (`assumed_use`, the share of the time under
    load its energy was costed at) under the break-even, it says that at that use renting costs less (fifteenth
    review: the tiers' 4 x RTX 6000 Ada machine, costed at 20% use, 146 h/month, pays only above 207)."""
    if rent_offer is None:
        return "no cloud price for a GPU that meets this use case"
    if hours is None:
        return "rent at any use: the cloud costs less per hour than this machine's electricity"
    if hours > HOURS_PER_MONTH:
        return f"rent: owning would pay only above {hours:,.0f} h/month, more than a month has"
    if assumed_use and hours > assumed_use * HOURS_PER_MONTH:  # as short as the other verdicts: a table cell
        return f"rent at the TCO's {assumed_use:.0%} use; own above {hours:,.0f} h/month ({hours / HOURS_PER_MONTH:.0%})"
    return f"own above {hours:,.0f} h/month ({hours / HOURS_PER_MONTH:.0%} of the time); rent below"


def _assumed_use(t: dict) -> float | None:
    """The share of the time under load a tier row's energy was costed at (TierConfig.utilization), from its
    annual kWh and its draw at the wall; None where either is missing."""
    kwh, wall = t.get("annual_energy_kwh"), t.get("wall_draw_w")
    return kwh / (wall / 1000 * HOURS_PER_YEAR) if kwh and wall else None


MODELLED_RENTED = (
    "modelled from its bandwidth at the measured cards' median efficiency: no llama.cpp measurement of it"
)


def _workload_note(offer: dict, workload: str | None, own_speed: float) -> str:
    """R1's words: what the rented GPUs run, and whether they are slower than the machine."""
    if not workload:
        return ""
    slower = " (no cloud configuration is as fast: the fastest)" if offer["tokens_per_s"] < own_speed else ""
    # eleventh review: a rented datacenter card's speed is the model's where llama.cpp's scoreboard lacks the card
    modelled = (
        f" ({MODELLED_RENTED})" if (offer.get("speed_basis") or "").startswith(MODELLED_DECODE_BASIS) else ""
    )
    return (
        f"{offer['gpus']:.0f} x {offer['model_id']} run {workload} at {offer['tokens_per_s']:.1f} tokens/s"
        f"{modelled}{slower}, this machine at {own_speed:.1f} (R1); "
    )


def _usd_per_kwh(t: dict) -> float:
    """The electricity price the tier was costed at (its annual cost over its annual kWh)."""
    kwh, cost = t.get("annual_energy_kwh"), t.get("annual_energy_cost_usd")
    return cost / kwh if kwh and cost is not None else 0.0


def buy_vs_rent(
    tiers: pl.DataFrame,
    value: pl.DataFrame,
    specs: pl.DataFrame,
    cloud: pl.DataFrame,
    llm: LlmContext | None = None,
) -> pl.DataFrame:
    """One row per build_tiers row that chose a machine, in the row's index (perf_index) and against cloud GPUs
    that meet its VRAM floor (vram_floor_gb); with `llm`, an LLM machine against whole cloud GPUs that run its
    workload (rule R1). Energy at the price the tier was costed at."""
    rows = []
    # the cheapest offer per index and VRAM floor (R1: per workload and speed)
    offers: dict[tuple, dict | None] = {}
    for day, day_tiers in tiers.filter(pl.col("model_id").is_not_null()).group_by(
        "snapshot_date", maintain_order=True
    ):
        day = day[0]
        day_value = value.filter(pl.col("snapshot_date") == day)
        cards = {(r["model_id"], r["condition"]): r for r in day_value.iter_rows(named=True)}
        for t in day_tiers.iter_rows(named=True):
            index, floor = t["perf_index"], t["vram_floor_gb"]
            card = cards.get((t["model_id"], t["condition"]), {})
            throughput = t["total_relative_perf"]
            workload = t.get("workload") if index == "llm_workload" and llm is not None else None
            if index == "llm_workload" and not (workload and t.get("workload_tokens_per_s")):
                # without the workloads (a frame of before them): the cards' LLM inference index times their count
                index, throughput = "llm_inference", (card.get("perf_llm_inference") or 0) * t["gpu_count"]
                workload = None
            resale_usd, basis = t["resale_usd"], t["resale_basis"]  # the machine's own (cost_model)
            fraction = resale_usd / t["gpu_total_price"] if t["gpu_total_price"] else None
            fixed = t["total_build_cost_usd"] - resale_usd
            usd_per_kwh = _usd_per_kwh(t)
            energy = (t["wall_draw_w"] or 0) / 1000 * usd_per_kwh
            key = (workload, throughput) if workload else (index, floor)
            if key not in offers:
                offers[key] = (
                    rent_for_workload(cloud, llm, workload, throughput)
                    if workload
                    else cheapest_rent(cloud, specs, index, floor)
                )
            offer = offers[key]
            rent_per_hour = hours = gpus = None
            if offer is not None:
                gpus = offer["gpus"] if workload else throughput / offer["perf"]
                rent_per_hour = gpus * offer["usd_per_gpu_hour"]
                hours = break_even_hours(fixed, t["horizon_years"], rent_per_hour, energy)
            rows.append(
                {
                    "snapshot_date": day,
                    "tier": t["tier"],
                    "use_case": t["use_case"],
                    "condition": t["condition"],
                    "model_id": t["model_id"],
                    "gpu_count": t["gpu_count"],
                    "horizon_years": t["horizon_years"],
                    "perf_index": index,
                    "total_relative_perf": throughput,
                    "total_build_cost_usd": t["total_build_cost_usd"],
                    "gpu_total_price": t["gpu_total_price"],
                    "resale_fraction": fraction,
                    "resale_basis": basis,
                    "resale_value_usd": resale_usd,
                    "own_fixed_usd": fixed,
                    "own_energy_usd_per_hour": energy,
                    "rent_model_id": offer and offer["model_id"],
                    "rent_provider": offer and offer["provider"],
                    "rent_offer_kind": offer and offer["offer_kind"],
                    "rent_usd_per_gpu_hour": offer and offer["usd_per_gpu_hour"],
                    "rent_gpus_for_same_perf": gpus,
                    "rent_usd_per_hour": rent_per_hour,
                    "break_even_hours_per_month": hours,
                    "break_even_utilization_pct": None if hours is None else hours / HOURS_PER_MONTH * 100,
                    "verdict": _verdict(hours, offer, _assumed_use(t)),
                    "notes": (
                        _workload_note(offer, workload, throughput)
                        + f"cloud price {offer['price_date'] or 'undated'} ({offer.get('snapshot_basis') or 'snapshot'}"
                        f"{', ' + offer['location'] if offer.get('location') else ''}) from {offer['source']}; "
                        f"energy at {usd_per_kwh:g} USD/kWh and {t['wall_draw_w']:.0f} W at the wall"
                        if offer
                        else "no cloud GPU with a price meets the VRAM floor"
                    ),
                    "source_mode": t["source_mode"],
                }
            )
    return pl.DataFrame(rows, schema=BUY_VS_RENT_SCHEMA)
