"""Write the dashboard site: index.html, one page per card under cards/, and assets/plotly.min.js (the
plotly.js bundled with the pinned plotly package), all relative links: the folder opens from disk or any
static host with no network."""

import shutil
from pathlib import Path

from plotly.offline import get_plotlyjs

from dashboards.card_page import CardFrames, render_card
from dashboards.main_page import card_file_name, render_main
from dashboards.site_data import SiteData
from warehouse.environment import env_path

DEFAULT_PATH = Path(__file__).resolve().parent / "site" / "index.html"


def dashboard_path() -> Path:
    """`GPU_MARKET_DASHBOARD` overrides where the main page is written (the site is its folder)."""
    return env_path("GPU_MARKET_DASHBOARD", DEFAULT_PATH)


def _write_plotly(assets: Path) -> None:
    target = assets / "plotly.min.js"
    script = get_plotlyjs()
    if not target.exists() or target.stat().st_size != len(script.encode("utf-8")):
        assets.mkdir(parents=True, exist_ok=True)
        target.write_text(script, encoding="utf-8")


def write_site(data: SiteData, path: Path | None = None) -> Path:
    """Write every page for `data`'s day; the main page's path. Card pages of cards no longer priced are
    removed, so no page shows an older day than the main page."""
    path = path or dashboard_path()
    root = path.parent
    root.mkdir(parents=True, exist_ok=True)
    _write_plotly(root / "assets")
    cards = root / "cards"
    staging = root / ".cards-new"
    shutil.rmtree(staging, ignore_errors=True)
    staging.mkdir()
    frames = CardFrames(data)
    for model_id in data.card_ids():
        (staging / card_file_name(model_id)).write_text(render_card(data, model_id, frames), encoding="utf-8")
    shutil.rmtree(cards, ignore_errors=True)
    staging.rename(cards)
    path.write_text(render_main(data), encoding="utf-8")
    return path
