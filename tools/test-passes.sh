#!/usr/bin/env bash
# make test's passes (after the linters). The engine pass (every test without a browser) and the
# Chromium pass run side by side: on 2 cores each alone used about one (the engine pass waits on
# servers and sockets, the Chromium one on pages and timers). Then, alone, the real server's
# main path on Werkzeug's fallback, and the tests that add a network namespace (a Chromium
# beside them sees a network change, net::ERR_NETWORK_CHANGED). `make nightly` runs the long
# browser tests marked `nightly` (each has a shorter one here covering its ground).
set -uo pipefail
cd "$(dirname "$0")/.."
BIN=${BIN:-.venv/bin}
logs=$(mktemp -d)
# 200 seeded random games per kind and player count (`make soak` plays 1,000).
TOURELLE_RANDOM_GAMES=200 "$BIN/pytest" -n 3 -m "not browser and not netns" \
    >"$logs/engine.log" 2>&1 &
engine=$!
# Chromium: two workers, each test module on one (its server and browser are the module's).
"$BIN/pytest" -n 2 --dist loadfile -m "browser and not netns and not nightly" \
    >"$logs/browser.log" 2>&1 &
browser=$!
wait "$engine"; engine_rc=$?
wait "$browser"; browser_rc=$?
echo "== engine pass (no browser): exit $engine_rc"; cat "$logs/engine.log"
echo "== Chromium pass: exit $browser_rc"; cat "$logs/browser.log"
rm -rf "$logs"
[ "$engine_rc" -eq 0 ] && [ "$browser_rc" -eq 0 ] || exit 1
echo "== the real server's main path with gunicorn unavailable (Windows): Werkzeug's fallback"
TOURELLE_TEST_SERVER=fallback "$BIN/pytest" -q -n 3 tests/test_smoke_server.py \
    tests/buzzer_board/test_live.py || exit 1
echo "== tests that add a network namespace, alone"
"$BIN/pytest" -q -m "netns and not nightly" tests
