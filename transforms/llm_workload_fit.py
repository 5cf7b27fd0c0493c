"""Which card and how many of them run an LLM workload, and how fast (marts.llm_workload_fit, issue 35).

A workload (warehouse/catalog/llm_workloads.csv, from the model cards) is a model at a quantization and a
context length. For a machine of N cards of one model:

- **Memory needed** = weights (parameters x bits per weight / 8) + KV cache (2 x layers x KV heads x head dim x
  context x 2 bytes, llama.cpp's default f16 cache) + RUNTIME_OVERHEAD_GIB on each card (CUDA context and compute
  buffers). llama.cpp's default layer split pools memory: each card holds its share of the weights and of the
  KV cache plus its own overhead, and must have room for it with the overhead at the top of its measured range
  (RUNTIME_OVERHEAD_MAX_GIB: a fit with a few hundred MiB to spare is not one a buyer can count on).
- **Single-stream decode speed** is memory-bound: each token reads the active weights and the KV cache once, so
  tokens/s = efficiency x bandwidth / bytes per token. A card's efficiency is measured where the llama.cpp
  scoreboard has it (tg128 of Llama 2 7B Q4_0, warehouse/catalog/llm_inference_benchmarks.csv, the vendor's
  backend as in transforms/perf_indices.py), else the median of the measured cards; the leave-one-out error of
  that median is reported (`calibration`). With a layer split the cards work one after the other on each
  token: the speed is one card's over all the bytes, times LAYER_SPLIT_FACTOR (measured, below 1: never a sum).
  Tensor parallelism is not modelled (no measured figure per link class for every card here): every row says
  `layer split`.
- **Prefill speed** is compute-bound: tokens/s = efficiency x dense throughput / (2 x active parameters), the
  throughput being INT8 tensor TOPS where a card has them (llama.cpp multiplies quantized weights in int8),
  else FP16 tensor, else FP32; calibrated the same way on the scoreboard's pp512.

All figures in GiB (the unit cards' memory sizes are in, though they are written GB).
"""

import math
from dataclasses import dataclass
from statistics import median

import polars as pl

from transforms.cost_model import ASSUMED_RESALE_FRACTION, PLATFORM_RESALE_FRACTION, cards_cost_expr
from transforms.perf_indices import LLM_BACKEND
from transforms.price_daily import GRADE_D
from transforms.tiers import power
from transforms.tiers.build_tiers import DOES_NOT_HOLD, cards_with_specs
from transforms.tiers.config import TierConfig
from transforms.tiers.machine import HARDWARE_FIELDS, hardware_reason, size
from transforms.tiers.platforms import PartPrices, platform_rows, platforms_for
from transforms.tiers.rules import TIERS, USE_CASE_PRECISION
from transforms.tiers.software_support import ADMITTED_WITH_LEGACY, precision_reason, support_blocks

GIB = 2**30
# llama.cpp logs: CUDA context 107-555 MiB (RTX 4060 Ti .. RTX PRO 6000) and compute buffers 164-672 MiB at
# 2k-8k context (llama.cpp issues, quoted in docs/research/issue-35-runtime-overhead.md).
# ASSUMPTION: 0.75 GiB a card, the middle of their sum, for the memory a workload needs (vram_needed_gb).
RUNTIME_OVERHEAD_GIB = 0.75
# A machine fits a workload when each card holds its share at the top of that range, 555 + 672 MiB (the research
# note: "for 2+ GPUs, budget the higher end"): the ninth review found Mixtral 8x7B at 8 bits "fitting" a 48 GB
# card with 0.03 GiB to spare and Qwen3 30B-A3B at 8 bits a 32 GB RTX 5090 with 0.29, which a larger CUDA context,
# ECC or a display on the card (D14: 2 GB) takes away.
RUNTIME_OVERHEAD_MAX_GIB = (555 + 672) / 1024
KV_BYTES = 2  # llama.cpp's default KV cache type f16 (llama.cpp's docs/multi-gpu.md: -ctk/-ctv default f16)
# llama.cpp layer split, one stream, a model that fits one card (Llama 3 8B Q4_K_M tg512,
# github.com/XiongjieDai/GPU-Benchmarks-on-LLM-Inference): 2 x RTX 3090 111.67 and 2 x RTX 4090 124.65 against
# 115.42 and 130.58 on one (0.968, 0.955); 4 cards 108.66 and 120.32 (0.941, 0.921). The means; 8 cards are
# not measured there: ASSUMPTION, no worse than 4 (each token still crosses the cards one after the other).
LAYER_SPLIT_FACTOR = {1: 1.0, 2: 0.96, 4: 0.93, 8: 0.93}
CALIBRATION_PARAMS_B = 6.74  # Llama 2 7B, the scoreboard's model
CALIBRATION_WEIGHTS_GIB = 3.56  # its Q4_0 file, as the scoreboard names it
CALIBRATION_CONTEXT = 64  # tg128 generates 128 tokens from an empty prompt: 64 tokens of cache on average
CALIBRATION_KV_PER_TOKEN = 2 * 32 * 32 * 128 * KV_BYTES  # Llama 2 7B: 32 layers, 32 KV heads, head dim 128
GPU_COUNTS = (1, 2, 4, 8)
MODELLED_DECODE_BASIS = "modelled (median efficiency)"  # a card the scoreboard does not measure
REQUIRED = ("params_b", "layers", "kv_heads", "head_dim", "bits_per_weight", "context_tokens")


