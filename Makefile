# gpu-market: `make run` and `make test` set everything up themselves (Python 3.11+).
# Installs are exactly the versions in uv.lock (`uv sync --frozen`); uv itself is pinned and bootstrapped
# into .uv/ with pip, so a fresh machine needs only Python. After changing dependencies in pyproject.toml,
# `make lock` rewrites uv.lock.
PYTHON ?= python3
UV_VERSION := 0.13.9
UV := .uv/bin/uv
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
export DAGSTER_HOME := $(CURDIR)/dagster_home
export UV_PYTHON_DOWNLOADS := never
# Bytecode: every command here lets Python write .pyc files as it imports (PYTHONDONTWRITEBYTECODE, set on this
# project's CI machine, is emptied for make's commands and by ./gpu-market; the caches land in .venv/ and in
# git-ignored __pycache__/ folders). The first process to import a module compiles it once, and only what is
# imported is compiled. Measured from a fresh clone (2 cores): `uv sync --compile-bytecode` compiled all 1.1 GB
# of packages in 8.4 s, against 1.4 s for the install without it; the suite's ~50 subprocesses then also load the
# project's own modules instead of compiling them (0.2 s each). Without any cache, loading the definitions takes
# 3.2 s instead of 1.5 s: a read-only venv pays that on every start (docs/performance.md).
export PYTHONDONTWRITEBYTECODE :=

.PHONY: run backfill rebuild restore test screenshots doctor ui dashboard bench indices lint format lock schema clean

# uv goes into a venv of its own without pip (0.1 s instead of 3.5 s), installed by the host's pip (`--python`,
# pip >= 22.3); where that pip is missing or older, the venv gets its own pip as before
$(UV):
	@rm -rf .uv
	$(PYTHON) -m venv --without-pip .uv
	$(PYTHON) -m pip --python .uv/bin/python install --quiet uv==$(UV_VERSION) 2>/dev/null \
		|| { rm -rf .uv && $(PYTHON) -m venv .uv && .uv/bin/python -m pip install --quiet uv==$(UV_VERSION); }

$(STAMP): pyproject.toml uv.lock | $(UV)
	$(UV) sync --frozen --quiet --python $(PYTHON)
	touch $(STAMP)

lock: $(UV)
	$(UV) lock

# run, backfill, doctor and restore go through ./gpu-market, which exits 0 / 1 / 2 (done / failed / bad input);
# make itself exits 2 for any failure, and its last line ("Error 1", "Error 2") names the command's code.
run: $(STAMP)
	@GPU_MARKET_FROM_MAKE=1 ./gpu-market run $(DAY)

backfill: $(STAMP)
	@GPU_MARKET_FROM_MAKE=1 ./gpu-market backfill $(FROM) $(TO)

restore: $(STAMP)
	@GPU_MARKET_FROM_MAKE=1 ./gpu-market restore

rebuild: $(STAMP)
	$(PY) -m pipelines.range_run $(FROM) $(TO)

# over every core (pytest-xdist; each worker builds its own temporary warehouses), with the slowest tests named;
# worksteal: a worker that runs out takes half of what the other has left (the same 321 s of tests, 2 cores, four
# runs each way one after the other on 2026-11-26: 162.2-176.7 s against 166.8-173.8 s, 2.6 s less on average)
test: $(STAMP)
	$(PY) -m pytest -n auto --dist worksteal --durations=10

# the README's screenshots (docs/screenshots/), from the browser test on the sample site
screenshots: $(STAMP)
	GPU_MARKET_SCREENSHOTS=$(CURDIR)/docs/screenshots $(PY) -m pytest -p no:xdist -q \
		tests/dashboards/test_dashboard_browser.py -k "main_page or card_page_opens"

doctor: $(STAMP)
	@GPU_MARKET_FROM_MAKE=1 ./gpu-market doctor

ui: $(STAMP)
	$(VENV)/bin/dg dev

dashboard: $(STAMP)
	$(PY) -m dashboards.build $(DAY)

bench: $(STAMP)
	$(PY) tools/bench_all.py

indices: $(STAMP)
	$(PY) tools/perf_indices.py

lint: $(STAMP)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/lint-imports

# what `make lint` asks of the code's form, done: ruff's formatting and its fixable findings
format: $(STAMP)
	$(VENV)/bin/ruff format .
	$(VENV)/bin/ruff check --fix .

schema: $(STAMP)
	$(PY) -m warehouse.schema_file

clean:
	rm -rf $(VENV) .uv exports dashboards/site warehouse/*.duckdb warehouse/*.duckdb.wal warehouse/published
