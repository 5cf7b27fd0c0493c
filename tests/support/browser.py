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

    def watch(self, page: Page) -> Page:
        page.on("console", lambda m: self.errors.append(f"[console] {m.text}") if m.type == "error" else None)
        page.on("pageerror", lambda e: self.errors.append(f"[exception] {e}"))
        return page


@contextmanager
def chromium():
    """A Playwright Browser on the system Chromium; every request off the loopback/file scheme is refused."""
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=find_chromium(), args=FLAGS, headless=True)
        try:
            yield browser
        finally:
            browser.close()


def open_page(
    browser: Browser, url: str, width: int = 1280, height: int = 900
) -> tuple[Page, PageErrors, list[str]]:
    """A fresh context with the given viewport, the page at `url`, its errors, and the network requests it
    tried (anything but file:// is aborted and listed: the site must need no network)."""
    context = browser.new_context(viewport={"width": width, "height": height})
    requested: list[str] = []

    def block(route):
        requested.append(route.request.url)
        route.abort()

    context.route("http://**/*", block)
    context.route("https://**/*", block)
    page = context.new_page()
    errors = PageErrors()
    errors.watch(page)
    page.goto(url)
    return page, errors, requested
