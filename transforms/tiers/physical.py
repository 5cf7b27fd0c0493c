"""Physical truth: which cards a platform can hold, and how they sit in its slots.

Rules: D10 and D12 (passive datacenter cards only in a server chassis with forced airflow; SXM modules only on
their own baseboard), G6 and D4 (one free slot between cards that are not blower-style or water-cooled; risers
for every other card at most, or water cooling, otherwise), D8 (two x16 slots 60 mm apart), G17 (card length
against the case; risers need mounting), P3 (a machine is planned for the width of the boards a buyer most likely receives,
`board_slot_width`, the median of the model's recorded designs; the reference board's width where none are
recorded; the plan names the width), and: a card whose slot width or cooling is unknown is not placed in a
multi-GPU machine.
"""

import math
import re
from dataclasses import dataclass, replace
from itertools import combinations

from transforms.tiers.rules import (
    FREE_SLOTS_BETWEEN_OPEN_AIR,
    MAX_RISER_SHARE,
    NO_GAP_COOLING,
    WATER_BLOCK_SLOTS,
)

SOCKET = re.compile(r"\bSXM(\d)\b", re.I)

# Where the cards on risers go (G17: risers need mounting; eleventh review): in a tower, an upright or vertical GPU
# mount holds its card over the board's slots, where the seated cards stand, so a machine with cards on risers is
# built on an open-air frame (part `open_frame`, priced instead of the platform's case)
OPEN_FRAME = (
    "an open-air frame (it replaces the case: in a tower a vertical mount lies over the seated cards)"
)
# the platform's words name its case, which the frame replaces (twelfth review: they still named the tower)
CASE_WORDS = re.compile(r"(?:new )?(?:SSI EEB )?(?:full tower|workstation case|case) with \d+ slot openings")
ON_FRAME = "open-air frame for the risers"


def on_frame(description: str) -> str:
    """A platform's words for a machine with cards on risers: its case named as the open-air frame instead."""
    framed = CASE_WORDS.sub(ON_FRAME, description)
    return framed if framed != description else f"{description}, {ON_FRAME}"


def module_socket(name: str | None) -> str | None:
    """SXM2, SXM4, SXM5 from the model name; None when the name does not say which."""
    found = SOCKET.search(name or "")
    return f"SXM{found.group(1)}" if found else None


def form_reason(card: dict, platform: dict) -> str | None:
    """Why the card's form or cooling does not suit the platform (None: it does)."""
    form, cooling, kind = card.get("form_factor"), card.get("cooling"), platform["kind"]
    if kind == "server_sxm":
        if form != "sxm":
            return "only SXM modules fit an SXM baseboard"
        socket = module_socket(card.get("name"))
        if socket != platform["module_socket"]:
            return f"{socket or 'unknown SXM'} module on a {platform['module_socket']} baseboard"
        return None
    if form in ("sxm", "oam"):
        return f"{form.upper()} modules need an {form.upper()} server baseboard (D10)"
    if cooling is None:
        return "cooling unknown"
    if cooling not in platform["accepts_cooling"]:
        if cooling == "passive":
            return "passive card needs a server chassis's forced airflow (D12)"
        return (
            f"{cooling.replace('_', '-')} card in a server chassis: airflow and cable position differ (D10)"
        )
    return None


@dataclass(frozen=True)
class SlotPlan:
    in_slots: tuple[int, ...]  # board positions of the cards seated directly
    on_risers: int  # cards moved off the board on riser cables (G6, G17)
    water_blocks: int  # cards given water blocks (G6)
    # the width planned for, in whole slots (P3: the boards' median rounded up), named in the plan of several cards;
    # the median itself (RTX 5090: 3.65) read as "a 3.8-slot board does not fit" (twenty-fifth review)
    card_slots: int | None = None

    def describe(self) -> str:
        parts = []
        if self.in_slots:
            parts.append(
                f"{len(self.in_slots)} in slot{'s' if len(self.in_slots) > 1 else ''} "
                + ", ".join(map(str, self.in_slots))
            )
        if self.on_risers:
            parts.append(f"{self.on_risers} on riser cables to the rail of {OPEN_FRAME}")
        if self.water_blocks:
            parts.append("water blocks on every card")
        elif self.card_slots is not None and len(self.in_slots) + self.on_risers > 1:
            parts.append(f"cards up to {self.card_slots:g} slot{'' if self.card_slots == 1 else 's'} wide")
        return "; ".join(parts)


