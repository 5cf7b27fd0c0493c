"""Property test over the store parsers (issue 23): whatever the markup, a parsed row never keeps an HTML
entity in its title or a condition word at either end of it, and its price is a positive number or null
with a note saying why. Pages with no products raise a PageProblem of a known kind, never anything else.

Cells are built from the stores' real parts (title link with badge, price box, was-price, stock line,
open-box line) filled with hostile text, in random order, sometimes wrapped in stray tags; whole pages are
also random text. Examples are derandomized so the suite is reproducible.
"""

import html
import warnings

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pipelines.sources.retailers import microcenter, newegg
from pipelines.sources.retailers.page_problems import FIXES
from pipelines.sources.retailers.parsed_page import CONDITIONS, LISTING_KINDS, PageProblem
from transforms.retailer_titles import ends_with_condition, has_entity

SETTINGS = settings(
    max_examples=200, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow]
)

CONDITION_WORDS = [
    "Refurbished",
    "Open Box",
    "open-box",
    "Used",
    "Used - Good",
    "Pre-Owned",
    "Renewed",
    "Certified Refurbished",
    "Manufacturer Recertified",
    "Refurbished Grade A",
]
SEPARATORS = [" ", ": ", " - ", " – ", " | ", ", ", "/", ""]
ENTITIES = [
    "&amp;",
    "&quot;",
    "&amp;quot;",
    "&amp;amp;quot;",
    "&#39;",
    "&#x27;",
    "&lt;",
    "&gt;",
    "&nbsp;",
    "&amp;#34;",
    "&trade;",
    "&reg;",
]
WORDS = [
    "ASUS",
    "GeForce",
    "RTX",
    "4090",
    "24GB",
    "GDDR6X",
    "TUF",
    "Gaming",
    "OC",
    "Radeon",
    "RX 7900 XTX",
    "12.5",
    "Unused",
    "used-look",
    "Box",
    "Open",
    "(OC)",
    "[V2]",
    "+",
    "-",
    "&",
    "AT&T",
    "R&D",
]

word = st.one_of(
    st.sampled_from(WORDS),
    st.sampled_from(ENTITIES),
    st.sampled_from(CONDITION_WORDS),
    st.text(alphabet=st.characters(codec="utf-8", exclude_categories=("Cs", "Cc")), max_size=8),
)


@st.composite
def hostile_title(draw) -> str:
    core = " ".join(draw(st.lists(word, min_size=0, max_size=8)))
    for _ in range(draw(st.integers(0, 2))):
        core = draw(st.sampled_from(CONDITION_WORDS)) + draw(st.sampled_from(SEPARATORS)) + core
    for _ in range(draw(st.integers(0, 2))):
        core = core + draw(st.sampled_from(SEPARATORS)) + draw(st.sampled_from(CONDITION_WORDS))
    if draw(st.booleans()):
        core = core + f" ({draw(st.sampled_from(CONDITION_WORDS))}) " + draw(st.sampled_from(WORDS))
    return core


price_text = st.one_of(
    st.decimals(min_value=-50, max_value=10_000_000, places=2).map(lambda d: f"${d:,.2f}"),
    st.sampled_from(
        [
            "",
            "Call for price",
            "See price in cart",
            "$0.00",
            "$-1",
            "$1,299.99 - $1,499.99",
            "Free",
            "$",
            "N/A",
            "$12,34",
            "1.299,99 €",
        ]
    ),
    st.text(max_size=12),
)
stock_text = st.sampled_from(
    [
        "",
        "25+ NEW IN STOCK",
        "0 IN STOCK",
        "SOLD OUT",
        "Back order",
        "Add to cart",
        "View Details",
        "Auto Notify",
        "OUT OF STOCK",
        "Limited offer",
    ]
)


def esc(text: str) -> str:
    """Text as it could appear in the page source: escaped once, or passed through raw (entities and all)."""
    return html.escape(text, quote=True)


def wrap(draw, fragment: str) -> str:
    tag = draw(st.sampled_from(["", "div", "span", "b", "p", "section"]))
    return f"<{tag}>{fragment}</{tag}>" if tag else fragment


