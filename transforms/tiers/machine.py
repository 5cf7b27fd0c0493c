"""One candidate machine: a GPU model, a count and a platform, sized and priced, or the reason it cannot be.

Throughput = relative performance x count x measured multi-GPU scaling (x the share a power cap leaves, P2).
Total cost of ownership (TCO, transforms/cost_model.py) = GPUs + the platform sized for them (fixed parts,
RAM, PSU, risers or water cooling) + energy over the horizon - the GPUs' resale at its end. Value = throughput
per 1,000 USD of TCO.
"""

import math
from dataclasses import replace

import polars as pl

from transforms import cost_model
from transforms.price_daily import GRADE_D
from transforms.tiers import power
from transforms.tiers.config import TierConfig
from transforms.tiers.connectors import Cables, cables_for
from transforms.tiers.memory import ram_for
from transforms.tiers.physical import RISER_GEN4, form_reason, on_frame, slot_plan
from transforms.tiers.platforms import PartPrices
from transforms.tiers.rules import (
    CORES_PER_GPU,
    D2L_LANES_PER_GPU,
    MIN_LANES_PER_GPU,
    MIN_PCIE_GEN,
    THREADS_PER_GPU,
    TierRule,
    buy_new_words,
)
from transforms.tiers.scaling import efficiency_for


def _usable(x) -> bool:
    return x is not None and isinstance(x, int | float) and math.isfinite(x) and x > 0


def market_reason(card: dict) -> str | None:
    """Why the day's market keeps the card out of every tier (None: it does not): its listings, price and
    performance figure."""
    if not card.get("enough_listings"):
        return "fewer than 3 listings"
    if card.get("price_confidence") == GRADE_D:
        return "price grade D (one seller or nearly: issue 37)"
    if not _usable(card.get("price_usd", card.get("price_median"))):
        return "no usable price"
    if not _usable(card.get("relative_perf")):
        return "no performance figure"
    return None


def hardware_reason(
    rule: TierRule, card: dict, vram_floor: float, vendors: tuple[str, ...] | None
) -> str | None:
    """Why the card itself cannot be used in the tier whatever the platform and the day (None: it can)."""
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


def platform_words(platform: dict, on_risers: int) -> str:
    """The platform in a machine row's words: its description (its case named as the open-air frame where cards
    hang on risers), then what its CPU means for the operating system where it limits it (os_note)."""
    words = on_frame(platform["description"]) if on_risers else platform["description"]
    return f"{words}; {platform['os_note']}" if platform.get("os_note") else words


def card_reason(rule: TierRule, card: dict, vram_floor: float, vendors: tuple[str, ...] | None) -> str | None:
    """Why a card cannot be used in the tier whatever the platform (None: it can)."""
    return market_reason(card) or hardware_reason(rule, card, vram_floor, vendors)


def board_cables(card: dict) -> tuple[Cables, Cables | None]:
    """The cables one card takes, counted on the boards a buyer most likely receives (P3: board_power_connectors,
    marts.gpu_specs), and the reference board's where its connectors differ (else None)."""
    board = card.get("board_power_connectors") or card.get("power_connectors")
    cables = cables_for(board, card.get("tdp_w"), card.get("form_factor"))
    reference = card.get("power_connectors")
    if not reference or not board or reference == board:
        return cables, None
    basis = f"the boards most sold ({board}, P3): {cables.basis}; the reference board's: {reference}"
    return replace(cables, basis=basis), cables_for(reference, card.get("tdp_w"), card.get("form_factor"))


def _connectors(card: dict, field: str) -> str:
    return str(card.get(field)).replace("1x ", "one ")


