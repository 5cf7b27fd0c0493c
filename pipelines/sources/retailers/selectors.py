"""Every CSS selector, attribute and API field name the retailer parsers use: one block per store.

When a store redesigns its pages, this is the file to edit.

Where the structure comes from (public sources read for this module; reference only, no code copied):
  Newegg search/category pages (div.item-cell, a.item-title, li.price-current <strong>/<sup>,
  li.price-was span.price-was-data, li.price-ship, p.item-promo "OUT OF STOCK", div.txt-ads-link ads,
  a.item-brand img[title], i.rating rating-4-5 aria-label "rated 4.5 out of 5", span.item-rating-num "(123)",
  ul.item-features "Item #:", span.list-tool-pagination-text "Page <strong>1/8</strong>",
  div.btn-group-cell buttons):
    - github.com/wormhole85/newegg-web-scraper-soupstrainer  Web_Scraper_With_SoupStrainer/src/web_scraper.py
    - github.com/kaistullich/SSD_Web_Scraping  new_egg.py
    - github.com/ucontacti/pythonScraper  newEggScraper.py
    - github.com/spider-rs/web-scraping-examples  ecommerce/newegg-scraper.ts
    - github.com/jeffkeilman/GPUPriceChecker  constants/constants.js
    - other public scrapers found by text search for "item-rating-num", "price-was-data",
      "list-tool-pagination-text" (Item=N82E... links; pagination text "x/y"; Next is a <button>)
  Micro Center category/search pages (li.product_wrapper#pwrapper_N, a#hypProductH2_N / a.productClickItemV2
  carrying data-name, data-brand, data-price, data-id, data-category; .price_wrapper .price
  span[itemprop=price]; p.sku "SKU: ..."; div.stock; div.clearance open-box price; div.ratingstars;
  div#bottomPagination.pagination ul.pages li, last link ">"; storeid query parameter):
    - github.com/eluzbet/webScraper  src/Main.java
    - github.com/w1ggle/Microcenter-Web-Scrape  scraper.py
    - github.com/silas-wunder/Web-Scraper  scraper.py
    - github.com/offetam/restock_checker  MCscrape.py
    - other public scrapers found by text search for "hypProductH2" (ratingstars, bottomPagination,
      p.status, ul.pages "&gt;", .clearance, .mapped)
  Best Buy Products API (products, nextCursorMark, total, totalPages, canonicalUrl; product fields sku,
  name, salePrice, regularPrice, onSale, onlineAvailability, manufacturer, customerReviewAverage,
  customerReviewCount, url; cursorMark paging starting at "*"):
    - github.com/api-evangelist/best-buy  json-schema/products-api-product-list-response-schema.json,
      json-schema/products-api-product-schema.json
    - gist.github.com/kgerst/01ad0c8760a7a3ea6e3c44849cf0336b (cursorMark loop)
    - https://bestbuyapis.github.io/api-documentation/ (response url format .../click/-/<sku>/pdp)
    - https://developer.bestbuy.com/release-notes (shippingCost is a number; canonicalUrl echoes the
      query string, which is how the current cursorMark is read back)
    - https://developer.bestbuy.com/documentation (search syntax products(attr=value), show=)
  Not confirmed in what was read: the exact `condition` values ("New", "Refurbished", "Pre-Owned" are
  assumed); the parser matches them by keyword, so other spellings still map.
Real saved pages read for issue 23 (2026-11; reference only, none committed), whose structures the fixtures
under tests/data/stores/ reproduce:
    - github.com/nterciani/pc_price_pipeline  pc_price_pipeline_tests/test_assets/newegg_amd_motherboards.html
      (Newegg 2026: span.item-open-box-italic inside every title link, ?Item= links without an "Item #" line,
      dashed container ids, item_cell_<id>_<row>_<col> cell ids, span.price-was-data)
    - github.com/IbrahimIqra/Web_Scraping_Software_Prices  newegg.html (Newegg 2021: div.item-container
      straight in div.items-view; li.price-was text beside a hidden price-was-data copy; OUT OF STOCK promo)
    - github.com/w1ggle/Microcenter-Web-Scrape  htmlResponse.txt (Micro Center 2023: data-name encoded twice,
      p.sku differs from data-id, span.inventoryCnt "25+"/"0", div.clearance "N open box from $X",
      .standardDiscount strike + "Save $..", "(Refurbished)" inside names)
    - github.com/ipiegat/College-Coding  microcenter.html (Micro Center 2025 without a store: store 029,
      "Choose a store to see products", select#storeselectorID, "0 Product(s) found")
  Described, not saved: Newegg combo cells linking to ComboDealDetails?ItemList=Combo.N with " + "-joined
  names (public combo scrapers); Newegg's /areyouahuman block page (issues #40, #71, #143, #156 of
  EricJMarti/inventory-hunter; jef/streetmerchant #1048). Newegg "Back order" and "Sold Out" buttons were
  not seen in a saved page; they are read by their words.
The sample pages under pipelines/sample_data/retailers/ are authored by gpu-market on that structure.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class NeweggSelectors:
    store: str = "newegg"
    item_cell: str = "div.item-cell"
    item_container: str = "div.item-container"  # the older grid: containers straight in div.items-view
    ad_marker: str = "div.txt-ads-link"
    title_link: str = "a.item-title"
    condition_badge: str = "span.item-open-box-italic"  # inside the title link: "Refurbished", "Used - Good"
    image_link: str = "a.item-img"
    brand_img: str = "a.item-brand img, div.item-branding img.item-brand-img"
    brand_attr: str = "title"
    rating_icon: str = "a.item-rating i.rating, i.rating"
    rating_attr: str = "aria-label"
    rating_class_prefix: str = "rating-"  # rating-4-5 -> 4.5
    review_count: str = "span.item-rating-num"
    features_items: str = "ul.item-features li"
    item_number_label: str = "Item #"
    item_param: str = "Item"  # ...?Item=N82E16814126593
    item_path_marker: str = "/p/"  # .../p/N82E16814126593
    combo_param: str = "ItemList"  # /Product/ComboDealDetails?ItemList=Combo.4190581
    combo_path_marker: str = "combodealdetails"
    combo_cell_id_prefix: str = "combo_cell_"  # combo_cell_<id>_<grid position>: the position is not a key
    combo_separator: str = " + "  # combo names join their components with " + "
    price_current: str = "li.price-current"
    price_current_noise: str = "span.price-current-num, span.price-current-label"  # "(3 Offers)"
    # the data span (2026: "$249.99"; 2021: a hidden "249.99" beside the same number as visible text), then
    # the list item's own text; never the whole item, whose text repeats the number in 2021 pages
    price_was_data: str = "li.price-was span.price-was-data"
    price_was: str = "li.price-was"
    price_ship: str = "li.price-ship"
    promo: str = "p.item-promo"
    action_button: str = "div.item-button-area button, div.item-button-area a.btn"
    no_results: str = "span.result-message-error, div.result-message"  # We have found 0 items that match "q".
    pagination: str = "div.list-tool-pagination"
    pagination_text: str = "span.list-tool-pagination-text strong"  # "1/8"
    next_button: str = (
        "button[title='Next'], button[aria-label='Next'], a[title='Next'], a[aria-label='Next']"
    )
    page_param: str = "page"


@dataclass(frozen=True)
class MicroCenterSelectors:
    store: str = "microcenter"
    item_cell: str = "li.product_wrapper"
    data_link: str = "a[data-name]"
    title_link: str = "a[id^='hypProductH2_'], a.productClickItemV2, div.normal h2 a"
    attr_name: str = "data-name"  # encoded twice by the store: &amp;quot; for an inch mark
    attr_brand: str = "data-brand"
    attr_price: str = "data-price"
    attr_id: str = "data-id"  # the product id, also in /product/<id>/...: the key
    product_path: str = r"/product/(\d+)/"
    price_itemprop: str = ".price_wrapper [itemprop='price'], div.price [itemprop='price']"  # tried first
    price_box: str = (
        ".price_wrapper div.price, .price_wrapper span.price"  # then the box without its was-price
    )
    price_box_noise: str = ".standardDiscount, .savings, strike, .mapped"
    # was-price, tried in order: the struck regular price beside a discount (2023), the older .mapped box
    was_price: tuple[str, ...] = (
        ".standardDiscount strike",
        ".price_wrapper strike",
        ".price_wrapper .mapped",
    )
    open_box_price: str = ".clearance"  # "2 open box from $374.96"; empty div when none
    open_box_noise: str = ".ObStrike"  # the struck new price beside "Open Box From $..."
    sku_text: str = "p.sku"  # "SKU: 518613", what the store prints (not the product id)
    stock: str = "div.stock"  # span.inventoryCnt "25+" / "0" + "IN STOCK"; or "SOLD OUT"
    stock_count: str = "span.inventoryCnt"
    rating: str = "div.ratingstars"
    # Inner markup of div.ratingstars was not visible in the sources read (text like "4.5 stars" and
    # "(12 Reviews)"); these are read by text, the classes only narrow it when present.
    rating_value: str = ".ratingstars [data-rating], .ratingstars .rating-value"
    review_count: str = ".ratingstars .reviews, .ratingstars .ratingcount"
    pagination: str = "div#bottomPagination, div.pagination"
    page_links: str = "ul.pages li a"
    next_link_texts: tuple[str, ...] = (">", "›", "»", "next")
    store_param: str = "storeid"
    ad_marker: str = ".sponsored, .sponsoredTag"  # guess: not seen in the sources read


@dataclass(frozen=True)
class PageMarkers:
    """What a page without products says instead (page_problems.py); regexes on the page's lower-cased text."""

    blocked_selectors: tuple[str, ...] = (
        "#px-captcha",
        ".g-recaptcha",
        "#challenge-form",
        "#cf-challenge-running",
        "form[action*='areyouahuman']",
    )
    blocked_texts: tuple[str, ...] = (
        r"are you a human\?",  # Newegg redirects to /areyouahuman?referer=...
        r"detected the possible use of an automated program",  # Newegg's harder block ("Error Code: 3")
        r"just a moment\.\.\.",
        r"attention required",
        r"access denied",
        r"verify you are (?:a )?human",
        r"enable javascript and cookies to continue",
        r"request (?:was )?blocked",
    )
    store_picker_selectors: tuple[str, ...] = ("select#storeselectorID", "div.OpenBoxError")
    store_picker_texts: tuple[str, ...] = (
        r"choose a store to see products",
        r"please select (?:a|your) store",
        r"select your store",
    )
    no_results_texts: tuple[str, ...] = (
        r"we have found 0 items? that match",
        r"\b0 product\(s\) found",
        r"\b0 results for\b",
        r"no (?:products|results|items) (?:matched|found|match)",
    )


