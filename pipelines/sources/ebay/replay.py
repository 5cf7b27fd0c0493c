"""Sample mode: an `httpx` transport that answers the token and search endpoints from the bundled snapshot.

The real client runs unchanged over it (same URLs, headers, paging), so sample mode exercises the live code
path. The snapshot (`pipelines/sample_data/ebay/`) is authored by the project in the Browse API format; its
items are keyed by catalog model, and a search for that model's `search_query` returns them.
"""

import json
from datetime import date
from pathlib import Path

import httpx

SAMPLE_DIR = Path(__file__).resolve().parents[2] / "sample_data" / "ebay"
SAMPLE_TOKEN = "sample-mode-token"


_SNAPSHOTS: dict[tuple[Path, int], tuple[dict, dict[str, list[dict]]]] = {}


def load_snapshot(sample_dir: Path = SAMPLE_DIR) -> tuple[dict, dict[str, list[dict]]]:
    """The manifest and the items per model id (EBAY_US: the folder itself; another marketplace: its
    subfolder, e.g. sample_data/ebay/EBAY_GB). Read once per process and manifest version (its modification
    time): every sample-mode run of a process reads the same files, 9 ms a marketplace. Read it, never change
    it (sample_history copies the items it reprices)."""
    manifest_path = sample_dir / "manifest.json"
    key = (manifest_path.resolve(), manifest_path.stat().st_mtime_ns)
    if key not in _SNAPSHOTS:
        manifest = json.loads(manifest_path.read_text())
        items = {}
        for model_id, file_name in manifest["files"].items():
            items[model_id] = json.loads((sample_dir / file_name).read_text())["itemSummaries"]
        _SNAPSHOTS[key] = (manifest, items)
    return _SNAPSHOTS[key]


def snapshot_day(sample_dir: Path = SAMPLE_DIR) -> date:
    """The day the bundled sample shows (its manifest's snapshot_date): item ages are counted from it."""
    return date.fromisoformat(json.loads((sample_dir / "manifest.json").read_text())["snapshot_date"])


def sample_marketplaces(sample_dir: Path = SAMPLE_DIR) -> list[str]:
    """The marketplaces the bundled sample has: EBAY_US, then each subfolder with a manifest."""
    return ["EBAY_US", *sorted(p.parent.name for p in sample_dir.glob("EBAY_*/manifest.json"))]


def market_snapshot(marketplace_id: str, sample_dir: Path = SAMPLE_DIR) -> dict[str, list[dict]]:
    """Items per model id of one marketplace's sample (none when the sample has no such marketplace)."""
    folder = sample_dir if marketplace_id == "EBAY_US" else sample_dir / marketplace_id
    return load_snapshot(folder)[1] if (folder / "manifest.json").exists() else {}


def replay_transport(
    items_by_query: dict[str, list[dict]] | dict[tuple[str, str], list[dict]],
) -> httpx.MockTransport:
    """Serve `items_by_query` as the Browse API would, `limit` and `offset` honoured: keyed by search q (any
    marketplace) or by (marketplace id, q), the marketplace read from X-EBAY-C-MARKETPLACE-ID."""

    def handle(request: httpx.Request) -> httpx.Response:
        if request.url.path.endswith("/identity/v1/oauth2/token"):
            if not request.headers.get("authorization", "").startswith("Basic "):
                return httpx.Response(401, json={"error": "invalid_client"})
            return httpx.Response(
                200,
                json={
                    "access_token": SAMPLE_TOKEN,
                    "expires_in": 7200,
                    "token_type": "Application Access Token",
                },
            )
        if request.url.path.endswith("/buy/browse/v1/item_summary/search"):
            if request.headers.get("authorization") != f"Bearer {SAMPLE_TOKEN}":
                return httpx.Response(
                    401, json={"errors": [{"errorId": 1001, "message": "Invalid access token"}]}
                )
            params = request.url.params
            q, market = params.get("q", ""), request.headers.get("x-ebay-c-marketplace-id", "EBAY_US")
            items = items_by_query.get((market, q), items_by_query.get(q, []))
            limit, offset = int(params.get("limit", 50)), int(params.get("offset", 0))
            page = items[offset : offset + limit]
            body: dict = {"href": str(request.url), "total": len(items), "limit": limit, "offset": offset}
            if page:
                body["itemSummaries"] = page
            if offset + limit < len(items):
                body["next"] = str(request.url.copy_set_param("offset", str(offset + limit)))
            return httpx.Response(200, json=body)
        return httpx.Response(404, json={"errors": [{"message": "not found"}]})

    return httpx.MockTransport(handle)