@dataclass(frozen=True)
class Calibration:
    decode: dict[str, float]  # model_id -> measured decode efficiency (bandwidth actually used)
    prefill: dict[str, float]  # model_id -> measured prefill efficiency (compute throughput actually used)
    decode_median: float
    prefill_median: dict[str, float]  # per kind of compute (transforms.llm_workload_fit._compute)
    decode_loo_mean_pct: float  # leave-one-out error of the median, for a card without its own measurement
    decode_loo_max_pct: float
    prefill_loo_mean_pct: float  # within each kind of compute, over every measured card
    prefill_loo_max_pct: float


def weights_gib(params_b: float, bits_per_weight: float) -> float:
    return params_b * 1e9 * bits_per_weight / 8 / GIB


def kv_cache_gib(layers: int, kv_heads: int, head_dim: int, context: int) -> float:
    return 2 * layers * kv_heads * head_dim * context * KV_BYTES / GIB


def workload_gib(w: dict) -> float:
    """Weights and KV cache of a workload, before any card's own overhead."""
    return weights_gib(w["params_b"], w["bits_per_weight"]) + kv_cache_gib(
        w["layers"], w["kv_heads"], w["head_dim"], w["context_tokens"]
    )


def vram_needed_gib(w: dict, gpu_count: int = 1) -> float:
    """All the memory N cards need together: the workload plus each card's runtime overhead."""
    return workload_gib(w) + RUNTIME_OVERHEAD_GIB * gpu_count


def fits(w: dict, card_gib: float, gpu_count: int) -> bool:
    """A layer split gives each card an equal share (llama.cpp's default, proportional to free memory), which must
    fit beside the runtime overhead at the top of its measured range (RUNTIME_OVERHEAD_MAX_GIB)."""
    return workload_gib(w) / gpu_count + RUNTIME_OVERHEAD_MAX_GIB <= card_gib


def bytes_per_token_gib(w: dict, context: int | None = None) -> float:
    """What one decoded token reads: the active weights and the KV cache at `context` (default: the workload's
    whole context, its cost once the context has filled)."""
    active = w.get("active_params_b") or w["params_b"]
    ctx = w["context_tokens"] if context is None else context
    return weights_gib(active, w["bits_per_weight"]) + kv_cache_gib(
        w["layers"], w["kv_heads"], w["head_dim"], ctx
    )


def _compute(card: dict) -> tuple[float, str] | None:
    """(throughput, its kind) llama.cpp's prompt processing runs at: its quantized matrix products use int8
    tensor units where a card has them (dense INT8 TOPS), else fp16 tensor units, else FP32 (where llama.cpp
    uses int8 dot products on the FP32 units: hence a calibration per kind)."""
    for key in ("int8_tensor_tops", "fp16_tensor_tflops", "fp32_tflops"):
        value = card.get(key) if key == "fp32_tflops" or card.get("has_tensor_cores") else None
        if value and value > 0:
            return value, key
    return None


def _loo_errors(values: dict[str, float]) -> list[float]:
    """Absolute error (%) of predicting each card's efficiency by the median of the others."""
    errors = []
    for key, own in values.items():
        others = [v for k, v in values.items() if k != key]
        if others:
            errors.append(abs(median(others) / own - 1) * 100)
    return errors


