"""The build tiers on the sample day, read back from the warehouse and the export."""

import json

import duckdb
import polars as pl
import pytest

from pipelines.defs.marts.run_config import TierRunConfig
from transforms.llm_workload_fit import USABLE_TOKENS_PER_S, LlmContext
from transforms.tiers.build_tiers import cards_with_specs, in_index, support_gate
from transforms.tiers.machine import card_reason, evaluate
from transforms.tiers.platforms import PartPrices, platform_rows, platforms_for
from transforms.tiers.rules import D16_CLOSE, L1_CLOSE, TIERS
from transforms.tiers.scaling import scaling_table
from transforms.tiers.software_support import precision_reason
from warehouse.catalog import load_llm_benchmarks, load_llm_workloads
from warehouse.writes import read_frame

RULES = {r.tier: r for r in TIERS}


@pytest.fixture(scope="module")
def warehouse(sample_run):
    with duckdb.connect(str(sample_run["db"]), read_only=True) as con:
        day = sample_run["day"]
        yield {
            "tiers": read_frame(con, "SELECT * FROM marts.build_tiers WHERE snapshot_date = ?", [day]),
            "builds": read_frame(con, "SELECT * FROM marts.budget_builds WHERE snapshot_date = ?", [day]),
            "picks": read_frame(con, "SELECT * FROM marts.budget_picks WHERE snapshot_date = ?", [day]),
            "value": read_frame(con, "SELECT * FROM marts.gpu_value WHERE snapshot_date = ?", [day]),
            "specs": read_frame(con, "SELECT * FROM marts.gpu_specs"),
            "platforms": read_frame(con, "SELECT * FROM marts.platforms"),
            "parts": read_frame(con, "SELECT * FROM marts.platform_parts"),
            "bench": read_frame(con, "SELECT * FROM staging.gpu_benchmarks"),
        }


def test_every_tier_use_case_and_condition_has_a_row(warehouse):
    t = warehouse["tiers"]
    default = t.filter(pl.col("is_default"))
    assert default.height == 5 * 3 * 2
    assert set(default["use_case"]) == {"llm", "vision", "beginner"}
    assert default.filter(pl.col("model_id").is_not_null()).height >= 22
    # a tier without a machine says why: nothing qualifies, or not enough cards are for sale (issue 36: the
    # sample lists 3-6 of each data-center card, too few for 8)
    for r in default.filter(pl.col("model_id").is_null()).iter_rows(named=True):
        assert r["notes"].startswith(
            ("no machine qualifies", f"no machine of {r['gpu_count']} cards is for sale")
        )
    # the other rows: a better machine that needs a dedicated circuit, in a home tier, beside its default
    others = t.filter(~pl.col("is_default"))
    assert set(others["circuit"]) <= {"dedicated"} and set(others["tier"]) <= {
        "beginner",
        "1gpu",
        "2gpu",
        "4gpu",
    }


