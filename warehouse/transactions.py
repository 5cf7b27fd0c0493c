"""One transaction: BEGIN, then COMMIT when the block ends, ROLLBACK (and re-raise) when it raises."""

from collections.abc import Iterator
from contextlib import contextmanager

import duckdb


@contextmanager
def transaction(con: duckdb.DuckDBPyConnection) -> Iterator[duckdb.DuckDBPyConnection]:
    con.execute("BEGIN TRANSACTION")
    try:
        yield con
        con.execute("COMMIT")
    except BaseException:
        try:
            con.execute("ROLLBACK")
        except duckdb.Error:
            pass  # a COMMIT that failed (a full disk) is rolled back by DuckDB already: keep its own error
        raise
