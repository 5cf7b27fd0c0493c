"""The DuckDB warehouse as a Dagster resource."""

from contextlib import contextmanager
from pathlib import Path

import dagster as dg

from warehouse.connection import connect
from warehouse.paths import published_beside


class WarehouseResource(dg.ConfigurableResource):
    """DuckDB warehouse file. Writers open it for the span of one write; the job runs in one process.
    `read_db_path` is the copy published for readers (default: `published/` beside the working file)."""

    db_path: str
    read_db_path: str = ""

    @property
    def published_path(self) -> Path:
        return Path(self.read_db_path) if self.read_db_path else published_beside(Path(self.db_path))

    @contextmanager
    def connect(self):
        with connect(self.db_path) as con:
            yield con

    @contextmanager
    def read_only(self):
        with connect(self.db_path, read_only=True) as con:
            yield con
