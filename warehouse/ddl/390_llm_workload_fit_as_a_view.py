"""390: marts.llm_workload_fit becomes a view over the two tables it is the product of (issue 38).

Its rows were every day's machines (about 300 a day: card, count, platform, price, circuit, cap) times every
workload's fit and speed on that card, count and cap, which no day's prices change: 8.9 million rows and a
third of benchmark 2's warehouse for five years, most of its write time spent storing that product. Now
marts.llm_workload_machines holds the machines per day, marts.llm_workload_speeds each workload on each card,
count and cap (today's catalog and calibration, for every day), and the view joins them: the same columns,
in the same order, with the same comments. The rows already written move into the two tables (a speed from
the latest day that has it)."""

import duckdb

from warehouse.migrations import sql_literal

MACHINE_COLUMNS = {
    "snapshot_date": "DATE NOT NULL",
    "condition": "VARCHAR NOT NULL",
    "model_id": "VARCHAR NOT NULL",
    "gpu_name": "VARCHAR",
    "gpu_count": "INTEGER NOT NULL",
    "platform_id": "VARCHAR",
    "machine_tco_usd": "DOUBLE",
    "machine_build_usd": "DOUBLE",
    "circuit": "VARCHAR",
    "power_cap_pct": "DOUBLE NOT NULL",
    "listings_available": "INTEGER",
    "source_mode": "VARCHAR NOT NULL",
}
SPEED_COLUMNS = {
    "workload": "VARCHAR NOT NULL",
    "model_name": "VARCHAR",
    "params_b": "DOUBLE",
    "active_params_b": "DOUBLE",
    "bits_per_weight": "DOUBLE",
    "quant": "VARCHAR",
    "context_tokens": "INTEGER",
    "model_id": "VARCHAR NOT NULL",
    "gpu_count": "INTEGER NOT NULL",
    "power_cap_pct": "DOUBLE NOT NULL",
    "fits": "BOOLEAN",
    "vram_needed_gb": "DOUBLE",
    "vram_available_gb": "DOUBLE",
    "tokens_per_s": "DOUBLE",
    "prefill_tokens_per_s": "DOUBLE",
    "speed_basis": "VARCHAR",
}
# the view's columns, in the order the table had them
VIEW_SQL = """
CREATE VIEW marts.llm_workload_fit AS
SELECT m.snapshot_date, s.workload, s.model_name, s.params_b, s.active_params_b, s.bits_per_weight, s.quant,
       s.context_tokens, m.condition, m.model_id, m.gpu_name, m.gpu_count, s.fits, s.vram_needed_gb,
       s.vram_available_gb, s.tokens_per_s, s.prefill_tokens_per_s, s.speed_basis, m.platform_id,
       m.machine_tco_usd, CASE WHEN s.tokens_per_s > 0 THEN m.machine_tco_usd / s.tokens_per_s END
           AS usd_per_token_per_s,
       m.source_mode, m.machine_build_usd, m.circuit, m.power_cap_pct, m.listings_available
FROM marts.llm_workload_machines m
JOIN marts.llm_workload_speeds s
  ON s.model_id = m.model_id AND s.gpu_count = m.gpu_count AND s.power_cap_pct = m.power_cap_pct"""
TABLE_COMMENTS = {
    "marts.llm_workload_machines": (
        "Per day, condition, card and count (1, 2, 4, 8): the machine the build tiers build for LLM work "
        "(their own rules and code: platform, price, circuit, power cap), one half of the view "
        "marts.llm_workload_fit (pipelines/defs/marts/llm_workload_fit.py)."
    ),
    "marts.llm_workload_speeds": (
        "Per LLM workload and machine shape (card, count, power cap) that marts.llm_workload_machines holds: "
        "whether it fits and its single-stream decode and prefill speed, from today's workload catalog and "
        "calibration (transforms/llm_workloads.py); no day's prices change them, so every day's machines "
        "read the same rows. The other half of the view marts.llm_workload_fit; rewritten whole with each run."
    ),
}
EXTRA_COMMENTS = {
    "marts.llm_workload_machines.power_cap_pct": (
        "The power limit per GPU of an outlet machine (100: uncapped); the speeds of the capped machine are "
        "marts.llm_workload_speeds' rows of this cap (P2)."
    ),
    "marts.llm_workload_speeds.power_cap_pct": (
        "The power limit per GPU the speeds are for (100: uncapped; P2): a machine reads the rows of its own cap."
    ),
    "marts.llm_workload_speeds.gpu_count": "Cards in the machine (llama.cpp layer split across them).",
    "marts.llm_workload_speeds.model_id": "Catalog card.",
}


