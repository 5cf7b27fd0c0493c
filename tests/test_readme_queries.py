"""The README's six queries run, read-only, against the sample day's warehouse, and answer what their titles ask
(eighteenth review: query 5 showed the last day with a deal as today's, without the listing's condition; query 1
cut the used cards to two; query 6 gave the cost after a resale forecast as the machine's price; query 3 gave
tokens/s per 1,000 USD as an unlabelled "value")."""

import re
from pathlib import Path

import duckdb

README = Path(__file__).resolve().parents[1] / "README.md"


def queries() -> list[str]:
    block = README.read_text().split("```sql\n", 1)[1].split("```", 1)[0]
    statements = [s.strip() for s in block.split(";\n") if s.strip()]  # a statement ends its line
    assert len(statements) == 6
    return statements


def test_the_readme_queries_run_and_answer_their_titles(sample_run):
    with duckdb.connect(str(sample_run["db"]), read_only=True) as con:
        results = []
        for sql in queries():
            cursor = con.execute(sql)
            results.append(([d[0] for d in cursor.description], cursor.fetchall()))
        day = con.execute("SELECT max(snapshot_date) FROM marts.price_daily").fetchone()[0]
        deals_today = con.execute(
            "SELECT count(*) FROM marts.deals WHERE snapshot_date = ?", [day]
        ).fetchone()[0]
    (cols1, rows1), _, (cols3, rows3), _, (cols5, rows5), (cols6, rows6) = results
    per_condition = {c: sum(1 for r in rows1 if r[0] == c) for c in ("new", "used")}
    assert 0 < per_condition["new"] <= 10 and 0 < per_condition["used"] <= 10, per_condition
    assert "tokens_per_s_per_1k_usd_tco" in cols3 and "workload" in cols3 and rows3
    # thirty-sixth review (a newcomer): query 3 gave a used 4-GPU tier two machines, the second a rack server named as
    # an alternative for a dedicated circuit, and the tiers no machine fills as rows of nulls: one machine per tier
    # and condition, and a tier without one says why
    tiers = [(r[cols3.index("tier")], r[cols3.index("condition")]) for r in rows3]
    assert len(tiers) == len(set(tiers)) == 10, tiers
    names = [r[cols3.index("gpu_name")] for r in rows3]
    assert all(names) and any(n.startswith("none: no machine") for n in names), names
    assert {"condition", "reason"} <= set(cols5) and len(rows5) == min(deals_today, 20)
    assert {"price_usd", "tco_usd"} <= set(cols6) and rows6
    # twenty-first review: a machine of the ten that needs a dedicated circuit, or a cap set at every boot, says so
    assert {"circuit", "power_cap_pct"} <= set(cols6)
    assert {r[cols6.index("circuit")] for r in rows6} <= {"outlet", "dedicated"}
    price, tco = cols6.index("price_usd"), cols6.index("tco_usd")
    assert all(r[price] != r[tco] for r in rows6)  # the price, and the TCO (energy in, resale out) beside it
    assert all(re.fullmatch(r"[a-z0-9_]+", c) for c in cols1 + cols3 + cols5 + cols6)


def test_the_tiers_comments_say_the_llm_rows_are_in_tokens_per_second(sample_run):
    """Eighteenth review: an LLM tier machine's total_relative_perf is tokens/s of its tier's workload (27.48 for one
    used RTX 3090) where marts.budget_builds has the LLM index (1.00), and the comments said both were the index."""
    with duckdb.connect(str(sample_run["db"]), read_only=True) as con:
        rows = con.execute(
            "SELECT DISTINCT perf_index, total_relative_perf = workload_tokens_per_s FROM marts.build_tiers "
            "WHERE use_case = 'llm' AND model_id IS NOT NULL"
        ).fetchall()
        comments = dict(
            con.execute(
                "SELECT table_name || '.' || column_name, comment FROM duckdb_columns() WHERE schema_name = 'marts' "
                "AND table_name IN ('build_tiers', 'region_tiers') AND column_name IN ('perf_index', "
                "'total_relative_perf', 'perf_per_1k_usd_tco')"
            ).fetchall()
        )
    assert rows == [("llm_workload", True)]
    assert len(comments) == 6 and all("tokens/s of the tier's workload" in c for c in comments.values())