# a PCIe 5.0 link over the PCIe 4.0 riser priced drops out or retrains; the board's firmware sets the slot's generation
RISER_GEN4 = "; set the riser slots to PCIe Gen 4 in the firmware (or buy risers rated for PCIe 5.0)"


def riser_note(risers: int) -> str:
    """The notes' words on a machine with cards on risers: the open-air frame it is built on."""
    return (
        f"{risers} card(s) on riser cables on an open-air frame that replaces the case (G6, G17): no dust filter, and "
        "the fans are heard in the room"
    )


def _seat(n: int, width: int, gap: int, positions: tuple[int, ...], case_slots: int) -> SlotPlan | None:
    """Fewest risers: choose k board positions for seated cards (each covers `width` slots, the next starts
    `gap` slots after it, the last ends inside the case) such that enough uncovered positions are left for
    the other n - k cards' riser cables."""
    for k in range(min(n, len(positions)), -1, -1):
        for chosen in combinations(positions, k):
            ok = all(b >= a + width + gap for a, b in zip(chosen, chosen[1:], strict=False))
            if not ok or (chosen and chosen[-1] + width - 1 > case_slots):
                continue
            covered = {p for c in chosen for p in range(c, c + width)}
            free = [p for p in positions if p not in covered]
            if len(free) >= n - k:
                return SlotPlan(chosen, n - k, 0)
    return None


def slot_plan(
    card: dict, platform: dict, n: int, allow_risers: bool, allow_water: bool
) -> tuple[SlotPlan | None, str]:
    """How n cards sit on the platform, or why they cannot."""
    positions = platform["gpu_positions"]
    if n > len(positions):
        return None, f"{len(positions)} GPU slot{'s' if len(positions) > 1 else ''}"
    if platform["kind"] == "server_sxm":
        return SlotPlan(tuple(positions[:n]), 0, 0), ""
    width_raw, length = card.get("board_slot_width") or card.get("slot_width"), card.get("length_mm")
    if n > 1 and width_raw is None:
        return None, "slot width unknown: not placed in a multi-GPU machine"
    if (
        length is not None
        and platform.get("max_card_length_mm") is not None
        and length > platform["max_card_length_mm"]
    ):
        return None, f"{length:g} mm long, case takes {platform['max_card_length_mm']:g} mm (G17)"
    width = math.ceil(width_raw or 2)
    if platform.get("max_card_slots") is not None and width > platform["max_card_slots"]:
        return None, f"{width_raw:g} slots wide, bays take {platform['max_card_slots']:g}"
    gap = (
        0
        if (card.get("cooling") in NO_GAP_COOLING or platform["kind"] == "server_pcie")
        else FREE_SLOTS_BETWEEN_OPEN_AIR
    )
    plan = _seat(n, width, gap, positions, platform["case_slots"])
    alternated = plan is not None and plan.on_risers <= n * MAX_RISER_SHARE
    if plan is not None and (plan.on_risers == 0 or (allow_risers and alternated)):
        return replace(plan, card_slots=width), ""
    if allow_water and platform["kind"] != "server_pcie":
        water = _seat(n, min(width, WATER_BLOCK_SLOTS), 0, positions, platform["case_slots"])
        if water is not None and water.on_risers == 0:
            return SlotPlan(water.in_slots, 0, n), ""
    if plan is not None and not alternated:
        return None, (
            f"{n} x {width_raw:g}-slot cards: {plan.on_risers} of {n} would go on riser cables, more than every "
            "other card (G6): an open-frame build"
        )
    if plan is not None:
        return None, f"{n} x {width_raw:g}-slot cards need riser cables here (not allowed by the run config)"
    return (
        None,
        f"{n} x {width_raw:g}-slot {card.get('cooling', '').replace('_', '-')} cards do not fit its slots (G6)",
    )
