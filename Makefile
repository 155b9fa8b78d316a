# Two commands for a fresh machine:
#   make run    installs into .venv and serves the host on its defaults
#   make test   installs what the tests need (Debian's chromium included) and runs them all
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
PORT ?= 8340
# Python keeps its compiled modules (__pycache__): with PYTHONDONTWRITEBYTECODE set (some
# containers set it) every test process and every server a test starts compiled the host
# and the tests again, 5 of a test process's 8 s of start (docs/PERFORMANCE.md).
unexport PYTHONDONTWRITEBYTECODE

.PHONY: run demo test nightly soak lint lint-js unit bench clean lock deps-latest arm64-lab

run: $(VENV)/.installed
	$(BIN)/tourelle serve --port $(PORT)

demo: $(VENV)/.installed
	$(BIN)/tourelle demo --port $(PORT)

test: $(VENV)/.installed-test node_modules/.installed
	./tools/system-deps.sh
	$(BIN)/ruff check host buzzers tests bench tools
	$(BIN)/mypy
	$(MAKE) lint-js
	./tools/test-passes.sh

# The long browser tests whose ground a shorter one covers in `make test` (the English run of a
# night played in both languages, a territory game and a duel to their ends, a Watchtower game
# against two bots, the quiz round of issue 23): before a release, or after a change to a page.
nightly: $(VENV)/.installed-test node_modules/.installed
	$(BIN)/pytest -n 2 --dist loadfile -m nightly

# The seeded random games at 1,000 per kind and player count (a tenth on the shipped maps after
# the first): what `make test` plays at 20, for a change to an engine or its bots; then the
# fuzz's 10,000 messages and 22 kill -9 of a host (`make test`: 2,000 and 6).
soak: $(VENV)/.installed-test
	TOURELLE_RANDOM_GAMES=1000 $(BIN)/pytest -q -n 3 -m random_play
	$(BIN)/pytest -q -n 3 tests/core/test_fuzz.py tests/core/test_crash.py

# ESLint over the pages' scripts (eslint.config.mjs; installed by npm ci from package-lock.json).
lint: lint-js

lint-js: node_modules/.installed
	node_modules/.bin/eslint host/static/js eslint.config.mjs

node_modules/.installed: package.json package-lock.json
	npm ci --no-audit --no-fund
	touch $@

# The fast loop: everything that needs neither a browser nor many games (10 seeded games
# per random-play test instead of 1,000), without the tests marked `slow` (a shorter test
# keeps their ground in the loop; `make test` runs them). Four workers on two cores: a third of these tests
# wait on servers and sockets, and the waits overlap; `worksteal` hands an idle worker
# the tail of a busy one (the loop ended on one worker's last long tests).
unit: $(VENV)/.installed-test
	TOURELLE_RANDOM_GAMES=10 $(BIN)/pytest -q -n 4 --dist worksteal -m "not slow and not browser"

# The arm64 lab (docs/RASPBERRY-PI.md): Debian bookworm arm64 (a Pi's OS base) under
# qemu-user-static, its root cached in .cache/arm64-root, the test lock installed inside, then a
# served smoke test and the non-browser unit tests. As root; not in CI (a cold run is too long).
arm64-lab:
	./tools/arm64-lab.sh

bench: $(VENV)/.installed-test
	$(BIN)/python bench/fairness.py
	$(BIN)/python bench/clients.py
	$(BIN)/python bench/buzz_latency.py

# Installs come from the locks (requirements/*.lock: every package's version and hashes, as
# tested); `make lock` writes them again from pyproject.toml, `make deps-latest` tries the
# newest releases first.
$(VENV)/.installed: pyproject.toml requirements/run.lock
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -q --require-hashes -r requirements/run.lock
	$(BIN)/pip install -q --no-deps -e .
	touch $@

$(VENV)/.installed-test: pyproject.toml requirements/test.lock
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -q --require-hashes -r requirements/test.lock
	$(BIN)/pip install -q --no-deps -e .
	touch $@ $(VENV)/.installed

# The locks, from pyproject.toml, with uv (in a venv of its own): universal (Linux, a Pi,
# macOS, Windows), hashes for every file. Give the versions to keep with CONSTRAINTS=file.
lock: .venv-tools/bin/uv
	.venv-tools/bin/uv pip compile pyproject.toml --universal --generate-hashes \
		--python-version 3.11 --no-header $(if $(CONSTRAINTS),-c $(CONSTRAINTS)) -o requirements/run.lock
	.venv-tools/bin/uv pip compile pyproject.toml --extra test --universal --generate-hashes \
		--python-version 3.11 --no-header $(if $(CONSTRAINTS),-c $(CONSTRAINTS)) -o requirements/test.lock

.venv-tools/bin/uv:
	$(PYTHON) -m venv .venv-tools
	.venv-tools/bin/pip install -q uv

# The suite on the newest releases of everything (no lock), in a venv of its own: an upgrade
# is a decision with a green run behind it; then `make lock` records it.
deps-latest: node_modules/.installed
	rm -rf .venv-latest
	$(PYTHON) -m venv .venv-latest
	.venv-latest/bin/pip install -q --upgrade -e '.[test]'
	.venv-latest/bin/pip freeze --exclude-editable | grep -v '^-e'
	touch .venv-latest/.installed .venv-latest/.installed-test
	$(MAKE) test VENV=.venv-latest

clean:
	rm -rf $(VENV) .venv-latest .venv-tools build dist *.egg-info .pytest_cache .mypy_cache
