import json
from pathlib import Path

import pytest

from pipelines.sources.retailers import bestbuy, microcenter, newegg
from pipelines.sources.retailers.parsed_page import (
    CONDITIONS,
    LayoutChangedError,
    ParsedPage,
    RetailerListing,
)
from transforms.retailer_titles import split_condition

SAMPLES = Path(__file__).resolve().parents[2] / "pipelines" / "sample_data" / "retailers"
NEWEGG_URL_1 = "https://www.newegg.com/p/pl?N=100007709&d=graphics+card"
NEWEGG_URL_2 = "https://www.newegg.com/p/pl?N=100007709&d=graphics+card&page=2"
MC_URL_1 = "https://www.microcenter.com/search/search_results.aspx?N=4294966937&sortby=match&storeid=131"
MC_URL_2 = (
    "https://www.microcenter.com/search/search_results.aspx?N=4294966937&sortby=match&page=2&storeid=131"
)


def sample(store: str, name: str) -> str:
    return (SAMPLES / store / name).read_text(encoding="utf-8")


def by_sku(page: ParsedPage, condition: str | None = None) -> dict[str, RetailerListing]:
    return {item.sku: item for item in page.listings if condition is None or item.condition == condition}


@pytest.fixture(scope="module")
def ne1() -> ParsedPage:
    return newegg.parse_search_page(sample("newegg", "search-page-1.html"), NEWEGG_URL_1)


@pytest.fixture(scope="module")
def ne2() -> ParsedPage:
    return newegg.parse_search_page(sample("newegg", "search-page-2.html"), NEWEGG_URL_2)


@pytest.fixture(scope="module")
def mc1() -> ParsedPage:
    return microcenter.parse_category_page(sample("microcenter", "category-page-1.html"), MC_URL_1)


@pytest.fixture(scope="module")
def mc2() -> ParsedPage:
    return microcenter.parse_category_page(sample("microcenter", "category-page-2.html"), MC_URL_2)


@pytest.fixture(scope="module")
def bb1() -> ParsedPage:
    return bestbuy.parse_products_response(json.loads(sample("bestbuy", "products-page-1.json")))


@pytest.fixture(scope="module")
def bb2() -> ParsedPage:
    return bestbuy.parse_products_response(json.loads(sample("bestbuy", "products-page-2.json")))


# --------------------------------------------------------------------------- all stores


@pytest.mark.parametrize("name", ["ne1", "ne2", "mc1", "mc2", "bb1", "bb2"])
def test_every_listing_is_well_formed(name, request):
    page = request.getfixturevalue(name)
    store = {"ne": "newegg", "mc": "microcenter", "bb": "bestbuy"}[name[:2]]
    for item in page.listings:
        assert item.store == store
        assert item.sku and item.title
        assert item.condition in CONDITIONS
        if item.price_usd is None:
            assert item.price_note, f"{item.sku}: a missing price must say why"
        else:
            assert 0 < item.price_usd < 10_000
        if item.was_price_usd is not None:
            assert item.price_usd is not None and item.was_price_usd > item.price_usd
        if item.rating is not None:
            assert 0 < item.rating <= 5
        assert item.url is None or item.url.startswith("https://")


@pytest.mark.parametrize(
    ("store", "name"),
    [
        ("newegg", "search-page-1.html"),
        ("newegg", "search-page-2.html"),
        ("newegg", "layout-changed.html"),
        ("microcenter", "category-page-1.html"),
        ("microcenter", "category-page-2.html"),
        ("microcenter", "layout-changed.html"),
        ("bestbuy", "products-page-1.json"),
        ("bestbuy", "products-page-2.json"),
    ],
)
def test_samples_are_marked_as_ours(store, name):
    assert "sample page authored by gpu-market" in sample(store, name)


def test_condition_words_count_at_the_ends_or_in_brackets_only():
    assert split_condition("Refurbished: MSI RTX 4070") == ("MSI RTX 4070", "refurbished")
    assert split_condition("Open Box - ASUS RTX 4090") == ("ASUS RTX 4090", "open_box")
    assert split_condition("Used - Like New: MSI RTX 4090") == ("MSI RTX 4090", "used")
    assert split_condition("(Renewed) ZOTAC RTX 3090") == ("ZOTAC RTX 3090", "refurbished")
    assert split_condition("ASUS RTX 3080 (Refurbished) TUF Gaming") == (
        "ASUS RTX 3080 TUF Gaming",
        "refurbished",
    )
    assert split_condition("ZOTAC RTX 3090 Trinity - Open Box") == ("ZOTAC RTX 3090 Trinity", "open_box")
    assert split_condition("ASUS RTX 4090 - the card most used for training").condition is None
    assert split_condition("Unused stock: MSI RTX 4090").condition is None  # "unused" is not "used"
    assert split_condition("MSI GeForce RTX 4080 SUPER 16GB") == ("MSI GeForce RTX 4080 SUPER 16GB", None)


