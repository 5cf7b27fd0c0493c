"""A range of days computed at once on frames equals the build tiers' day-by-day code, exactly.

marts.llm_workload_fit prices years of days in one go: the LLM machines (transforms/llm_workload_fit.py
workload_machines: each card's hardware sized once, every day priced in one frame) and the cards' resale
(transforms/cost_model.py resale_frame: the day's depreciation in SQL). Here both are checked against the
code that decides one day at a time (build_tiers.best_per_card and for_use_case; tests/support/depreciation.py),
on the sample day's cards and catalog spread over six days with prices, listings and grades drawn at random,
rows shuffled, and one day with too few used prices to observe or fit a depreciation."""

import random
from datetime import timedelta

import polars as pl
import pytest
from polars.testing import assert_frame_equal

from pipelines.defs.marts.machine_inputs import day_inputs
from tests.support.depreciation import Depreciation, age_years
from transforms.cost_model import ASSUMED_RESALE_FRACTION
from transforms.llm_workload_fit import GPU_COUNTS, MACHINE_SCHEMA, workload_machines
from transforms.tiers.build_tiers import best_per_card, cards_with_specs, day_groups, for_use_case
from transforms.tiers.config import TierConfig
from transforms.tiers.platforms import PartPrices, platform_rows, platforms_for
from transforms.tiers.rules import TIERS
from warehouse.connection import connect

DAYS = 6


@pytest.fixture(scope="module")
def market(sample_run):
    with connect(sample_run["db"], read_only=True) as con:
        value, specs, platforms, parts, scaling = day_inputs(con, sample_run["day"])
    rng = random.Random(37)
    days = []
    for k in range(DAYS):
        n = value.height
        day = value.with_columns(
            snapshot_date=pl.lit(sample_run["day"] - timedelta(days=k)),
            price_median=value["price_median"] * pl.Series([rng.uniform(0.6, 1.5) for _ in range(n)]),
            listing_count=pl.Series(
                [rng.choice([1, 2, 3, 4, 8, 40]) for _ in range(n)], dtype=value["listing_count"].dtype
            ),
            price_confidence=pl.Series([rng.choice("AABCD") for _ in range(n)], dtype=pl.String),
        ).with_columns(
            enough_listings=pl.col("listing_count") >= 3,
            # rule B1's price: a new card's at most its median, a used card's the median; a day written before it
            # (k == 1) has none, and both paths take the median
            price_usd=pl.when(pl.lit(k == 1))
            .then(None)
            .when(pl.col("condition") == "new")
            .then(pl.col("price_median") * pl.Series([rng.uniform(0.7, 1.0) for _ in range(n)]))
            .otherwise(pl.col("price_median")),
        )
        if k == DAYS - 1:  # a day with four used prices: too few to observe or fit a depreciation
            used = (pl.col("condition") == "used").cum_sum() > 4
            day = day.with_columns(
                enough_listings=pl.when((pl.col("condition") == "used") & used)
                .then(False)
                .otherwise(pl.col("enough_listings"))
            )
        days.append(day.sample(fraction=1.0, shuffle=True, seed=k))
    return pl.concat(days), specs, platforms, parts, scaling


