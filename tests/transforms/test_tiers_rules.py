"""Build-tier rules one by one, with the sources' own worked examples (G8, G14) and D2L's tier figures."""

import re
from pathlib import Path

import polars as pl
import pytest

from transforms.tiers import power
from transforms.tiers.connectors import cables_for
from transforms.tiers.memory import ram_for
from transforms.tiers.rules import TIERS

RULES = {r.tier: r for r in TIERS}


def test_g8_four_3090s_limited_20_percent_fit_a_1600_w_psu_and_the_1800_w_socket():
    gpus = power.capped_gpu_draw(350, 4, 0.20)
    assert gpus == pytest.approx(1120)
    load = gpus + 400  # the guide's 400 W for the other parts
    assert load <= 1600
    guide_w, continuous_w = power.outlet_watts(120, 15)
    assert (guide_w, continuous_w) == (1800, 1440)
    # at the wall (Gold, 87%) it still fits the guide's socket figure, not the continuous rating
    assert power.wall_draw(load) == pytest.approx(1747.1, abs=0.1)
    cap = power.cap_to_fit(
        1400, 400, guide_w
    )  # the cap that fits 1,800 W at the wall: 83%, so the guide's -20% does
    assert cap == 83.0 and power.wall_draw(power.capped_gpu_draw(350, 4, 0.20) + 400) <= guide_w
    assert power.cap_to_fit(1400, 400, continuous_w) is None  # 1,440 W would need a cap deeper than 20%


def test_g14_gold_over_bronze_in_the_guides_arithmetic_and_at_the_meter():
    assert power.gold_vs_bronze_saving_guide(1600, 0.20, 0.16) == pytest.approx(22.4, abs=0.1)
    assert power.gold_vs_bronze_saving(1600, 0.20, 0.16) == pytest.approx(31.4, abs=0.2)


@pytest.mark.parametrize(
    ("gpus", "other_w", "low", "high"),
    [
        (1, 150, 500, 600),  # D7: a 600 W PSU should suffice
        (2, 200, 900, 1100),  # D8: about 1000 W
        (4, 300, 1600, 2000),  # D9: 1600-2000 W
    ],
)
def test_d2_350_w_per_gpu_reproduces_d2ls_tier_psus(gpus, other_w, low, high):
    assert low <= power.d2l_psu_w(gpus, other_w) <= high


def test_d10_redundant_supplies_n_plus_one():
    # eight V100-era 250 W cards and 600 W of server: D10's 2+1 x 1600 W
    assert power.server_psu(power.psu_need_w(8 * 250 + 600), 1600, 4) == (3200, "2+1 x 1600 W redundant")
    # a load needing four units has no spare in four bays
    assert power.server_psu(5000, 1600, 4) is None


def test_g13_psu_is_the_smallest_arrangement_covering_load_plus_10_percent():
    sizes = [(650, 85.0, 100), (850, 120.0, 100), (1000, 170.0, 100), (1600, 420.0, 100), (2000, 550.0, 200)]
    assert power.psu_need_w(700) == pytest.approx(770)
    assert power.pick_atx_psu(770, sizes) == (850, "1 x 850 W", 120.0)
    assert power.pick_atx_psu(1800, sizes, 230) == (2000, "1 x 2000 W", 550.0)
    # a unit sold for 200-240 V only is no choice on a 120 V outlet (issue 36)
    assert power.pick_atx_psu(1800, sizes, 120) == (2000, "2 x 1000 W (dual PSU)", 340.0)
    assert power.pick_atx_psu(2500, sizes, 120) == (3200, "2 x 1600 W (dual PSU)", 840.0)
    assert power.pick_atx_psu(5000, sizes) is None