def test_layout_changed_error_is_a_value_error_naming_store_and_selector():
    err = LayoutChangedError("newegg", "div.item-cell")
    assert isinstance(err, ValueError)
    assert "newegg" in str(err) and "div.item-cell" in str(err)
    assert str(LayoutChangedError("bestbuy: plain message")).startswith("bestbuy: plain message; fix: ")
    assert LayoutChangedError("newegg", "div.item-cell").kind == "layout_changed"


# --------------------------------------------------------------------------- Newegg


def test_newegg_counts_and_pagination(ne1, ne2):
    assert len(ne1.listings) == 11  # 12 cells, one text ad
    assert len(ne2.listings) == 8  # 9 cells, one empty placeholder
    assert ne1.next_url == NEWEGG_URL_2
    assert ne2.next_url is None


def test_newegg_sale_item(ne1):
    item = by_sku(ne1)["N82E16814932001"]
    assert item == newegg.RetailerListing(
        store="newegg",
        sku="N82E16814932001",
        title="ASUS TUF Gaming GeForce RTX 4090 OC Edition 24GB GDDR6X PCI Express 4.0 Graphics Card",
        price_usd=1799.99,
        was_price_usd=1999.99,
        shipping_usd=0.0,
        in_stock=True,
        condition="new",
        url="https://www.newegg.com/asus-tuf-rtx4090-o24g-gaming/p/N82E16814932001",
        brand="ASUS",
        rating=4.5,
        review_count=1234,
        price_note=None,
        stock_text="Add to cart",
    )


def test_newegg_shipping_stock_and_conditions(ne1, ne2):
    p1, p2 = by_sku(ne1), by_sku(ne2)
    assert p1["N82E16814932002"].shipping_usd == 9.99
    assert p1["N82E16814932002"].rating == 4.0 and p1["N82E16814932002"].review_count == 87
    oos = p1["N82E16814932003"]
    assert (oos.in_stock, oos.price_usd, oos.price_note) == (False, 799.99, None)
    assert p1["N82E16814932004R"].condition == "open_box"
    refurb = p1["9SIAGPMK0A1234"]  # sku read from ?Item= on a marketplace link
    assert (refurb.condition, refurb.price_usd, refurb.rating) == ("refurbished", 349.99, 3.0)
    assert p2["N82E16814932018U"].condition == "used"
    assert p2["N82E16814932017"].shipping_usd is None  # "Special Shipping": unknown amount
    assert p2["N82E16814932014"].was_price_usd == 769.99


def test_newegg_prices_that_are_not_a_single_number(ne1, ne2):
    p1, p2 = by_sku(ne1), by_sku(ne2)
    missing = p1["N82E16814932007"]
    # no price shown, but the button sells it: in stock, the price unknown
    assert (missing.price_usd, missing.in_stock, missing.price_note) == (None, True, "missing")
    ranged = p1["N82E16814932008"]  # "(4 Offers)" is ignored, the two ends are read
    assert ranged.price_usd is None and ranged.price_note == "range 2199.99-2599.99"
    assert p1["N82E16814932011"].price_usd == 1299.99  # "(2 Offers)" after a single price
    assert p2["N82E16814932016"].price_note == "see price in cart"
    sold_out = p2["N82E16814932019"]
    assert (sold_out.price_usd, sold_out.in_stock, sold_out.price_note) == (None, False, "out of stock")


def test_newegg_ad_and_placeholder_cells_are_skipped(ne1, ne2):
    titles = [item.title for item in ne1.listings + ne2.listings]
    assert not any("Sponsored" in t for t in titles)
    assert len(set(by_sku(ne1)) | set(by_sku(ne2))) == 19


