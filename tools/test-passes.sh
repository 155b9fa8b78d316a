#!/usr/bin/env bash
# make test's passes, after the linters. Measured on this 2-core machine: the passes are not bound
# by the CPU alone (a third of the tests wait on servers, sockets, pages and game timers), so
# each runs more workers than cores; side by side they fought for the two cores (16 min, against
# 13.6 one after the other, a fresh clone's .ci/run). `make nightly` runs the long browser tests marked
# `nightly` (each has a shorter one here covering its ground).
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${BIN:-.venv/bin}
echo "== every test without a browser (200 seeded random games per kind and player count;"
echo "   \`make soak\` plays 1,000)"
TOURELLE_RANDOM_GAMES=200 "$BIN/pytest" -n 4 --dist worksteal -m "not browser and not netns"
echo "== Chromium: three workers, each test module on one (its server and browser are the module's)"
"$BIN/pytest" -n 3 --dist loadfile -m "browser and not netns and not nightly"
echo "== the real server's main path with gunicorn unavailable (Windows): Werkzeug's fallback"
TOURELLE_TEST_SERVER=fallback "$BIN/pytest" -q -n 3 tests/test_smoke_server.py \
    tests/buzzer_board/test_live.py
echo "== tests that add a network namespace, alone (a Chromium beside them sees a network"
echo "   change: net::ERR_NETWORK_CHANGED)"
"$BIN/pytest" -q -m "netns and not nightly" tests