def day_by_day(value, specs, platforms, parts, scaling, cfg) -> pl.DataFrame:
    """The LLM machines as the build tiers choose them, one day and condition at a time."""
    prices, plats, out = PartPrices.from_frame(parts), platform_rows(platforms), []
    for day, condition, mode, cards in day_groups(value, specs, cfg.horizon_years):
        by_id = {c["model_id"]: c for c in cards}
        for rule in TIERS:
            if rule.tier == "beginner" or rule.gpu_count not in GPU_COUNTS:
                continue
            best, _ = best_per_card(
                rule, cards, platforms_for(plats, rule.tier, condition), cfg, prices, scaling, by_circuit=True
            )
            both, _, _ = for_use_case(best.values(), by_id, "llm", 0, cfg)
            # per card its best outlet machine, else its best machine on a dedicated circuit (O1)
            chosen: dict[str, dict] = {}
            for m in both:
                held = chosen.get(m["model_id"])
                if held is None or (held["circuit"] == "dedicated" and m["circuit"] == "outlet"):
                    chosen[m["model_id"]] = m
            kept = list(chosen.values())
            out += [
                {
                    "snapshot_date": day,
                    "condition": condition,
                    "model_id": m["model_id"],
                    "gpu_name": m["gpu_name"],
                    "gpu_count": m["gpu_count"],
                    "platform_id": m["platform_id"],
                    "machine_tco_usd": m["tco_usd"],
                    "machine_build_usd": m["total_build_cost_usd"],
                    "circuit": m["circuit"],
                    "power_cap_pct": m["power_cap_pct"],
                    "listings_available": m["listings_available"],
                    "source_mode": mode,
                    "wall_draw_w": m["wall_draw_w"],
                    # the outlet's continuous rating (NEC: 80% of V x A) less the draw, for an outlet machine
                    "outlet_room_w": cfg.mains_volts * cfg.mains_amps * cfg.continuous_fraction
                    - m["wall_draw_w"]
                    if m["circuit"] == "outlet"
                    else None,
                }
                for m in kept
            ]
    return pl.DataFrame(out, schema=MACHINE_SCHEMA)


@pytest.mark.parametrize(
    "cfg",
    [
        TierConfig(),
        TierConfig(allow_legacy_cards=True, vendors=None),
        TierConfig(mains_volts=230.0, mains_amps=10.0, allow_water_cooling=True, horizon_years=5.0),
    ],
    ids=["default", "legacy-any-vendor", "230V-water-5y"],
)
def test_the_range_machines_equal_the_day_by_day_machines_exactly(market, cfg):
    value = market[0]
    expected = day_by_day(*market, cfg)
    got = workload_machines(*market, cfg)
    assert expected.height > 100 and expected["snapshot_date"].n_unique() == DAYS
    assert set(expected["gpu_count"]) == set(GPU_COUNTS)  # every count is exercised
    assert_frame_equal(got, expected, check_exact=True)  # the same rows in the same order, to the bit
    # and a card the day's market rules out (grade D, too few listings) is never in it
    shut = value.filter((pl.col("price_confidence") == "D") | ~pl.col("enough_listings"))
    assert got.join(shut, on=["snapshot_date", "condition", "model_id"], how="semi").is_empty()


def test_a_range_with_every_card_ruled_out_has_no_machines(market):
    value = market[0].with_columns(enough_listings=pl.lit(False))
    got = workload_machines(value, *market[1:], TierConfig())
    assert got.is_empty() and got.schema == pl.Schema(MACHINE_SCHEMA)


def test_the_range_resale_equals_the_day_by_day_depreciation(market):
    value, specs = market[0], market[1]
    bases = set()
    for horizon in (3.0, 6.0):
        rows = cards_with_specs(value, specs, horizon)
        deps = {
            day: Depreciation.of_day(value.filter(pl.col("snapshot_date") == day), specs, day)
            for day in value["snapshot_date"].unique()
        }
        for r in rows.iter_rows(named=True):
            day = r["snapshot_date"]
            fraction, basis = deps[day].resale(
                r["price_median"], age_years(r["release_date"], day), r["launch_msrp_usd"], horizon
            )
            assert r["resale_fraction"] == pytest.approx(fraction, rel=1e-12), r
            assert r["resale_basis"] == basis
            bases.add(basis.split(":")[0])
    assert bases == {"observed", "fitted", "ASSUMPTION"}  # every path is exercised
    words_left_out = cards_with_specs(value, specs, 3.0, words=False)
    assert words_left_out["resale_basis"].is_null().all()
    assert words_left_out["resale_fraction"].equals(cards_with_specs(value, specs, 3.0)["resale_fraction"])
    assert (words_left_out["resale_fraction"] == ASSUMED_RESALE_FRACTION).any()
