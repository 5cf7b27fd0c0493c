"""The run config of the machine and pick assets (the Dagster launchpad), mapped onto transforms' TierConfig."""

import dagster as dg

from pipelines.settings import LEGACY_SETTING
from transforms.llm_workload_fit import USABLE_TOKENS_PER_S
from transforms.tiers.config import TierConfig
from transforms.tiers.rules import DEFAULT_VENDORS
from warehouse.catalog import load_regions
from warehouse.environment import env_bool

US_USD_PER_KWH = float(load_regions().filter(region="US")["electricity_price"][0])


class PickRunConfig(dg.Config):
    """What the budget picks may change: rule S1/S2's switch and the horizon S1 looks over."""

    # S1/S2 (transforms/tiers/rules.py): true admits cards whose CUDA or ROCm library support has ended in the
    # current major (CUDA 12 only, ROCm maintenance) or ends within the horizon, and cards without the use
    # case's precision (bf16 for LLM); each such row says so. Unset: GPU_MARKET_ALLOW_LEGACY_CARDS (false).
    allow_legacy_cards: bool | None = None
    horizon_years: float = TierConfig.horizon_years  # years of ownership: energy in the TCO, S1's look-ahead

    def legacy(self) -> bool:
        if self.allow_legacy_cards is not None:
            return self.allow_legacy_cards
        return env_bool(LEGACY_SETTING, False)


class TierRunConfig(PickRunConfig):
    """Set from the Dagster launchpad. Every use case (llm, vision, beginner) is built every day."""

    # defaults are TierConfig's, where each one's source is written, but the electricity price: the US
    # household average of warehouse/catalog/regions.csv, dated and sourced there (EIA), not G14's example
    usd_per_kwh: float = US_USD_PER_KWH
    utilization: float = TierConfig.utilization  # share of the time under load
    mains_volts: float = TierConfig.mains_volts  # the outlet: US 120 V / 15 A by default (G7)
    mains_amps: float = TierConfig.mains_amps
    allow_risers: bool = TierConfig.allow_risers  # G6: cards that do not fit the slots go on riser cables
    allow_water_cooling: bool = TierConfig.allow_water_cooling  # G6: water blocks void the warranty
    any_vendor: bool = False  # default NVIDIA only (D11: CUDA framework support); True admits AMD and Intel
    # LLM machines: the single-stream decode speed a workload must reach to count as run (ASSUMPTION, issue 35)
    usable_tokens_per_s: float = USABLE_TOKENS_PER_S

    def tier_config(self) -> TierConfig:
        return TierConfig(
            usd_per_kwh=self.usd_per_kwh,
            utilization=self.utilization,
            horizon_years=self.horizon_years,
            mains_volts=self.mains_volts,
            mains_amps=self.mains_amps,
            allow_risers=self.allow_risers,
            allow_water_cooling=self.allow_water_cooling,
            vendors=None if self.any_vendor else DEFAULT_VENDORS,
            allow_legacy_cards=self.legacy(),
        )
