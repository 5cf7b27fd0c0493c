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
The sample pages under pipelines/sample_data/retailers/ are authored by gpu-market on that structure.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class NeweggSelectors:
    store: str = "newegg"
    item_cell: str = "div.item-cell"
    ad_marker: str = "div.txt-ads-link"
    title_link: str = "a.item-title"
    image_link: str = "a.item-img"
    brand_img: str = "a.item-brand img, div.item-branding img.item-brand-img"
    brand_attr: str = "title"
    rating_icon: str = "a.item-rating i.rating, i.rating"
    rating_attr: str = "aria-label"
    rating_class_prefix: str = "rating-"        # rating-4-5 -> 4.5
    review_count: str = "span.item-rating-num"
    features_items: str = "ul.item-features li"
    item_number_label: str = "Item #"
    item_param: str = "Item"                   # ...?Item=N82E16814126593
    item_path_marker: str = "/p/"              # .../p/N82E16814126593
    price_current: str = "li.price-current"
    price_current_noise: str = "span.price-current-num, span.price-current-label"  # "(3 Offers)"
    price_was: str = "li.price-was span.price-was-data, li.price-was"
    price_ship: str = "li.price-ship"
    promo: str = "p.item-promo"
    condition_badge: str = ".item-open-box-italic, .item-condition"   # guess: not seen in the sources read
    action_button: str = "div.item-button-area button"
    pagination: str = "div.list-tool-pagination"
    pagination_text: str = "span.list-tool-pagination-text strong"   # "1/8"
    next_button: str = "button[title='Next'], button[aria-label='Next'], a[title='Next'], a[aria-label='Next']"
    page_param: str = "page"


@dataclass(frozen=True)
class MicroCenterSelectors:
    store: str = "microcenter"
    item_cell: str = "li.product_wrapper"
    data_link: str = "a[data-name]"
    title_link: str = "a[id^='hypProductH2_'], a.productClickItemV2, div.normal h2 a"
    attr_name: str = "data-name"
    attr_brand: str = "data-brand"
    attr_price: str = "data-price"
    attr_id: str = "data-id"
    price_itemprop: str = ".price_wrapper [itemprop='price']"      # tried first
    price_box: str = ".price_wrapper div.price, .price_wrapper span.price"   # then the whole price box
    was_price: str = ".price_wrapper .mapped"
    open_box_price: str = ".clearance"          # "Open Box: from $1,549.99"; empty div when none
    sku_text: str = "p.sku"
    stock: str = "div.stock"                    # "25+ NEW IN STOCK", "SOLD OUT"
    rating: str = "div.ratingstars"
    # Inner markup of div.ratingstars was not visible in the sources read (text like "4.5 stars" and
    # "(12 Reviews)"); these are read by text, the classes only narrow it when present.
    rating_value: str = ".ratingstars [data-rating], .ratingstars .rating-value"
    review_count: str = ".ratingstars .reviews, .ratingstars .ratingcount"
    pagination: str = "div#bottomPagination, div.pagination"
    page_links: str = "ul.pages li a"
    next_link_texts: tuple[str, ...] = (">", "›", "»", "next")
    store_param: str = "storeid"
    ad_marker: str = ".sponsored, .sponsoredTag"   # guess: not seen in the sources read


@dataclass(frozen=True)
class BestBuyFields:
    store: str = "bestbuy"
    api_url: str = "https://api.bestbuy.com/v1/products(categoryPath.id=abcat0507002)"
    show: tuple[str, ...] = (
        "sku", "name", "salePrice", "regularPrice", "onSale", "onlineAvailability", "condition", "url",
        "manufacturer", "customerReviewAverage", "customerReviewCount", "shippingCost", "freeShipping",
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
MICROCENTER = MicroCenterSelectors()
BESTBUY = BestBuyFields()
