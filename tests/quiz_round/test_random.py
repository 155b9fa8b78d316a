"""Seeded random quiz rounds through a real Session (virtual time, SQLite journal), with every
kind of round (mixed, numbers, buzzers, typed answers, ordering) and a host who presses anything at
any time: next, close, skip, right, wrong, typed answers accepted or rejected, score edits,
undo, pause and resume. The contract test's checks
run at every step (tests/games/test_contract.py), plus the room never seeing an answer
before the reveal; each game ends and replays from its journal to the same state."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from host.clock import VirtualClock, VirtualScheduler
from host.games import registry
from host.hub import Hub
from host.journal import Journal
from host.replay import rebuild
from host.session import HOST, Origin
from tests.core.test_no_answer_leak import secrets_in
from tests.games.test_contract import check_phone_parts, check_step, filled
from tests.synthetic import synthetic_bank

PLAN = [{"questions": 3, "mix": "mixed"}, {"questions": 2, "mix": "numeric"},
        {"questions": 3, "mix": "buzz"}, {"questions": 2, "mix": "text"},
        {"questions": 2, "mix": "order"}]
HOST_ORDERS: list[dict[str, Any]] = [
    {"type": "next"}, {"type": "close"}, {"type": "skip"}, {"type": "right"},
    {"type": "wrong"}, {"type": "undo"}, {"type": "pause"}, {"type": "resume"},
    {"type": "adjust", "seat": 0, "points": -2, "reason": "bruit"},
    {"type": "accept", "key": "zzz"}, {"type": "reject", "key": "zzz"},
    {"type": "clip_play"}, {"type": "clip_pause"}, {"type": "clip_replay"},
    {"type": "clip_no_sound"},
]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_rounds_of_every_kind_keep_the_contract(seed: int, tmp_path: Path) -> None:
    kind = registry.kind("quiz-round")
    clock = VirtualClock()
    scheduler = VirtualScheduler(clock)
    journal = Journal(tmp_path / "random.sqlite")
    hub = Hub(journal, synthetic_bank(60, typed=20, clips=True, ordered=12), publish=None,
              clock=clock,
              scheduler_factory=lambda: scheduler, threaded=False)
    players = 2 + seed
    session = hub.create_game("quiz-round", [{"name": f"T{i}"} for i in range(players)],
                              seed=seed, settings={"plan": PLAN, "speed_bonus": 3,
                                                   "board_every": 2})
    assert session.submit(HOST, {"type": "start"}).ok
    pick = random.Random(seed)
    stages = set()
    for _ in range(3000):
        if session.status == "over":
            break
        state = session.state
        check_step(kind, session.game, state, players, pick, clock.now_ns())
        check_phone_parts(kind, session)
        view = session.game.view(state, "screen")
        stages.add((view["stage"], view["mix"]))
        if view["clip"]:
            stages.add(("clip", "playing" if view["clip"]["playing"] else "paused"))
        if view["stage"] in ("intro", "drawing", "answering", "review"):
            assert secrets_in(view) == [], view
        moves = [m for s in range(players) for m in session.game.legal_actions(state, s)]
        roll = pick.random()
        if moves and roll < 0.6:
            move = filled(pick.choice(moves), kind, pick, clock.now_ns())
            outcome = session.submit(Origin("seat", move["seat"], "phone"), move)
            assert outcome.ok or (session.paused and outcome.code == "paused"), (move, outcome)
        elif roll < 0.8:
            session.submit(HOST, dict(pick.choice(HOST_ORDERS)))  # may be refused: fine
        elif roll < 0.85:  # the projector: its clip plays (starts a waiting question's time)
            session.submit(Origin("screen"), {"type": "clip_heard", "step": view["step"]})
        elif not scheduler.run_next():
            session.submit(HOST, {"type": "resume"})
            session.submit(HOST, {"type": "next"})
            session.submit(HOST, {"type": "close"})
            session.submit(HOST, {"type": "right"})
    assert session.status == "over", session.game.view(session.state, "host")["stage"]
    assert {("answering", "buzz"), ("answering", "numeric"), ("answering", "mixed"),
            ("answering", "text"), ("answering", "order"), ("reveal", "order"),
            ("clip", "playing")} <= stages
    rebuilt = rebuild(session.game, journal.game(session.id).config,  # type: ignore[union-attr]
                      journal.rows(session.id))
    assert session.game.to_json(rebuilt.state) == session.game.to_json(session.state)
    journal.close()
