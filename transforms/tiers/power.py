"""Power: PSU sizing, the outlet in both readings, power caps and energy.

Which rule governs the PSU size: the card's rated board power is its peak sustained draw, the one D2 says to
size for; G13 adds 10% for spikes above it. D2's 350 W per GPU is the board power of the high-end cards it was
written for: put into the same formula it gives D2's own tier sizes (600 W, about 1000 W, 1600-2000 W, 2+1 x
1600 W; `d2l_psu_w` below reproduces them), so the two agree where their assumptions do. A card whose board
power is unknown is budgeted at D2's 350 W. Where D2 and G13 disagree (a 170 W card), the card's figure
governs: D2's 350 W was never meant to oversize a small card, and it undersizes a 450-575 W one.
"""

import math

HEADROOM = 1.10  # G13: 10% or more above the build's draw
D2L_WATTS_PER_GPU = 350  # D2: budget up to 350 W per GPU (peak)
WATTS_PER_8PIN = 150  # G16: about 150 W per 8-pin (6+2) cable
MAX_CAP_FRACTION = 0.20  # G8: a 10-20% power limit costs under 5% performance; deeper caps are not offered
GOLD_EFFICIENCY, BRONZE_EFFICIENCY = 0.87, 0.82  # G14
HOURS_PER_YEAR = 8760
CONTINUOUS_FRACTION = 0.80  # US NEC 210.19/210.20: a continuous load may use 80% of the breaker rating


def psu_need_w(load_w: float) -> float:
    """The PSU capacity a build needs: its DC load plus 10% (G13)."""
    return load_w * HEADROOM


def psu_need_with_maker(load_w: float, maker_w: float | None) -> tuple[float, str]:
    """(PSU capacity needed, basis): the larger of the load plus 10% (G13) and the card maker's recommended
    system power (P1), a figure for a whole PC with one reference card (so it governs one-card machines; a
    multi-card machine's load outgrows it). Transients: the PSUs are ATX 3.x units, which must carry 200% of
    their rating for 100 us and 160% for 10 ms (Intel ATX v3 design guide, Table 3-3; docs/rules.md P1)."""
    g13 = psu_need_w(load_w)
    if not maker_w or maker_w <= 0:
        return g13, "load + 10% (G13); no card maker's figure in the catalog"
    if maker_w > g13:
        return float(maker_w), f"card maker's recommended {maker_w:,.0f} W (P1), above load + 10% (G13)"
    return g13, f"load + 10% (G13), above the card maker's {maker_w:,.0f} W (P1)"


# Throughput under a power limit, as measured (P2): (power limit % of stock, throughput as a share of stock).
# Only caps down to 80% are ever applied (G8), so only that range is needed. Training: Puget Systems, 4 x RTX
# 3090 TensorFlow, "reduce the power limit on 4 GPUs from 350W to 280W and achieve over 95% of maximum
# performance" (0.95 is a lower bound; https://www.pugetsystems.com/labs/hpc/quad-rtx3090-gpu-wattage-limited-
# maxq-tensorflow-performance-1974/). LLM decode: single-stream tokens/s of an RTX 3090 by power limit,
# 350 W = 103 tok/s (https://jankyai.droidgram.com/power-limiting-rtx-3090-gpu-to-increase-power-efficiency).
# Both secondary; both RTX 3090, applied to every card (ASSUMPTION: the shape holds for other cards; the
# RTX 5060 Ti lost under 1% at 83%, inventivehq.com).
POWER_CURVES: dict[str, tuple[tuple[tuple[float, float], ...], str]] = {
    "training": (
        ((80.0, 0.95), (100.0, 1.0)),
        "Puget Systems, 4 x RTX 3090 TensorFlow training: 95% of full speed at an 80% limit",
    ),
    "llm_decode": (
        ((80.0, 0.961), (81.4, 0.981), (85.7, 0.981), (92.9, 0.99), (100.0, 1.0)),
        "jankyai, RTX 3090 single-stream LLM decode: 96% of full speed at an 80% limit",
    ),
}


def throughput_at_cap(cap_pct: float, curve: str) -> tuple[float, str]:
    """(share of stock throughput, basis) at a power limit of cap_pct percent (80-100), interpolated linearly
    between the measured points of POWER_CURVES[curve]."""
    points, basis = POWER_CURVES[curve]
    if cap_pct >= 100:
        return 1.0, "uncapped"
    if cap_pct < points[0][0]:
        raise ValueError(f"a cap to {cap_pct}% is deeper than G8's 20%")
    for (x0, y0), (x1, y1) in zip(points, points[1:], strict=False):
        if x0 <= cap_pct <= x1:
            share = y0 + (y1 - y0) * (cap_pct - x0) / (x1 - x0)
            return share, f"{share:.1%} of full speed at {cap_pct:.0f}% power ({basis}; P2)"
    return 1.0, "uncapped"