def migrate(con: duckdb.DuckDBPyConnection) -> None:
    comments = dict(
        con.execute(
            "SELECT column_name, comment FROM duckdb_columns() "
            "WHERE schema_name = 'marts' AND table_name = 'llm_workload_fit' AND comment IS NOT NULL"
        ).fetchall()
    )
    (table_comment,) = con.execute(
        "SELECT comment FROM duckdb_tables() WHERE schema_name = 'marts' AND table_name = 'llm_workload_fit'"
    ).fetchone()
    for table, columns in (
        ("marts.llm_workload_machines", MACHINE_COLUMNS),
        ("marts.llm_workload_speeds", SPEED_COLUMNS),
    ):
        col_list = ",\n    ".join(f"{name} {kind}" for name, kind in columns.items())
        con.execute(f"CREATE TABLE {table} (\n    {col_list}\n)")
    con.execute(
        """
        INSERT INTO marts.llm_workload_machines
        SELECT snapshot_date, condition, model_id, any_value(gpu_name), gpu_count, any_value(platform_id),
               any_value(machine_tco_usd), any_value(machine_build_usd), any_value(circuit),
               coalesce(power_cap_pct, 100.0), any_value(listings_available), any_value(source_mode)
        FROM marts.llm_workload_fit
        GROUP BY snapshot_date, condition, model_id, gpu_count, coalesce(power_cap_pct, 100.0)"""
    )
    con.execute(
        """
        INSERT INTO marts.llm_workload_speeds
        SELECT DISTINCT ON (workload, model_id, gpu_count, coalesce(power_cap_pct, 100.0))
               workload, model_name, params_b, active_params_b, bits_per_weight, quant, context_tokens, model_id,
               gpu_count, coalesce(power_cap_pct, 100.0), fits, vram_needed_gb, vram_available_gb, tokens_per_s,
               prefill_tokens_per_s, speed_basis
        FROM marts.llm_workload_fit
        ORDER BY workload, model_id, gpu_count, coalesce(power_cap_pct, 100.0), snapshot_date DESC"""
    )
    con.execute("DROP TABLE marts.llm_workload_fit")
    con.execute(VIEW_SQL)
    view_comment = (
        f"{table_comment} A view: each day's machines (marts.llm_workload_machines) joined to each workload on "
        "their card, count and cap (marts.llm_workload_speeds)."
    )
    literal = sql_literal(view_comment)  # the warehouse's own comments and the constants above
    con.execute(f"COMMENT ON VIEW marts.llm_workload_fit IS {literal}")
    for table, text in TABLE_COMMENTS.items():
        literal = sql_literal(text)
        con.execute(f"COMMENT ON TABLE {table} IS {literal}")
    for column, text in comments.items():
        literal = sql_literal(text)
        con.execute(f"COMMENT ON COLUMN marts.llm_workload_fit.{column} IS {literal}")
        for table, columns in (
            ("marts.llm_workload_machines", MACHINE_COLUMNS),
            ("marts.llm_workload_speeds", SPEED_COLUMNS),
        ):
            if column in columns:
                con.execute(f"COMMENT ON COLUMN {table}.{column} IS {literal}")
    for column, text in EXTRA_COMMENTS.items():
        literal = sql_literal(text)
        con.execute(f"COMMENT ON COLUMN {column} IS {literal}")
