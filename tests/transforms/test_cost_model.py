"""The one cost model (issue 36): resale from the day's used prices by card age, and TCO = purchase + energy -
resale, the same figures in machine ranking and buy-vs-rent. The resale rule is checked here one card at a time
(tests/support/depreciation.py, the reference); tests/pipelines/test_machines_over_a_range.py holds the SQL
the product runs (cost_model.resale_frame) to that reference, row by row."""

import math
from datetime import date

import polars as pl
import pytest

from tests.support.depreciation import Depreciation, fit_curve, retention_at, retention_points
from transforms.cost_model import ASSUMED_RESALE_FRACTION, tco

DAY = date(2026, 11, 20)


def test_retention_is_the_median_of_cards_about_that_old():
    assert retention_at(3.0, [(2.5, 0.5), (3.2, 0.7), (3.9, 0.6), (6.0, 0.1)]).fraction == pytest.approx(0.6)
    assert retention_at(3.0, [(2.5, 0.5), (3.2, 0.7)]).fraction is None  # too few cards


def test_resale_is_the_used_price_of_a_card_as_old_as_this_one_will_be():
    dep = Depreciation([(3.4, 0.7), (3.5, 0.6), (3.6, 0.8)], None)
    # a new card half a year old, bought at its MSRP: after 3 years it is 3.5 years old, and such cards sell at
    # 70% of MSRP today
    fraction, basis = dep.resale(price=1000, age_today=0.5, msrp=1000, horizon=3)
    assert fraction == pytest.approx(0.7) and basis.startswith("observed") and "median of 3" in basis
    # an old card bought new today (an A100 from 2020 at 5 years) is judged at its own age, not as a new one
    assert dep.resale(price=1000, age_today=5.0, msrp=1000, horizon=3)[1].startswith("ASSUMPTION")
    # a used card bought below MSRP gets back the same used price: a larger share of what it cost, never more
    assert dep.resale(price=800, age_today=0.5, msrp=1000, horizon=3)[0] == pytest.approx(0.875)
    assert dep.resale(price=500, age_today=0.5, msrp=1000, horizon=3)[0] == 1.0


def test_where_no_card_is_that_old_the_fitted_curve_carries_the_trend():
    points = [(age, math.exp(-0.3 * age)) for age in (0.5, 1.0, 2.0, 3.0, 4.0, 5.0)]
    a, b = fit_curve(points)
    assert a == pytest.approx(0.0, abs=1e-9) and b == pytest.approx(-0.3)
    dep = Depreciation(points, (a, b))
    fraction, basis = dep.resale(price=400, age_today=7.0, msrp=1000, horizon=3)
    assert fraction == pytest.approx(math.exp(-3.0) * 1000 / 400) and basis.startswith("fitted")
    assert fit_curve(points[:4]) is None  # too few cards to fit
    fraction, basis = Depreciation([], None).resale(400, 1.0, None, 3)  # no MSRP: the labelled assumption
    assert fraction == ASSUMED_RESALE_FRACTION and basis.startswith("ASSUMPTION")


def test_retention_points_come_from_used_prices_over_launch_msrp():
    value = pl.DataFrame(
        {
            "snapshot_date": [DAY] * 3,
            "model_id": ["a", "b", "c"],
            "condition": ["used", "used", "new"],
            "price_median": [300.0, 100.0, 900.0],
            "enough_listings": [True, False, True],
        }
    )
    specs = pl.DataFrame(
        {
            "model_id": ["a", "b", "c"],
            "release_date": [date(2023, 11, 20), date(2020, 1, 1), date(2025, 1, 1)],
            "launch_msrp_usd": [600.0, 500.0, 1000.0],
        }
    )
    ((age, retention),) = retention_points(value, specs, DAY)
    assert age == pytest.approx(3.0, abs=0.01) and retention == pytest.approx(0.5)
    assert tco(2000.0, 300.0, 700.0) == 1600.0
