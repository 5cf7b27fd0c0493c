# gpu-market: `make run` and `make test` set everything up themselves (Python 3.11+).
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
export DAGSTER_HOME := $(CURDIR)/dagster_home

.PHONY: run backfill test doctor ui dashboard bench indices lint clean

$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

run: $(STAMP)
	$(PY) -m pipelines.run_daily $(DAY)

backfill: $(STAMP)
	$(PY) -m pipelines.backfill $(FROM) $(TO)

test: $(STAMP)
	$(PY) -m pytest

doctor: $(STAMP)
	$(PY) -m pipelines.doctor

ui: $(STAMP)
	$(VENV)/bin/dagster dev -w workspace.yaml

dashboard: $(STAMP)
	$(PY) -m dashboards.build $(DAY)

bench: $(STAMP)
	$(PY) tools/bench_all.py

indices: $(STAMP)
	$(PY) tools/perf_indices.py

lint: $(STAMP)
	$(VENV)/bin/ruff check .

clean:
	rm -rf $(VENV) exports dashboards/site warehouse/*.duckdb warehouse/*.duckdb.wal warehouse/published