def _loo(values: dict[str, float]) -> tuple[float, float]:
    """Mean and worst leave-one-out error (%)."""
    errors = _loo_errors(values)
    return (sum(errors) / len(errors), max(errors)) if errors else (math.nan, math.nan)


def calibrate(specs: pl.DataFrame, benchmarks: pl.DataFrame) -> Calibration:
    """Each measured card's decode and prefill efficiency, their medians and leave-one-out errors."""
    cards = {r["model_id"]: r for r in specs.iter_rows(named=True)}
    decode, prefill, kinds = {}, {}, {}
    calib_bytes = (CALIBRATION_WEIGHTS_GIB * GIB + CALIBRATION_KV_PER_TOKEN * CALIBRATION_CONTEXT) / 1e9
    for b in benchmarks.iter_rows(named=True):
        card = cards.get(b["model_id"])
        if card is None or LLM_BACKEND.get(card.get("vendor")) != b["backend"]:
            continue
        if b["tg128_tokens_per_s"] and card.get("bandwidth_gbs"):
            decode[b["model_id"]] = b["tg128_tokens_per_s"] * calib_bytes / card["bandwidth_gbs"]
        compute = _compute(card)
        if b["pp512_tokens_per_s"] and compute:
            prefill[b["model_id"]] = (
                b["pp512_tokens_per_s"] * 2 * CALIBRATION_PARAMS_B * 1e9 / (compute[0] * 1e12)
            )
            kinds.setdefault(compute[1], {})[b["model_id"]] = prefill[b["model_id"]]
    d_mean, d_max = _loo(decode)
    errors = [_loo_errors(group) for group in kinds.values()]
    flat = [e for group in errors for e in group]
    return Calibration(
        decode,
        prefill,
        median(decode.values()),
        {kind: median(group.values()) for kind, group in kinds.items()},
        d_mean,
        d_max,
        sum(flat) / len(flat) if flat else math.nan,
        max(flat) if flat else math.nan,
    )


def decode_tokens_per_s(
    card: dict, w: dict, gpu_count: int, cal: Calibration, context: int | None = None, own: bool = True
) -> tuple[float | None, str]:
    """(single-stream tokens/s, basis). `own=False` ignores the card's own measurement (for checking)."""
    if not card.get("bandwidth_gbs"):
        return None, "no bandwidth figure"
    measured = own and card["model_id"] in cal.decode
    eff = cal.decode[card["model_id"]] if measured else cal.decode_median
    speed = eff * card["bandwidth_gbs"] * 1e9 / (bytes_per_token_gib(w, context) * GIB)
    speed *= LAYER_SPLIT_FACTOR[gpu_count]
    basis = "measured efficiency" if measured else MODELLED_DECODE_BASIS
    return (
        speed,
        f"{basis}; {'one card' if gpu_count == 1 else f'layer split over {gpu_count} cards, no tensor parallelism'}",
    )


def prefill_tokens_per_s(card: dict, w: dict, gpu_count: int, cal: Calibration) -> float | None:
    """Prompt tokens/s: compute-bound; a layer split runs the cards one after the other, as for decode."""
    compute = _compute(card)
    if compute is None or (card["model_id"] not in cal.prefill and compute[1] not in cal.prefill_median):
        return None
    eff = cal.prefill.get(card["model_id"]) or cal.prefill_median[compute[1]]
    active = w.get("active_params_b") or w["params_b"]
    return eff * compute[0] * 1e12 / (2 * active * 1e9) * LAYER_SPLIT_FACTOR[gpu_count]


def workload_problems(workloads: pl.DataFrame) -> list[tuple[str, str]]:
    """(workload, problem) for every row that cannot be computed: a missing or non-positive fact."""
    out = []
    for w in workloads.iter_rows(named=True):
        missing = [f for f in REQUIRED if w.get(f) is None or not (w[f] > 0)]
        if missing:
            out.append((w.get("workload") or "?", "missing or non-positive: " + ", ".join(missing)))
        elif w.get("active_params_b") is not None and not 0 < w["active_params_b"] <= w["params_b"]:
            out.append((w["workload"], "active_params_b must be above 0 and at most params_b"))
    return out