def _kept_psu_words(
    card: dict,
    platform: dict,
    cables: Cables,
    reference: Cables | None,
    n: int,
    prices: PartPrices,
    cfg: TierConfig,
    sizes: tuple[float, float, int, str],
    draws: tuple[float, float],
) -> tuple[str, str, float]:
    """(psu_config, psu_basis, psu_need_w) of the buyer's own PSU where the machine keeps it (D6): what it must have
    for the verdict to hold (the free 8-pin leads the card takes, a CPU within what the PSU carries past the card and
    the rest at G13's 10%: the platform assumes a 65 W CPU, which the buyer's may not be), the card maker's figure
    where it is over the PSU (P1), and where the boards most sold take other connectors than the reference board
    (P3), which board to take and what the reference board would need (thirtieth review: the words said "take a
    board with one 8-pin" and nothing of the checks that verdict rests on, nor that the Founders Edition's 16-pin
    runs through an adapter from two 8-pin leads)."""
    need, own_need, psu_w, psu_basis = sizes
    gpu_w, other_w = draws
    needs = []
    if cables.pcie_8pin:
        leads = cables.pcie_8pin * n
        needs.append("a free 8-pin lead" if leads == 1 else f"{leads} free 8-pin leads")
    cpu_room = psu_w / power.HEADROOM - gpu_w - (other_w - platform["cpu_w"])
    needs.append(f"a CPU of up to {cpu_room:,.0f} W")
    words = [f"with {' and '.join(needs)}"]
    if need > psu_w:
        spare = power.pick_atx_psu(need, prices.atx_psus, cfg.mains_volts)
        # in the buyer's currency (thirty-fourth review's code review: a German row read "83 USD if yours is old")
        price_words = f": {cfg.money(spare[2])} if yours is old" if spare else ""
        words.append(f"the card maker asks {need:,.0f} W{price_words}")
        psu_basis = (
            f"load + 10% (G13), {own_need:,.0f} W, fits the existing {psu_w:,.0f} W; the card maker's "
            f"{need:,.0f} W (P1) is for a whole PC"
        )
        need = own_need
    config = f"existing {psu_w:,} W ({'; '.join(words)})"
    if reference is None:
        return config, psu_basis, need
    # the buyer's PSU is kept for the boards most sold (P3); the reference board's connectors may need cables it
    # lacks: say which board to take, and what the other would need (the RTX 4070 Founders Edition's 16-pin)
    other = _supply(platform, sizes[0], reference, n, prices, cfg.mains_volts, own_need, (gpu_w / n, other_w))
    if isinstance(other, str) or other[2] <= 0:
        return config, psu_basis, need
    length = platform.get("max_card_length_mm")
    fit = f" up to {length:g} mm long" if length else ""
    why = ""
    if reference.pcie_16pin and card.get("tdp_w"):
        # an adapter feeds a 16-pin socket from 8-pin leads, 150 W each (G16): two for a 200 W card (NVIDIA's RTX
        # 4070 Founders Edition ships with one for two 8-pin leads, wccftech)
        adapter = math.ceil(card["tdp_w"] / power.WATTS_PER_8PIN) * reference.pcie_16pin * n
        if adapter > platform["existing_pcie_8pin"]:
            count = {2: "two", 3: "three", 4: "four"}.get(adapter, str(adapter))
            why = f" takes {count} 8-pin leads through an adapter (G16), more than yours has, so it"
    config += (
        f"; take a board with {_connectors(card, 'board_power_connectors')} (most are, P3){fit}: the reference "
        f"board's {_connectors(card, 'power_connectors')}{why} needs a new {other[0]:,} W PSU ({cfg.money(other[2])})"
    )
    return config, psu_basis, need


def _supply(
    platform: dict,
    need_w: float,
    cables,
    n: int,
    prices: PartPrices,
    mains_volts: float,
    existing_need_w: float,
    loads: tuple[float, float],
) -> tuple[int, str, float] | str:
    """(capacity W, configuration, USD bought) or the reason none fits. An existing PSU is judged on
    `existing_need_w`; a PSU bought is sized on `need_w`, two units on the split of `loads` (each card's draw W,
    the rest of the machine W; power.dual_split)."""
    supply = platform["psu_supply"]
    short = ""  # why the existing PSU is replaced, in the row's words (sixteenth review: it was not said)
    if supply == "existing":
        if cables.pcie_16pin or cables.eps_8pin:
            short = "16-pin cable" if cables.pcie_16pin else "EPS cable"
        elif cables.pcie_8pin * n > platform["existing_pcie_8pin"]:
            short = f"{cables.pcie_8pin * n} x 8-pin"
        elif existing_need_w > platform["existing_psu_w"]:
            short = f"{existing_need_w:,.0f} W needed, G13"
        if not short:
            return int(platform["existing_psu_w"]), f"existing {platform['existing_psu_w']:g} W", 0.0
    if supply == "included":
        server = power.server_psu(need_w, int(platform["psu_unit_w"]), int(platform["psu_bays"]))
        if server is None:
            return f"needs {need_w:,.0f} W, more than {platform['psu_bays']:g} x {platform['psu_unit_w']:g} W with one spare"
        return server[0], server[1] + " (in the chassis)", 0.0
    atx = power.pick_atx_psu(need_w, prices.atx_psus, mains_volts, cards=(n, *loads))
    if atx is None:
        return f"no ATX PSU arrangement for {mains_volts:g} V mains covers {need_w:,.0f} W"
    if supply == "existing":
        return atx[0], atx[1] + f" (replaces yours: {short})", atx[2]
    return atx


