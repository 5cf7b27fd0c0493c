"""What the machine marts (build_tiers, budget_builds, llm_workload_fit, region_tiers) read besides the day's
prices. Not an asset."""

import polars as pl

from pipelines.defs.marts.run_config import TierRunConfig
from pipelines.tables import table_key
from transforms.llm_workload_fit import LlmContext
from transforms.tiers.scaling import scaling_table
from warehouse.catalog import load_llm_benchmarks, load_llm_workloads
from warehouse.writes import read_frame

# what machine_inputs reads besides marts.gpu_specs (every machine asset also depends on it through its value mart)
MACHINE_INPUT_KEYS = [
    table_key("marts.platform_parts"),
    table_key("marts.platforms"),
    table_key("staging.gpu_benchmarks"),
]


def machine_inputs(con) -> tuple[pl.DataFrame, ...]:
    """What a machine is built from besides the day's card prices: specs, platforms, part prices, scaling."""
    specs = read_frame(con, "SELECT * FROM marts.gpu_specs")
    platforms = read_frame(con, "SELECT * FROM marts.platforms")
    parts = read_frame(con, "SELECT * FROM marts.platform_parts")
    scaling = scaling_table(read_frame(con, "SELECT * FROM staging.gpu_benchmarks"), specs)
    return specs, platforms, parts, scaling


def llm_context(specs: pl.DataFrame, config: TierRunConfig) -> LlmContext:
    """What LLM machines are ranked by: each tier's workload (transforms/llm_workload_fit.py)."""
    return LlmContext.build(load_llm_workloads(), specs, load_llm_benchmarks(), config.usable_tokens_per_s)


def day_inputs(con, day) -> tuple[pl.DataFrame, ...]:
    """The day's marts.gpu_value rows and machine_inputs."""
    value = read_frame(con, "SELECT * FROM marts.gpu_value WHERE snapshot_date = ?", [day])
    return value, *machine_inputs(con)