# marts.llm_workload_speeds: a workload on a machine shape (card, count, power cap); the view
# marts.llm_workload_fit joins these to each day's machines (marts.llm_workload_machines, MACHINE_SCHEMA)
SPEED_SCHEMA = {
    "workload": pl.String,
    "model_name": pl.String,
    "params_b": pl.Float64,
    "active_params_b": pl.Float64,
    "bits_per_weight": pl.Float64,
    "quant": pl.String,
    "context_tokens": pl.Int32,
    "model_id": pl.String,
    "gpu_count": pl.Int32,
    "power_cap_pct": pl.Float64,
    "fits": pl.Boolean,
    "vram_needed_gb": pl.Float64,
    "vram_available_gb": pl.Float64,
    "tokens_per_s": pl.Float64,
    "prefill_tokens_per_s": pl.Float64,
    "speed_basis": pl.String,
}


def decode_share(cap_pct: float) -> tuple[float, str | None]:
    """(share of its stock decode speed, basis) of a machine whose GPUs are capped to `cap_pct` (P2)."""
    return (1.0, None) if cap_pct >= 100 else power.throughput_at_cap(cap_pct, "llm_decode")


def capped_decode(card: dict, w: dict, n: int, cal: Calibration, cap_pct: float = 100.0) -> tuple:
    """(decode tokens/s, basis, share) of N cards capped to `cap_pct`: decode_tokens_per_s times the measured
    share of a capped card (P2), the basis naming it."""
    speed, basis = decode_tokens_per_s(card, w, n, cal)
    share, cap_basis = decode_share(cap_pct)
    if not speed or cap_basis is None:
        return speed, basis, share
    return speed * share, f"{basis}; {cap_basis}", share


def workload_speeds(
    workloads: pl.DataFrame, shapes: pl.DataFrame, cards: dict[str, dict], cal: Calibration
) -> pl.DataFrame:
    """One row per workload and machine shape (`shapes`: model_id, gpu_count, power_cap_pct) whose card is in
    `cards` (SPEED_SCHEMA): whether it fits, its decode and prefill speed. Workloads with a problem
    (workload_problems) are left out; the asset check names them.

    The fit and the speeds depend on the workload, the card, the count and the cap only, not on the day's
    prices: a machine of any day reads the row of its shape (the view marts.llm_workload_fit), so a range of
    days costs what its distinct shapes cost, not days x machines x workloads Python calls."""
    bad = {name for name, _ in workload_problems(workloads)}
    good = [w for w in workloads.iter_rows(named=True) if w["workload"] not in bad]
    combos = [
        (model_id, n, cap)
        for model_id, n, cap in shapes.select("model_id", "gpu_count", "power_cap_pct")
        .unique()
        .sort("model_id", "gpu_count", "power_cap_pct")
        .rows()
        if model_id in cards
    ]
    speeds = []
    for w in good:
        for model_id, n, cap in combos:
            card = cards[model_id]
            ok = fits(w, card["vram_gb"], n)
            speed, basis, _ = capped_decode(card, w, n, cal, cap) if ok else (None, "does not fit", 1.0)
            speeds.append(
                {
                    "workload": w["workload"],
                    "model_name": w["model_name"],
                    "params_b": w["params_b"],
                    "active_params_b": w.get("active_params_b") or w["params_b"],
                    "bits_per_weight": w["bits_per_weight"],
                    "quant": w["quant"],
                    "context_tokens": w["context_tokens"],
                    "model_id": model_id,
                    "gpu_count": n,
                    "power_cap_pct": cap,
                    "fits": ok,
                    "vram_needed_gb": vram_needed_gib(w, n),
                    "vram_available_gb": card["vram_gb"] * n,
                    "tokens_per_s": speed,
                    "prefill_tokens_per_s": prefill_tokens_per_s(card, w, n, cal) if ok else None,
                    "speed_basis": basis,
                }
            )
    return pl.DataFrame(speeds, schema=SPEED_SCHEMA, strict=False)


MACHINE_SCHEMA = {
    "snapshot_date": pl.Date,
    "condition": pl.String,
    "model_id": pl.String,
    "gpu_name": pl.String,
    "gpu_count": pl.Int32,
    "platform_id": pl.String,
    "machine_tco_usd": pl.Float64,
    "machine_build_usd": pl.Float64,
    "circuit": pl.String,
    "power_cap_pct": pl.Float64,
    "listings_available": pl.Int32,
    "source_mode": pl.String,
    "wall_draw_w": pl.Float64,
    "outlet_room_w": pl.Float64,
}