@st.composite
def newegg_cell(draw) -> str:
    title = draw(hostile_title())
    raw = draw(st.booleans())  # entities straight in the source (decoded once by the HTML parser) or escaped
    badge = draw(st.sampled_from(["", *CONDITION_WORDS]))
    combo = draw(st.booleans())
    href = (
        "/Product/ComboDealDetails?ItemList=Combo.42"
        if combo
        else "https://www.newegg.com/p/N82E1?Item=N82E1"
    )
    parts = [
        f'<a class="item-title" href="{href}"><span class="item-open-box-italic">{esc(badge)}</span>'
        f"{title if raw else esc(title)}</a>",
        f'<ul class="price"><li class="price-was">{esc(draw(price_text))}'
        f'<span class="price-was-data">{esc(draw(price_text))}</span></li>'
        f'<li class="price-current">{esc(draw(price_text))}</li></ul>',
        f'<p class="item-promo">{esc(draw(stock_text))}</p>',
        f'<div class="item-button-area"><button>{esc(draw(stock_text))}</button></div>',
    ]
    parts = draw(st.permutations(parts))
    return (
        f'<div class="item-cell" id="combo_cell_42_{draw(st.integers(0, 99))}">'
        + "".join(wrap(draw, p) for p in parts)
        + "</div>"
    )


@st.composite
def microcenter_tile(draw) -> str:
    title = draw(hostile_title())
    raw = draw(st.booleans())
    name_attr = esc(esc(title)) if draw(st.booleans()) else esc(title)  # the store encodes data-name twice
    link_text = draw(st.sampled_from(["", title if raw else esc(title)]))
    parts = [
        f'<a id="hypProductH2_0" href="/product/1/x" data-id="1" data-brand="{esc(draw(st.sampled_from(WORDS)))}" '
        f'data-name="{name_attr}" data-price="{esc(draw(price_text))}">{link_text}</a>',
        f'<p class="sku">SKU: {draw(st.integers(0, 999999))}</p>',
        f'<div class="price_wrapper"><div class="price"><div class="standardDiscount"><strike>'
        f'{esc(draw(price_text))}</strike><span class="savings">Save {esc(draw(price_text))}</span></div>'
        f'<span itemprop="price">{esc(draw(price_text))}</span></div>'
        f'<div class="clearance">{draw(st.integers(0, 9))} open box from <strong>{esc(draw(price_text))}</strong>'
        f'<span class="ObStrike">{esc(draw(price_text))}</span></div></div>',
        f'<div class="stock"><span class="inventoryCnt">{esc(draw(stock_text))}</span></div>',
    ]
    parts = draw(st.permutations(parts))
    return '<li class="product_wrapper">' + "".join(wrap(draw, p) for p in parts) + "</li>"


def assert_well_formed(listings) -> None:
    for item in listings:
        assert item.title, item
        assert not has_entity(item.title), item.title
        assert not ends_with_condition(item.title), item.title
        assert item.title == item.title.strip()
        assert item.condition in CONDITIONS and item.listing_kind in LISTING_KINDS
        for price in (item.price_usd, item.was_price_usd):
            assert price is None or price > 0, item
        if item.price_usd is None:
            assert item.price_note, f"a missing price must say why: {item}"
        assert item.stock_quantity is None or item.stock_quantity >= 0


def parse_or_problem(parse, page: str, url: str):
    try:
        return parse(page, url).listings
    except PageProblem as problem:
        assert problem.kind in FIXES and str(problem).endswith(FIXES[problem.kind])
        return []


@SETTINGS
@given(st.lists(newegg_cell(), min_size=1, max_size=4))
def test_newegg_rows_are_well_formed_whatever_the_markup(cells):
    page = "<html><body><div class='item-cells-wrap'>" + "".join(cells) + "</div></body></html>"
    assert_well_formed(parse_or_problem(newegg.parse_search_page, page, "https://www.newegg.com/p/pl?d=x"))


@SETTINGS
@given(st.lists(microcenter_tile(), min_size=1, max_size=4))
def test_microcenter_rows_are_well_formed_whatever_the_markup(tiles):
    page = "<html><body><ul>" + "".join(tiles) + "</ul></body></html>"
    assert_well_formed(
        parse_or_problem(
            microcenter.parse_category_page, page, "https://www.microcenter.com/category/1/x?storeid=131"
        )
    )


@SETTINGS
@given(st.text(max_size=300))
def test_any_text_is_rows_or_a_named_problem(text):
    for parse, url in (
        (newegg.parse_search_page, "https://www.newegg.com/p/pl"),
        (microcenter.parse_category_page, "https://www.microcenter.com/category/1/x"),
    ):
        assert_well_formed(parse_or_problem(parse, text, url))


def test_a_body_that_looks_like_a_url_is_a_named_problem_without_a_warning():
    """BeautifulSoup warns when the markup resembles a URL or a file name; a store that answers with one is a
    bad page like any other (a named problem), not a warning in whoever runs the parser."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for body in ("https://www.newegg.com/p/N82E16814137632", "index.html"):
            for parse, url in (
                (newegg.parse_search_page, "https://www.newegg.com/p/pl"),
                (microcenter.parse_category_page, "https://www.microcenter.com/category/1/x"),
            ):
                with pytest.raises(PageProblem):
                    parse(body, url)
