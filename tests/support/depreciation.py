"""The resale rule of transforms/cost_model.py one card at a time, in plain Python: the reference the tests
hold cost_model.resale_frame (the SQL the product runs over whole ranges of days) to. It is the rule as the
module docstring there states it: the median retention of the priced cards within AGE_WINDOW_YEARS of the
card's age at the end of the horizon, else the fitted curve, else the labelled assumption, capped at the price
paid."""

import math
from dataclasses import dataclass
from datetime import date
from statistics import median

import polars as pl

from transforms.cost_model import (
    AGE_WINDOW_YEARS,
    ASSUMED_RESALE_FRACTION,
    MIN_FIT_CARDS,
    MIN_RETENTION_CARDS,
    resale_words,
)


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
                return min(later.fraction * msrp / price, 1.0), resale_words(
                    "observed", later_age, later.fraction, later.cards, msrp, horizon
                )
            if self.curve is not None:
                fitted = math.exp(self.curve[0] + self.curve[1] * later_age)
                return min(fitted * msrp / price, 1.0), resale_words(
                    "fitted", later_age, fitted, len(self.points), msrp, horizon
                )
        return ASSUMED_RESALE_FRACTION, resale_words("assumed", None, None, None, None, horizon)
