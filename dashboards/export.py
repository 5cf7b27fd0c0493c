"""The daily recommendation export: exports/YYYY-MM-DD/recommendations.{csv,json,parquet,md} and `latest`."""

import json
from datetime import UTC, date, datetime
from pathlib import Path

import polars as pl

from dashboards.markdown import render_markdown
from dashboards.report_data import TOP_N, ReportData, with_buy_rank
from transforms.gpu_value import BUY_PRICE_SENTENCE, buy_price_basis
from warehouse.environment import env_path

SCHEMA_VERSION = "1.11"  # 1.1: build_tiers per use case with platform, TCO and runner-up; budget_builds
# 1.2: alerts, exits (sold or withdrawn) and days_to_sell
# 1.3: performance per use case (perf_vision, perf_llm_inference, their value and ranks; build_tiers.perf_index),
#      performance_indices (each index's source and leave-one-out error) and buy_vs_rent
# 1.4: budget_picks.perf_index/perf_basis; region_tiers (machines per region in local currency, sized for its
#      mains) and cross_market_prices (the same card in every region against the US)
# 1.5: recommendations carry buy_rank (rank among the cards a buyer can act on by default), recommended, caveat
#      (server only, passive, CUDA 12 only ... in words), architecture and software support (S1, issue 34)
# 1.6: build_tiers carry circuit, is_default (a better dedicated-circuit machine is a row of its own), the cap,
#      resale and listings_available (issue 36); deals are events (new listing or price drop) with
#      deals_resting counting the deals that rest at a price they had before (issue 37)
# 1.7: marts.deals holds events only; deals_resting is the earlier deals of the 7 days before still listed at
#      or under their deal price
# 1.8: deals and deals_still_listed carry each deal's caveat; deals_still_listed lists the listings under the deal
#      bar today that are no news (deals_resting counts them): today's figures, event null, first_seen, deal_since
#      (the day of its latest deal event, null if none) and open_box (dashboards/report_data.resting_deals_sql)
# 1.9: recommendations carry price_confidence (the price grade, A-D); a deal is at least 5% under the day's median,
#      and a drop or a cut is news only under every price the listing asked in the 7 days before
# 1.10: deals and deals_still_listed carry shipping_stated (false: shipping calculated at checkout or not stated, counted
#      as 0 in the price; the caveat says so; a pickup store's, Micro Center's, is false by design with no caveat: its
#      price is the counter's); recommendations carry price_usd (rule B1: a new card's first quartile of its
#      sellers' asks where 8 or more list it, the median with 4 or fewer, between a blend; a used card's median),
#      which perf_per_1k_usd, the ranks, picks and machines now count in place of price_median
# 1.11: budget_picks carry tdp_w and caveat (the card's own of its condition, and a beginner pick's over D6: what the
#      markdown and the dashboard show beside a pick); changes_since_yesterday are moves of price_usd (prev_price_usd,
#      price_usd; yesterday's from its statistics where its row predates B1), the medians (prev_median,
#      price_median) kept beside them; exits (with their region) and days_to_sell are the US marketplace's and
#      stores' (the UK's and Germany's exits left out, as their prices are); deals and
#      deals_still_listed carry pickup_only (true: one store's counter, Micro Center); recommendations.csv and
#      .parquet carry schema_version on every row; recommendations carry price_usd_basis (which of rule B1's prices
#      price_usd is: median, p25 or blend), price_p25 and distinct_sellers (marts.price_daily's), beside price_median
#      and cross_market_prices carry business_share (of a European region's listings whose eBay seller type is
#      stated, the share from business sellers: VAT, the right to cancel and the legal guarantee)
#      deals' open_box is marts.deals.open_box (migration 997; staging's condition for rows written before it)
DEFAULT_EXPORT_DIR = Path(__file__).resolve().parent.parent / "exports"
SAMPLE_NOTICE = (
    "SAMPLE DATA: built from the project's bundled sample snapshot, not from live market listings. "
    "These are not market prices."
)
PRICE_BASIS = (
    "Asking prices of active listings (not sale prices), shipping included where the listing states it (shipping "
    "calculated at checkout counts as 0; a deal says so in its caveat and shipping_stated). "
    + BUY_PRICE_SENTENCE
)

RECOMMENDATION_COLUMNS = [
    "snapshot_date",
    "condition",
    "rank_overall",
    "buy_rank",
    "recommended",
    "caveat",
    "model_id",
    "name",
    "vram_gb",
    "vram_class",
    "rank_in_vram_class",
    "price_usd",
    "price_usd_basis",
    "price_median",
    "price_p25",
    "price_low",
    "listing_count",
    "distinct_sellers",
    "price_confidence",
    "enough_listings",
    "relative_perf",
    "perf_basis",
    "perf_per_1k_usd",
    "perf_vision",
    "perf_vision_basis",
    "perf_per_1k_usd_vision",
    "rank_vision",
    "perf_llm_inference",
    "perf_llm_inference_basis",
    "perf_per_1k_usd_llm_inference",
    "rank_llm_inference",
    "usd_per_gb_vram",
    "usd_per_fp16_tflop",
    "tdp_w",
    "form_factor",
    "architecture",
    "software_support",
    "support_label",
    "support_ends",
    "source_mode",
]


