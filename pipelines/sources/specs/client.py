"""Fetching spec pages (TechPowerUp GPU database, Wikipedia GPU tables) and parsing them to SpecFacts.

The page list is the manifest of the bundled sample (real page URLs); sample mode serves the bundled copies
of those pages through `replay_transport`, live mode fetches the same URLs.
"""

import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import httpx

from pipelines.sources.http_session import FetchError, HttpSession
from pipelines.sources.retailers.client import USER_AGENT
from pipelines.sources.specs import techpowerup, wikipedia
from pipelines.sources.specs.spec_fields import SpecFact

SAMPLE_DIR = Path(__file__).resolve().parents[2] / "sample_data" / "specs"
PARSERS = {"techpowerup": techpowerup.parse_gpu_page, "wikipedia": wikipedia.parse_gpu_tables}


@dataclass(frozen=True)
class SpecPage:
    source: str
    url: str
    sample_file: str


def spec_pages(sample_dir: Path = SAMPLE_DIR) -> list[SpecPage]:
    """Pages to read: the manifest's pages, minus the deliberately broken test page."""
    manifest = json.loads((sample_dir / "manifest.json").read_text())
    return [
        SpecPage(p["source"], p["page_url"], p["file"])
        for p in manifest["pages"]
        if not p.get("expect_error")
    ]


def fetch_page(session: HttpSession, page: SpecPage) -> list[SpecFact]:
    headers = {"User-Agent": USER_AGENT}
    response = session.send(lambda: httpx.Request("GET", page.url, headers=headers))
    HttpSession.ok(response)
    try:
        return PARSERS[page.source](response.content.decode("utf-8", "replace"), page.url)
    except ValueError as exc:
        raise FetchError("layout_changed", str(exc), status=200) from None


def fetch_all(
    session: HttpSession, pages: list[SpecPage]
) -> Iterator[tuple[SpecPage, list[SpecFact] | FetchError]]:
    """Each page with its facts, or the FetchError it ended in; one bad page does not stop the others."""
    for page in pages:
        try:
            yield page, fetch_page(session, page)
        except FetchError as exc:
            yield page, exc


def replay_transport(sample_dir: Path = SAMPLE_DIR) -> httpx.MockTransport:
    files = {p.url: sample_dir / p.sample_file for p in spec_pages(sample_dir)}

    def handle(request: httpx.Request) -> httpx.Response:
        path = files.get(str(request.url))
        if path is None:
            return httpx.Response(404, text="no such sample page")
        return httpx.Response(200, content=path.read_bytes(), headers={"content-type": "text/html"})

    return httpx.MockTransport(handle)