def test_the_chosen_machine_is_the_best_value_among_every_eligible_alternative(warehouse):
    llm = LlmContext.build(
        load_llm_workloads(), warehouse["specs"], load_llm_benchmarks(), USABLE_TOKENS_PER_S
    )

    def measured(machine, card, row):
        """The machine in the row's measure: its tier's LLM workload (issue 35), else the use case's index."""
        if row["perf_index"] == "llm_workload":
            m = llm.in_workload(machine, row["tier"])
            return None if isinstance(m, str) else m
        return in_index(machine, card, row["perf_index"])

    cards = cards_with_specs(warehouse["value"], warehouse["specs"])
    prices = PartPrices.from_frame(warehouse["parts"])
    plats = platform_rows(warehouse["platforms"])
    scaling = scaling_table(warehouse["bench"], warehouse["specs"])
    cfg = TierRunConfig().tier_config()  # what the run used (the US electricity price of regions.csv)
    for r in warehouse["tiers"].iter_rows(named=True):
        rule = RULES[r["tier"]]
        group = cards.filter(pl.col("condition") == r["condition"]).to_dicts()
        # every machine measured in the row's use-case index (llm: LLM inference, vision: vision)
        machines = [
            m
            for c in group
            if card_reason(rule, c, r["vram_floor_gb"], cfg.vendors) is None
            and support_gate(c, cfg)[0] is None  # S1
            and precision_reason(c, r["use_case"]) is None  # S2
            for p in platforms_for(plats, r["tier"], r["condition"])
            if isinstance(e := evaluate(rule, c, p, cfg, prices, scaling), dict)
            and (m := measured(e | {"vram_gb": c["vram_gb"]}, c, r)) is not None
        ]
        # the pool the row is chosen from (issue 36): for sale in the numbers it needs and, in a home tier's
        # default, on the region's outlet (when any machine is); the other row: the dedicated ones
        sellable = [m for m in machines if m["enough_for_sale"]]
        if machines and not sellable:  # no machine a buyer can get in the numbers it needs: none
            assert r["model_id"] is None and r["notes"].startswith(
                f"no machine of {rule.gpu_count} cards is for sale"
            )
            continue
        if r["is_default"]:
            outlet = [m for m in sellable if m["circuit"] == "outlet"]
            pool = (outlet if rule.gpu_count <= 4 else sellable) or sellable
        else:
            pool = [m for m in sellable if m["circuit"] == "dedicated"]
        values = [m["perf_per_1k_usd_tco"] for m in pool]
        if not values:
            assert r["model_id"] is None and r["notes"].startswith("no machine qualifies")
            continue
        best = max(values)
        assert r["perf_per_1k_usd_tco"] >= best * (1 - D16_CLOSE) - 1e-12, (
            r["tier"],
            r["use_case"],
            r["condition"],
        )
        if "D16" not in r["notes"]:
            assert r["perf_per_1k_usd_tco"] == pytest.approx(best)
        # the runner-up is another card of the same pool (each card by its best machine on the row's circuit)
        if {m["model_id"] for m in pool} - {r["model_id"]}:
            assert r["runner_up_model_id"] not in (None, r["model_id"])
        else:
            assert r["runner_up_model_id"] is None


def test_no_machine_breaks_a_physical_rule_and_every_psu_covers_its_size(warehouse):
    t = warehouse["tiers"].filter(pl.col("model_id").is_not_null())
    specs = warehouse["specs"].select("model_id", "form_factor", "cooling", "slot_width", "vendor")
    plats = warehouse["platforms"].select("platform_id", "kind")
    for r in t.join(specs, on="model_id").join(plats, on="platform_id").iter_rows(named=True):
        assert r["vendor"] == "nvidia"
        assert r["psu_watts"] >= r["psu_need_w"] >= 1.10 * r["system_draw_w"] - 1e-9
        if r["form_factor"] == "sxm":
            assert r["kind"] == "server_sxm" and r["pcie_8pin_cables"] == r["eps_8pin_cables"] == 0
        if r["cooling"] == "passive":
            assert r["kind"].startswith("server")
        if r["kind"] == "server_pcie":
            assert r["cooling"] in ("passive", "blower")
        if r["gpu_count"] > 1 and r["form_factor"] == "pcie":
            assert r["slot_width"] is not None
        assert r["total_vram_gb"] / r["gpu_count"] >= r["vram_floor_gb"]


def test_the_export_names_each_machine_its_use_case_and_runner_up(sample_run, warehouse):
    folder = sample_run["root"] / "exports" / sample_run["day"].isoformat()
    doc = json.loads((folder / "recommendations.json").read_text())
    rows = doc["build_tiers"]
    assert len(rows) == warehouse["tiers"].height
    assert {r["use_case"] for r in rows} == {"llm", "vision", "beginner"}
    assert any(r["runner_up_gpu_name"] for r in rows) and doc["budget_builds"]
    md = (folder / "recommendations.md").read_text()
    assert "### Use case: llm (at least 24 GB per GPU)" in md and "runner-up" in md
    assert "## Best machine per budget" in md