def outlet_room(machine: dict, cfg: TierConfig) -> float | None:
    """What the outlet's continuous rating (the run's mains) leaves beside a machine that runs from it, W; None for a
    machine on a dedicated circuit. Under machine.SHARED_CIRCUIT_W the machine needs the circuit to itself."""
    if machine["circuit"] != "outlet":
        return None
    return (
        power.outlet_watts(cfg.mains_volts, cfg.mains_amps, cfg.continuous_fraction)[1]
        - machine["wall_draw_w"]
    )


def _usable(column: str) -> pl.Expr:
    """machine._usable on a column: a finite number above zero."""
    return pl.col(column).is_not_null() & pl.col(column).is_finite() & (pl.col(column) > 0)


def _with_columns_present(frame: pl.DataFrame, columns) -> pl.DataFrame:
    return frame.with_columns(pl.lit(None).alias(c) for c in columns if c not in frame.columns)


def workload_machines(
    value: pl.DataFrame,
    specs: pl.DataFrame,
    platforms: pl.DataFrame,
    parts: pl.DataFrame,
    scaling: pl.DataFrame,
    cfg=None,
) -> pl.DataFrame:
    """The machines of 1, 2, 4 and 8 cards of every card the build tiers may use for LLM work, one per card,
    count, day and condition (MACHINE_SCHEMA, marts.llm_workload_machines): the build tiers' own rules and code, as
    build_tiers.best_per_card and for_use_case(..., "llm", 0) choose them day by day, for a range of days at
    once. The card-level rules (machine.card_reason, S1 by support_blocks, S2) are applied to every row; each
    card's hardware is sized once per count and platform (machine.size, which reads nothing a day changes);
    machine.price's operations then price every (day, card, platform) in one frame, and each card keeps its
    platform of the best value from a standard outlet, or of the best value needing a dedicated circuit where no
    outlet machine exists (O1, as the build tiers choose their default: best_per_card(by_circuit=True); the first
    in the catalog's order on a tie). Until 2026-11-27 the best value on any circuit: 4 RTX 6000 Ada were shown on a
    240 V TRX50 board at 33,268 USD where the tier builds them from the outlet at 32,758 (fifth review).
    tests/pipelines/test_machines_over_a_range.py checks the result equal to the day-by-day code."""
    cfg = cfg or TierConfig()
    need = USE_CASE_PRECISION.get("llm")
    hw_cols = [*HARDWARE_FIELDS, *([need] if need else [])]
    cards = cards_with_specs(value, specs, cfg.horizon_years, words=False)
    if cards.is_empty():
        return pl.DataFrame(schema=MACHINE_SCHEMA)
    cards = _with_columns_present(
        cards,
        [*hw_cols, "price_confidence", "listing_count", "software_support", "support_label", "support_ends"],
    ).with_row_index("_card")
    # the day's rules (machine.market_reason, S1): rows
    supported = ~support_blocks(pl.col("snapshot_date"), cfg.horizon_years)
    if cfg.allow_legacy_cards:
        supported = supported | pl.col("software_support").is_in(ADMITTED_WITH_LEGACY)
    cards = cards.with_columns(
        _group=pl.col("_card").min().over("snapshot_date", "condition"),
        _mode=pl.col("source_mode").first().over("snapshot_date", "condition"),
    ).filter(
        pl.col("enough_listings").fill_null(False)
        & (pl.col("price_confidence").fill_null("") != GRADE_D)
        & _usable("price_usd")
        & _usable("relative_perf")
        & supported
    )
    if cards.is_empty():
        return pl.DataFrame(schema=MACHINE_SCHEMA)
    # the card's own rules and its machines, once per distinct hardware
    kinds = cards.select(hw_cols).unique(maintain_order=True).with_row_index("_hw")
    prices, plats = PartPrices.from_frame(parts), platform_rows(platforms)
    rules = [
        (order, r) for order, r in enumerate(TIERS) if r.tier != "beginner" and r.gpu_count in GPU_COUNTS
    ]
    sized_rows = []
    for hw in kinds.iter_rows(named=True):
        if precision_reason(hw, "llm") and not cfg.allow_legacy_cards:
            continue
        sized = {}
        for order, rule in rules:
            if hardware_reason(rule, hw, 0, cfg.vendors):
                continue
            for condition in ("new", "used"):
                for place, platform in enumerate(platforms_for(plats, rule.tier, condition)):
                    key = (rule.tier, platform["platform_id"])
                    if key not in sized:
                        sized[key] = size(rule, hw, platform, cfg, prices, scaling)
                    m = sized[key]
                    if isinstance(m, str):
                        continue
                    sized_rows.append(
                        {
                            "_hw": hw["_hw"],
                            "condition": condition,
                            "_tier": order,
                            "_platform": place,
                            "gpu_count": m["gpu_count"],
                            "platform_id": m["platform_id"],
                            "platform_cost_usd": m["platform_cost_usd"],
                            "energy_cost_horizon_usd": m["energy_cost_horizon_usd"],
                            "scaling_efficiency": m["scaling_efficiency"],
                            "throughput_at_cap": m["throughput_at_cap"],
                            "circuit": m["circuit"],
                            "power_cap_pct": m["power_cap_pct"],
                            "wall_draw_w": m["wall_draw_w"],
                            "outlet_room_w": outlet_room(m, cfg),
                        }
                    )
    if not sized_rows:
        return pl.DataFrame(schema=MACHINE_SCHEMA)
    machines = pl.DataFrame(sized_rows, infer_schema_length=None).with_columns(
        pl.col("_hw").cast(pl.UInt32), pl.col("gpu_count").cast(pl.Int32)
    )
    # machine.price, every (day, card, platform) at once: the same operations in the same order
    n = pl.col("gpu_count")
    day_cards = cards.join(kinds, on=hw_cols, how="left", nulls_equal=True).select(
        "_card",
        "_group",
        "_mode",
        "_hw",
        "snapshot_date",
        "condition",
        "model_id",
        "name",
        "price_median",
        "price_usd",
        "resale_fraction",
        "relative_perf",
        "listing_count",
    )
    priced = (
        day_cards.join(machines, on=["_hw", "condition"], how="inner")
        .with_columns(_gpu_usd=cards_cost_expr(n))
        .with_columns(
            total_build_cost_usd=pl.col("_gpu_usd") + pl.col("platform_cost_usd"),
            # of the median, as machine.price (B1 does not shrink the resale)
            _resale=pl.col("price_median") * n * pl.col("resale_fraction").fill_null(ASSUMED_RESALE_FRACTION)
            + pl.col("platform_cost_usd") * PLATFORM_RESALE_FRACTION,
        )
        .with_columns(
            tco_usd=pl.col("total_build_cost_usd") + pl.col("energy_cost_horizon_usd") - pl.col("_resale")
        )
        .with_columns(
            _value=pl.col("relative_perf")
            * n
            * pl.col("scaling_efficiency")
            * pl.col("throughput_at_cap")
            / pl.col("tco_usd")
            * 1000
        )
    )
    best = (
        priced.with_columns(_dedicated=pl.col("circuit") == "dedicated")
        .sort(
            ["_card", "_tier", "_dedicated", "_value", "_platform"],
            descending=[False, False, False, True, False],
            nulls_last=True,
        )
        .unique(subset=["_card", "_tier"], keep="first", maintain_order=True)
        .sort("_group", "_tier", "_card")
    )
    return best.select(
        pl.col("snapshot_date"),
        pl.col("condition"),
        pl.col("model_id"),
        pl.col("name").alias("gpu_name"),
        pl.col("gpu_count"),
        pl.col("platform_id"),
        pl.col("tco_usd").alias("machine_tco_usd"),
        pl.col("total_build_cost_usd").alias("machine_build_usd"),
        pl.col("circuit"),
        pl.col("power_cap_pct"),
        pl.col("listing_count").alias("listings_available"),
        pl.col("_mode").alias("source_mode"),
        pl.col("wall_draw_w"),
        pl.col("outlet_room_w"),
    ).cast(MACHINE_SCHEMA)