def test_newegg_sku_sources_in_order():
    cell = """<div class="item-cell" id="item_cell_x"><a class="item-title" href="{href}">MSI RTX 5080</a>
      <ul class="item-features"><li><strong>Item #: </strong>N82E16814000002</li></ul></div>"""

    def sku(href):
        return newegg.parse_search_page(cell.format(href=href), NEWEGG_URL_1).listings[0].sku

    assert sku("/p/1FT-0001?Item=9SIA000001") == "9SIA000001"  # ?Item= first
    assert sku("/msi-rtx-5080/p/N82E16814000001") == "N82E16814000002"  # then the features list
    bare = (
        '<div class="item-cell" id="item_cell_x"><a class="item-title" href="{href}">MSI RTX 5080</a></div>'
    )
    assert newegg.parse_search_page(bare.format(href="/msi/p/N82E16814000001?x=1"), NEWEGG_URL_1).listings[
        0
    ].sku == (
        "N82E16814000001"  # then the /p/ path
    )


def test_newegg_layout_change_raises():
    with pytest.raises(LayoutChangedError, match=r"newegg.*div\.item-cell"):
        newegg.parse_search_page(sample("newegg", "layout-changed.html"), NEWEGG_URL_1)
    with pytest.raises(LayoutChangedError):
        newegg.parse_search_page("", NEWEGG_URL_1)


def test_newegg_unparseable_price_is_kept_with_a_note():
    html = """<div class="item-cell"><a class="item-title" href="/p/N82E1">ZOTAC RTX 4070</a>
      <ul><li class="price-current">$1,2,3</li></ul></div>"""
    page = newegg.parse_search_page(html, NEWEGG_URL_1)
    (item,) = page.listings
    assert item.price_usd is None and item.price_note == "unparsed: $1,2,3"
    assert item.sku == "N82E1" and item.url == "https://www.newegg.com/p/N82E1"
    assert page.next_url is None  # no pagination block at all


def test_newegg_page_of_only_ads_is_empty_not_an_error():
    html = '<div class="item-cell"><div class="txt-ads-link"><a href="/x">Ad</a></div></div>'
    assert newegg.parse_search_page(html, NEWEGG_URL_1).listings == []


def test_newegg_next_link_with_href_and_disabled_next():
    with_href = (
        '<div class="item-cell"><a class="item-title" href="/p/A1">A</a></div>'
        '<div class="list-tool-pagination"><a title="Next" href="/p/pl?N=100007709&page=3">Next</a></div>'
    )
    assert (
        newegg.parse_search_page(with_href, NEWEGG_URL_2).next_url
        == "https://www.newegg.com/p/pl?N=100007709&page=3"
    )
    disabled = (
        '<div class="item-cell"><a class="item-title" href="/p/A1">A</a></div>'
        '<div class="list-tool-pagination"><button title="Next" disabled></button></div>'
    )
    assert newegg.parse_search_page(disabled, NEWEGG_URL_2).next_url is None


# --------------------------------------------------------------------------- Micro Center


def test_microcenter_counts_and_pagination(mc1, mc2):
    assert len(mc1.listings) == 11  # 10 tiles + one open-box offer
    assert len(mc2.listings) == 7  # 6 tiles + one open-box offer
    assert mc1.next_url == (
        "https://www.microcenter.com/search/search_results.aspx?N=4294966937&sortby=match&page=2&storeid=131"
    )
    assert mc2.next_url is None


def test_microcenter_tile_fields(mc1):
    item = by_sku(mc1, "new")["690101"]
    assert item.title.startswith("ASUS NVIDIA GeForce RTX 4090 TUF Gaming")
    assert (item.price_usd, item.was_price_usd, item.in_stock) == (1799.99, 1999.99, True)
    assert (item.brand, item.rating, item.review_count) == ("ASUS", 4.5, 37)
    assert item.shipping_usd is None
    assert item.url.startswith("https://www.microcenter.com/product/690101/")
    assert item.url.endswith("?storeid=131")


def test_microcenter_open_box_offer(mc1, mc2):
    open_box = by_sku(mc1, "open_box")
    assert set(open_box) == {"690101"}
    assert (open_box["690101"].price_usd, open_box["690101"].price_note) == (1549.99, "open box from")
    assert by_sku(mc2, "open_box")["690112"].price_usd == 529.99


def test_microcenter_stock_condition_and_missing_price(mc1, mc2):
    p1 = by_sku(mc1, "new") | by_sku(mc1, "refurbished")
    assert p1["690103"].in_stock is False and p1["690103"].price_usd == 799.99
    assert by_sku(mc2)["690113"].in_stock is False
    assert p1["690110"].condition == "refurbished"
    missing = p1["690108"]
    assert (missing.price_usd, missing.price_note, missing.in_stock) == (None, "missing", None)
    assert (p1["690105"].rating, p1["690105"].review_count) == (None, 0)