def test_budget_picks_change_with_the_budget_and_default_to_nvidia(warehouse):
    picks = warehouse["picks"].filter(pl.col("pick_rank") == 1)
    nvidia = set(warehouse["specs"].filter(pl.col("vendor") == "nvidia")["model_id"])
    assert set(picks["model_id"]) <= nvidia
    for (use_case, condition), part in picks.group_by("use_case", "condition"):
        part = part.sort("budget_usd")
        assert part["vram_gb"].to_list() == sorted(part["vram_gb"].to_list()), (use_case, condition)
    used_llm = picks.filter((pl.col("use_case") == "llm") & (pl.col("condition") == "used"))
    used_vision = picks.filter((pl.col("use_case") == "vision") & (pl.col("condition") == "used"))
    assert used_llm["model_id"].n_unique() > 1 or used_vision["model_id"].n_unique() > 1
    index = dict(zip(picks["use_case"], picks["perf_index"], strict=True))
    assert index == {"llm": "llm_inference", "vision": "vision", "beginner": "training"}
    assert picks["perf_basis"].is_not_null().all()


def test_budget_builds_fit_their_budget(warehouse):
    b = warehouse["builds"].filter(pl.col("model_id").is_not_null())
    assert b.height
    assert (b["total_build_cost_usd"] <= b["budget_usd"]).all()
    assert (b["tier"] != "beginner").all()


def test_issue_36_must_show_on_the_sample_day(warehouse):
    """Issue 36's must-show on the sample: every US home group (1, 2, 4 GPUs; use case; condition) has an `outlet`
    machine, as its default, whose capped draw fits the continuous rating, and no `outlet` row exceeds it; a
    one-card machine bought meets the card maker's PSU figure (the buyer's own desktop names it where its PSU is
    kept); tco = build + energy - resale within 2%; no machine needs more cards than are listed; budget picks name
    at least 3 top cards over 5 or more budgets per use case and condition."""
    tiers = warehouse["tiers"].filter(pl.col("model_id").is_not_null())
    outlet = tiers.filter(pl.col("circuit") == "outlet")
    assert (outlet["wall_draw_w"] <= outlet["outlet_continuous_w"] + 1e-6).all()
    home = tiers.filter(pl.col("tier").is_in(["1gpu", "2gpu", "4gpu"]))
    for (tier, use_case, condition), group in home.group_by("tier", "use_case", "condition"):
        default = group.filter(pl.col("is_default"))
        assert default.height == 1 and default["circuit"][0] == "outlet", (tier, use_case, condition)
    one = tiers.filter((pl.col("gpu_count") == 1) & pl.col("recommended_psu_w").is_not_null())
    # the buyer's own desktop (D6) keeps a PSU its load + 10% fits and names the maker's figure (rule P1, sixteenth
    # review); every machine bought meets it
    own = one.filter(pl.col("platform_id") == "existing_desktop")
    bought = one.filter(pl.col("platform_id") != "existing_desktop")
    assert bought.height and (bought["psu_watts"] >= bought["recommended_psu_w"]).all()
    for r in own.filter(pl.col("psu_watts") < pl.col("recommended_psu_w")).iter_rows(named=True):
        assert f"the card maker asks {r['recommended_psu_w']:,.0f} W: " in r["psu_config"], r["psu_config"]
    maker = {"rtx-3090": 750, "rtx-4090": 850, "rtx-5070-ti": 750, "rtx-5090": 1000, "rtx-4070": 650}
    checked = set()
    for m, watts in maker.items():
        rows = bought.filter(pl.col("model_id") == m)
        assert (rows["psu_watts"] >= watts).all(), m
        checked |= {m} if rows.height else set()
    assert len(checked) >= 2, checked  # an empty selection proves nothing (code review)
    # the beginner RTX 4070 in the buyer's own desktop keeps its PSU on the boards most sold (one 8-pin, P3), and
    # says which board to take and what the Founders Edition's 16-pin would need (code review, 2026-11-28)
    four = own.filter(pl.col("model_id") == "rtx-4070")
    assert four.height >= 2
    for r in four.iter_rows(named=True):
        assert r["platform_cost_usd"] == 0 and r["pcie_16pin_cables"] == 0 and r["pcie_8pin_cables"] == 1, r
        assert "; take a board with one 8-pin (most are, P3) up to 300 mm long: " in r["psu_config"], r
        assert r["connector_basis"].startswith("the boards most sold (1x 8-pin, P3)"), r
    tco = tiers["total_build_cost_usd"] + tiers["energy_cost_horizon_usd"] - tiers["resale_usd"]
    assert ((tco - tiers["tco_usd"]).abs() <= 0.02 * tiers["tco_usd"].abs()).all()
    assert (tiers["listings_available"] >= tiers["gpu_count"]).all()
    picks = warehouse["picks"].filter(pl.col("pick_rank") == 1)
    for (use_case, condition), part in picks.group_by("use_case", "condition"):
        assert part["budget_usd"].n_unique() >= 5, (use_case, condition)
        assert part["model_id"].n_unique() >= 3, (use_case, condition, part["model_id"].to_list())


