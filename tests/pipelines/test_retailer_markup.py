"""The store parsers on the stores' real structures (issue 23), one test per class of mistake.

The pages under tests/data/stores/ are written by gpu-market; each reproduces a structure seen on real saved
Newegg and Micro Center pages from public scrapers (2019-2026), with invented products and prices.
"""

from pathlib import Path

import httpx
import pytest

from pipelines.sources.http_session import FetchError, HttpSession, RetryPolicy, Throttle
from pipelines.sources.retailers import microcenter, newegg
from pipelines.sources.retailers.client import RetailerClient
from pipelines.sources.retailers.page_problems import FIXES
from pipelines.sources.retailers.parsed_page import LayoutChangedError, PageProblem
from pipelines.sources.retailers.stores import microcenter_spec, newegg_spec

PAGES = Path(__file__).resolve().parents[1] / "data" / "stores"
NEWEGG_URL = "https://www.newegg.com/p/pl?d=rtx"
MC_URL = "https://www.microcenter.com/search/search_results.aspx?N=4294966937&storeid=131"


def page(name: str) -> str:
    return (PAGES / name).read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def ne2026():
    return {x.sku: x for x in newegg.parse_search_page(page("newegg_grid_2026.html"), NEWEGG_URL).listings}


@pytest.fixture(scope="module")
def ne2021():
    return {x.sku: x for x in newegg.parse_search_page(page("newegg_grid_2021.html"), NEWEGG_URL).listings}


@pytest.fixture(scope="module")
def mc2023():
    return {
        (x.sku, x.condition): x
        for x in microcenter.parse_category_page(page("microcenter_tiles_2023.html"), MC_URL).listings
    }


def test_every_fixture_is_marked_as_ours():
    for path in PAGES.glob("*.html"):
        assert "sample page authored by gpu-market" in path.read_text(encoding="utf-8"), path.name


# --------------------------------------------------------------------------- bundles


def test_a_newegg_combo_is_a_bundle_keyed_by_its_combo_number_not_its_grid_position(ne2026):
    combo = ne2026["Combo.4190581"]
    assert combo.listing_kind == "bundle"
    assert combo.components == (
        "GIGABYTE GeForce RTX 3070 GV-N3070GAMING OC-8GD 8GB Video Card | "
        "GIGABYTE GP-P750GM 750W ATX 80 PLUS GOLD Power Supply"
    )
    assert combo.url == "https://www.newegg.com/Product/ComboDealDetails?ItemList=Combo.4190581"
    assert combo.price_usd == 699.98
    assert not any(sku.startswith("combo_cell") for sku in ne2026)
    assert all(x.listing_kind == "card" for sku, x in ne2026.items() if sku != "Combo.4190581")


def test_the_combo_key_is_stable_when_the_cell_moves():
    moved = page("newegg_grid_2026.html").replace("combo_cell_4190581_4", "combo_cell_4190581_17")
    skus = {x.sku for x in newegg.parse_search_page(moved, NEWEGG_URL).listings}
    assert "Combo.4190581" in skus


def test_a_combo_cell_without_a_combo_link_is_still_a_bundle():
    html = page("newegg_grid_2026.html").replace(
        "/Product/ComboDealDetails?ItemList=Combo.4190581", "https://www.newegg.com/p/pl?d=combo"
    )
    (combo,) = [x for x in newegg.parse_search_page(html, NEWEGG_URL).listings if x.listing_kind == "bundle"]
    assert combo.sku == "Combo.4190581"


# --------------------------------------------------------------------------- condition


def test_newegg_condition_badge_inside_the_title_link(ne2026):
    refurb = ne2026["N82E16814932202R"]
    assert (refurb.condition, refurb.title) == (
        "refurbished",
        "ASUS TUF Gaming GeForce RTX 3080 10GB GDDR6X Video Card",
    )
    used = ne2026["9SIA0AB1C23456"]
    assert (used.condition, used.title) == ("used", "ZOTAC GAMING GeForce RTX 3090 Trinity 24GB GDDR6X")
    assert ne2026["N82E16814932201"].condition == "new"  # the badge span is there, empty


