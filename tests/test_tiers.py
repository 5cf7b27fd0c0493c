"""Build-tier rules, one test per rule, with the figures from the issue."""

from datetime import date

import polars as pl
import pytest

from transforms.tiers import power
from transforms.tiers.build import TierConfig, build_tiers
from transforms.tiers.memory import ram_for
from transforms.tiers.rules import TIERS, eligible
from transforms.tiers.scaling import efficiency_for, scaling_table

DAY = date(2026, 11, 20)
RULES = {r.tier: r for r in TIERS}


def card(model_id, price, perf, vram, tdp, slots=2.0, cooling="open_air", form="pcie", segment="consumer",
         connectors="2x 8-pin", pcie_gen=4, n=10):
    return {"snapshot_date": DAY, "model_id": model_id, "name": model_id.upper(), "condition": "used",
            "price_median": price, "price_low": price * 0.9, "listing_count": n, "enough_listings": n >= 3,
            "relative_perf": perf, "perf_basis": "measured", "perf_per_1k_usd": perf / price * 1000,
            "vram_gb": vram, "tdp_w": tdp, "source_mode": "sample",
            "_specs": {"model_id": model_id, "slot_width": slots, "cooling": cooling, "form_factor": form,
                       "segment": segment, "pcie_gen": pcie_gen, "power_connectors": connectors}}


def frames(cards):
    value = pl.DataFrame([{k: v for k, v in c.items() if k != "_specs"} for c in cards])
    specs = pl.DataFrame([c["_specs"] for c in cards])
    return value, specs


EMPTY_SCALING = pl.DataFrame(schema={"model_id": pl.String, "gpu_count": pl.Int64, "efficiency": pl.Float64})


def test_four_rtx_3090s_capped_20_percent_draw_1120_w():
    assert power.capped_gpu_draw(350, 4, 0.20) == pytest.approx(1120)


def test_gold_over_bronze_saving_divides_the_load_by_each_efficiency():
    saving = power.gold_vs_bronze_saving(1600, 0.20, 0.16)
    expected = 1600 * 8760 * 0.20 / 1000 * (1 / 0.82 - 1 / 0.87) * 0.16
    assert saving == pytest.approx(expected)
    assert saving == pytest.approx(31.4, abs=0.2)
    # the build guide's "about 22 USD" counts the loss as 5 points of the load instead
    assert 1600 * 0.05 * 8760 * 0.20 / 1000 * 0.16 == pytest.approx(22.4, abs=0.1)


def test_a_three_slot_card_is_never_chosen_for_four_gpus_unless_cooling_is_replaced():
    cards = [card("triple", 700, 1.6, 24, 350, slots=3), card("double", 800, 1.0, 24, 300, slots=2)]
    value, specs = frames(cards)
    costs = {}
    chosen = build_tiers(value, specs, EMPTY_SCALING, costs).filter(pl.col("tier") == "4gpu")["model_id"][0]
    assert chosen == "double"
    water = build_tiers(value, specs, EMPTY_SCALING, costs, TierConfig(allow_water_cooling=True))
    row = water.filter(pl.col("tier") == "4gpu").row(0, named=True)
    assert row["model_id"] == "triple" and "water blocks" in row["notes"]


def test_a_blower_card_of_any_width_fits_four_gpus():
    ok, _ = eligible(RULES["4gpu"], {"vram_gb": 24, "slot_width": 2.5, "cooling": "blower", "form_factor": "pcie"}, 12)
    assert ok


@pytest.mark.parametrize("tdp", [150, 250, 350, 450, 600])
def test_every_tier_psu_covers_its_draw_plus_10_percent(tdp):
    cards = [card("c", 500, 1.0, 24, tdp, slots=2), card("srv", 3000, 2.0, 48, tdp, cooling="passive", segment="datacenter"),
             card("small", 250, 0.5, 8, min(tdp, 170))]
    value, specs = frames(cards)
    tiers = build_tiers(value, specs, EMPTY_SCALING, {})
    filled = tiers.filter(pl.col("model_id").is_not_null())
    assert filled.height == 5
    for r in filled.iter_rows(named=True):
        assert r["psu_watts"] >= 1.10 * r["system_draw_w"], r


def test_psu_sizes_are_sizes_sold_and_servers_get_redundant_units():
    assert power.psu_for(500) == (550, "1 x 550 W")
    assert power.psu_for(900)[0] == 1000
    watts, config = power.psu_for(2800, redundant_server=True)
    assert watts == 3200 and config == "2+1 x 1600 W redundant"


def test_cores_threads_and_lanes_per_gpu():
    cards = [card("c", 500, 1.0, 24, 300, slots=2), card("srv", 3000, 2.0, 48, 300, cooling="passive", segment="datacenter")]
    tiers = build_tiers(*frames(cards), EMPTY_SCALING, {}).filter(pl.col("model_id").is_not_null())
    for r in tiers.iter_rows(named=True):
        rule = RULES[r["tier"]]
        assert r["cpu_cores"] >= max(2 * r["gpu_count"], rule.min_cores)
        assert r["cpu_threads"] >= 4 * r["gpu_count"]
        assert r["pcie_lanes"] >= 8 * r["gpu_count"]


