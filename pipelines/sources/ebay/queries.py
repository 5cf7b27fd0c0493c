"""What to ask eBay: one search per catalog model and marketplace, filter string per the Browse API docs.

filter syntax (Browse API item_summary/search): `buyingOptions:{FIXED_PRICE}`, `conditionIds:{1000|3000}`,
`priceCurrency:USD`, `itemLocationCountry:US`, `price:[100..500]` (price needs priceCurrency).
"""

from dataclasses import dataclass

import polars as pl

from pipelines.sources.ebay.marketplaces import (  # noqa: F401 (GPU_CATEGORY_ID: the US default, imported from here)
    CONDITION_IDS,
    DEFAULT_MARKETPLACES,
    GPU_CATEGORY_ID,
    Marketplace,
    marketplace,
)


@dataclass(frozen=True)
class SearchQuery:
    model_id: str
    q: str
    filter: str
    marketplace_id: str = "EBAY_US"
    category_id: str = GPU_CATEGORY_ID
    language: str = "en-US"

    @property
    def target(self) -> str:
        """How raw.ingest_errors names the search: its words, prefixed by the marketplace outside EBAY_US."""
        return self.q if self.marketplace_id == "EBAY_US" else f"{self.marketplace_id}: {self.q}"


def build_filter(
    condition_ids: tuple[int, ...] = CONDITION_IDS,
    country: str = "US",
    currency: str = "USD",
    price_min: float | None = None,
    price_max: float | None = None,
) -> str:
    parts = [
        "buyingOptions:{FIXED_PRICE}",
        "conditionIds:{" + "|".join(str(c) for c in condition_ids) + "}",
        f"priceCurrency:{currency}",
        f"itemLocationCountry:{country}",
    ]
    if price_min is not None or price_max is not None:
        lo = "" if price_min is None else f"{price_min:g}"
        hi = "" if price_max is None else f"{price_max:g}"
        parts.append(f"price:[{lo}..{hi}]")
    return ",".join(parts)


def market_filter(market: Marketplace) -> str:
    return build_filter(market.condition_ids, market.country, market.currency)


def queries_for_catalog(
    catalog: pl.DataFrame,
    model_ids: list[str] | None = None,
    marketplaces: tuple[str, ...] | list[str] = DEFAULT_MARKETPLACES,
) -> list[SearchQuery]:
    """One query per catalog model (optionally only `model_ids`) and marketplace, from its `search_query`.
    Model by model, every marketplace in turn: a run the shared call budget cuts short has covered the same
    models everywhere, not one marketplace whole and the next not at all."""
    rows = catalog.select("model_id", "search_query").filter(pl.col("search_query").is_not_null())
    if model_ids is not None:
        rows = rows.filter(pl.col("model_id").is_in(model_ids))
    markets = [marketplace(m) for m in marketplaces]
    filters = {m.id: market_filter(m) for m in markets}
    return [
        SearchQuery(r["model_id"], r["search_query"], filters[m.id], m.id, m.category_id, m.language)
        for r in rows.iter_rows(named=True)
        for m in markets
    ]