# what a machine over the outlet's note says before the circuit it needs (dashboards/report_data.circuit_words
# shows that circuit in the tables)
NEEDS_CIRCUIT = " even at -20% (G7, G8): "
# A power limit set with nvidia-smi is the driver's runtime state: it returns to the card's default when the driver
# reloads or the machine restarts, and on Linux without persistence the driver unloads when its last client exits,
# nvidia-smi itself included (NVIDIA, Driver Persistence: https://docs.nvidia.com/deploy/driver-persistence/); a
# capped machine uncapped draws more than its outlet carries (fifth review; sixth review: persistence first)
CAP_AT_BOOT = (
    "the limit resets when the driver unloads or the machine restarts: at every boot enable persistence "
    "(nvidia-persistenced, or nvidia-smi -pm 1), then set it (a service running nvidia-smi -pl)"
)


# ASSUMPTION: what else a desk's circuit commonly carries (a monitor or two, a lamp, a router): a machine that
# leaves less of the outlet's continuous rating than this says how to keep those loads off it (eighth review: the
# caps size a machine to within 1-4 W of 1,440 W). Where the rating is the circuit's (US and Canada: NEC
# 210.19/210.20 and CEC 8-104 rate the branch circuit, shared by every socket on it), it needs that circuit to
# itself; where it is the socket's and plug's (regions.csv `continuous_limit`: the UK's 13 A plug, Schuko and
# the other 230 V sockets, on circuits of 16-32 A), a monitor on another socket takes nothing from it, and the
# risk is an extension lead or adapter that puts the monitor on the machine's socket (thirteenth review)
SHARED_CIRCUIT_W = 150
OWN_CIRCUIT = "give it the circuit to itself"
OWN_SOCKET = "plug it straight into a wall socket of its own"
# what an outlet's continuous rating belongs to (TierConfig.continuous_limit, regions.csv continuous_limit)
CIRCUIT = "circuit"
SOCKET = "socket"


# A UK plug (BS 1363) carries a BS 1362 fuse that protects its lead; a moulded plug is marked with its rating, and
# the rule for a plug whose fuse is not known is 3 A up to 700 W, 13 A above; the fuse must not exceed the lead's own
# rating, and a thin 0.75 mm2 cord is rated 6 A (10 A under 2 m) though its moulded plug may hold a 13 A fuse
# (pat-testing-training.net, "Fuse Ratings", from the IET Code of Practice:
# https://pat-testing-training.net/articles/fuse-ratings.php; BS 1362's preferred ratings are 3 A and 13 A). A machine
# drawing more than a 3 A fuse carries says what lead it needs (thirty-fourth review and two code reviews)
SMALL_PLUG_FUSE_A = 3.0
PLUG_FUSES_A = (3.0, 5.0, 10.0, 13.0)  # BS 1362 ratings a lead's plug commonly holds
THIN_CORD_A = 6.0  # a 0.75 mm2 cord's rating (the IET Code of Practice, as above)
LEAD_FUSE = "its mains lead must be rated for it"  # (dashboards/report_data.circuit_words reads it)


def fuse_words(wall_w: float, cfg: TierConfig) -> str:
    """Where plugs carry a fuse (cfg.fused_plug) and the machine draws more than SMALL_PLUG_FUSE_A: the lead it needs,
    in words ('' else)."""
    amps = wall_w / cfg.mains_volts
    if not cfg.fused_plug or amps <= SMALL_PLUG_FUSE_A:
        return ""
    fuse = next((f for f in PLUG_FUSES_A if f > amps), PLUG_FUSES_A[-1])
    cord = f"; above {THIN_CORD_A:g} A a cord of 1.0 mm2 or thicker" if amps > THIN_CORD_A else ""
    return (
        f"; at {amps:.1f} A {LEAD_FUSE}: its plug's fuse (BS 1362, marked on a moulded plug) {fuse:g} A or more"
        f"{cord}, not a bigger fuse on a thinner lead"
    )


