"""Training scaling by link class (issue 35): a consumer card on PCIe never borrows an NVLink server's scaling."""

import polars as pl
import pytest

from transforms.tiers.scaling import efficiency_for, link_class, scaling_table
from warehouse.catalog import load_benchmarks, load_catalog

CATALOG = load_catalog()
CARDS = {r["model_id"]: r for r in CATALOG.iter_rows(named=True)}
TABLE = scaling_table(load_benchmarks(), CATALOG)


def test_link_classes_follow_the_form_factor_and_the_segment():
    assert link_class("sxm", "datacenter") == link_class("oam", "datacenter") == "nvlink_sxm"
    assert link_class("pcie", "consumer") == "pcie_consumer"
    assert link_class("pcie", "workstation") == link_class("pcie", "datacenter") == "pcie_p2p"
    measured = dict(TABLE.select("model_id", "link_class").unique().iter_rows())
    assert measured["rtx-4090"] == "pcie_consumer" and measured["a100-sxm4-80gb"] == "nvlink_sxm"
    assert measured["rtx-6000-ada"] == "pcie_p2p"


def test_an_unmeasured_consumer_card_takes_consumer_measurements_and_says_modelled_beyond_them():
    eff2, basis2 = efficiency_for(TABLE, CARDS["rtx-5090"], 2)
    consumers = TABLE.filter((pl.col("link_class") == "pcie_consumer") & (pl.col("gpu_count") == 2))
    assert eff2 == pytest.approx(consumers["efficiency"].median()) and "pcie_consumer" in basis2
    eff4, basis4 = efficiency_for(TABLE, CARDS["rtx-5090"], 4)
    assert basis4.startswith("modelled") and "ASSUMPTION" in basis4
    assert eff4 == pytest.approx(eff2**2)
    sxm4 = TABLE.filter((pl.col("link_class") == "nvlink_sxm") & (pl.col("gpu_count") == 4))["efficiency"]
    assert eff4 < sxm4.median()  # the old rule gave a 4 x RTX 5090 box the NVLink servers' 0.908


def test_a_measured_card_keeps_its_own_figure_and_compounds_its_own_beyond():
    own = TABLE.filter((pl.col("model_id") == "rtx-4090") & (pl.col("gpu_count") == 2))["efficiency"][0]
    assert efficiency_for(TABLE, CARDS["rtx-4090"], 2) == (own, "measured for rtx-4090 at 2 GPUs")
    eff8, basis8 = efficiency_for(TABLE, CARDS["rtx-4090"], 8)
    assert eff8 == pytest.approx(own**3) and "rtx-4090's own" in basis8
    assert efficiency_for(TABLE, CARDS["rtx-a5000"], 4)[1] == "median of 2 measured pcie_p2p cards at 4 GPUs"
