#!/usr/bin/env bash
# make test's passes, after the linters. Measured on this 2-core machine: the passes are not bound
# by the CPU alone (a third of the tests wait on servers, sockets, pages and game timers), so
# each runs more workers than cores; the engine and Chromium passes side by side fought for the
# two cores (16 min, against 13.6 one after the other, a fresh clone's .ci/run), and the
# Chromium pass on 4 workers took 9:04 against 8:12 on 3 (docs/PERFORMANCE.md, "The test
# suite"). `make nightly` runs the long browser tests marked `nightly` (each has a shorter
# one here covering its ground).
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${BIN:-.venv/bin}
echo "== every test without a browser (20 seeded random games per kind and player count, 2,000"
echo "   fuzzed messages, 6 kill -9 of a host mid-game; \`make soak\`: 1,000, 10,000 and 22)"
TOURELLE_RANDOM_GAMES=20 TOURELLE_FUZZ_MESSAGES=2000 TOURELLE_KILLS=6 \
    "$BIN/pytest" -n 4 --dist worksteal -m "not browser and not netns"
echo "== Chromium: three workers, each test module on one (its server the module's, Chromium the worker's)"
"$BIN/pytest" -n 3 --dist loadfile -m "browser and not netns and not nightly"
echo "== side by side (their tests mostly wait on servers and sockets): the real server's main"
echo "   path with gunicorn unavailable (Windows: Werkzeug's fallback), and the real server's"
echo "   protocol in each greenlet mode, gevent and eventlet (auth, seats, answers kept hidden, a"
echo "   night and its kill -9; tests/core/test_eventlet.py plays a game in both above)"
LOGS=$(mktemp -d)
protocol=(tests/test_smoke_server.py tests/core/test_roles.py tests/core/test_no_answer_leak.py
          tests/core/test_night.py)
TOURELLE_TEST_SERVER=fallback "$BIN/pytest" -q -n 2 -p no:cacheprovider \
    tests/test_smoke_server.py tests/buzzer_board/test_live.py > "$LOGS/fallback" 2>&1 &
fallback=$!
TOURELLE_TEST_ASYNC=gevent "$BIN/pytest" -q -n 2 -p no:cacheprovider "${protocol[@]}" \
    > "$LOGS/gevent" 2>&1 &
gevent=$!
TOURELLE_TEST_ASYNC=eventlet "$BIN/pytest" -q -n 2 -p no:cacheprovider "${protocol[@]}" \
    > "$LOGS/eventlet" 2>&1 &
eventlet=$!
echo "== and beside them, the tests that add a network namespace (no other Chromium may run"
echo "   then: it would see a network change, net::ERR_NETWORK_CHANGED; these passes have none)"
failed=0
"$BIN/pytest" -q -m "netns and not nightly" tests || failed=1
for pass in fallback gevent eventlet; do
    if wait "${!pass}"; then
        echo "$pass: $(tail -1 "$LOGS/$pass")"
    else
        failed=1
        echo "$pass FAILED:"; cat "$LOGS/$pass"
    fi
done
rm -rf "$LOGS"
[ "$failed" = 0 ]
