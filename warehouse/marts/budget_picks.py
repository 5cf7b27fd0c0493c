"""marts.budget_picks for a range of days (transforms/budget_picks.py computes every day of its input at once)."""

from datetime import date

import duckdb
import polars as pl

from transforms.budget_picks import budget_picks
from transforms.llm_workload_fit import USABLE_TOKENS_PER_S, LlmContext
from transforms.tiers.config import TierConfig
from warehouse.catalog import load_llm_benchmarks, load_llm_workloads
from warehouse.marts.days import by_parts, replace_days_frame
from warehouse.writes import read_frame

# only what transforms.budget_picks reads (not the value mart's text columns, e.g. support_note and caveat)
VALUE_SQL = """
SELECT snapshot_date, model_id, name, condition, coalesce(price_usd, price_median) AS price_usd, listing_count, enough_listings, relative_perf,
       perf_basis, perf_per_1k_usd, perf_vision, perf_vision_basis, perf_per_1k_usd_vision, perf_llm_inference,
       perf_llm_inference_basis, perf_per_1k_usd_llm_inference, vram_gb, form_factor, vendor, cooling, source_mode,
       software_support, support_label, support_ends, bf16, fp16_tensor, price_confidence, architecture, tdp_w
FROM marts.gpu_value WHERE snapshot_date BETWEEN $first AND $last"""


def llm_workload_ranks(con: duckdb.DuckDBPyConnection) -> dict[str, float]:
    """Per card model, the rank of the largest catalog workload one card runs at a usable speed
    (LlmContext.workload_rank): what LLM budget picks, US and regional, take in place of VRAM."""
    specs = read_frame(con, "SELECT * FROM marts.gpu_specs")
    llm = LlmContext.build(load_llm_workloads(), specs, load_llm_benchmarks(), USABLE_TOKENS_PER_S)
    return llm.workload_rank(specs["model_id"].to_list())


def build_budget_picks(
    con: duckdb.DuckDBPyConnection,
    first: date,
    last: date,
    horizon_years: float = TierConfig.horizon_years,
    allow_legacy_cards: bool = False,
    llm_rank: dict[str, float] | None = None,
) -> pl.DataFrame:
    """Replace marts.budget_picks' rows dated first..last (a part at a time: by_parts); the rows written.
    `llm_rank`: see transforms.budget_picks.budget_picks."""
    picks = by_parts(
        first,
        last,
        lambda start, end: budget_picks(
            read_frame(con, VALUE_SQL, {"first": start, "last": end}),
            horizon_years=horizon_years,
            allow_legacy_cards=allow_legacy_cards,
            llm_rank=llm_rank,
        ),
    )
    replace_days_frame(con, "marts.budget_picks", first, last, picks)
    return picks
