"""Where the warehouse files live.

- The job's working file, `warehouse/gpu_market.duckdb` (or `GPU_MARKET_DB`): one process writes it.
- The published copy readers query, `warehouse/published/gpu_market.duckdb` (or `GPU_MARKET_READ_DB`):
  replaced as a whole after each good day (warehouse/publish.py), never opened for writing.
"""

from pathlib import Path

from warehouse.environment import env_path

PROJECT_ROOT = Path(__file__).resolve().parent.parent
DEFAULT_DB_PATH = PROJECT_ROOT / "warehouse" / "gpu_market.duckdb"
OVERRIDES_CSV = PROJECT_ROOT / "warehouse" / "overrides.csv"  # manual classifications that win


def db_path() -> Path:
    """The DuckDB file the job writes: the `GPU_MARKET_DB` environment variable, else the default."""
    return env_path("GPU_MARKET_DB", DEFAULT_DB_PATH)


def read_db_path() -> Path:
    """The published read-only copy: `GPU_MARKET_READ_DB`, else `published/` beside the default file (or
    beside GPU_MARKET_DB when only that is set, so a test's warehouse publishes next to itself)."""
    return env_path("GPU_MARKET_READ_DB", published_beside(db_path()))


def published_beside(work: Path) -> Path:
    return work.parent / "published" / work.name