def circuit_room(wall_w: float, continuous_w: float, limit: str = CIRCUIT) -> str:
    """What a machine on an outlet leaves of its continuous rating, in words when that is under SHARED_CIRCUIT_W
    ('' else): the rating of the circuit (`limit` CIRCUIT) or of the socket and plug (SOCKET)."""
    room = continuous_w - wall_w
    if room >= SHARED_CIRCUIT_W:
        return ""
    if limit == SOCKET:
        return (
            f"; it leaves {max(room, 0):,.0f} W of the socket's continuous rating: {OWN_SOCKET} "
            "(no extension lead or adapter shared with the monitor or anything else)"
        )
    return (
        f"; it leaves {max(room, 0):,.0f} W of the circuit's continuous rating: {OWN_CIRCUIT} "
        "(a monitor or a heater on another socket of the same circuit takes it over)"
    )


# A PCIe server of 2 or 4 cards is a rack server as the 8-GPU ones are: the catalog's server supplies take 200-240 V
# (platforms.csv), redundant units each on a cord of its own, and its fans are a server room's (ASSUMPTION: too loud
# for a desk), so it is never a home default or a budget's answer, whatever the outlet (code review: at 230 V a 4U
# server became the default 4-GPU machine, "straight into a wall socket of its own")
RACK_SERVER = "a rack server: 200-240 V supplies, each on a cord of its own, fans for a server room"


def dedicated_circuit(note: str) -> str | None:
    """The circuit a dedicated machine needs, in a table's words, from its circuit note (circuit_for): what follows
    NEEDS_CIRCUIT ("a 240 V circuit", "a 20 A 120 V circuit (1,920 W continuous) or a 240 V one"), or a rack
    server's circuit and room; None for an 8-GPU server's own circuit (D10)."""
    if NEEDS_CIRCUIT in note:
        return note.split(NEEDS_CIRCUIT, 1)[1]
    if RACK_SERVER in note:
        return f"a circuit and a room of its own ({RACK_SERVER})"
    return None


# what a machine of EPS-powered cards asks of its PSU, after the unit (psu_config)
EPS_LEADS = (
    ", with {n} free 8-pin EPS (CPU) leads for the cards besides those of the board, or a 2 x PCIe-to-EPS adapter for "
    "each it lacks"
)


def circuit_for(
    rule: TierRule,
    gpu_w: float,
    other_w: float,
    continuous_w: float,
    cfg: TierConfig,
    server: bool = False,
    board_known: bool = True,
) -> tuple[str, float, str]:
    """(circuit, power cap % applied, the figure in words), rule O1. `outlet`: runs from a standard outlet of the region,
    uncapped or after a cap of at most 20% (G8); `dedicated`: needs a 240 V or higher-amp circuit even capped,
    and servers always: of 8 GPUs (D10), and of 2 or 4 (RACK_SERVER). A dedicated machine runs uncapped."""
    wall = power.wall_draw(gpu_w + other_w, cfg.psu_efficiency)
    mains = f"{cfg.mains_volts:g} V {cfg.mains_amps:g} A outlet ({continuous_w:,.0f} W continuous)"
    if rule.gpu_count > 4:
        return "dedicated", 100.0, f"server: {wall:,.0f} W at the wall on its own circuit (D10)"
    if server:
        return "dedicated", 100.0, f"server: {wall:,.0f} W at the wall on its own circuit, {RACK_SERVER}"
    cap = power.cap_to_fit(gpu_w, other_w, continuous_w, cfg.psu_efficiency)
    if cap is None:
        # where outlets are 120 V, a 20 A circuit of the same voltage carries a fifth more than a 15 A one
        # (continuous: the region's fraction of the breaker, US NEC 210.19/210.20); past it, 240 V
        twenty_a = cfg.mains_volts * 20.0 * cfg.continuous_fraction
        if cfg.mains_volts >= 200 and cfg.continuous_limit == SOCKET:
            # the limit is the socket's and plug's, on a circuit rated higher (code review: "a circuit of its
            # own" sent a buyer to an electrician for what a socket rated for hours of load answers)
            fix = "a socket rated for hours of load, or a circuit of its own (an electrician's work)"
        elif cfg.mains_volts >= 200:
            fix = "a circuit of its own with a higher rating"
        elif cfg.mains_amps < 20 and wall <= twenty_a:
            fix = f"a 20 A {cfg.mains_volts:g} V circuit ({twenty_a:,.0f} W continuous) or a 240 V one"
        else:
            fix = "a 240 V circuit"
        return (
            "dedicated",
            100.0,
            f"needs {wall:,.0f} W at the wall, over a {mains}{NEEDS_CIRCUIT}{fix}",
        )
    if cap >= 100:
        return (
            "outlet",
            100.0,
            f"{wall:,.0f} W at the wall fits a {mains}{circuit_room(wall, continuous_w, cfg.continuous_limit)}"
            f"{fuse_words(wall, cfg)}",
        )
    capped_wall = power.wall_draw(gpu_w * cap / 100 + other_w, cfg.psu_efficiency)
    return (
        "outlet",
        cap,
        # the limit in watts only where the board power is the card's, not D2's assumed 350 W (code review)
        f"capped to {cap:.0f}% per GPU{power.limit_words(gpu_w / rule.gpu_count if board_known else None, cap)} to "
        f"fit a {mains} (G8)"
        f"{circuit_room(capped_wall, continuous_w, cfg.continuous_limit)}{fuse_words(capped_wall, cfg)}; "
        f"{CAP_AT_BOOT}",
    )


