"""eBay Marketplace Insights API `item_sales/search`: items sold in the last 90 days, with the last sold price.

GET {base}/buy/marketplace_insights/v1_beta/item_sales/search, same query parameters and paging as the Browse
search, items under `itemSales`. A Limited Release API: only keys eBay approved for it get a token with its
scope (`buy.marketplace.insights`); any other key is refused at the token endpoint (400 `invalid_scope`) or at
the search (403). Either way the caller records "no access" and skips it: sold prices are never guessed.
"""

from pipelines.sources.ebay.browse import EbayBrowseClient
from pipelines.sources.ebay.queries import SearchQuery
from transforms.ebay_items import ebay_timestamp

SOLD_SCOPE = "https://api.ebay.com/oauth/api_scope/buy.marketplace.insights"
SOLD_PATH = "/buy/marketplace_insights/v1_beta/item_sales/search"


class EbaySoldClient(EbayBrowseClient):
    """The Browse client's paging, auth and error handling over item_sales/search."""

    path = SOLD_PATH
    items_key = "itemSales"
    fieldgroups = None  # the sold items are read for prices only

    def search_filter(self, query: SearchQuery) -> str:
        """The listing query's filter without `buyingOptions`: an auction's sale is a sale too."""
        return ",".join(part for part in split_filter(query.filter) if not part.startswith("buyingOptions:"))


def split_filter(expression: str) -> list[str]:
    """`a:{x|y},b:z` -> ["a:{x|y}", "b:z"] (commas inside braces stay)."""
    parts, depth, current = [], 0, ""
    for char in expression:
        depth += char == "{"
        depth -= char == "}"
        if char == "," and depth == 0:
            parts.append(current)
            current = ""
        else:
            current += char
    return [p for p in [*parts, current] if p]


def sold_row(item: dict, *, snapshot_date, query_model_id: str, fetched_at, source_mode: str) -> dict | None:
    """One raw.ebay_sold_items row, or None without an item id."""
    item_id = item.get("itemId")
    if not isinstance(item_id, str) or not item_id:
        return None
    price = item.get("lastSoldPrice") or {}
    try:
        value = float(price.get("value")) if price.get("value") is not None else None
    except (TypeError, ValueError):
        value = None
    quantity = item.get("totalSoldQuantity")
    return {
        "snapshot_date": snapshot_date,
        "item_id": item_id,
        "title": item.get("title") if isinstance(item.get("title"), str) else None,
        "last_sold_price": value,
        "currency": price.get("currency"),
        "last_sold_date": ebay_timestamp(item.get("lastSoldDate")),
        "total_sold_quantity": int(quantity) if isinstance(quantity, int | float) else None,
        "condition_id": int(item["conditionId"]) if str(item.get("conditionId", "")).isdigit() else None,
        "web_url": item.get("itemWebUrl"),
        "query_model_id": query_model_id,
        "fetched_at": fetched_at.replace(tzinfo=None),
        "source_mode": source_mode,
    }
