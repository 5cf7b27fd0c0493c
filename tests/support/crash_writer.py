"""A writer process for the crash and lock tests.

    python -m tests.support.crash_writer replace DB DAY N PREFIX   replace DAY of raw.ebay_listings with N rows
                                                                  through warehouse.writes.replace_slices
    python -m tests.support.crash_writer hold DB SECONDS          open the warehouse for writing, write a row,
                                                                  hold the file, then commit and exit
    python -m tests.support.crash_writer read DB SECONDS          a user's read-only session held open

hold and read keep the file for SECONDS, or until their standard input closes: the test that started them closes
it once it has seen what it came for (tests/warehouse/test_readers_writers.py: finish), so no test sleeps out a
margin it did not need.

It prints a line at each step (BEGAN after BEGIN TRANSACTION, DELETED before the insert, COMMITTING before the
COMMIT, DONE / LOCKED / RELEASED), flushed, so the test knows where it is when it sends SIGKILL.
"""

import select
import sys
from datetime import date, datetime

import polars as pl

from transforms.ebay_items import RAW_EBAY_SCHEMA
from warehouse.connection import connect
from warehouse.writes import replace_slices


def say(word: str) -> None:
    print(word, flush=True)


class Announcing:
    """A DuckDB connection that says what replace_slices is about to do."""

    def __init__(self, con):
        self._con = con

    def execute(self, sql: str, *args):
        if sql.startswith("INSERT"):
            say("DELETED")
        if sql.startswith("COMMIT"):
            say("COMMITTING")
        result = self._con.execute(sql, *args)
        if sql.startswith("BEGIN"):
            say("BEGAN")
        return result

    def __getattr__(self, name):
        return getattr(self._con, name)


def day_frame(day: date, n: int, prefix: str) -> pl.DataFrame:
    """n rows of raw.ebay_listings for `day`, item ids `{prefix}-{i}`."""
    i = pl.col("i")
    values = {
        "snapshot_date": pl.lit(day, pl.Date),
        "item_id": pl.format(f"{prefix}-{{}}", i),
        "title": pl.format("RTX 3090 24GB crash test listing number {} with a long enough title", i),
        "price": (i % 900 + 100).cast(pl.Float64),
        "fetched_at": pl.lit(datetime(2026, 11, 20, 6), pl.Datetime("us")),
        "source_mode": pl.lit("sample"),
        "marketplace_id": pl.lit("EBAY_US"),
    }
    return pl.DataFrame({"i": pl.int_range(0, n, eager=True)}).select(
        (values[name] if name in values else pl.lit(None)).cast(dtype).alias(name)
        for name, dtype in RAW_EBAY_SCHEMA.items()
    )


def replace(db: str, day: str, n: int, prefix: str) -> None:
    frame = day_frame(date.fromisoformat(day), n, prefix)
    say("READY")
    with connect(db) as con:
        replace_slices(
            Announcing(con), [("raw.ebay_listings", frame, {"snapshot_date": date.fromisoformat(day)})]
        )
    say("DONE")


def keep(seconds: float) -> None:
    """Wait `seconds`, or less when standard input closes (or a line arrives) first."""
    select.select([sys.stdin], [], [], seconds)


def hold(db: str, seconds: float) -> None:
    with connect(db) as con:
        say("LOCKED")
        con.execute("BEGIN TRANSACTION")
        con.execute("DELETE FROM raw.api_calls WHERE source = 'lock-test'")
        con.execute("INSERT INTO raw.api_calls VALUES ('2026-11-20', 'lock-test', 1)")
        keep(seconds)
        con.execute("COMMIT")
    say("RELEASED")


def read(db: str, seconds: float) -> None:
    with connect(db, read_only=True) as con:
        con.execute("SELECT count(*) FROM raw.ebay_listings").fetchone()
        say("LOCKED")
        keep(seconds)
    say("RELEASED")


if __name__ == "__main__":
    command, *args = sys.argv[1:]
    if command == "replace":
        replace(args[0], args[1], int(args[2]), args[3])
    elif command == "hold":
        hold(args[0], float(args[1]))
    elif command == "read":
        read(args[0], float(args[1]))
    else:
        raise SystemExit(f"unknown command {command}")
