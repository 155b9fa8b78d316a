# Two commands for a fresh machine:
#   make run    installs into .venv and serves the host on its defaults
#   make test   installs what the tests need (Debian's chromium included) and runs them all
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
PORT ?= 8340

.PHONY: run demo test lint lint-js unit bench clean

run: $(VENV)/.installed
	$(BIN)/tourelle serve --port $(PORT)

demo: $(VENV)/.installed
	$(BIN)/tourelle demo --port $(PORT)

test: $(VENV)/.installed-test node_modules/.installed
	./tools/system-deps.sh
	$(BIN)/ruff check host buzzers tests bench tools
	$(BIN)/mypy
	$(MAKE) lint-js
	$(BIN)/pytest -n 3 -m "not browser"  # 3 workers on 2 cores: some tests wait on servers
	# The real-server main path again with gunicorn unavailable (Windows): Werkzeug's fallback
	TOURELLE_TEST_SERVER=fallback $(BIN)/pytest -q -n 3 tests/test_smoke_server.py \
		tests/room/test_following.py tests/room/test_serve_join.py tests/buzzer_board/test_live.py
	$(BIN)/pytest -m browser

# ESLint over the pages' scripts (eslint.config.mjs; installed by npm ci from package-lock.json).
lint: lint-js

lint-js: node_modules/.installed
	node_modules/.bin/eslint host/static/js eslint.config.mjs

node_modules/.installed: package.json package-lock.json
	npm ci --no-audit --no-fund
	touch $@

# The fast loop: everything that needs neither a browser nor many games (20 seeded games
# per random-play test instead of 1,000). Four workers on two cores: a third of these tests
# wait on servers and sockets, and the waits overlap.
unit: $(VENV)/.installed-test
	TOURELLE_RANDOM_GAMES=20 $(BIN)/pytest -q -n 4 -m "not slow and not browser"

bench: $(VENV)/.installed-test
	$(BIN)/python bench/fairness.py
	$(BIN)/python bench/clients.py
	$(BIN)/python bench/buzz_latency.py

$(VENV)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip
	$(BIN)/pip install -q -e .
	touch $@

$(VENV)/.installed-test: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip
	$(BIN)/pip install -q -e '.[test]'
	touch $@ $(VENV)/.installed

clean:
	rm -rf $(VENV) build dist *.egg-info .pytest_cache .mypy_cache
