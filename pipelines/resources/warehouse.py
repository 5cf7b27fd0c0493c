"""The DuckDB warehouse as a Dagster resource."""

from contextlib import contextmanager

import dagster as dg

from warehouse.connection import connect


class WarehouseResource(dg.ConfigurableResource):
    """DuckDB warehouse file. Writers open it for the span of one write; the job runs in one process."""

    db_path: str

    @contextmanager
    def connect(self):
        with connect(self.db_path) as con:
            yield con

    @contextmanager
    def read_only(self):
        with connect(self.db_path, read_only=True) as con:
            yield con