@dataclass(frozen=True)
class BestBuyFields:
    store: str = "bestbuy"
    api_url: str = "https://api.bestbuy.com/v1/products(categoryPath.id=abcat0507002)"
    show: tuple[str, ...] = (
        "sku",
        "name",
        "salePrice",
        "regularPrice",
        "onSale",
        "onlineAvailability",
        "condition",
        "url",
        "manufacturer",
        "customerReviewAverage",
        "customerReviewCount",
        "shippingCost",
        "freeShipping",
    )
    max_page_size: int = 100
    products: str = "products"
    next_cursor: str = "nextCursorMark"
    canonical_url: str = "canonicalUrl"
    cursor_param: str = "cursorMark"
    sku: str = "sku"
    name: str = "name"
    sale_price: str = "salePrice"
    regular_price: str = "regularPrice"
    on_sale: str = "onSale"
    online_availability: str = "onlineAvailability"
    condition: str = "condition"
    url: str = "url"
    manufacturer: str = "manufacturer"
    rating: str = "customerReviewAverage"
    review_count: str = "customerReviewCount"
    shipping_cost: str = "shippingCost"
    free_shipping: str = "freeShipping"


NEWEGG = NeweggSelectors()
PAGE_MARKERS = PageMarkers()
MICROCENTER = MicroCenterSelectors()
BESTBUY = BestBuyFields()
