"""Hypothesis fuzz: 10,000 random messages against a running server (`make test` sends 2,000,
$TOURELLE_FUZZ_MESSAGES; `make soak` and a plain `pytest` the 10,000).

Wrong types, huge strings, unknown events, actions out of turn, messages for
the wrong role: the server stays up, the game's state and journal do not
change, and every sender is told why (an ack with a reason).
"""

from __future__ import annotations

import json
import os
from typing import Any

import pytest
from hypothesis import HealthCheck, given, seed, settings
from hypothesis import strategies as st

from tests.core.helpers import journal_count, phones_game, stable_view
from tests.live import Peer

BATCH = 10
BATCHES = int(os.environ.get("TOURELLE_FUZZ_MESSAGES", "10000")) // BATCH
PARTS = 4  # in four parts of its own seed each, which the suite's workers run side by side

EVENTS = ["action", "join", "watch", "ping", "command", "create", "games", "sync", "press",
          "message", "state", "error"]
ACTIONS = ["answer", "pick", "attack", "skip", "continue", "override", "end", "start", "pause",
           "undo", "timeout", "question", "claim", "_heartbeat", "_release", "_stop"]

json_leaf = (st.none() | st.booleans() | st.integers() | st.integers(min_value=2**53)
             | st.floats(allow_nan=False) | st.text(max_size=30)
             | st.builds(lambda char, times: char * times, st.characters(),
                         st.integers(3000, 12000)))
json_value = st.recursive(
    json_leaf,
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=10), inner,
                                                                max_size=5),
    max_leaves=12,
)
action = st.fixed_dictionaries(
    {"type": st.sampled_from(ACTIONS) | st.text(max_size=20)},
    optional={"value": json_value, "territory": json_value, "seat": json_value,
              "stage": json_value, "t_client": json_value, "correct": json_value,
              "token": json_value, "game": json_value, "x": json_value},
)
event_name = st.sampled_from(EVENTS) | st.text(min_size=1, max_size=40).filter(
    lambda name: name not in ("connect", "disconnect", "connect_error"))
message = st.tuples(st.sampled_from(["player", "anonymous", "screen"]), event_name,
                    action | json_value)


@pytest.mark.slow
@pytest.mark.parametrize("part", range(PARTS))
def test_thousands_of_random_messages_change_nothing(server, part: int) -> None:
    host, game_id, phones = phones_game(server)
    # Seat 0 answers the open question, so that even its well-formed answers are duplicates.
    assert phones[0].call("action", {"type": "answer", "value": 40})["ok"]
    peers = {"player": phones[0], "anonymous": Peer(server, "/seat"),
             "screen": Peer(server, "/screen")}
    rows, view = journal_count(server, game_id), stable_view(server, game_id)
    counts = {"sent": 0, "refused": 0, "ok": 0}

    @seed(part)  # reproducible, and a different storm in each part
    @settings(max_examples=BATCHES // PARTS, deadline=None, database=None,
              suppress_health_check=list(HealthCheck))
    @given(st.lists(message, min_size=BATCH, max_size=BATCH))
    def storm(batch: list[tuple[str, str, Any]]) -> None:
        for who, event, payload in batch:
            ack = peers[who].call(event, payload)
            counts["sent"] += 1
            assert isinstance(ack, dict), (who, event, payload, ack)
            if ack.get("ok") is True:
                # Only harmless questions may succeed: a clock ping, watching the game.
                assert event in ("ping", "watch"), (who, event, json.dumps(payload)[:200], ack)
                counts["ok"] += 1
            else:
                assert isinstance(ack.get("reason"), str) and ack["reason"], ack
                counts["refused"] += 1

    storm()
    assert counts["sent"] >= BATCH * BATCHES // PARTS
    assert counts["refused"] > counts["ok"]
    assert server.alive() and server.get("/healthz")["ok"]
    assert journal_count(server, game_id) == rows
    assert stable_view(server, game_id) == view
    # Everyone else is still being served: the other phones can still play.
    assert phones[1].call("action", {"type": "answer", "value": 41})["ok"]
    assert journal_count(server, game_id) == rows + 1
