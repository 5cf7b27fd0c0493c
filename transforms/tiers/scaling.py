"""Multi-GPU scaling efficiency from measured results: throughput(n) / (n x throughput(1)), by link class.

Per model and GPU count, the geometric mean over workloads of the published mixed-precision results (Lambda's
PyTorch training benchmark, warehouse/catalog/gpu_benchmarks.csv, a source per row). How cards talk to each
other sets how well they scale, so a card without its own measurement at a count takes the median of the
measured cards **of its link class** (issue 35), never of every class:

- `nvlink_sxm`: SXM or OAM modules on a server baseboard, linked by NVLink / Infinity Fabric (NVIDIA HGX);
- `pcie_p2p`: datacenter and workstation PCIe cards, which keep peer-to-peer over PCIe (A100/H100 PCIe, RTX
  A6000, RTX 6000 Ada in Lambda's results);
- `pcie_consumer`: GeForce and Radeon consumer cards on PCIe; GeForce RTX 40 and 50 have no peer-to-peer in
  NVIDIA's driver (tinygrad/open-gpu-kernel-modules README on the RTX 4090; vllm-project/vllm#14452 on the RTX
  5090), and the RTX 3090's is disputed, so their gradients go through the host.

Where a class has no measurement at a count (consumer cards are measured on 2 GPUs only), the efficiency is
modelled as the card's own measured 2-GPU efficiency (else its class's median) compounded per doubling (4 GPUs:
eff2^2, 8: eff2^3), and the row's `scaling_basis` says so and why. ASSUMPTION: each doubling costs what the
first did.
"""

import math

import polars as pl

DEFAULT_EFFICIENCY = {
    1: 1.0,
    2: 0.92,
    4: 0.88,
    8: 0.85,
}  # used only when no card of any class has measurements
LINK_CLASSES = ("nvlink_sxm", "pcie_p2p", "pcie_consumer")


def link_class(form_factor: str | None, segment: str | None) -> str:
    if form_factor in ("sxm", "oam"):
        return "nvlink_sxm"
    return "pcie_consumer" if (segment or "consumer") == "consumer" else "pcie_p2p"


def scaling_table(benchmarks: pl.DataFrame, specs: pl.DataFrame | None = None) -> pl.DataFrame:
    """model_id, gpu_count, efficiency (fp16 results) and link_class (from `specs`' form factor and segment;
    without specs, every measured card is taken as its own class only: `unknown`)."""
    fp16 = benchmarks.filter((pl.col("precision") == "fp16") & (pl.col("samples_per_s") > 0))
    per = fp16.group_by("model_id", "workload", "gpu_count").agg(pl.col("samples_per_s").median())
    one = per.filter(pl.col("gpu_count") == 1).select("model_id", "workload", single=pl.col("samples_per_s"))
    table = (
        per.filter(pl.col("gpu_count") > 1)
        .join(one, on=["model_id", "workload"])
        .with_columns(eff=pl.col("samples_per_s") / (pl.col("gpu_count") * pl.col("single")))
        .filter(pl.col("eff").is_between(0.3, 1.5))  # screens mis-recorded runs
        .group_by("model_id", "gpu_count")
        .agg(efficiency=pl.col("eff").log().mean().exp())
        .sort("model_id", "gpu_count")
    )
    classes = {}
    if specs is not None:
        classes = {
            r["model_id"]: link_class(r.get("form_factor"), r.get("segment"))
            for r in specs.iter_rows(named=True)
        }
    return table.with_columns(
        link_class=pl.col("model_id").replace_strict(classes, default="unknown", return_dtype=pl.String)
    )


# efficiency_for's answers for the one scaling table in use (a run passes the same table to every machine it
# sizes): a machine sizing per card, count and platform repeated the same polars filters 300 times a day
_MEMO: dict = {"table": None, "answers": {}}


def efficiency_for(table: pl.DataFrame, card: dict, count: int) -> tuple[float, str]:
    """(efficiency, basis) of `count` cards of `card`'s model: its own measurement, else its link class's.
    Remembered per card and count for as long as the same table object is passed."""
    if count == 1:
        return 1.0, "single GPU"
    if _MEMO["table"] is not table:
        _MEMO["table"], _MEMO["answers"] = table, {}
    key = (card["model_id"], card.get("form_factor"), card.get("segment"), count)
    if key not in _MEMO["answers"]:
        _MEMO["answers"][key] = _efficiency(table, card, count)
    return _MEMO["answers"][key]


def _efficiency(table: pl.DataFrame, card: dict, count: int) -> tuple[float, str]:
    model_id = card["model_id"]
    own = table.filter((pl.col("model_id") == model_id) & (pl.col("gpu_count") == count))
    if own.height:
        return float(own["efficiency"][0]), f"measured for {model_id} at {count} GPUs"
    cls = link_class(card.get("form_factor"), card.get("segment"))
    if "link_class" not in table.columns:
        table = table.with_columns(link_class=pl.lit("unknown"))
    same = table.filter(pl.col("link_class") == cls)
    at = same.filter(pl.col("gpu_count") == count)
    if at.height:
        return float(at["efficiency"].median()), f"median of {at.height} measured {cls} cards at {count} GPUs"
    own_two = table.filter((pl.col("model_id") == model_id) & (pl.col("gpu_count") == 2))
    two = own_two if own_two.height else same.filter(pl.col("gpu_count") == 2)
    if two.height:
        eff2 = float(two["efficiency"].median())
        steps = int(round(math.log2(count)))
        whose = f"{model_id}'s own" if own_two.height else f"the median of {two.height} {cls} cards'"
        return eff2**steps, (
            f"modelled: no {cls} card is measured at {count} GPUs; {whose} 2-GPU efficiency ({eff2:.2f}) "
            "per doubling (ASSUMPTION)"
        )
    others = table.filter(pl.col("gpu_count") == count)
    if others.height:
        return float(others["efficiency"].median()), (
            f"modelled: no {cls} measurement; median of {others.height} measured cards of other link classes "
            f"at {count} GPUs"
        )
    return DEFAULT_EFFICIENCY.get(count, 0.85), "default efficiency (no measurements)"