def test_micro_center_refurbished_in_the_middle_of_the_name(mc2023):
    assert ("660470", "new") not in mc2023
    refurb = mc2023[("660470", "refurbished")]
    assert refurb.title == "ASUS GeForce RTX 3080 TUF Gaming Overclocked Triple Fan 10GB GDDR6X"


# --------------------------------------------------------------------------- open box


def test_micro_center_open_box_offers_are_rows_with_price_and_count(mc2023):
    offer = mc2023[("660467", "open_box")]
    assert (offer.price_usd, offer.stock_quantity, offer.in_stock, offer.price_note) == (
        674.96,
        2,
        True,
        "open box from",
    )
    assert mc2023[("660480", "open_box")].price_usd == 764.96


def test_the_struck_new_price_beside_an_open_box_offer_is_not_the_offer(mc2023):
    offer = mc2023[("660490", "open_box")]
    assert offer.price_usd == 1529.99 and offer.stock_quantity is None


# --------------------------------------------------------------------------- stock


def test_a_zero_count_is_out_of_stock(mc2023):
    zero = mc2023[("660480", "new")]
    assert (zero.in_stock, zero.stock_quantity) == (False, 0)
    plenty = mc2023[("660467", "new")]
    assert (plenty.in_stock, plenty.stock_quantity) == (True, 25)
    assert plenty.stock_text.startswith("25+ NEW IN STOCK")
    assert mc2023[("660490", "new")].in_stock is False  # SOLD OUT


def test_newegg_stock_from_the_button(ne2026, ne2021):
    assert (ne2026["N82E16814932205"].in_stock, ne2026["N82E16814932205"].stock_text) == (False, "Back order")
    assert ne2026["N82E16814932206"].in_stock is False  # OUT OF STOCK promo, View Details button
    assert ne2026["N82E16814932207"].in_stock is None  # a promo that is not about stock, View Details
    assert ne2026["N82E16814932201"].in_stock is True  # Add to cart
    assert ne2021["N82E16814487301"].in_stock is True  # Add To Cart (older capitalisation)


# --------------------------------------------------------------------------- was-price and SKU


def test_was_price_read_once_from_a_container_that_repeats_it(ne2021, ne2026):
    assert ne2021["N82E16814487301"].was_price_usd == 429.99  # visible "$429.99" + hidden "429.99"
    assert ne2021["N82E16814487301"].price_usd == 389.99
    assert ne2026["N82E16814932201"].was_price_usd == 649.99


def test_micro_center_was_price_is_the_struck_regular_price_not_the_saving(mc2023):
    item = mc2023[("660467", "new")]
    assert (item.price_usd, item.was_price_usd) == (749.99, 849.99)


def test_micro_center_keeps_both_the_product_id_and_the_printed_sku(mc2023):
    item = mc2023[("660467", "new")]
    assert (item.sku, item.shown_sku) == ("660467", "518613")
    assert (
        item.url
        == "https://www.microcenter.com/product/660467/msi-geforce-rtx-4070-ti-super-ventus?storeid=131"
    )


def test_newegg_keys_without_an_item_number_line(ne2026):
    assert {"N82E16814932201", "N82E16814932202R", "9SIA0AB1C23456"} <= set(ne2026)


def test_newegg_container_id_is_the_key_of_last_resort():
    html = """<div class="item-cell" id="item_cell_14-932-401_3_0"><div class="item-container" id="14-932-401">
      <a class="item-title">MSI RTX 4060 8GB</a><ul class="price"><li class="price-current">$<strong>299</strong></li></ul>
      </div></div>"""
    (item,) = newegg.parse_search_page(html, NEWEGG_URL).listings
    assert item.sku == "14-932-401"  # not item_cell_..._3_0, which carries the grid position


# --------------------------------------------------------------------------- entities


