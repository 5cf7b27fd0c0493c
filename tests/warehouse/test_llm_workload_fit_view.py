"""ddl/390: marts.llm_workload_fit becomes a view over marts.llm_workload_machines and
marts.llm_workload_speeds; a warehouse written before keeps every row it had, in the same columns."""

from datetime import date

import duckdb
import polars as pl
from polars.testing import assert_frame_equal

from warehouse.connection import connect
from warehouse.migrations import apply_migrations
from warehouse.writes import read_frame

VIEW_MIGRATION = "390_llm_workload_fit_as_a_view.py"
DAYS = (date(2026, 11, 19), date(2026, 11, 20))


def _columns(con, table: str) -> list[tuple]:
    schema, name = table.split(".")
    return con.execute(
        "SELECT column_name, data_type, comment FROM duckdb_columns() WHERE schema_name = ? AND table_name = ? "
        "ORDER BY column_index",
        [schema, name],
    ).fetchall()


def _old_rows() -> pl.DataFrame:
    """Two days of the old table: two workloads on a 1-card machine and on a 4-card machine capped to 85%
    (and a row written before caps existed, its cap NULL), the machine's price changing with the day."""
    rows = []
    for k, day in enumerate(DAYS):
        for workload, fits, speed in (
            ("llama-3.1-8b-q4km-8k", True, 110.0),
            ("llama-3.3-70b-q4km-8k", False, None),
        ):
            for model_id, n, cap, tco in (("rtx-3090", 1, None, 1500.0), ("rtx-3090", 4, 85.0, 6200.0)):
                rows.append(
                    {
                        "snapshot_date": day, "workload": workload, "model_name": workload.upper(),
                        "params_b": 8.0, "active_params_b": 8.0, "bits_per_weight": 4.85, "quant": "Q4_K_M",
                        "context_tokens": 8192, "condition": "used", "model_id": model_id,
                        "gpu_name": "GeForce RTX 3090", "gpu_count": n, "fits": fits or n == 4,
                        "vram_needed_gb": 40.0, "vram_available_gb": 24.0 * n,
                        "tokens_per_s": speed if n == 1 else 20.0, "prefill_tokens_per_s": 900.0,
                        "speed_basis": "measured efficiency", "platform_id": f"p{n}",
                        "machine_tco_usd": tco + k * 100, "usd_per_token_per_s": None, "source_mode": "sample",
                        "machine_build_usd": tco + k * 100 + 300, "circuit": "outlet", "power_cap_pct": cap,
                        "listings_available": 9,
                    }
                )  # fmt: skip
    frame = pl.DataFrame(rows, infer_schema_length=None)
    return frame.with_columns(
        usd_per_token_per_s=pl.when(pl.col("tokens_per_s") > 0).then(
            pl.col("machine_tco_usd") / pl.col("tokens_per_s")
        )
    )


def test_an_older_warehouse_keeps_its_llm_rows_in_the_view(tmp_path):
    db = tmp_path / "old.duckdb"
    con = duckdb.connect(str(db))
    apply_migrations(con, before=VIEW_MIGRATION)  # the warehouse as the previous release left it
    before_columns = _columns(con, "marts.llm_workload_fit")
    old = _old_rows()
    con.register("old", old.to_arrow())
    names = ", ".join(old.columns)
    con.execute(f"INSERT INTO marts.llm_workload_fit ({names}) SELECT {names} FROM old")
    before = read_frame(con, "SELECT * FROM marts.llm_workload_fit")
    con.close()

    keys = ["snapshot_date", "workload", "model_id", "gpu_count"]
    with connect(db) as con:  # applies 390
        kind = con.execute(
            "SELECT count(*) FROM duckdb_views() WHERE schema_name = 'marts' AND view_name = 'llm_workload_fit'"
        ).fetchone()[0]
        after = read_frame(con, "SELECT * FROM marts.llm_workload_fit")
        columns = _columns(con, "marts.llm_workload_fit")
        # names, types, comments (but `fits`, whose rule ddl/640 tightened and says so, and `circuit`, which ddl/820
        # words for the rack servers of 2 or 4 cards); then ddl/600's buyable_today
        reworded = ("fits", "circuit")
        kept = [c if c[0] not in reworded else c[:2] for c in columns[: len(before_columns)]]
        assert kind == 1 and kept == [c if c[0] not in reworded else c[:2] for c in before_columns]
        assert "at the top of its measured range" in next(c[2] for c in columns if c[0] == "fits")
        assert "a rack server on a circuit and in a room of its own" in next(
            c[2] for c in columns if c[0] == "circuit"
        )
        assert [c[:2] for c in columns[len(before_columns) :]] == [("buyable_today", "BOOLEAN")]
        machines = con.execute("SELECT count(*) FROM marts.llm_workload_machines").fetchone()[0]
        speeds = con.execute("SELECT count(*) FROM marts.llm_workload_speeds").fetchone()[0]
        for table in ("marts.llm_workload_machines", "marts.llm_workload_speeds"):
            assert all(comment for _, _, comment in _columns(con, table)), table
    assert (
        machines == len(DAYS) * 2 and speeds == 2 * 2
    )  # the product is gone: 2 days x 2 machines, 2 x 2 speeds
    expected = before.with_columns(pl.col("power_cap_pct").fill_null(100.0)).sort(keys)
    assert after["buyable_today"].all()  # 9 listed, machines of 1 and 4 cards
    assert_frame_equal(after.drop("buyable_today").sort(keys), expected, check_exact=True)


def test_the_view_says_whether_a_machine_can_be_bought_today(tmp_path):
    """ddl/600 (fifth review): ordered by USD per token/s, the view led with 8 x RTX A5000 of which 6 were
    listed. `buyable_today` is false where fewer cards are listed than the machine needs, or none is known."""
    with connect(tmp_path / "w.duckdb") as con:
        for n, listed in ((1, 6), (8, 6), (4, None)):
            con.execute(
                "INSERT INTO marts.llm_workload_machines VALUES (DATE '2026-11-20', 'used', 'rtx-a5000', "
                "'NVIDIA RTX A5000', ?, 'p', 5000, 6000, 'outlet', 100.0, ?, 'sample', 1000.0, 440.0)",
                [n, listed],
            )
            con.execute(
                "INSERT INTO marts.llm_workload_speeds (workload, model_id, gpu_count, power_cap_pct, fits, "
                "tokens_per_s) VALUES ('qwen3-235b-a22b-q4km-8k', 'rtx-a5000', ?, 100.0, true, 20.0)",
                [n],
            )
        got = dict(con.execute("SELECT gpu_count, buyable_today FROM marts.llm_workload_fit").fetchall())
        (comment,) = con.execute(
            "SELECT comment FROM duckdb_columns() WHERE table_name = 'llm_workload_fit' "
            "AND column_name = 'buyable_today'"
        ).fetchone()
    assert got == {1: True, 8: False, 4: False}
    assert comment.startswith("Whether the machine can be bought today")
