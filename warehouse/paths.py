"""Where the warehouse file lives: `warehouse/gpu_market.duckdb`, or `GPU_MARKET_DB`."""

import os
from pathlib import Path

PROJECT_ROOT = Path(__file__).resolve().parent.parent
DEFAULT_DB_PATH = PROJECT_ROOT / "warehouse" / "gpu_market.duckdb"


def db_path() -> Path:
    """The DuckDB file path in force: the `GPU_MARKET_DB` environment variable, else the default."""
    return Path(os.environ.get("GPU_MARKET_DB") or DEFAULT_DB_PATH)
