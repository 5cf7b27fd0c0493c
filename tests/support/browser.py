"""Headless Chromium for the browser tests, driven by Playwright (a maintained driver) over Debian's own
`chromium` (`executable_path`: Playwright downloads no browser). Every page collects console errors and
uncaught exceptions, so a test can assert that a page ran cleanly."""

from __future__ import annotations

from contextlib import contextmanager
from dataclasses import dataclass, field

from playwright.sync_api import Browser, Page, sync_playwright

from pipelines.doctor import find_chromium

# no network here: every background service off, or Chromium keeps trying to reach Google
FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--no-first-run",
    "--disable-quic",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-extensions",
    "--disable-default-apps",
    "--mute-audio",
]


@dataclass
class PageErrors:
    errors: list[str] = field(default_factory=list)


@dataclass
class Tab:
    """The one page every `open_page` of a browser navigates: Chromium keeps what it compiled of plotly.js
    (4.8 MB) in the page's renderer, so the site loads in 0.4 s instead of 1.4 s in a fresh context each
    time. Errors and requests go to the lists of the latest `open_page`."""

    page: Page | None = None
    errors: PageErrors = field(default_factory=PageErrors)
    requested: list[str] = field(default_factory=list)


_TABS: dict[Browser, Tab] = {}


@contextmanager
def chromium():
    """A Playwright Browser on the system Chromium; every request off the loopback/file scheme is refused."""
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=find_chromium(), args=FLAGS, headless=True)
        try:
            yield browser
        finally:
            _TABS.pop(browser, None)
            browser.close()


def open_page(
    browser: Browser, url: str, width: int = 1280, height: int = 900
) -> tuple[Page, PageErrors, list[str]]:
    """The browser's page (Tab) with the given viewport at `url`, the errors it logs from now on, and the
    network requests it tries from now on (anything but file:// is aborted and listed: the site must need no
    network). The page a previous call returned is this same page, now at `url`."""
    tab = _TABS.get(browser)
    if tab is None or tab.page is None or tab.page.is_closed():
        tab = _TABS[browser] = Tab()
        context = browser.new_context(viewport={"width": width, "height": height})

        def block(route):
            tab.requested.append(route.request.url)
            route.abort()

        context.route("http://**/*", block)
        context.route("https://**/*", block)
        tab.page = context.new_page()
        tab.page.on(
            "console",
            lambda m: tab.errors.errors.append(f"[console] {m.text}") if m.type == "error" else None,
        )
        tab.page.on("pageerror", lambda e: tab.errors.errors.append(f"[exception] {e}"))
    else:
        tab.errors, tab.requested = PageErrors(), []
        tab.page.set_viewport_size({"width": width, "height": height})
    tab.page.goto(url)
    return tab.page, tab.errors, tab.requested