def d2l_psu_w(gpu_count: int, other_w: float) -> float:
    """D2's sizing: 350 W per GPU plus the rest of the machine, with G13's headroom."""
    return psu_need_w(D2L_WATTS_PER_GPU * gpu_count + other_w)


def pick_atx_psu(
    need_w: float,
    sizes: list[tuple[int, float, float]],
    mains_volts: float = 230,
    cards: tuple[int, float, float] | None = None,
) -> tuple[int, str, float] | None:
    """(capacity W, configuration, price) of the cheapest ATX arrangement covering need_w whose input range
    suits the mains (a 2,000 W unit sold for 200-240 V only is no choice on 120 V): one unit, or two equal
    units when no single one does (two PSUs need an add2psu adapter, named and not priced, and past 1800 W two
    circuits).
    `sizes` = [(watts, price, lowest input volts)]. `cards` = (count, each card's draw W, the rest of the machine
    W): two units are then sized so that G13's 10% holds on each (dual_split), and the configuration says which
    unit carries what (twentieth review: two 1,000 W units pooled for a 1,837 W need; split two cards a unit, the
    unit that also carries the board held 1,070 W)."""
    usable = sorted((w, p) for w, p, volts in sizes if volts <= mains_volts)
    single = [(w, p) for w, p in usable if w >= need_w]
    if single:
        w, p = single[0]
        return w, f"1 x {w} W", p
    for w, p in usable:
        if 2 * w < need_w:
            continue
        if cards is None:
            return 2 * w, f"2 x {w} W (dual PSU)", 2 * p
        split = dual_split(w, *cards)
        if split is not None:
            return (
                2 * w,
                f"2 x {w} W (dual PSU with an add2psu adapter: {split_words(split, cards[0])})",
                2 * p,
            )
    return None


# PCIe CEM: a x16 graphics slot supplies up to 75 W (5.5 A = 66 W at 12 V, the rest at 3.3 V), through the board,
# whichever unit powers the card's cables. How much a card takes from it is the card's design, from that much down
# to next to nothing, so each unit is sized for its own end of that range (dual_split). Cards with their own power
# connectors are measured near the low end: 0.9 A at most from the slot on an MSI GTX 1080 Ti Lightning Z, against
# the 5.5 A ceiling (Tom's Hardware, https://www.tomshardware.com/uk/reviews/msi-gtx-1080-ti-lightning-z,5162-4.html),
# and at most 0.6 A on an RTX 50 card with a 12V-2x6 connector (igor'sLAB; a copy of the review:
# http://igorscience.org/index-2106.html)
SLOT_W = 75


def dual_split(unit_w: float, count: int, card_w: float, rest_w: float) -> int | None:
    """How many of `count` cards (each drawing card_w) have their power cables on the unit that also carries the
    board and the rest of the machine (rest_w), so that each of two unit_w units carries its load plus 10% (G13);
    the most even such split, None when none fits. Each unit is sized for its own worst case: the board's unit as if
    every other card drew its slot's full SLOT_W through the board (code review: counting a card whole on the other
    unit left up to 75 W a card off the board's), the other unit as if its cards drew everything through their
    cables (twenty-third review: counting the slot share off that unit put up to 1,200 W of four RTX 5070 Tis on a
    1,000 W unit sized for 900 W; cards with their own connectors are measured drawing little from the slot)."""
    slot = min(SLOT_W, card_w)

    def loads(k: int) -> tuple[float, float]:
        return rest_w + k * card_w + (count - k) * slot, (count - k) * card_w

    fits = [k for k in range(count + 1) if all(psu_need_w(load) <= unit_w for load in loads(k))]
    return min(fits, key=lambda k: abs(loads(k)[0] - loads(k)[1]), default=None)


def split_words(on_board_unit: int, count: int) -> str:
    """The split of dual_split in words: 'board + 1 card on one, 3 on the other'."""
    cards = f"{on_board_unit} card{'s' if on_board_unit != 1 else ''}"
    board = f"board + {cards}" if on_board_unit else "board alone"
    return f"{board} on one, {count - on_board_unit} on the other"


