"""Buy or rent (issue 18): the break-even hours per month, checked against a hand computation."""

from datetime import date

import polars as pl
import pytest

from transforms.buy_vs_rent import break_even_hours, buy_vs_rent

DAY = date(2026, 11, 20)


def tier_row(**over) -> dict:
    row = {
        "snapshot_date": DAY,
        "tier": "2gpu",
        "use_case": "llm",
        "condition": "new",
        "model_id": "card-a",
        "gpu_count": 2,
        "horizon_years": 2.0,
        "perf_index": "llm_inference",
        "vram_floor_gb": 24.0,
        "total_relative_perf": 2.0,
        "total_build_cost_usd": 2000.0,
        "gpu_total_price": 1500.0,
        "wall_draw_w": 500.0,
        "annual_energy_kwh": 1000.0,
        "annual_energy_cost_usd": 200.0,
        # the machine's own resale, from the one cost model (transforms/cost_model.py)
        "resale_usd": 750.0,
        "resale_basis": "ASSUMPTION: 50% of the GPU price back after 2 years",
        "source_mode": "sample",
    }
    return row | over


SPECS = pl.DataFrame(
    {
        "model_id": ["card-a", "cloud-big", "cloud-small"],
        "memory_gb": [24.0, 48.0, 16.0],
        "relative_perf": [1.0, 1.0, 1.0],
        "perf_llm_inference": [1.0, 1.0, 2.0],
        "perf_vision": [1.0, 1.0, 1.0],
        "release_date": [date(2025, 1, 1), date(2023, 1, 1), date(2020, 1, 1)],
        "launch_msrp_usd": [800.0, 5000.0, 1000.0],
    }
)
CLOUD = pl.DataFrame(
    {
        "model_id": ["cloud-big", "cloud-small", "cloud-big"],
        "provider": ["P", "Q", "S"],
        "offer_kind": ["on_demand", "on_demand", "spot"],
        "usd_per_gpu_hour": [1.10, 0.50, 0.20],
        "price_date": ["2026-10", "2026-10", "2026-10"],
        "source": ["https://p.test", "https://q.test", "https://s.test"],
    }
)
NO_PRICES = pl.DataFrame(
    schema={
        "snapshot_date": pl.Date,
        "model_id": pl.String,
        "condition": pl.String,
        "price_median": pl.Float64,
        "enough_listings": pl.Boolean,
    }
)


def test_break_even_matches_a_hand_computation():
    # price 2,000 USD, GPUs 1,500 USD of it, the machine's resale 750 USD after 2 years: 1,250 USD fixed.
    # Energy: 500 W at 0.20 USD/kWh = 0.10 USD per hour of use. Renting 2.0 units of throughput on the cheapest
    # cloud GPU that meets 24 GB (the 48 GB card, 1.0 per GPU at 1.10 USD/h; the 16 GB one is too small, the
    # spot offer is not used): 2.20 USD/h. Owning pays above 1,250 / (24 months x (2.20 - 0.10)) = 24.80 h/month.
    (row,) = buy_vs_rent(pl.DataFrame([tier_row()]), NO_PRICES, SPECS, CLOUD).iter_rows(named=True)
    # buy-or-rent weighs the resale the machine was ranked with, not a figure of its own
    assert row["resale_value_usd"] == 750.0 and row["resale_fraction"] == pytest.approx(0.5)
    assert row["resale_basis"] == tier_row()["resale_basis"]
    assert row["own_fixed_usd"] == pytest.approx(1250.0)
    assert row["own_energy_usd_per_hour"] == pytest.approx(0.10)
    assert (row["rent_model_id"], row["rent_provider"], row["rent_gpus_for_same_perf"]) == (
        "cloud-big",
        "P",
        2.0,
    )
    assert row["rent_usd_per_hour"] == pytest.approx(2.20)
    assert row["break_even_hours_per_month"] == pytest.approx(1250 / (24 * 2.10))
    assert row["break_even_hours_per_month"] == pytest.approx(24.80, abs=0.005)
    assert row["break_even_utilization_pct"] == pytest.approx(24.80 / 730 * 100, abs=0.01)
    assert row["verdict"] == "own above 25 h/month (3% of the time); rent below"


def test_a_machine_costed_at_a_use_under_its_break_even_says_renting_costs_less_there():
    """Fifteenth review: the tiers' 4 x RTX 6000 Ada machine was costed at 20% use (146 h/month) and pays only above
    207 h/month; the verdict said "own above 207" and nothing of the use its own TCO assumed. The same machine
    costed at 2% use (87.6 kWh a year at 500 W) says that at that use renting costs less; at 22.8% it does not."""
    low_use = tier_row() | {"annual_energy_kwh": 87.6, "annual_energy_cost_usd": 17.52}
    (row,) = buy_vs_rent(pl.DataFrame([low_use]), NO_PRICES, SPECS, CLOUD).iter_rows(named=True)
    assert row["verdict"] == "rent at the TCO's 2% use; own above 25 h/month (3%)"
    (row,) = buy_vs_rent(pl.DataFrame([tier_row()]), NO_PRICES, SPECS, CLOUD).iter_rows(named=True)
    assert row["verdict"] == "own above 25 h/month (3% of the time); rent below"


