"""Print docs/method.md's table of the sample day's default machines from a warehouse, so the doc quotes what the
code builds: `python tools/method_table.py WAREHOUSE [DAY]` (a `make run` warehouse; DAY 2026-11-20)."""

import argparse

import duckdb

from dashboards.answer import runner_up_gap_words

SQL = """
SELECT t.use_case, t.condition, t.tier, t.gpu_count, t.gpu_name, t.architecture, t.platform_id, t.circuit,
       t.power_cap_pct, t.total_build_cost_usd, t.perf_per_1k_usd_tco, t.workload, t.workload_tokens_per_s,
       s.name AS card_rule_name, t.card_rule_perf_per_1k_usd_tco, t.runner_up_gpu_name, t.runner_up_gap_pct
FROM marts.build_tiers t LEFT JOIN marts.gpu_specs s ON s.model_id = t.card_rule_model_id
WHERE t.snapshot_date = ? AND t.is_default AND t.model_id IS NOT NULL AND t.use_case IN ('vision', 'llm')
  AND t.tier <> '8gpu'
ORDER BY t.use_case DESC, t.condition DESC,
         array_position(['beginner', '1gpu', '2gpu', '4gpu'], t.tier)
"""
HEADER = (
    "| use case | condition | tier | machine chosen | architecture | platform | circuit | price USD | value | "
    "single-card rule's GPU | its machine's value | runner-up |\n"
    "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |"
)


def rows(con: duckdb.DuckDBPyConnection, day: str) -> list[str]:
    out = []
    for r in con.execute(SQL, [day]).fetchall():
        (use_case, condition, tier, n, name, arch, platform, circuit, cap, price, value, workload, tps,
         rule_name, rule_value, runner, gap) = r  # fmt: skip
        circuit_words = circuit if cap is None or cap >= 100 else f"{circuit}, capped to {cap:.0f}%"
        llm = use_case == "llm" and workload
        speed = f"{tps:.1f} tokens/s" if tps is not None else "no speed"
        value_words = f"{value:.2f} ({speed} of `{workload}`)" if llm else f"{value:.3f}"
        rule_words = "–" if rule_value is None else f"{rule_value:.2f}" if llm else f"{rule_value:.3f}"
        runner_words = f"{runner} ({runner_up_gap_words(gap, 1)})" if runner else "none"
        out.append(
            f"| {use_case} | {condition} | {tier} | {n} x {name} | {arch} | `{platform}` | {circuit_words} | "
            f"{price:,.0f} | {value_words} | {rule_name or '–'} | {rule_words} | {runner_words} |"
        )
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("warehouse")
    ap.add_argument("day", nargs="?", default="2026-11-20")
    args = ap.parse_args()
    with duckdb.connect(args.warehouse, read_only=True) as con:
        print(HEADER)
        print("\n".join(rows(con, args.day)))


if __name__ == "__main__":
    main()