# The card fields a machine's sizing reads (`size`): the same card on another day, at another price, is sized
# the same, so a range of days sizes each (card, count, platform) once (transforms/llm_workload_fit.py).
HARDWARE_FIELDS = (
    "model_id",
    "name",
    "vendor",
    "form_factor",
    "cooling",
    "segment",
    "slot_width",
    "board_slot_width",
    "length_mm",
    "vram_gb",
    "tdp_w",
    "recommended_psu_w",
    "power_connectors",
    "board_power_connectors",
    "pcie_gen",
    "pcie_lanes",
)


def size(
    rule: TierRule, card: dict, platform: dict, cfg: TierConfig, prices: PartPrices, scaling: pl.DataFrame
) -> dict | str:
    """The machine of `rule.gpu_count` cards of `card` on `platform` without the cards' price: slots, CPU,
    lanes, RAM, circuit and power cap, PSU, cables, the platform's price, energy and scaling; or why the card
    cannot go on this platform. Reads only the card's HARDWARE_FIELDS."""
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
    # the lanes a card gets: the slot's, or fewer where its own interface is narrower (an x8 card in an x16 slot;
    # thirteenth review: an RTX 4060 Ti was reported x16); a card without a figure takes the slot's
    lanes = min(platform["lanes_per_gpu"], card.get("pcie_lanes") or platform["lanes_per_gpu"])
    if lanes < MIN_LANES_PER_GPU or platform["pcie_gen"] < MIN_PCIE_GEN:
        return f"x{lanes} PCIe {platform['pcie_gen']} per GPU, needs x8 PCIe 3.0 (G9)"
    ram_gb, ram_kit, ram_usd = None, "the buyer's own", 0.0
    if rule.ram_floor_gb is not None:
        ram = ram_for(
            rule.ram_floor_gb,
            (card["vram_gb"] or 0) * n,
            platform["ram_type"],
            platform["ram_max_gb"],
            platform["memory_channels"],
            platform["dimm_slots"],
        )
        if ram is None:
            return f"needs more RAM than the platform's {platform['ram_max_gb']:g} GB takes (G11, M1)"
        ram_gb, ram_kit = ram
        ram_usd = ram_gb * prices.ram_per_gb[platform["ram_type"]]
    tdp_known = _usable(card.get("tdp_w"))
    tdp = card["tdp_w"] if tdp_known else power.D2L_WATTS_PER_GPU
    stock_gpu_w, other_w = tdp * n, platform["cpu_w"] + platform["platform_w"]
    guide_w, continuous_w = power.outlet_watts(cfg.mains_volts, cfg.mains_amps, cfg.continuous_fraction)
    circuit, cap_pct, circuit_note = circuit_for(
        rule,
        stock_gpu_w,
        other_w,
        continuous_w,
        cfg,
        server=platform["kind"].startswith("server"),
        board_known=tdp_known,
    )
    gpu_w = stock_gpu_w * cap_pct / 100  # the cap feeds the PSU, the energy and the throughput
    load = gpu_w + other_w
    need, psu_basis = power.psu_need_with_maker(load, card.get("recommended_psu_w"))
    cables, reference = board_cables(card)
    # the buyer's own desktop (D6) keeps its PSU where the machine's load + 10% (G13) and its cables fit: the card
    # maker's figure (P1) is for a whole PC of unknown parts, and replacing a sound 500 W unit for it added 83-84
    # USD to the DE and GB beginner machines (sixteenth review: an RTX 3060 12GB drawing 320 W, 352 W with G13's
    # 10%); the row names the maker's figure and what a unit of it costs, for a PSU that is old or unbranded. A PSU
    # bought is sized on P1.
    own_need = power.psu_need_w(load) if platform["psu_supply"] == "existing" else need
    supply = _supply(platform, need, cables, n, prices, cfg.mains_volts, own_need, (gpu_w / n, other_w))
    if isinstance(supply, str):
        return supply
    psu_w, psu_config, psu_usd = supply
    if cables.eps_8pin and platform["psu_supply"] != "existing" and "chassis" not in psu_config:
        # review of 2026-11-28: an RTX A6000 machine's words warned that a PCIe lead does not fit and never said what
        # powers the cards; an ATX unit ships a lead or two of EPS for the board, and bulk OEM cards no adapter
        psu_config += EPS_LEADS.format(n=cables.eps_8pin * n)
    if platform["psu_supply"] == "existing" and psu_usd == 0:
        psu_config, psu_basis, need = _kept_psu_words(
            card,
            platform,
            cables,
            reference,
            n,
            prices,
            cfg,
            (need, own_need, psu_w, psu_basis),
            (gpu_w, other_w),
        )
    cooling_usd = (
        plan.on_risers * prices.riser
        + plan.water_blocks * prices.water_block
        + (prices.water_loop if plan.water_blocks else 0.0)
    )
    base_usd = prices.base.get(platform["platform_id"], 0.0)
    # the cards on risers hang on an open-air frame's rail, which replaces a desktop's or workstation's case (G17);
    # a server's chassis is its barebone (code review: never subtracted for a frame)
    if plan.on_risers and platform["kind"] in ("desktop", "workstation"):
        base_usd += prices.open_frame - prices.chassis.get(platform["platform_id"], 0.0)
    platform_usd = base_usd + ram_usd + psu_usd + cooling_usd
    kwh = power.annual_energy_kwh(load, cfg.utilization, cfg.psu_efficiency)
    efficiency, scaling_basis = efficiency_for(scaling, card, n)
    at_cap, cap_basis = power.throughput_at_cap(cap_pct, "training")
    # a riser's PCIe generation matters where the link trains at 5.0: the board's and the card's both (twenty-eighth
    # review: an RTX 3090, a PCIe 4.0 card, was told to set Gen 4 or buy PCIe 5.0 risers)
    link_gen = min(platform["pcie_gen"], card.get("pcie_gen") or platform["pcie_gen"])
    return {
        "gpu_count": n,
        "platform_id": platform["platform_id"],
        "platform": platform_words(platform, plan.on_risers),
        "total_vram_gb": (card["vram_gb"] or 0) * n,
        "scaling_efficiency": efficiency,
        "scaling_basis": scaling_basis,
        "cpu": platform["cpu"],
        "cpu_cores": platform["cpu_cores"],
        "cpu_threads": platform["cpu_threads"],
        "cpu_boost_ghz": platform["cpu_boost_ghz"],
        "pcie_gen": platform["pcie_gen"],
        "pcie_lanes_per_gpu": lanes,
        "meets_d2l_x16": lanes >= D2L_LANES_PER_GPU,
        "card_pcie_lanes": card.get("pcie_lanes"),
        "ram_gb": ram_gb,
        "ram_kit": ram_kit,
        "slot_plan": (
            f"{n} modules in the baseboard's SXM sockets"
            if platform["kind"] == "server_sxm"
            else plan.describe() + (RISER_GEN4 if plan.on_risers and link_gen >= 5 else "")
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
        "circuit": circuit,
        "circuit_note": circuit_note,
        "power_cap_pct": cap_pct,
        "throughput_at_cap": at_cap,
        "cap_basis": cap_basis,
        "psu_basis": psu_basis,
        "recommended_psu_w": card.get("recommended_psu_w"),
        "gpu_draw_w": gpu_w,
        # whether gpu_draw_w rests on the card's board power or on D2's assumed 350 W (no watts from an assumption)
        "board_power_known": tdp_known,
        "system_draw_w": load,
        "wall_draw_w": power.wall_draw(load, cfg.psu_efficiency),
        "outlet_guide_w": guide_w,
        "power_cap_pct_guide": power.cap_to_fit(stock_gpu_w, other_w, guide_w, cfg.psu_efficiency),
        "outlet_continuous_w": continuous_w,
        "power_cap_pct_continuous": power.cap_to_fit(stock_gpu_w, other_w, continuous_w, cfg.psu_efficiency),
        "annual_energy_kwh": kwh,
        "annual_energy_cost_usd": kwh * cfg.usd_per_kwh,
        "gold_vs_bronze_saving_usd": power.gold_vs_bronze_saving(load, cfg.utilization, cfg.usd_per_kwh),
        "platform_cost_usd": platform_usd,
        "energy_cost_horizon_usd": kwh * cfg.usd_per_kwh * cfg.horizon_years,
    }


def price(sized: dict, card: dict, cfg: TierConfig) -> dict:
    """The sized machine bought at the day's price of its cards: cost, resale, TCO, throughput and value
    (transforms/cost_model.py). For a range of days, transforms/llm_workload_fit.py computes the same figures
    with the same operations on frames (tests/pipelines/test_machines_over_a_range.py keeps the two equal)."""
    n = sized["gpu_count"]
    bought = card.get("price_usd")  # B1; a card dict built without it (rows before price_usd): its median
    gpu_usd = cost_model.cards_cost(
        card["price_median"] if bought is None else bought, card["price_median"], n
    )
    platform_usd = sized["platform_cost_usd"]
    purchase = gpu_usd + platform_usd
    # the one cost model (transforms/cost_model.py): purchase + energy over the horizon - resale at its end
    fraction, resale_basis = card.get("resale_fraction"), card.get("resale_basis")
    if fraction is None:  # a card dict built without the day's prices (cards_with_specs adds them)
        fraction = cost_model.ASSUMED_RESALE_FRACTION
        resale_basis = cost_model.resale_words("assumed", None, None, None, None, cfg.horizon_years)
    # the fraction is of the card's median (cost_model.resale_frame: what it keeps of its launch price over it): the
    # resale does not shrink with what B1 saved on the purchase (code review of 2026-11-28)
    resale_usd = card["price_median"] * n * fraction + platform_usd * cost_model.PLATFORM_RESALE_FRACTION
    tco = cost_model.tco(purchase, sized["energy_cost_horizon_usd"], resale_usd)
    throughput = card["relative_perf"] * n * sized["scaling_efficiency"] * sized["throughput_at_cap"]
    listings = card.get("listing_count")
    buy_new = buy_new_words(card.get("caveat"))
    return {
        "model_id": card["model_id"],
        "gpu_name": card["name"],
        "perf_basis": card.get("perf_basis"),
        "release_date": card.get("release_date"),
        "architecture": card.get("architecture"),
        "software_support": card.get("software_support"),
        "support_label": card.get("support_label"),
        # B1: a new machine's first card at price_usd, the others at the median, so a blend of the two
        "unit_price": gpu_usd / n,
        "gpu_total_price": gpu_usd,
        "total_relative_perf": throughput,
        **sized,
        "listings_available": listings,
        "new_undercuts": buy_new,  # the card's "buy new" words (gpu_value), for the notes and D16 (rules.BUY_NEW)
        "price_confidence": card.get("price_confidence"),
        "enough_for_sale": listings is None or listings >= n,
        "total_build_cost_usd": purchase,
        "resale_usd": resale_usd,
        "resale_basis": resale_basis,
        "tco_usd": tco,
        "perf_per_1k_usd_tco": throughput / tco * 1000,
        "card_perf_per_1k_usd": card.get("perf_per_1k_usd"),
    }


def evaluate(
    rule: TierRule, card: dict, platform: dict, cfg: TierConfig, prices: PartPrices, scaling: pl.DataFrame
) -> dict | str:
    """The machine's figures, or why this card cannot go on this platform."""
    sized = size(rule, card, platform, cfg, prices, scaling)
    return sized if isinstance(sized, str) else price(sized, card, cfg)