def test_l1_a_machine_of_more_cards_that_does_no_more_says_so(warehouse):
    """Rule L1 on the sample day: every machine row (a tier's default or its dedicated-circuit row; not the
    beginner tier, the buyer's own desktop) that a smaller tier's default of the same use case and condition
    matches for a lower TCO says so first in its notes, and no other row does. An LLM machine is matched on its
    largest usable workload at least as fast, a training machine on its throughput in the use case's index."""
    t = warehouse["tiers"].filter(pl.col("model_id").is_not_null() & (pl.col("tier") != "beginner"))
    rows = list(t.iter_rows(named=True))
    defaults = [r for r in rows if r["is_default"]]

    def does_as_much(o, r):  # at most L1_CLOSE (5%) less counts as much
        if r["use_case"] == "llm":
            return bool(
                r["largest_workload"]
                and o["largest_workload"] == r["largest_workload"]
                and o["largest_workload_tokens_per_s"] >= r["largest_workload_tokens_per_s"] * (1 - L1_CLOSE)
            )
        return o["total_relative_perf"] >= r["total_relative_perf"] * (1 - L1_CLOSE)

    flagged = []
    for r in rows:
        outdone = [
            o
            for o in defaults
            if (o["use_case"], o["condition"]) == (r["use_case"], r["condition"])
            and o["gpu_count"] < r["gpu_count"]
            and o["tco_usd"] < r["tco_usd"]
            and does_as_much(o, r)
        ]
        assert r["notes"].startswith("L1: a smaller machine does ") == bool(outdone), r["notes"][:200]
        if outdone:
            flagged.append((r["use_case"], r["condition"], r["gpu_count"], r["model_id"], r["is_default"]))
    # on the sample: one new RTX 5090 machine trains vision as fast as 4 new RTX A4000s, and 4 new RTX 5080s on a
    # 240 V circuit as fast as 2 RTX 5090s from the outlet (4 RTX 5070 Tis on a 20 A circuit until the twenty-third
    # review sized each of their two PSUs for its own worst case, 120 USD more); the 4-GPU LLM machines run the 235B
    # mixture of experts,
    # which no 2-GPU machine holds (until 2026-11-27 the tier's 70B at 8 bits flagged 4 used RTX A5000s and 4 used
    # RTX 3090s here: 2 used RTX 3090s ran the larger 70B as fast; tests/transforms/test_tiers_machines.py keeps that
    # case)
    assert ("vision", "new", 4, "rtx-a4000", True) in flagged
    assert ("vision", "new", 4, "rtx-5080", False) in flagged
    # and, within 5% (eighth review), 4 new RTX 5080 on a 240 V circuit: training 3.61 against 2 RTX 5090's 3.58
    assert ("beginner", "new", 4, "rtx-5080", False) in flagged
    assert not [f for f in flagged if f[0] == "llm"], flagged
