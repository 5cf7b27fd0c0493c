"""The one cost model of a machine (issue 36): what owning it costs over the horizon.

    tco = purchase + energy over the horizon - resale at its end

Machine ranking (marts.build_tiers, region_tiers), budget builds and buy-vs-rent all read these figures; no
part of the product prices ownership another way.

Resale (GPUs): a card's used price at the end of the horizon is its launch MSRP times the retention of a card
that old, retention = used median / launch MSRP, from the warehouse's own used prices of the day:

  * observed: the median retention of the priced cards within AGE_WINDOW_YEARS of the card's age at the end
    of the horizon (its age today + the horizon), when at least MIN_RETENTION_CARDS cards are that old;
  * fitted: else a depreciation curve fitted on all of them, log(retention) = a + b x age (least squares;
    needs MIN_FIT_CARDS cards), which carries the trend to ages no priced card has yet;
  * ASSUMPTION (no source): ASSUMED_RESALE_FRACTION of the price paid when neither is possible (a card
    without a launch MSRP, or a day with too few used prices).

Resale is capped at the price paid (a card never earns money by ageing). The platform (CPU, board, RAM, PSU,
case) is taken as worth nothing at the end (PLATFORM_RESALE_FRACTION = 0, an ASSUMPTION that understates
resale rather than overstates it). Each machine row says which basis its resale has.
"""

import math
from dataclasses import dataclass
from datetime import date
from statistics import median

import polars as pl

MIN_RETENTION_CARDS = 3
MIN_FIT_CARDS = 5
AGE_WINDOW_YEARS = 1.0
ASSUMED_RESALE_FRACTION = 0.5  # ASSUMPTION: half the GPUs' price back, only where nothing is observed
PLATFORM_RESALE_FRACTION = 0.0  # ASSUMPTION: the platform is worth nothing at the end of the horizon


@dataclass(frozen=True)
class Retention:
    fraction: float | None
    cards: int


def age_years(release: date | None, day: date) -> float | None:
    return None if release is None else (day - release).days / 365.25


def retention_at(age: float, ages: list[tuple[float, float]]) -> Retention:
    """Median used-price / launch-MSRP of cards within AGE_WINDOW_YEARS of `age`."""
    near = [r for a, r in ages if abs(a - age) <= AGE_WINDOW_YEARS]
    if len(near) < MIN_RETENTION_CARDS:
        return Retention(None, len(near))
    return Retention(median(near), len(near))


def retention_points(value: pl.DataFrame, specs: pl.DataFrame, day: date) -> list[tuple[float, float]]:
    """(age in years, used median / launch MSRP) of every card with enough used listings and an MSRP."""
    rows = (
        value.filter((pl.col("condition") == "used") & pl.col("enough_listings"))
        .join(specs.select("model_id", "release_date", "launch_msrp_usd"), on="model_id")
        .filter(pl.col("launch_msrp_usd") > 0)
    )
    out = []
    for r in rows.iter_rows(named=True):
        age = age_years(r["release_date"], day)
        if age is not None and age >= 0 and r["price_median"]:
            out.append((age, r["price_median"] / r["launch_msrp_usd"]))
    return out


def fit_curve(points: list[tuple[float, float]]) -> tuple[float, float] | None:
    """(a, b) of log(retention) = a + b x age by least squares; None with fewer than MIN_FIT_CARDS points or
    no spread of ages."""
    usable = [(a, math.log(r)) for a, r in points if r > 0]
    if len(usable) < MIN_FIT_CARDS:
        return None
    mean_x = sum(a for a, _ in usable) / len(usable)
    mean_y = sum(y for _, y in usable) / len(usable)
    sxx = sum((a - mean_x) ** 2 for a, _ in usable)
    if sxx <= 0:
        return None
    b = sum((a - mean_x) * (y - mean_y) for a, y in usable) / sxx
    return mean_y - b * mean_x, b


@dataclass(frozen=True)
class Depreciation:
    """The day's depreciation: retention points and the curve fitted on them."""

    points: list[tuple[float, float]]
    curve: tuple[float, float] | None

    @classmethod
    def of_day(cls, value: pl.DataFrame, specs: pl.DataFrame, day: date) -> "Depreciation":
        points = retention_points(value, specs, day)
        return cls(points, fit_curve(points))

    def resale(
        self, price: float, age_today: float | None, msrp: float | None, horizon: float
    ) -> tuple[float, str]:
        """(fraction of `price` back at the end of the horizon, its basis)."""
        if age_today is not None and msrp and msrp > 0 and price and price > 0:
            later_age = age_today + horizon
            later = retention_at(later_age, self.points)
            if later.fraction is not None:
                return min(later.fraction * msrp / price, 1.0), (
                    f"observed: cards about {later_age:.0f} years old sell used at {later.fraction:.0%} of "
                    f"launch MSRP today (median of {later.cards}), x this card's MSRP {msrp:,.0f} USD"
                )
            if self.curve is not None:
                fitted = math.exp(self.curve[0] + self.curve[1] * later_age)
                return min(fitted * msrp / price, 1.0), (
                    f"fitted: a {later_age:.1f}-year-old card keeps {fitted:.0%} of launch MSRP on the curve "
                    f"fitted to {len(self.points)} cards' used prices today, x this card's MSRP {msrp:,.0f} USD"
                )
        return ASSUMED_RESALE_FRACTION, (
            f"ASSUMPTION: {ASSUMED_RESALE_FRACTION:.0%} of the GPU price back after {horizon:g} years (no "
            "launch MSRP or too few used prices to observe it)"
        )


def tco(purchase_usd: float, energy_horizon_usd: float, resale_usd: float) -> float:
    """Total cost of ownership over the horizon: purchase + energy - resale at the end."""
    return purchase_usd + energy_horizon_usd - resale_usd