# LLM machines are ranked by a workload per tier (issue 35): what a buyer of that many cards runs. 1 GPU: a 32B
# model at 4 bits; 2: a 70B at 4 bits (it needs 44 GiB); 4: a large mixture of experts at 4 bits (141 GiB: four
# cards of 48 GB, or eight of 24); 8: the same at 8 bits (about 235 GiB: eight cards of 32 GB or more, or four of
# 80 GB, but never four of 48 GB; sixth review: with the 4-bit model the 8-GPU tier would rank 8 cards of 48 GB by
# what 4 run as fast; where the 4-GPU default is a machine of 80 GB cards that does as much, L1 says so). The
# project's choice, written in docs/method.md. Until 2026-11-27 the
# 4-GPU workload was a 70B at 8 bits (75 GiB): no machine runs it at a usable speed (on the sample the best of 4
# cards 8.1 tokens/s, of 2 cards 8.4), so the tier ranked 4-card machines by a model 2 cards run as fast, and its
# new default, 4 RTX 6000 Ada at 32,758 USD, did for it what 2 of them do at 15,866 (fifth review).
TIER_WORKLOADS = {
    "beginner": "llama-3.1-8b-q4km-8k",
    "1gpu": "qwen2.5-32b-q4km-8k",
    "2gpu": "llama-3.3-70b-q4km-8k",
    "4gpu": "qwen3-235b-a22b-q4km-8k",
    "8gpu": "qwen3-235b-a22b-q8-8k",
}
USABLE_TOKENS_PER_S = 10.0  # ASSUMPTION: single-stream decode a person reading the answer can work with
# the machines are sized by one user's decode; fine-tuning is a matter of memory per card, which they do not size
# (thirty-first review: only the Markdown export said so, and a lab fine-tuning 70B models read the 2 x 24 GB "runs
# llama-3.3-70b" answer as its machine). Sources: QLoRA (Dettmers et al. 2023, arXiv:2305.14314) fine-tunes a 65B model
# on one 48 GB GPU; Answer.AI's FSDP + QLoRA (answer.ai/posts/2024-03-06-fsdp-qlora) a 70B model on two 24 GB cards
# a machine whose cards meet one of those bars says so (review of 2026-11-28: 13 of 17 LLM answers, 2 x RTX A6000
# among them, were told they could not do what they can)
FINE_TUNE_ONE_CARD_GB = 48
FINE_TUNE_SHARDED_GB = 24


