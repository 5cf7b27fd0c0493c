"""The bundled eBay samples are generated, not hand-kept (issue 38): the generators write all three
marketplaces' snapshots byte for byte as committed, EBAY_US from its seed and tables, EBAY_GB and EBAY_DE from
their data table (tools/sample_ebay_regions.csv)."""

import csv
from pathlib import Path

from tools import make_sample_ebay, make_sample_ebay_regions

SAMPLE = Path(__file__).resolve().parents[1] / "pipelines" / "sample_data" / "ebay"


def files(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*.json"))}


def test_the_generators_write_every_marketplace_sample_byte_for_byte(tmp_path):
    us = make_sample_ebay.write(tmp_path)
    regions = make_sample_ebay_regions.write(tmp_path)
    written, committed = files(tmp_path), files(SAMPLE)
    assert written.keys() == committed.keys()
    assert {k.split("/")[0] for k in written if "/" in k} == {"EBAY_GB", "EBAY_DE"}
    assert [k for k in written if written[k] != committed[k]] == []
    assert us > 500 and regions > 150  # every listing, not an empty folder


def test_a_row_of_the_regions_table_becomes_its_listing(tmp_path):
    """The table drives the files: a changed price in the table is that listing's price, in its currency."""
    with make_sample_ebay_regions.DATA.open(newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    first = next(r for r in rows if r["marketplace"] == "EBAY_GB")
    first["price"] = "123.45"
    edited = tmp_path / "table.csv"
    with edited.open("w", newline="", encoding="utf-8") as f:
        writer = csv.DictWriter(f, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)
    listing = make_sample_ebay_regions.build(edited)["EBAY_GB"][first["model_id"]][0]
    assert listing["legacyItemId"] == first["item_id"]
    assert listing["price"] == {"value": "123.45", "currency": "GBP"}
    assert listing["itemWebUrl"] == f"https://www.ebay.co.uk/itm/{first['item_id']}"