def test_double_encoded_names_are_decoded(ne2026, mc2023):
    assert (
        ne2026["N82E16814932201"].title
        == 'MSI Ventus 2X GeForce RTX 4070 SUPER 12GB GDDR6X 2.5" slot Graphics Card'
    )
    html = page("microcenter_tiles_2023.html").replace(
        ">MSI GeForce RTX 4070 Ti SUPER Ventus 3X Overclocked Triple Fan 16GB GDDR6X PCIe 4.0 2.5&quot; Slot Graphics Card</a>",
        "></a>",
    )  # no link text: the name comes from data-name, encoded twice and without the brand
    item = {(x.sku, x.condition): x for x in microcenter.parse_category_page(html, MC_URL).listings}[
        ("660467", "new")
    ]
    assert item.title == (
        "MSI GeForce RTX 4070 Ti SUPER Ventus 3X Overclocked Triple Fan 16GB GDDR6X PCIe 4.0 "
        '2.5" Slot Graphics Card'
    )
    assert "&" not in mc2023[("660467", "new")].title


# --------------------------------------------------------------------------- older grid


def test_the_older_newegg_grid_is_read_not_a_layout_change(ne2021):
    assert set(ne2021) == {"N82E16814487301", "N82E16814137302"}
    assert ne2021["N82E16814487301"].title == "EVGA GeForce RTX 3060 XC GAMING, 12G-P5-3657-KR, 12GB GDDR6"
    assert ne2021["N82E16814487301"].brand == "EVGA"


# --------------------------------------------------------------------------- pages without products


@pytest.mark.parametrize(
    ("parse", "name", "kind"),
    [
        (microcenter.parse_category_page, "microcenter_select_store.html", "store_not_selected"),
        (microcenter.parse_category_page, "microcenter_no_results.html", "no_results"),
        (microcenter.parse_category_page, "microcenter_challenge.html", "blocked"),
        (newegg.parse_search_page, "newegg_no_results.html", "no_results"),
        (newegg.parse_search_page, "newegg_are_you_a_human.html", "blocked"),
    ],
)
def test_a_page_without_products_says_why_and_how_to_fix_it(parse, name, kind):
    with pytest.raises(PageProblem) as err:
        parse(page(name), MC_URL if "microcenter" in name else NEWEGG_URL)
    assert err.value.kind == kind
    assert not isinstance(err.value, LayoutChangedError)
    assert str(err.value).endswith(f"fix: {FIXES[kind]}")


def test_an_unknown_empty_page_is_still_a_layout_change():
    with pytest.raises(LayoutChangedError) as err:
        newegg.parse_search_page(
            "<html><body><div class='new-grid'><p>RTX 4090</p></div></body></html>", NEWEGG_URL
        )
    assert err.value.kind == "layout_changed" and "div.item-cell" in str(err.value)


def test_a_product_called_access_denied_is_not_a_block():
    html = page("microcenter_tiles_2023.html").replace(
        "GeForce RTX 4090 VERTO", "Access Denied Edition RTX 4090"
    )
    assert len(microcenter.parse_category_page(html, MC_URL).listings) == 7


def _client_error(spec, handler) -> FetchError:
    http = httpx.Client(transport=httpx.MockTransport(handler))
    session = HttpSession(
        http, RetryPolicy(max_attempts=2, base_delay_s=0.0), Throttle(0), sleep=lambda s: None
    )
    with pytest.raises(FetchError) as err:
        list(RetailerClient(spec, session).pages())
    return err.value


def test_the_client_records_each_kind_with_its_fix():
    def store_picker(request: httpx.Request) -> httpx.Response:
        if request.url.path == "/robots.txt":
            return httpx.Response(404)
        return httpx.Response(200, text=page("microcenter_select_store.html"))

    err = _client_error(microcenter_spec("https://mc.test", "131"), store_picker)
    assert err.kind == "store_not_selected" and "MICROCENTER_STORE_ID" in err.reason

    def forbidden(request: httpx.Request) -> httpx.Response:
        return (
            httpx.Response(404)
            if request.url.path == "/robots.txt"
            else httpx.Response(403, text="Access Denied")
        )

    err = _client_error(newegg_spec("https://ne.test"), forbidden)
    assert (err.kind, err.status) == ("blocked", 403) and "fix: crawl less often" in err.reason
