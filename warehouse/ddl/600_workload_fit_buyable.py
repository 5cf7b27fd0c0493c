"""600: marts.llm_workload_fit says whether a machine can be bought today (fifth review: ordered by USD per token/s,
the view led with 8 x RTX A5000 of which 6 were listed, and every 8-card row of the sample day had fewer listings
than cards; only the comment of listings_available warned). The view gains `buyable_today`, the same columns
before it and their comments kept."""

import duckdb

from warehouse.migrations import sql_literal

VIEW_SQL = """
CREATE OR REPLACE VIEW marts.llm_workload_fit AS
SELECT m.snapshot_date, s.workload, s.model_name, s.params_b, s.active_params_b, s.bits_per_weight, s.quant,
       s.context_tokens, m.condition, m.model_id, m.gpu_name, m.gpu_count, s.fits, s.vram_needed_gb,
       s.vram_available_gb, s.tokens_per_s, s.prefill_tokens_per_s, s.speed_basis, m.platform_id,
       m.machine_tco_usd, CASE WHEN s.tokens_per_s > 0 THEN m.machine_tco_usd / s.tokens_per_s END
           AS usd_per_token_per_s,
       m.source_mode, m.machine_build_usd, m.circuit, m.power_cap_pct, m.listings_available,
       coalesce(m.listings_available >= m.gpu_count, false) AS buyable_today
FROM marts.llm_workload_machines m
JOIN marts.llm_workload_speeds s
  ON s.model_id = m.model_id AND s.gpu_count = m.gpu_count AND s.power_cap_pct = m.power_cap_pct"""
BUYABLE = (
    "Whether the machine can be bought today: at least gpu_count listings of the card in this condition "
    "(listings_available); filter on it before ordering by usd_per_token_per_s."
)


def migrate(con: duckdb.DuckDBPyConnection) -> None:
    comments = con.execute(
        "SELECT column_name, comment FROM duckdb_columns() "
        "WHERE schema_name = 'marts' AND table_name = 'llm_workload_fit' AND comment IS NOT NULL"
    ).fetchall()
    (view_comment,) = con.execute(
        "SELECT comment FROM duckdb_views() WHERE schema_name = 'marts' AND view_name = 'llm_workload_fit'"
    ).fetchone()
    con.execute(VIEW_SQL)
    literal = sql_literal(view_comment)  # the warehouse's own comments and the constant above
    con.execute(f"COMMENT ON VIEW marts.llm_workload_fit IS {literal}")
    for column, text in [*comments, ("buyable_today", BUYABLE)]:
        literal = sql_literal(text)
        con.execute(f"COMMENT ON COLUMN marts.llm_workload_fit.{column} IS {literal}")
