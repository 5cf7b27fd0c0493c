"""Sample mode for the stores: a transport serving the project's own pages (`sample_data/retailers/`).

Page N of a store is `<kind>-page-N.html` (Newegg, Micro Center: the `page` query parameter) or
`products-page-N.json` (Best Buy: the N-th distinct cursor). robots.txt allows everything.
"""

from pathlib import Path

import httpx

SAMPLE_DIR = Path(__file__).resolve().parents[2] / "sample_data" / "retailers"
HTML_PAGES = {"newegg": "search-page-{n}.html", "microcenter": "category-page-{n}.html"}


def replay_transport(store: str, sample_dir: Path = SAMPLE_DIR) -> httpx.MockTransport:
    folder = sample_dir / store
    cursors: list[str] = []

    def handle(request: httpx.Request) -> httpx.Response:
        if request.url.path == "/robots.txt":
            return httpx.Response(200, text="User-agent: *\nAllow: /\n")
        if store == "bestbuy":
            cursor = request.url.params.get("cursorMark", "*")
            if cursor not in cursors:
                cursors.append(cursor)
            path = folder / f"products-page-{cursors.index(cursor) + 1}.json"
            content_type = "application/json"
        else:
            n = int(request.url.params.get("page", "1"))
            path = folder / HTML_PAGES[store].format(n=n)
            content_type = "text/html; charset=utf-8"
        if not path.exists():
            return httpx.Response(404, text="no such sample page")
        return httpx.Response(200, content=path.read_bytes(), headers={"content-type": content_type})

    return httpx.MockTransport(handle)