def fine_tune_words(vram_gb: float | None, gpu_count: int | None) -> str:
    """What a machine of `gpu_count` cards of `vram_gb` each does for fine-tuning, in words (FINE_TUNE_WORDS' sources)."""
    if vram_gb and vram_gb >= FINE_TUNE_ONE_CARD_GB:
        return (
            f"sized to run models; each of its {vram_gb:g} GB cards also holds a QLoRA fine-tune of a 65-70B model "
            "(QLoRA: a 65B model on one 48 GB GPU)"
        )
    if vram_gb and vram_gb >= FINE_TUNE_SHARDED_GB and (gpu_count or 0) >= 2:
        return (
            f"sized to run models; its {gpu_count} x {vram_gb:g} GB cards can fine-tune a 70B model with QLoRA sharded "
            "by FSDP, with gradient checkpointing and CPU offload, slowly (Answer.AI)"
        )
    return FINE_TUNE_WORDS


FINE_TUNE_WORDS = (
    "sized to run models, not to fine-tune them: a QLoRA fine-tune of a 65-70B model needs 48 GB on one card "
    "(QLoRA: a 65B model on one 48 GB GPU) or two 24 GB cards sharded with FSDP + QLoRA, gradient checkpointing and CPU "
    "offload (Answer.AI)"
)