def server_psu(need_w: float, unit_w: int, bays: int) -> tuple[int, str] | None:
    """(usable W, configuration) of a server's own supplies: N units carry the load and one more is spare
    (D10: redundant, e.g. 2+1 x 1600 W). None when N+1 exceeds the bays."""
    n = max(1, math.ceil(need_w / unit_w))
    if n + 1 > bays:
        return None
    return n * unit_w, f"{n}+1 x {unit_w} W redundant"


def wall_draw(load_w: float, efficiency: float = GOLD_EFFICIENCY) -> float:
    """What the outlet sees: the DC load divided by the PSU's efficiency."""
    return load_w / efficiency


def outlet_watts(
    volts: float, amps: float, continuous_fraction: float = CONTINUOUS_FRACTION
) -> tuple[float, float]:
    """(the guide's socket figure V x A, the continuous rating): 1,800 W and 1,440 W in the US (G7, NEC 80%);
    a region's continuous share comes from warehouse/catalog/regions.csv (Schuko: 8 of 16 A)."""
    return volts * amps, volts * amps * continuous_fraction


def cap_to_fit(
    gpu_w: float, other_w: float, limit_w: float, efficiency: float = GOLD_EFFICIENCY
) -> float | None:
    """Per-GPU power limit (percent of board power, floored) that brings the wall draw under limit_w.
    100 when it fits uncapped; None when it would need a cap deeper than 20% (G8)."""
    if wall_draw(gpu_w + other_w, efficiency) <= limit_w:
        return 100.0
    if gpu_w <= 0:
        return None
    fraction = (limit_w * efficiency - other_w) / gpu_w
    if fraction < 1 - MAX_CAP_FRACTION:
        return None
    return float(math.floor(fraction * 100))


def limit_w(board_w: float, cap_pct: float) -> int:
    """A card's power limit in watts for a cap of cap_pct percent of its board power, floored so that it stays within
    the cap (thirty-first review: `nvidia-smi -pl` takes watts, and a percentage of a board power no page showed left
    the buyer to guess its base, with 1-4 W of the outlet to spare)."""
    return math.floor(board_w * cap_pct / 100 + 1e-9)


def limit_words(board_w: float | None, cap_pct: float | None) -> str:
    """' (534 W: nvidia-smi -pl 534)' for a capped card of known board power, else ''."""
    if board_w is None or cap_pct is None or cap_pct >= 100 or board_w <= 0:
        return ""
    watts = limit_w(board_w, cap_pct)
    return f" ({watts} W: nvidia-smi -pl {watts})"


def machine_limit_words(machine: dict) -> str:
    """limit_words of a machine row (marts.build_tiers, budget_builds, or machine.evaluate's dict): its cards' capped
    draw (gpu_draw_w, each card's board power times power_cap_pct) over gpu_count gives the board power back; '' where
    the draw rests on an assumed board power (board_power_known false, or a budget row's gpu_draw_w NULL)."""
    cap, count, drawn = machine.get("power_cap_pct"), machine.get("gpu_count"), machine.get("gpu_draw_w")
    if not (cap and count and drawn) or not machine.get("board_power_known", True):
        return ""
    return limit_words(drawn / count / (cap / 100), cap)


def capped_gpu_draw(tdp_w: float, count: int, cap_fraction: float) -> float:
    """GPU draw with each card limited by cap_fraction (G8: four 3090s at -20% draw 1,120 W)."""
    return tdp_w * count * (1 - cap_fraction)


def annual_energy_kwh(load_w: float, utilization: float, efficiency: float = GOLD_EFFICIENCY) -> float:
    """Wall energy per year with the machine under load `utilization` of the time (idle draw not counted)."""
    return wall_draw(load_w, efficiency) * HOURS_PER_YEAR * utilization / 1000


def gold_vs_bronze_saving(load_w: float, utilization: float, usd_per_kwh: float) -> float:
    """Yearly USD a Gold (87%) PSU saves over a Bronze (82%) one, the wall draw being load / efficiency:
    about 31 USD for 1,600 W at 20% and 0.16 USD/kWh."""
    delta_kwh = annual_energy_kwh(load_w, utilization, BRONZE_EFFICIENCY) - annual_energy_kwh(
        load_w, utilization, GOLD_EFFICIENCY
    )
    return delta_kwh * usd_per_kwh


def gold_vs_bronze_saving_guide(load_w: float, utilization: float, usd_per_kwh: float) -> float:
    """G14's own arithmetic: the 5-point efficiency gap taken as 5% of the load (about 22 USD for 1,600 W)."""
    return load_w * (GOLD_EFFICIENCY - BRONZE_EFFICIENCY) * HOURS_PER_YEAR * utilization / 1000 * usd_per_kwh
