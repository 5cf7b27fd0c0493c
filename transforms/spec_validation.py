"""Catalog validation: impossible rows stop the pipeline with a message naming the row."""

import polars as pl

MAX_TDP_W = 1500
REQUIRED = ("model_id", "vendor", "name", "memory_gb", "bandwidth_gbs", "fp32_tflops", "tdp_w", "source")
ENUMS = {"vendor": {"nvidia", "amd", "intel"}, "form_factor": {"pcie", "sxm", "oam"},
         "segment": {"consumer", "workstation", "datacenter"}, "cooling": {"blower", "open_air", "passive"}}


def catalog_problems(catalog: pl.DataFrame) -> list[str]:
    """Every problem found, each naming the row; empty when the catalog is sound."""
    problems = []
    for dup in catalog.filter(pl.col("model_id").is_duplicated())["model_id"].unique().sort().to_list():
        problems.append(f"duplicate model_id {dup!r}")
    for row in catalog.iter_rows(named=True):
        mid = row["model_id"]
        for col in REQUIRED:
            if row.get(col) is None or row.get(col) == "":
                problems.append(f"{mid}: {col} is missing")
        if row.get("memory_gb") is not None and row["memory_gb"] <= 0:
            problems.append(f"{mid}: memory_gb is {row['memory_gb']}, must be > 0")
        if row.get("tdp_w") is not None and not 0 < row["tdp_w"] <= MAX_TDP_W:
            problems.append(f"{mid}: tdp_w is {row['tdp_w']}, must be in (0, {MAX_TDP_W}]")
        if row.get("has_tensor_cores"):
            fp16, fp32 = row.get("fp16_tensor_tflops"), row.get("fp32_tflops")
            if fp16 is None:
                problems.append(f"{mid}: tensor-core card without dense fp16_tensor_tflops")
            elif fp32 is not None and fp16 < fp32:
                problems.append(f"{mid}: fp16_tensor_tflops {fp16} below fp32_tflops {fp32} on a tensor-core card")
        for col, allowed in ENUMS.items():
            if row.get(col) is not None and row[col] not in allowed:
                problems.append(f"{mid}: {col} {row[col]!r} not one of {sorted(allowed)}")
    return problems
