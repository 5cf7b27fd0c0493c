"""A long range of a mart computed a part at a time (warehouse/marts/days.py): the parts cover the range once,
oldest first, and a range of no day is computed once as it is (code review)."""

from datetime import date, timedelta

import polars as pl

import warehouse.marts.days as days


def test_parts_cover_the_range_once_oldest_first(monkeypatch):
    monkeypatch.setattr(days, "FRAME_PART_DAYS", 5)
    seen = []

    def compute(start: date, end: date) -> pl.DataFrame:
        seen.append((start, end))
        span = (end - start).days + 1
        return pl.DataFrame({"snapshot_date": [start + timedelta(days=n) for n in range(span)]})

    first, last = date(2026, 11, 1), date(2026, 11, 12)
    out = days.by_parts(first, last, compute)
    assert seen == [
        (date(2026, 11, 1), date(2026, 11, 5)),
        (date(2026, 11, 6), date(2026, 11, 10)),
        (date(2026, 11, 11), date(2026, 11, 12)),
    ]
    assert out["snapshot_date"].to_list() == [first + timedelta(days=n) for n in range(12)]
    # no day in the range: one call, its (empty) answer, not an error
    seen.clear()
    assert days.by_parts(last, first, compute).height == 0 and seen == [(last, first)]