def test_g13_holds_on_each_of_two_psus_and_the_split_is_named():
    """Two units carry the machine in two parts, the board with the rest of the machine, every other card's slot
    share (PCIe: up to 75 W through the board) and some cards' cables on one, the other cards' cables on the other:
    each part plus 10% (G13) must fit its unit, each at its own worst case (twentieth review: 4 x 300 W cards and
    470 W of the rest on 2 x 1,000 W, split two cards a unit, put 1,070 W on the board's unit; twenty-third review:
    the cables' unit was sized as if each card drew 75 W from its slot, which a 12V-2x6 card does not: 1,200 W of
    four RTX 5070 Tis on a 1,000 W unit)."""
    sizes = [(850, 120.0, 100), (1000, 170.0, 100), (1200, 230.0, 100)]
    # the reviews' machine: the four cards' cables on one unit carry 1,200 W (1,320 W with G13) if the cards draw
    # nothing from their slots; one card's cables on the board's unit makes that one 470 + 300 + 3 x 75 = 995 W
    # (1,095 W): no split fits 1,000 W units, and two 1,200 W units take the board + 1 card, and 3
    assert power.dual_split(1000, 4, 300, 470) is None
    assert power.dual_split(1200, 4, 300, 470) == 1
    assert power.pick_atx_psu(1837, sizes, 120, cards=(4, 300, 470)) == (
        2400,
        "2 x 1200 W (dual PSU with an add2psu adapter: board + 1 card on one, 3 on the other)",
        460.0,
    )
    # three such cards: their cables on one unit, 900 W (990 W with G13), fit 1,000 W, beside the board's 470 +
    # 3 x 75 = 695 W (765 W); one card's cables more on the board's unit make it 920 W (1,012 W)
    assert power.dual_split(1000, 3, 300, 470) == 0
    # two 575 W cards and 300 W: 2 x 850 W pool 1,700 W over the 1,595 W need, but no split fits an 850 W or a
    # 1,000 W unit (both cables on one unit: 1,150 W, 1,265 W with G13; one card with the board: 950 W, 1,045 W)
    assert power.dual_split(850, 2, 575, 300) is None and power.dual_split(1000, 2, 575, 300) is None
    assert power.pick_atx_psu(1595, sizes, 120) == (1700, "2 x 850 W (dual PSU)", 240.0)
    assert power.pick_atx_psu(1595, sizes, 120, cards=(2, 575, 300)) == (
        2400,
        "2 x 1200 W (dual PSU with an add2psu adapter: board + 1 card on one, 1 on the other)",
        460.0,
    )
    assert power.split_words(3, 4) == "board + 3 cards on one, 1 on the other"


def test_g8_caps_stop_at_20_percent_and_report_100_when_none_is_needed():
    assert power.cap_to_fit(300, 150, 1440) == 100.0
    cap = power.cap_to_fit(1200, 150, 1440)  # 1,552 W at the wall
    assert 80 <= cap < 100 and power.wall_draw(1200 * cap / 100 + 150) <= 1440


def test_g16_cables_from_the_real_connectors_eps_as_eps_and_none_for_sxm():
    assert cables_for("2x 8-pin", 350, "pcie").pcie_8pin == 2
    assert cables_for("1x 6-pin + 1x 8-pin", 250, "pcie").pcie_8pin == 2
    sixteen = cables_for("1x 16-pin 12VHPWR", 450, "pcie")
    assert (sixteen.pcie_8pin, sixteen.pcie_16pin) == (0, 1)
    eps = cables_for("1x 8-pin CPU (EPS)", 250, "pcie")
    assert (eps.pcie_8pin, eps.eps_8pin) == (0, 1)
    sxm = cables_for("", 300, "sxm")
    assert (sxm.pcie_8pin, sxm.pcie_16pin, sxm.eps_8pin) == (0, 0, 0)
    unknown = cables_for(None, 320, "pcie")
    assert unknown.pcie_8pin == 3 and unknown.basis.startswith("estimated")
    assert cables_for("none", 70, "pcie").pcie_8pin == 0
    # the RTX 30 Founders Edition's 12-pin: the partner boards a buyer most likely receives take 8-pin (fifth
    # review: 2 x RTX 3090 had been counted as two 16-pin cables and no 8-pin)
    ampere = cables_for("1x 12-pin", 350, "pcie")
    assert (ampere.pcie_8pin, ampere.pcie_16pin) == (3, 0) and "Founders Edition" in ampere.basis
    assert cables_for("1x 12-pin", 220, "pcie").pcie_8pin == 2  # an RTX 3070
    assert (
        cables_for("1x 12-pin", None, "pcie").pcie_16pin == 1
    )  # no board power: the socket itself, as before


