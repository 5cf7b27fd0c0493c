"""The DuckDB warehouse as a Dagster resource."""

from contextlib import contextmanager
from pathlib import Path

import dagster as dg
import duckdb
from pydantic import PrivateAttr

from warehouse.connection import connect
from warehouse.paths import published_beside


class WarehouseResource(dg.ConfigurableResource):
    """DuckDB warehouse file. Every asset opens it through `connect()` for the span of its own write, in its own
    transaction; the job runs in one process. `read_db_path` is the copy published for readers (default:
    `published/` beside the working file).

    Within a run (from the first write until the run ends) the resource also holds one handle to the open
    database. Why: DuckDB keeps a file's database open while any handle to it lives in the process, so every
    later `connect()` of the run reuses it (about 1 ms) instead of opening the file and checkpointing it on
    close again (20-40 ms each, about 30 times in a day's run: a fifth of a sample day). The file is locked
    for the whole run instead of asset by asset; readers use the published copy, which no run holds, and the
    stale-days sensor skips a tick while a run writes, as before. What each asset commits is in the
    write-ahead log until the run ends (or DuckDB checkpoints it on its own): a killed run's committed
    writes are replayed when the file is next opened, as before."""

    db_path: str
    read_db_path: str = ""
    _in_run: bool = PrivateAttr(default=False)
    _held: duckdb.DuckDBPyConnection | None = PrivateAttr(default=None)

    @property
    def published_path(self) -> Path:
        return Path(self.read_db_path) if self.read_db_path else published_beside(Path(self.db_path))

    def setup_for_execution(self, context: dg.InitResourceContext) -> None:
        # in a run only: an asset invoked directly (benchmarks, a notebook) has no run, and no teardown to close
        # the handle; the file is opened at the run's first write, not here: a run may not write
        self._in_run = context.run is not None

    def teardown_after_execution(self, context: dg.InitResourceContext) -> None:
        self._in_run = False
        if self._held is not None:
            self._held, held = None, self._held
            held.close()  # the last handle: DuckDB checkpoints the run's writes into the file and unlocks it

    @contextmanager
    def connect(self):
        with connect(self.db_path) as con:
            if self._in_run and self._held is None:
                self._held = duckdb.connect(self.db_path)  # the same open database (DuckDB's instance cache)
            yield con

    @contextmanager
    def read_only(self):
        if self._held is not None:
            # DuckDB refuses a read-only handle to a file this process has open to write: the run's own
            with connect(self.db_path) as con:
                yield con
            return
        with connect(self.db_path, read_only=True) as con:
            yield con
