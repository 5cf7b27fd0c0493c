"""Write the EBAY_GB and EBAY_DE sample snapshots (pipelines/sample_data/ebay/EBAY_GB, EBAY_DE) from their
data table, tools/sample_ebay_regions.csv: one row per listing, in the order each search returns it.

The table holds what differs between listings (title, price, condition, seller feedback and account type, shipping, location,
images, dates); this module adds what eBay derives (item ids and URLs, the marketplace's categories, domain and
currency) in the Browse ItemSummary shape and key order. Everything is authored by the gpu-market project as
sample data, not market prices; the listings are located in their marketplace's country, as a live
itemLocationCountry search returns. `python tools/make_sample_ebay.py` writes these with the US snapshot;
tests/test_sample_generators.py checks that the committed files are exactly what it writes.

    python tools/make_sample_ebay_regions.py            # writes into the repo
    python tools/make_sample_ebay_regions.py --out DIR  # DIR/EBAY_GB, DIR/EBAY_DE
"""

from __future__ import annotations

import argparse
import csv
import json
from pathlib import Path

DATA = Path(__file__).resolve().parent / "sample_ebay_regions.csv"
OUT = Path(__file__).resolve().parents[1] / "pipelines" / "sample_data" / "ebay"
SNAPSHOT_DATE = "2026-11-20"
IMAGES = "https://i.ebayimg.com/images/g/"

MARKETPLACES = {
    "EBAY_GB": {
        "currency": "GBP",
        "country": "GB",
        "web": "https://www.ebay.co.uk/itm/",
        "categories": [
            "Graphics/Video Cards",
            "Computers/Tablets & Networking",
            "Computer Components & Parts",
        ],
    },
    "EBAY_DE": {
        "currency": "EUR",
        "country": "DE",
        "web": "https://www.ebay.de/itm/",
        "categories": ["Grafikkarten", "Computer, Tablets & Netzwerk", "PC-Komponenten & -Teile"],
    },
}
CATEGORY_IDS = ["27386", "58058", "175673"]


def image(image_id: str, size: str = "s-l225") -> dict:
    return {"imageUrl": f"{IMAGES}{image_id}/{size}.jpg"}


def item(row: dict) -> dict:
    """One ItemSummary from a row of the table, keys in the order the Browse API gives them."""
    market = MARKETPLACES[row["marketplace"]]
    legacy = row["item_id"]
    out: dict = {
        "itemId": f"v1|{legacy}|0",
        "title": row["title"],
        "leafCategoryIds": [CATEGORY_IDS[0]],
        "categories": [
            {"categoryId": cid, "categoryName": name}
            for cid, name in zip(CATEGORY_IDS, market["categories"], strict=True)
        ],
        "image": image(row["image"]),
        "price": {"value": row["price"], "currency": market["currency"]},
        "itemHref": f"https://api.ebay.com/buy/browse/v1/item/v1%7C{legacy}%7C0",
        "seller": {
            "feedbackPercentage": row["seller_feedback_pct"],
            "feedbackScore": int(row["seller_feedback_score"]),
            # business or private, as eBay's European sites say (Seller.sellerAccountType): the sample's authored
            # split, new units from businesses and used ones from both
            "sellerAccountType": row["seller_account_type"],
        },
        "condition": row["condition"],
        "conditionId": row["condition_id"],
        "thumbnailImages": [image(row["image"], "s-l1600")],
    }
    if row["epid"]:
        out["epid"] = row["epid"]
    if row["shipping"]:
        out["shippingOptions"] = json.loads(row["shipping"])
    out["buyingOptions"] = row["buying_options"].split()
    out["itemWebUrl"] = f"{market['web']}{legacy}"
    out["itemLocation"] = {"postalCode": row["postal_code"], "country": market["country"]}
    if row["additional_images"]:
        out["additionalImages"] = [image(i) for i in row["additional_images"].split()]
    out |= {"adultOnly": False, "legacyItemId": legacy, "availableCoupons": False}
    if row["origin_date"]:
        out["itemOriginDate"] = row["origin_date"]
    out["itemCreationDate"] = row["creation_date"]
    if row["end_date"]:
        out["itemEndDate"] = row["end_date"]
    out |= {
        "topRatedBuyingExperience": row["top_rated"] == "1",
        "priorityListing": False,
        "listingMarketplaceId": row["marketplace"],
    }
    return out


def build(data: Path = DATA) -> dict[str, dict[str, list[dict]]]:
    """{marketplace: {model_id: [items]}}, models in the table's order."""
    out: dict[str, dict[str, list[dict]]] = {m: {} for m in MARKETPLACES}
    with data.open(newline="", encoding="utf-8") as f:
        for row in csv.DictReader(f):
            out[row["marketplace"]].setdefault(row["model_id"], []).append(item(row))
    return out


def write_snapshot(folder: Path, files: dict[str, list[dict]], manifest: dict) -> int:
    """One marketplace's snapshot in `folder`: a file per model and the manifest (the US one too,
    tools/make_sample_ebay.py); the number of items written."""
    folder.mkdir(parents=True, exist_ok=True)
    for mid, items in files.items():
        (folder / f"{mid}.json").write_text(
            json.dumps({"model_id": mid, "itemSummaries": items}, indent=1, ensure_ascii=False) + "\n",
            encoding="utf-8",
        )
    (folder / "manifest.json").write_text(json.dumps(manifest, indent=2) + "\n", encoding="utf-8")
    return sum(len(items) for items in files.values())


def write(out: Path = OUT, data: Path = DATA) -> int:
    """Write every marketplace's folder under `out`; the number of items written."""
    total = 0
    for marketplace, files in build(data).items():
        currency = MARKETPLACES[marketplace]["currency"]
        manifest = {
            "snapshot_date": SNAPSHOT_DATE,
            "kind": "sample",
            "note": "Authored by the gpu-market project as sample data in the eBay Browse API format "
            f"({marketplace}, {currency}). Not market prices.",
            "marketplace": marketplace,
            "currency": currency,
            "files": {mid: f"{mid}.json" for mid in files},
        }
        total += write_snapshot(out / marketplace, files, manifest)
    return total


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", type=Path, default=OUT)
    args = ap.parse_args()
    print(f"wrote {write(args.out)} items -> {args.out}/EBAY_GB, EBAY_DE")


if __name__ == "__main__":
    main()
