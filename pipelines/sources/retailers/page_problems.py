"""Why a store page gave no products: four kinds, each a raw.ingest_errors kind with its fix in the message.

  store_not_selected  Micro Center answers a category URL without a usable store with a store picker
                      (prices and stock are per store);
  no_results          the store says the category or search matched nothing;
  blocked             a bot check (captcha, "Access Denied", "Are you a human?") instead of the page,
                      or HTTP 403 / 429 that retries did not get past;
  layout_changed      none of the above and no item cells: the selectors need updating;
  malformed_json      an API (Best Buy) answered with something that is not JSON (an error or proxy page, a
                      cut-off body): nothing to do with selectors.

A page is read for these only when it has no item cells, so a product named "Access Denied" never trips it.
The markers are in selectors.PAGE_MARKERS.
"""

from __future__ import annotations

import re

from bs4 import BeautifulSoup

from pipelines.sources.retailers.selectors import PAGE_MARKERS as M

FIXES = {
    "store_not_selected": "set MICROCENTER_STORE_ID to a store number (e.g. 131, Tustin; the number in the store "
    "page's storeid= parameter)",
    "no_results": "check the category id or search in the store's first URL; the store lists nothing there",
    "blocked": "crawl less often (a lower rate, fewer pages) or use the store's API; retrying at once will not "
    "help",
    "layout_changed": "update the selectors in pipelines/sources/retailers/selectors.py",
    "malformed_json": "the API answered with something other than JSON (an error page, a proxy, a cut-off "
    "body): retry later, and check the store's base URL if it persists",
}


class PageProblem(ValueError):
    """A page with no products, and why. `kind` is a raw.ingest_errors kind; the message ends with the fix."""

    def __init__(self, store: str, kind: str, detail: str):
        self.store, self.kind, self.detail = store, kind, detail
        super().__init__(f"{store}: {detail}; fix: {FIXES[kind]}")


class LayoutChangedError(PageProblem):
    """The page no longer matches the selectors: no item cells found. Message names the store and selector."""

    def __init__(self, store: str, selector: str | None = None, detail: str = "no item cells found"):
        self.selector = selector
        if selector is None:  # a ready-made message, "store: what is wrong"
            store, _, detail = store.partition(":")
            detail = detail.strip()
        else:
            detail = f"{detail} (selector {selector!r}); the page layout may have changed"
        super().__init__(store, "layout_changed", detail)


def _text(soup: BeautifulSoup) -> str:
    title = soup.title.get_text(" ") if soup.title is not None else ""
    body = soup.get_text(" ")
    return " ".join(f"{title} {body}".split()).lower()


def _first(patterns: tuple[str, ...], text: str) -> str | None:
    for pattern in patterns:
        if re.search(pattern, text, re.I):
            return pattern
    return None


def diagnose_empty_page(soup: BeautifulSoup, store: str, item_selector: str) -> PageProblem:
    """The problem of a page that has no item cells (checked in this order: blocked, store, no results)."""
    text = _text(soup)
    marker = next((sel for sel in M.blocked_selectors if soup.select_one(sel) is not None), None) or _first(
        M.blocked_texts, text
    )
    if marker:
        return PageProblem(
            store, "blocked", f"a bot check answered instead of the products (found {marker!r})"
        )
    if store == "microcenter":
        marker = next(
            (sel for sel in M.store_picker_selectors if soup.select_one(sel) is not None), None
        ) or _first(M.store_picker_texts, text)
        if marker:
            return PageProblem(
                store,
                "store_not_selected",
                f"the page asks for a store instead of listing products (found {marker!r})",
            )
    marker = _first(M.no_results_texts, text)
    if marker:
        return PageProblem(store, "no_results", f"the store says nothing matched (found {marker!r})")
    return LayoutChangedError(store, item_selector)