def export_dir() -> Path:
    return env_path("GPU_MARKET_EXPORT_DIR", DEFAULT_EXPORT_DIR)


def latest_export_day(root: Path | None = None) -> date | None:
    """The day `exports/latest` points at (the newest good day), or None before the first export."""
    marker = (root or export_dir()) / "LATEST"
    return date.fromisoformat(marker.read_text().strip()) if marker.exists() else None


def recommendations(data: ReportData) -> pl.DataFrame:
    """Every card of the day: those a buyer can act on by default first, by buy rank; the rest after them,
    each with its caveat in words."""
    return (
        with_buy_rank(data.ranking)
        .join(data.sellers, on=["model_id", "condition"], how="left", maintain_order="left")
        .with_columns(price_usd_basis=buy_price_basis())
        .sort(["condition", "buy_rank", "rank_overall"], nulls_last=True)
        .select(RECOMMENDATION_COLUMNS)
        .with_columns(
            data_kind=pl.lit("sample" if data.is_sample else "live"), price_basis=pl.lit(PRICE_BASIS)
        )
    )


def _records(frame: pl.DataFrame) -> list[dict]:
    return json.loads(frame.write_json())


def export_arrays(data: ReportData) -> dict[str, pl.DataFrame]:
    """The JSON's arrays, each the frame it is written from (docs/export.md documents their fields:
    dashboards/export_doc.py)."""
    return {
        "recommendations": recommendations(data),
        "budget_picks": data.picks_with_caveat,
        "build_tiers": data.tiers,
        "budget_builds": data.builds,
        "deals": data.deals_with_caveat.head(50),
        "deals_still_listed": data.still_listed_with_caveat.head(50),
        "changes_since_yesterday": data.changes,
        "alerts": data.alerts,
        "exits": data.exits,
        "days_to_sell": data.days_to_sell,
        "performance_indices": data.perf_fits,
        "region_tiers": data.region_tiers,
        "cross_market_prices": data.cross_market,
        "buy_vs_rent": data.buy_vs_rent,
    }


def export_json(data: ReportData, arrays: dict[str, pl.DataFrame] | None = None) -> dict:
    """The JSON document: the scalars, then every array of `arrays` (export_arrays(data) unless given), with
    deals_resting, the count of the deals still listed, after the deals."""
    out = {
        "schema_version": SCHEMA_VERSION,
        "generated_at": datetime.now(UTC).isoformat(timespec="seconds"),
        "data_date": data.day.isoformat(),
        "source_mode": data.source_mode,
        "notice": SAMPLE_NOTICE if data.is_sample else PRICE_BASIS,
        "price_basis": PRICE_BASIS,
        "listings_classified": data.listings_today,
    }
    for name, frame in (arrays or export_arrays(data)).items():
        out[name] = _records(frame)
        if name == "deals":
            out["deals_resting"] = data.deals_open.height
    return out


def write_export(data: ReportData, root: Path | None = None) -> dict[str, Path]:
    """Write the day's files (replacing an earlier export of that day) and point `latest` at them."""
    root = root or export_dir()
    folder = root / data.day.isoformat()
    folder.mkdir(parents=True, exist_ok=True)
    arrays = export_arrays(data)  # once: the flat files are the JSON's recommendations
    # the flat files carry the schema's version on every row, as the JSON does at its top (thirty-fourth review)
    recs = arrays["recommendations"].with_columns(schema_version=pl.lit(SCHEMA_VERSION))
    paths = {ext: folder / f"recommendations.{ext}" for ext in ("csv", "json", "parquet", "md")}
    recs.write_csv(paths["csv"])
    recs.write_parquet(paths["parquet"])
    paths["json"].write_text(json.dumps(export_json(data, arrays), indent=2, default=str))
    paths["md"].write_text(render_markdown(data, TOP_N))
    _point_latest(root, data.day.isoformat())
    return paths


def _point_latest(root: Path, day: str) -> None:
    """`latest` -> newest day's folder (symlink), and LATEST (a text file) for systems without symlinks."""
    days = sorted(p.name for p in root.iterdir() if p.is_dir() and p.name[:4].isdigit())
    newest = max(days + [day])
    (root / "LATEST").write_text(newest + "\n")
    link = root / "latest"
    tmp = root / ".latest.tmp"
    if tmp.is_symlink() or tmp.exists():
        tmp.unlink()
    tmp.symlink_to(newest, target_is_directory=True)
    tmp.replace(link)