def test_a_smaller_floor_admits_the_cheaper_cloud_card():
    # vision needs 12 GB: the 16 GB card counts, 1.0 per GPU in the vision index at 0.50 USD/h, so 2.0 units cost
    # 1.00 USD/h and owning pays above 1,250 / (24 x (1.00 - 0.10)) h/month
    (row,) = buy_vs_rent(
        pl.DataFrame([tier_row(use_case="vision", perf_index="vision", vram_floor_gb=12.0)]),
        NO_PRICES,
        SPECS,
        CLOUD,
    ).iter_rows(named=True)
    assert (row["rent_model_id"], row["rent_usd_per_hour"]) == ("cloud-small", pytest.approx(1.0))
    assert row["break_even_hours_per_month"] == pytest.approx(1250 / (24 * 0.90))


def test_owning_never_pays_when_the_cloud_costs_less_than_the_electricity():
    assert break_even_hours(1000.0, 3.0, rent_usd_per_hour=0.05, energy_usd_per_hour=0.10) is None
    (row,) = buy_vs_rent(pl.DataFrame([tier_row(wall_draw_w=20000.0)]), NO_PRICES, SPECS, CLOUD).iter_rows(
        named=True
    )
    assert row["break_even_hours_per_month"] is None and row["verdict"].startswith("rent at any use")


def test_r1_an_llm_machine_is_weighed_against_whole_cloud_gpus_that_hold_its_workload():
    """Two RTX 3090s running a 70B model at 4 bits (44 GiB) were weighed against 1.09 RTX 5090s, which cannot
    load it. Rule R1: whole GPUs of one type (1, 2, 4 or 8) that hold the workload and decode it at least as fast;
    the cheapest per hour. A single 32 GB card does not hold the model; two do, and so does one 80 GB card."""
    from transforms.buy_vs_rent import MODELLED_RENTED
    from transforms.llm_workload_fit import USABLE_TOKENS_PER_S, LlmContext, decode_tokens_per_s
    from warehouse.catalog import load_catalog, load_llm_benchmarks, load_llm_workloads

    specs = load_catalog()
    llm = LlmContext.build(load_llm_workloads(), specs, load_llm_benchmarks(), USABLE_TOKENS_PER_S)
    workload = "llama-3.3-70b-q4km-8k"
    cloud = pl.DataFrame(
        {
            "model_id": ["rtx-5090", "a100-pcie-80gb", "rtx-5090"],
            "provider": ["P", "Q", "S"],
            "offer_kind": ["on_demand", "on_demand", "spot"],
            "usd_per_gpu_hour": [0.60, 1.39, 0.10],
            "price_date": ["2026-10"] * 3,
            "source": ["https://p.test", "https://q.test", "https://s.test"],
        }
    )
    five = llm.cards["rtx-5090"]
    two_5090s, _ = decode_tokens_per_s(five, llm.workloads[workload], 2, llm.calibration)
    machine = tier_row(
        model_id="rtx-3090",
        perf_index="llm_workload",
        total_relative_perf=12.8,
        workload=workload,
        workload_tokens_per_s=12.8,
    )
    (row,) = buy_vs_rent(pl.DataFrame([machine]), NO_PRICES, specs, cloud, llm).iter_rows(named=True)
    assert two_5090s > 12.8  # two 5090s are as fast: the cheapest (1.20 USD/h against 1.39), whole cards
    assert (row["rent_model_id"], row["rent_gpus_for_same_perf"]) == ("rtx-5090", 2.0)
    assert row["rent_usd_per_hour"] == pytest.approx(1.20)
    assert row["perf_index"] == "llm_workload" and row["total_relative_perf"] == 12.8
    assert row["notes"].startswith(f"2 x rtx-5090 run {workload} at {two_5090s:.1f} tokens/s, this machine")
    # a card the llama.cpp scoreboard measures says nothing more; a rented card it does not measure says its speed is
    # modelled (eleventh review: an A100's 28.5 tokens/s read as a fact beside the 2 x RTX 5090's 23.2)
    _, five_basis = decode_tokens_per_s(five, llm.workloads[workload], 2, llm.calibration)
    a100 = llm.cards["a100-pcie-80gb"]
    a100_speed, a100_basis = decode_tokens_per_s(a100, llm.workloads[workload], 1, llm.calibration)
    assert five_basis.startswith("measured efficiency") and a100_basis.startswith("modelled")
    only_a100 = cloud.filter(pl.col("model_id") == "a100-pcie-80gb")
    (rented,) = buy_vs_rent(pl.DataFrame([machine]), NO_PRICES, specs, only_a100, llm).iter_rows(named=True)
    assert rented["notes"].startswith(
        f"1 x a100-pcie-80gb run {workload} at {a100_speed:.1f} tokens/s ({MODELLED_RENTED}), this machine at 12.8"
    )

    faster = machine | {"total_relative_perf": 500.0, "workload_tokens_per_s": 500.0}
    (row,) = buy_vs_rent(pl.DataFrame([faster]), NO_PRICES, specs, cloud, llm).iter_rows(named=True)
    assert "no cloud configuration is as fast: the fastest" in row["notes"]
    assert row["rent_gpus_for_same_perf"] in (1.0, 2.0)

    # without the workloads (a frame of before them) the cards' index is summed, as before
    (old,) = buy_vs_rent(pl.DataFrame([tier_row()]), NO_PRICES, SPECS, CLOUD, llm).iter_rows(named=True)
    assert old["rent_gpus_for_same_perf"] == pytest.approx(2.0) and old["perf_index"] == "llm_inference"