def test_g11_ram_is_the_tier_figure_and_at_least_total_vram_in_kits_the_platform_takes():
    # desktop: 2 channels, 4 slots (AM5: DDR5 modules up to 48 GB; AM4: DDR4 up to 32 GB)
    assert ram_for(32, 24, "ddr5", 192, 2, 4) == (32, "2 x 16 GB")
    assert ram_for(64, 48, "ddr5", 192, 2, 4) == (64, "2 x 32 GB")  # two modules rather than four
    assert ram_for(64, 96, "ddr5", 192, 2, 4) == (96, "2 x 48 GB")
    assert ram_for(64, 96, "ddr4", 128, 2, 4) == (128, "4 x 32 GB")  # DDR4 has no 48 GB desktop module
    assert ram_for(32, 48, "ddr4", 128, 2, 4) == (64, "2 x 32 GB")  # nor a 24 GB one
    assert ram_for(128, 4 * 48, "ddr4", 128, 2, 4) is None  # a desktop board cannot take 192 GB here
    # rule M1: every channel alike, no more modules than usable slots
    assert ram_for(128, 4 * 48, "ddr5_ecc", 256, 4, 4) == (192, "4 x 48 GB ECC")  # Xeon w3-2435 on W790
    assert ram_for(128, 4 * 48, "ddr5_ecc", 2048, 8, 8) == (192, "8 x 24 GB ECC")  # 8 channels
    assert ram_for(128, 4 * 48, "ddr4_ecc", 256, 4, 8) == (256, "8 x 32 GB ECC")  # X99: 32 GB modules at most
    assert ram_for(256, 8 * 80, "ddr4_ecc", 1536, 8, 24) == (768, "24 x 32 GB ECC")
    assert ram_for(256, 8 * 32, "ddr4_ecc", 3072, 12, 24) == (
        384,
        "12 x 32 GB ECC",
    )  # 12 channels: not 8 x 32
    assert ram_for(256, 8 * 48, "ddr5_ecc", 256, 4, 4) is None  # 384 GB do not fit 4 slots of 64 GB


def test_every_machine_kit_fills_whole_channels_within_its_slots():
    """M1 over every platform of the catalog and every need its tiers can have: the kit's module count is a
    multiple of the channels and at most the slots, its modules no larger than the platform's largest."""
    from warehouse.catalog import load_platforms

    for p in load_platforms().filter(pl.col("ram_type").is_not_null()).iter_rows(named=True):
        assert p["memory_channels"] and p["dimm_slots"] and p["memory_source"], p["platform_id"]
        for need in (16, 32, 48, 64, 96, 128, 192, 256, 384, 512, 640, 768, 1024):
            kit = ram_for(need, 0, p["ram_type"], p["ram_max_gb"], p["memory_channels"], p["dimm_slots"])
            if kit is None:
                continue
            total, name = kit
            count, size = (int(x) for x in re.match(r"(\d+) x (\d+) GB", name).groups())
            assert total == count * size >= need and count % p["memory_channels"] == 0, (
                p["platform_id"],
                kit,
            )
            assert count <= p["dimm_slots"] and size * p["dimm_slots"] <= p["ram_max_gb"], (
                p["platform_id"],
                kit,
            )


def test_tier_figures_match_d7_to_d10():
    assert (RULES["1gpu"].min_cores, RULES["1gpu"].ram_floor_gb) == (4, 32)
    assert RULES["2gpu"].ram_floor_gb == 64 and 4 <= RULES["2gpu"].min_cores <= 6
    assert RULES["4gpu"].ram_floor_gb == 128 and RULES["8gpu"].ram_floor_gb == 256
    assert RULES["beginner"].max_tdp_w == 200 and RULES["beginner"].ram_floor_gb is None


def test_every_rule_in_rules_py_cites_a_seed_id_or_says_assumption():
    """D1-D16 and G1-G17 are the seed rules; S1, S2 the project's own, which name their sources."""
    source = Path(__file__).resolve().parents[2] / "transforms" / "tiers" / "rules.py"
    cited = re.compile(r"\b(D\d{1,2}|G\d{1,2}|S\d)\b|ASSUMPTION")
    lines = source.read_text().splitlines()
    constants = [i for i, line in enumerate(lines) if re.match(r"^[A-Z][A-Z0-9_]* *(:[^=]+)?=", line)]
    assert constants
    for i in constants:
        context = "\n".join(lines[max(0, i - 3) : i + 1])  # the line and the comment block above it
        assert cited.search(context), lines[i]
    for rule in TIERS:
        assert cited.search(rule.sources), rule.tier
