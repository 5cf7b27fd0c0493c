"""Power: PSU sizing, 8-pin cables, the US 15 A outlet, power caps and yearly energy.

Sources: GUIDE (PSU headroom at least 10% for spikes; ~150 W per 8-pin cable, one cable per socket, no
daisy chains; a 15 A / 120 V circuit gives 1,800 W peak and 1,440 W continuous (80%); a 10-20% power limit
costs under 5% performance; 80 PLUS Gold ~87% vs Bronze ~82% efficient at typical load).
"""

import math
import re

PSU_SIZES_W = (450, 550, 650, 750, 850, 1000, 1200, 1300, 1500, 1600, 2000)
SERVER_PSU_W = 1600
HEADROOM = 1.10
WATTS_PER_8PIN = 150
OUTLET_PEAK_W, OUTLET_CONTINUOUS_W = 1800, 1440
MAX_CAP_FRACTION = 0.20  # caps beyond 20% cost more than ~5% performance
GOLD_EFFICIENCY, BRONZE_EFFICIENCY = 0.87, 0.82
HOURS_PER_YEAR = 8760


def psu_for(load_w: float, redundant_server: bool = False) -> tuple[int, str]:
    """(total PSU watts, configuration) covering load_w plus 10% headroom, in sizes sold."""
    need = load_w * HEADROOM
    if redundant_server:
        n = max(2, math.ceil(need / SERVER_PSU_W))
        return n * SERVER_PSU_W, f"{n}+1 x {SERVER_PSU_W} W redundant"
    for size in PSU_SIZES_W:
        if size >= need:
            return size, f"1 x {size} W"
    n = math.ceil(need / PSU_SIZES_W[-1])
    return n * PSU_SIZES_W[-1], f"{n} x {PSU_SIZES_W[-1]} W (dual PSU)"


def eight_pin_cables(tdp_w: float, connectors: str | None) -> int:
    """8-pin cables one card needs: the 8-pin sockets it has, else ~150 W per cable (16-pin via adapter)."""
    if connectors:
        found = re.search(r"(\d+)\s*x\s*8-pin(?!\s*CPU)", connectors, re.I)
        if found:
            return int(found.group(1))
        if re.search(r"EPS|CPU", connectors, re.I):
            return 1
        if re.search(r"none", connectors, re.I):
            return 0
    return math.ceil(tdp_w / WATTS_PER_8PIN)


def capped_gpu_draw(tdp_w: float, count: int, cap_fraction: float) -> float:
    """GPU draw with each card limited to (1 - cap_fraction) of its TDP."""
    return tdp_w * count * (1 - cap_fraction)


def wall_draw(load_w: float, efficiency: float = GOLD_EFFICIENCY) -> float:
    return load_w / efficiency


def fits_outlet(load_w: float, efficiency: float = GOLD_EFFICIENCY) -> bool:
    return wall_draw(load_w, efficiency) <= OUTLET_CONTINUOUS_W


def power_limit_to_fit(gpu_w: float, other_w: float, efficiency: float = GOLD_EFFICIENCY) -> float | None:
    """Per-GPU power limit (percent of TDP) that brings the wall draw under 1,440 W; None when no cap is
    needed or a cap above 20% would be needed."""
    if fits_outlet(gpu_w + other_w, efficiency):
        return None
    allowed_gpu = OUTLET_CONTINUOUS_W * efficiency - other_w
    fraction = allowed_gpu / gpu_w
    if fraction < 1 - MAX_CAP_FRACTION:
        return None
    return math.floor(fraction * 100)


def annual_energy_kwh(load_w: float, utilization: float, efficiency: float = GOLD_EFFICIENCY) -> float:
    return wall_draw(load_w, efficiency) * HOURS_PER_YEAR * utilization / 1000


def gold_vs_bronze_saving(load_w: float, utilization: float, usd_per_kwh: float) -> float:
    """Yearly USD saved by a Gold (87%) over a Bronze (82%) PSU, wall draw = load / efficiency.

    The build guide's "about 22 USD" for 1,600 W counts the loss as 5 points of the load (80 W); dividing by
    each efficiency is what the meter sees, and gives about 31 USD at 20% utilization and 0.16 USD/kWh."""
    delta_kwh = (annual_energy_kwh(load_w, utilization, BRONZE_EFFICIENCY)
                 - annual_energy_kwh(load_w, utilization, GOLD_EFFICIENCY))
    return delta_kwh * usd_per_kwh
