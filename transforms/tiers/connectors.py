"""Power cables per card from its real connectors (G16: about 150 W per 8-pin, one cable per socket, no
daisy chains). EPS is counted as EPS: datacenter cards take the CPU 8-pin, not the PCIe one."""

import math
import re
from dataclasses import dataclass

from transforms.tiers.power import WATTS_PER_8PIN


@dataclass(frozen=True)
class Cables:
    pcie_8pin: int = 0
    pcie_16pin: int = 0  # 12VHPWR / 12V-2x6: a native cable from an ATX 3.x PSU, or an adapter
    eps_8pin: int = 0
    basis: str = "connectors"  # connectors | estimated from board power | SXM baseboard


def cables_for(connectors: str | None, tdp_w: float | None, form_factor: str | None) -> Cables:
    """Cables one card takes. 6-pin sockets are fed by 6+2 cables and count as 8-pin cables."""
    if form_factor in ("sxm", "oam"):
        return Cables(basis="SXM/OAM baseboard (no cables)")
    text = (connectors or "").strip()
    if not text:
        watts = tdp_w if tdp_w else 350.0
        if watts <= 75:
            return Cables(basis="estimated from board power (slot-powered)")
        return Cables(pcie_8pin=math.ceil(watts / WATTS_PER_8PIN), basis="estimated from board power")
    if re.fullmatch(r"none", text, re.I):
        return Cables()
    eps = sum(int(n) for n in re.findall(r"(\d+)\s*x\s*8-pin\s*CPU", text, re.I))
    if eps == 0 and re.search(r"EPS", text, re.I):
        eps = 1
    if re.fullmatch(r"\d+\s*x\s*12-pin", text, re.I) and tdp_w:
        # the 12-pin Micro-Fit socket is the RTX 30 Founders Edition's own; the partner boards a buyer most likely
        # receives (P3, the slot plan's boards) take 8-pin sockets, two or three by board: counted at 150 W each, at
        # most what they take (an ASUS TUF RTX 3090 takes two, counted three; fifth review: 2 x RTX 3090 had been
        # counted as two 16-pin cables)
        return Cables(
            pcie_8pin=math.ceil(tdp_w / WATTS_PER_8PIN),
            basis="8-pin, at most what board power needs at 150 W each: the 12-pin is the Founders Edition's, "
            "partner boards take 8-pin",
        )
    pcie = sum(int(n) for n in re.findall(r"(\d+)\s*x\s*(?:6|8)-pin(?!\s*CPU)", text, re.I))
    # a 16-pin socket, or a 12-pin the rule above could not count as 8-pins (no board power, or words beside it)
    sixteen = sum(int(n) for n in re.findall(r"(\d+)\s*x\s*1[26]-pin", text, re.I))
    return Cables(pcie_8pin=pcie, pcie_16pin=sixteen, eps_8pin=eps)


def cables_words(cables: Cables) -> str:
    """The cables in words, as a card page names what the machines count: "one 8-pin", "3 x 8-pin and one EPS"."""
    parts = [
        f"{'one' if count == 1 else f'{count} x'} {kind}"
        for count, kind in (
            (cables.pcie_8pin, "8-pin PCIe"),
            (cables.pcie_16pin, "16-pin (12VHPWR / 12V-2x6)"),
            (cables.eps_8pin, "8-pin EPS"),
        )
        if count
    ]
    return " and ".join(parts) or "none"
