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
echo "== the real server's protocol in the greenlet modes: auth, seats, answers kept hidden, a"
echo "   night and its kill -9 (tests/core/test_eventlet.py plays a game in both in the first pass)"
# The two modes side by side: their tests mostly wait on servers and sockets.
greenlet_pass() {
    TOURELLE_TEST_ASYNC=$1 "$BIN/pytest" -q -n 3 -p no:cacheprovider tests/test_smoke_server.py \
        tests/core/test_roles.py tests/core/test_no_answer_leak.py tests/core/test_night.py
}
greenlet_pass gevent > "${TMPDIR:-/tmp}/tourelle-gevent-pass.log" 2>&1 & gevent_pid=$!
greenlet_pass eventlet || { wait $gevent_pid; exit 1; }
wait $gevent_pid || { cat "${TMPDIR:-/tmp}/tourelle-gevent-pass.log"; exit 1; }
tail -1 "${TMPDIR:-/tmp}/tourelle-gevent-pass.log"
echo "== tests that add a network namespace, alone (a Chromium beside them sees a network"
echo "   change: net::ERR_NETWORK_CHANGED)"
"$BIN/pytest" -q -m "netns and not nightly" tests