def test_microcenter_data_price_is_the_fallback():
    html = """<li class="product_wrapper"><a id="hypProductH2_0" href="/product/1/x" data-name="Intel Arc B580"
      data-brand="Intel" data-price="249.99" data-id="1">Intel Arc B580</a>
      <div class="price_wrapper"><div class="price"></div></div></li>"""
    (item,) = microcenter.parse_category_page(
        html, "https://www.microcenter.com/category/4294966937/video-cards"
    ).listings
    assert (item.sku, item.price_usd, item.brand) == ("1", 249.99, "Intel")
    assert item.url == "https://www.microcenter.com/product/1/x"  # no storeid on the page URL, none added


def test_microcenter_layout_change_raises():
    with pytest.raises(LayoutChangedError, match=r"microcenter.*li\.product_wrapper"):
        microcenter.parse_category_page(sample("microcenter", "layout-changed.html"), MC_URL_1)


# --------------------------------------------------------------------------- Best Buy


def test_bestbuy_products_request():
    url, params = bestbuy.products_request("KEY123", cursor="AoN=", page_size=50)
    assert url == "https://api.bestbuy.com/v1/products(categoryPath.id=abcat0507002)"
    assert params == {
        "apiKey": "KEY123",
        "format": "json",
        "show": "sku,name,salePrice,regularPrice,onSale,onlineAvailability,condition,url,manufacturer,"
        "customerReviewAverage,customerReviewCount,shippingCost,freeShipping",
        "pageSize": 50,
        "cursorMark": "AoN=",
    }
    assert bestbuy.products_request("KEY123")[1]["cursorMark"] == "*"
    assert bestbuy.products_request("KEY123")[1]["pageSize"] == 100
    with pytest.raises(ValueError):
        bestbuy.products_request("KEY123", page_size=101)
    with pytest.raises(ValueError):
        bestbuy.products_request("  ")


def test_bestbuy_counts_and_cursor(bb1, bb2):
    assert len(bb1.listings) == 6 and len(bb2.listings) == 4
    assert bb1.next_url == "AoNwpZXqzo8DKTY5MDAxMDY="
    assert bb2.next_url is None  # page 2 hands back its own cursor: the end


def test_bestbuy_fields(bb1, bb2):
    p1, p2 = by_sku(bb1), by_sku(bb2)
    sale = p1["6900103"]
    assert (sale.price_usd, sale.was_price_usd, sale.shipping_usd, sale.in_stock) == (
        749.99,
        849.99,
        0.0,
        True,
    )
    assert (sale.brand, sale.rating, sale.review_count) == ("ASUS", 4.8, 96)
    assert sale.url == "https://api.bestbuy.com/click/-/6900103/pdp"
    assert p1["6900101"].was_price_usd is None  # not on sale
    assert p1["6900102"].in_stock is False
    refurb = p1["6900104"]
    assert (refurb.condition, refurb.shipping_usd) == ("refurbished", 4.99)
    assert p2["6900109"].condition == "used"  # "Pre-Owned"
    no_sale_price = p2["6900110"]
    assert no_sale_price.price_usd == 549.99 and "regularPrice used" in no_sale_price.price_note
    assert no_sale_price.shipping_usd is None  # shippingCost "" and not free


def test_bestbuy_bad_payloads():
    with pytest.raises(LayoutChangedError, match="bestbuy"):
        bestbuy.parse_products_response({"items": []})
    with pytest.raises(LayoutChangedError):
        bestbuy.parse_products_response({"products": [{"title": "no sku"}]})
    end = bestbuy.parse_products_response({"products": [], "nextCursorMark": "AoX="})
    assert end.listings == [] and end.next_url is None


def test_bestbuy_cursor_with_plus_and_odd_values():
    payload = {
        "canonicalUrl": "/v1/products(categoryPath.id=abcat0507002)?format=json&cursorMark=Ao+N/x=",
        "nextCursorMark": "Ao+N/x=",
        "products": [
            {
                "sku": 1,
                "name": "X",
                "salePrice": 2_000_000,
                "regularPrice": None,
                "condition": "Open-Box",
                "customerReviewAverage": True,
                "onlineAvailability": "yes",
            },
            {"sku": "2", "name": "Y", "salePrice": "$1,099.99", "condition": None},
        ],
    }
    page = bestbuy.parse_products_response(payload)
    assert page.next_url is None  # the '+' in the echoed cursor is not read as a space
    absurd, text_price = page.listings
    assert absurd.price_usd is None and absurd.price_note.startswith("absurd")
    assert (absurd.condition, absurd.rating, absurd.in_stock) == ("open_box", None, None)
    assert (text_price.price_usd, text_price.condition) == (1099.99, "new")