def test_ram_is_the_tier_figure_and_at_least_total_vram_in_real_kits():
    assert ram_for(32, 24) == (32, "2 x 16 GB")
    assert ram_for(64, 96) == (96, "2 x 48 GB")
    assert ram_for(128, 4 * 48) == (192, "4 x 48 GB")
    assert ram_for(256, 8 * 80) == (768, "24 x 32 GB ECC")


def test_eight_pin_cables_one_per_socket_or_150_w_each():
    assert power.eight_pin_cables(350, "2x 8-pin") == 2
    assert power.eight_pin_cables(450, "1x 16-pin 12VHPWR") == 3
    assert power.eight_pin_cables(600, None) == 4
    assert power.eight_pin_cables(70, "none") == 0


def test_the_15_a_outlet_and_the_power_limit_that_makes_it_fit():
    assert power.OUTLET_CONTINUOUS_W == 1440 and power.OUTLET_PEAK_W == 1800
    # 4 x 350 W + 400 W platform at 87%: 2,069 W at the wall: does not fit, and a 20% cap is not enough
    assert not power.fits_outlet(1400 + 400)
    assert power.power_limit_to_fit(1400, 400) is None
    # 4 x 300 W + 150 W: 1,552 W at the wall; a cap to 91% fits (under the 20% that costs <5% performance)
    limit = power.power_limit_to_fit(1200, 150)
    assert limit is not None and 80 <= limit < 100
    assert power.fits_outlet(1200 * limit / 100 + 150)


def test_beginner_is_one_low_power_card_with_8_gb():
    rule = RULES["beginner"]
    assert rule.gpu_count == 1
    assert not eligible(rule, {"vram_gb": 8, "tdp_w": 320, "form_factor": "pcie"}, 0)[0]
    assert not eligible(rule, {"vram_gb": 6, "tdp_w": 120, "form_factor": "pcie"}, 0)[0]
    assert eligible(rule, {"vram_gb": 8, "tdp_w": 170, "form_factor": "pcie"}, 0)[0]


def test_eight_gpus_take_only_server_cards():
    rule = RULES["8gpu"]
    assert not eligible(rule, {"vram_gb": 24, "form_factor": "pcie", "segment": "consumer", "cooling": "open_air"}, 12)[0]
    assert eligible(rule, {"vram_gb": 32, "form_factor": "sxm", "segment": "datacenter"}, 12)[0]
    assert eligible(rule, {"vram_gb": 24, "form_factor": "pcie", "segment": "datacenter", "cooling": "passive"}, 12)[0]


def test_tier_minimums_match_the_sources():
    assert (RULES["1gpu"].min_cores, RULES["1gpu"].ram_gb) == (4, 32)
    assert RULES["2gpu"].ram_gb == 64 and 4 <= RULES["2gpu"].min_cores <= 6
    assert RULES["4gpu"].ram_gb == 128 and RULES["8gpu"].ram_gb == 256
    assert all(r.source for r in TIERS)


def test_annual_energy_cost_uses_wall_draw_and_utilization():
    kwh = power.annual_energy_kwh(870, 0.20, 0.87)
    assert kwh == pytest.approx(1000 * 8760 * 0.2 / 1000)


def test_multi_gpu_scaling_comes_from_measurements_where_they_exist():
    bench = pl.DataFrame({
        "model_id": ["a"] * 4 + ["b"] * 2, "workload": ["w"] * 6, "precision": ["fp16"] * 6,
        "gpu_count": [1, 2, 4, 8, 1, 2], "samples_per_s": [100.0, 190.0, 360.0, 680.0, 50.0, 80.0],
    })
    table = scaling_table(bench)
    assert efficiency_for(table, "a", 4) == (pytest.approx(0.9), "measured for a at 4 GPUs")
    eff, basis = efficiency_for(table, "zzz", 2)
    assert basis.startswith("median of 2 measured") and eff == pytest.approx((0.95 + 0.8) / 2)


def test_budget_and_vram_floor_from_config_are_respected():
    cards = [card("big", 2000, 2.0, 48, 300), card("mid", 700, 1.2, 24, 300), card("low", 300, 0.6, 12, 200)]
    value, specs = frames(cards)
    llm = build_tiers(value, specs, EMPTY_SCALING, {}, TierConfig(vram_floor_gb=24))
    assert set(llm.filter(pl.col("tier") == "1gpu")["model_id"]) <= {"big", "mid"}
    tight = build_tiers(value, specs, EMPTY_SCALING, {"1gpu": 500.0}, TierConfig(budget_usd=900))
    assert tight.filter(pl.col("tier") == "1gpu")["model_id"][0] == "low"


def test_machines_are_built_from_nvidia_cards_unless_any_vendor_is_allowed():
    cards = [card("arc", 250, 0.8, 12, 190), card("rtx", 500, 1.0, 12, 200)]
    cards[0]["_specs"]["vendor"], cards[1]["_specs"]["vendor"] = "intel", "nvidia"
    value, specs = frames(cards)
    default = build_tiers(value, specs, EMPTY_SCALING, {}).filter(pl.col("tier") == "1gpu")
    assert default["model_id"][0] == "rtx"
    anyone = build_tiers(value, specs, EMPTY_SCALING, {}, TierConfig(vendors=None)).filter(pl.col("tier") == "1gpu")
    assert anyone["model_id"][0] == "arc"