@dataclass(frozen=True)
class LlmContext:
    """What the build tiers need to rank LLM machines by workload: the workloads, the cards' specs and the
    speed calibration, and the run config's usable speed."""

    workloads: dict[str, dict]
    cards: dict[str, dict]
    calibration: Calibration
    usable_tokens_per_s: float = USABLE_TOKENS_PER_S

    @classmethod
    def build(cls, workloads: pl.DataFrame, specs: pl.DataFrame, benchmarks: pl.DataFrame, usable: float):
        bad = {name for name, _ in workload_problems(workloads)}
        return cls(
            {w["workload"]: w for w in workloads.iter_rows(named=True) if w["workload"] not in bad},
            {r["model_id"]: r | {"vram_gb": r["memory_gb"]} for r in specs.iter_rows(named=True)},
            calibrate(specs, benchmarks),
            usable,
        )

    def largest(self, model_id: str, n: int, cap_pct: float = 100.0) -> tuple[str | None, float | None]:
        """The largest workload N cards run at a usable speed (by parameters, then bits per weight, then
        context), and that speed; with `cap_pct`, the speed of the machine capped to fit its outlet (P2)."""
        card, best = self.cards.get(model_id), (None, None, (-1.0, 0.0, 0))
        if card is None:
            return None, None
        for w in self.workloads.values():
            size = (w["params_b"], w["bits_per_weight"], w["context_tokens"])
            if fits(w, card["vram_gb"], n) and size > best[2]:
                speed, _ = decode_tokens_per_s(card, w, n, self.calibration)
                if speed and speed >= self.usable_tokens_per_s:
                    best = (w["workload"], speed, size)
        share = decode_share(cap_pct)[0] if best[1] else 1.0
        return best[0], best[1] * share if best[1] else best[1]

    def speed(self, model_id: str, n: int, workload: str, cap_pct: float = 100.0) -> float | None:
        """Single-stream decode tokens/s of `workload` on N cards of `model_id` capped to `cap_pct` (P2); None
        when the cards do not hold it or no speed is known."""
        card, w = self.cards.get(model_id), self.workloads.get(workload)
        if card is None or w is None or not fits(w, card["vram_gb"], n):
            return None
        return capped_decode(card, w, n, self.calibration, cap_pct)[0] or None

    def workload_rank(self, model_ids) -> dict[str, float]:
        """Per model, a number that orders the largest catalog workload one card runs at a usable speed (by
        parameters, then bits per weight, then context, as `largest`); -1 when it runs none."""
        ranks = {}
        for model_id in model_ids:
            name, _ = self.largest(model_id, 1)
            w = self.workloads.get(name) if name else None
            ranks[model_id] = (
                w["params_b"] * 1e6 + w["bits_per_weight"] * 1e3 + w["context_tokens"] / 1e3 if w else -1.0
            )
        return ranks

    def none_holds(self, model_ids, tier: str, gpu_count: int) -> str | None:
        """Why a tier has no LLM machine when no card of the day (`model_ids`) holds its workload on the tier's
        number of cards, whatever the platform, in words that open with DOES_NOT_HOLD's reason (thirteenth review:
        the DE and GB 4-card tiers listed ten seating reasons for cards that would not have held the model seated);
        None when some card holds it."""
        name = TIER_WORKLOADS[tier]
        w = self.workloads.get(name)
        cards = [self.cards[m] for m in model_ids if m in self.cards and self.cards[m].get("vram_gb")]
        if w is None or not cards or any(fits(w, c["vram_gb"], gpu_count) for c in cards):
            return None
        largest = max(c["vram_gb"] for c in cards)
        return (
            f"{DOES_NOT_HOLD}{name} on {gpu_count} cards of any listed model: it needs "
            f"{vram_needed_gib(w, gpu_count):.0f} GiB, and the largest card listed has {largest:g} GB"
        )

    def in_workload(self, machine: dict, tier: str) -> dict | str:
        """The machine measured in its tier's workload: throughput = single-stream decode tokens/s, value =
        tokens/s per 1,000 USD of TCO; or why it cannot run it."""
        name = TIER_WORKLOADS[tier]
        w, card, n = self.workloads.get(name), self.cards.get(machine["model_id"]), machine["gpu_count"]
        if w is None or card is None:
            return f"workload {name} not in the catalog"
        if not fits(w, card["vram_gb"], n):
            return f"{DOES_NOT_HOLD}{name} ({vram_needed_gib(w, n):.0f} GiB on {n} cards)"
        cap = machine.get("power_cap_pct", 100.0)
        speed, basis, share = capped_decode(card, w, n, self.calibration, cap)
        if not speed:
            return f"no speed figure for {name}"
        largest, largest_speed = self.largest(machine["model_id"], n, cap)
        if cap < 100:  # a machine capped to fit its outlet decodes a little slower (P2)
            machine = {**machine, "throughput_at_cap": share, "cap_basis": decode_share(cap)[1]}
        return {
            **machine,
            "total_relative_perf": speed,
            "perf_per_1k_usd_tco": speed / machine["tco_usd"] * 1000,
            "perf_basis": basis,
            "scaling_efficiency": LAYER_SPLIT_FACTOR[n],
            "scaling_basis": "llama.cpp layer split, one stream (measured)" if n > 1 else "single GPU",
            "workload": name,
            "workload_tokens_per_s": speed,
            "largest_workload": largest,
            "largest_workload_tokens_per_s": largest_speed,
        }
