"""A bad watchlist never stops the day: every problem is reported with the file, line and column, and only
the entry at fault is skipped (an encoding or YAML error: the whole file)."""

from transforms.alerts import read_watchlist

KNOWN = {"rtx-3090", "rtx-4090"}
GOOD = "  - name: ok\n    model_id: rtx-3090\n    max_price_usd: 700\n"


def read(text: str | bytes):
    return read_watchlist(text.encode() if isinstance(text, str) else text, "w.yaml", KNOWN)


def test_bad_entries_are_skipped_with_their_line_and_column_and_the_good_ones_kept():
    reading = read(
        "watch:\n"
        + GOOD
        + "  - name: typo\n    model_id: rtx-9999\n    max_price_usd: 700\n"
        + "  - name: cheap\n    model_id: rtx-4090\n    max_price_usd: -5\n"
        + "  - name: where\n    min_vram_gb: 24\n    source: amazon\n    max_price_usd: 900\n"
        + "  - name: ok\n    model_id: rtx-4090\n    max_price_usd: 1500\n"
        + "  - name: vague\n    max_price_usd: 100\n"
    )
    assert [e.name for e in reading.entries] == ["ok"]
    assert reading.problems == [
        "w.yaml, line 6, column 15: watch entry 2: unknown model_id 'rtx-9999' (not in the catalog, "
        "warehouse/catalog/gpu_catalog.csv); skipped",
        "w.yaml, line 10, column 20: watch entry 3: max_price_usd: Input should be greater than 0; skipped",
        "w.yaml, line 13, column 13: watch entry 4: source: Input should be 'ebay', 'newegg', 'microcenter' "
        "or 'bestbuy'; skipped",
        "w.yaml, line 15, column 11: watch entry 5: the name 'ok' is used by an earlier entry; skipped",
        "w.yaml, line 18, column 5: watch entry 6: give model_id, min_vram_gb or workload; skipped",
    ]


def test_encoding_and_yaml_errors_name_the_place_and_use_no_entry():
    utf16 = read(("watch:\n" + GOOD).encode("utf-16"))
    assert utf16.entries == [] and utf16.problems == [
        "w.yaml, line 1, column 1: saved as UTF-16, not UTF-8: save it as UTF-8; no entry used"
    ]
    latin1 = read(("watch:\n" + GOOD + "  - name: café\n").encode("latin-1"))
    assert latin1.problems == [
        "w.yaml, line 5, column 14: not UTF-8 (byte 0xe9): save it as UTF-8; no entry used"
    ]
    bom = read(("watch:\n" + GOOD).encode("utf-8-sig"))  # UTF-8 with its byte-order mark is UTF-8
    assert [e.name for e in bom.entries] == ["ok"] and bom.problems == []
    broken = read("watch:\n" + GOOD + "  - name: [unclosed\n")
    assert broken.entries == [] and len(broken.problems) == 1
    assert broken.problems[0].startswith("w.yaml, line 6, column 1: not valid YAML: ")
    assert broken.problems[0].endswith("; no entry used")
    assert read("- just a list\n").problems == [
        "w.yaml, line 1, column 1: the watchlist needs a top-level `watch:` list of entries; no entry used"
    ]


def test_a_workload_entry_needs_a_machine_budget_and_a_known_workload():
    text = b"""watch:
  - name: big
    workload: llama-3.3-70b-q4km-8k
    min_tokens_per_s: 15
    max_machine_usd: 3000
  - name: no-budget
    workload: llama-3.3-70b-q4km-8k
  - name: typo
    workload: llama-70b
    max_machine_usd: 3000
"""
    reading = read_watchlist(text, "w.yaml", known_models=set(), known_workloads={"llama-3.3-70b-q4km-8k"})
    assert [e.name for e in reading.entries] == ["big"]
    assert reading.entries[0].reason() == (
        "runs llama-3.3-70b-q4km-8k at >= 15 tokens/s, whole machine (any) at most 3,000 USD"
    )
    assert reading.problems == [
        "w.yaml, line 6, column 5: watch entry 2: a workload entry needs max_machine_usd (what the whole machine "
        "may cost); skipped",
        "w.yaml, line 9, column 15: watch entry 3: unknown workload 'llama-70b' (not in "
        "warehouse/catalog/llm_workloads.csv); skipped",
    ]
