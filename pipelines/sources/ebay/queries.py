"""What to ask eBay: one search per catalog model, filter string per the Browse API docs.

filter syntax (Browse API item_summary/search): `buyingOptions:{FIXED_PRICE}`, `conditionIds:{1000|3000}`,
`priceCurrency:USD`, `itemLocationCountry:US`, `price:[100..500]` (price needs priceCurrency).
"""

from dataclasses import dataclass

import polars as pl

GPU_CATEGORY_ID = "27386"  # Graphics/Video Cards
# New, open box, certified/excellent/very good/good refurbished, seller refurbished, used, for parts.
CONDITION_IDS = (1000, 1500, 2000, 2010, 2020, 2030, 2500, 3000, 7000)


@dataclass(frozen=True)
class SearchQuery:
    model_id: str
    q: str
    filter: str


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


def queries_for_catalog(catalog: pl.DataFrame, model_ids: list[str] | None = None) -> list[SearchQuery]:
    """One query per catalog model (optionally only `model_ids`), from its `search_query`."""
    rows = catalog.select("model_id", "search_query").filter(pl.col("search_query").is_not_null())
    if model_ids is not None:
        rows = rows.filter(pl.col("model_id").is_in(model_ids))
    shared_filter = build_filter()
    return [SearchQuery(r["model_id"], r["search_query"], shared_filter) for r in rows.iter_rows(named=True)]
