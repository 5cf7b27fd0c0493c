"""Performance per use case (issue 18): three indices, each with its leave-one-out error, and the rankings
they give on the sample."""

import duckdb
import polars as pl
import pytest

from transforms.perf_indices import INDICES, USE_CASE_INDEX, fits_frame, measured_llm, perf_indices
from warehouse.catalog import load_benchmarks, load_catalog, load_llm_benchmarks


@pytest.fixture(scope="module")
def results():
    return perf_indices(load_catalog(), load_benchmarks(), load_llm_benchmarks())


def test_every_index_reports_its_leave_one_out_error(results):
    fits = fits_frame(results)
    assert fits["perf_index"].to_list() == list(INDICES)
    for r in fits.iter_rows(named=True):
        assert r["cards_in_fit"] >= 10 and r["loo_worst_model"]
        assert 0 < r["loo_mean_abs_pct_error"] <= r["loo_max_abs_pct_error"]


def test_the_reference_card_is_one_in_every_index(results):
    for r in results.values():
        ref = r.values.filter(pl.col("model_id") == "rtx-3090").row(0, named=True)
        assert (ref["relative_perf"], ref["perf_basis"]) == (1.0, "measured")


def test_llm_inference_is_token_generation_on_the_vendor_backend():
    specs = load_catalog()
    llm = load_llm_benchmarks()
    measured = dict(measured_llm(llm, specs).iter_rows())
    tg = {(r["model_id"], r["backend"]): r["tg128_tokens_per_s"] for r in llm.iter_rows(named=True)}
    assert measured["rtx-4090"] == pytest.approx(tg[("rtx-4090", "CUDA")] / tg[("rtx-3090", "CUDA")])
    assert measured["rx-7900-xtx"] == pytest.approx(tg[("rx-7900-xtx", "ROCm")] / tg[("rtx-3090", "CUDA")])
    # an NVIDIA card measured only on Vulkan is not taken as measured: Vulkan understates it against CUDA
    assert ("rtx-4070", "Vulkan") in tg and "rtx-4070" not in measured


def test_every_llm_benchmark_row_names_a_catalog_card_and_its_source():
    known = set(load_catalog()["model_id"].to_list())
    llm = load_llm_benchmarks()
    assert set(llm["model_id"].to_list()) <= known
    assert llm["source"].str.contains("llama.cpp").all() and (llm["tg128_tokens_per_s"] > 0).all()


def test_bandwidth_and_compute_rank_cards_differently(results):
    """The LLM index moves a bandwidth-rich, compute-poor card up against the training index and a
    compute-rich one down (RTX 3060 12GB: 360 GB/s for its compute; RTX 4090: compute outgrew bandwidth)."""
    t = dict(results["training"].values.select("model_id", "relative_perf").iter_rows())
    llm = dict(results["llm_inference"].values.select("model_id", "relative_perf").iter_rows())
    assert llm["rtx-3060-12gb"] / t["rtx-3060-12gb"] > 1.2
    assert llm["rtx-4090"] / t["rtx-4090"] < 0.8


def test_on_the_sample_the_llm_ranking_differs_from_the_training_ranking(sample_run):
    with duckdb.connect(str(sample_run["db"]), read_only=True) as con:
        ranks = con.execute(
            "SELECT model_id, rank_overall, rank_llm_inference, rank_vision FROM marts.gpu_value "
            "WHERE condition = 'used' AND snapshot_date = ?",
            [sample_run["day"]],
        ).fetchall()
        tiers = con.execute("SELECT DISTINCT use_case, perf_index FROM marts.build_tiers").fetchall()
        fits = con.execute(
            "SELECT count(*) FROM marts.perf_index_fits WHERE loo_mean_abs_pct_error > 0"
        ).fetchone()[0]
    by_model = {m: (t, llm) for m, t, llm, _ in ranks}
    assert sum(1 for t, llm in by_model.values() if t != llm) >= 5
    # the 3060 12GB climbs in the LLM ranking (bandwidth), the Arc B580 falls (compute)
    assert by_model["rtx-3060-12gb"][1] < by_model["rtx-3060-12gb"][0]
    assert by_model["arc-b580"][1] > by_model["arc-b580"][0]
    # the machines of each use case in its own measure: LLM machines in their tier's workload (issue 35)
    assert set(tiers) == {(u, "llm_workload" if u == "llm" else i) for u, i in USE_CASE_INDEX.items()}
    assert fits == 3
