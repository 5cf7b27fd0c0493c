"""What a run may change about the machines (the Dagster run config of build_tiers maps onto this)."""

from dataclasses import dataclass

from transforms.tiers.power import CONTINUOUS_FRACTION, GOLD_EFFICIENCY
from transforms.tiers.rules import DEFAULT_VENDORS


@dataclass(frozen=True)
class TierConfig:
    usd_per_kwh: float = 0.16  # G14's example electricity price
    utilization: float = 0.20  # G14's example: under load 20% of the time
    horizon_years: float = 3.0  # ASSUMPTION: three years of ownership, a common depreciation period for GPUs
    psu_efficiency: float = GOLD_EFFICIENCY  # G14: 80 PLUS Gold, 87%
    mains_volts: float = 120.0  # US outlet (G7); other regions are config
    mains_amps: float = 15.0
    continuous_fraction: float = CONTINUOUS_FRACTION  # US NEC: 80% of the breaker; other regions: regions.csv
    # what that continuous rating belongs to: the branch circuit (US NEC) or the socket and plug (regions.csv
    # continuous_limit); the notes of a machine near it say which loads to keep off (machine.circuit_room)
    continuous_limit: str = "circuit"
    # the region's plugs carry their own fuse (regions.csv plug: the UK's BS 1363, fused to BS 1362): a machine's
    # notes then say which fuse its mains lead needs (machine.fuse_words)
    fused_plug: bool = False
    allow_risers: bool = True  # G6: 2-3-slot air cards alternated on risers
    allow_water_cooling: bool = False  # G6: converting a card voids its warranty; off unless asked for
    vendors: tuple[str, ...] | None = DEFAULT_VENDORS  # D11; None admits every vendor
    # S1/S2 (rules.py): True admits legacy-support cards and cards without the use case's precision, each row
    # saying so; for a buyer who stays on CUDA 12 or runs llama.cpp. Off by default.
    allow_legacy_cards: bool = False
    # the buyer's currency, for the prices the notes name (a region's machines: EUR, GBP); figures stay in USD
    currency: str = "USD"
    usd_per_unit: float = 1.0

    def money(self, usd: float) -> str:
        """A price in the buyer's currency, in whole units ("1,242 EUR"): what every note that names a price says."""
        return f"{usd / self.usd_per_unit:,.0f} {self.currency}"
