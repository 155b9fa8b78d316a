"""Seeded random quiz rounds through a real Session (virtual time, SQLite journal), with every
kind of round (mixed, numbers, buzzers, typed answers, ordering, several right answers ticked at
random, bad tick lists refused, wager questions, wipeout
with double or nothing, knock-out, picture reveal by tiles and by blur; a streak bonus; a
catch-up at half-time) and a host who presses anything at
any time: next, close, skip, right, wrong, typed answers accepted or rejected, score edits,
undo, pause and resume. After every undo no team's move made after the undone decision is
lost: each is kept, or no longer applies (its question or title card taken back, or the
engine refuses it now) and its phone is told. The contract test's checks
run at every step (tests/games/test_contract.py), plus the room never seeing an answer
before the reveal; each game ends and replays from its journal to the same state."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from host.clock import VirtualClock, VirtualScheduler
from host.games import registry
from host.room.hub import Hub
from host.games.contract import GameError
from host import messages
from host.quiz_round import several
from host.store.journal import Journal, effective
from host.store.replay import MOVERS, rebuild
from host.session.core import HOST, Origin, Session
from tests.core.test_no_answer_leak import secrets_in
from tests.games.test_contract import check_phone_parts, check_step, filled
from tests.synthetic import synthetic_bank

pytestmark = pytest.mark.random_play

PLAN = [{"questions": 3, "mix": "mixed"}, {"questions": 2, "mix": "numeric"},
        {"questions": 3, "mix": "buzz"}, {"questions": 2, "mix": "text"},
        {"questions": 2, "mix": "order"},
        {"questions": 3, "mix": "choice", "categories": ["food"]},  # several right answers
        {"questions": 2, "mix": "mixed", "wager": True, "wager_floor": 5, "streak_3": 2},
        {"questions": 3, "mix": "varied", "wipeout": True, "double_or_nothing": True},
        {"questions": 3, "mix": "mixed", "knockout": True},
        {"ids": ["fr-tcho-0001", "fr-tnum-0002", "fr-tcho-0003"], "reveal_steps": 3},
        {"questions": 3, "mix": "choice", "reveal_steps": 5, "reveal_style": "blur"}]
HOST_ORDERS: list[dict[str, Any]] = [
    {"type": "next"}, {"type": "close"}, {"type": "skip"}, {"type": "right"},
    {"type": "wrong"}, {"type": "undo"}, {"type": "pause"}, {"type": "resume"},
    {"type": "adjust", "seat": 0, "points": -2, "reason": "bruit"},
    {"type": "accept", "key": "zzz"}, {"type": "reject", "key": "zzz"},
    {"type": "clip_play"}, {"type": "clip_pause"}, {"type": "clip_replay"},
    {"type": "clip_no_sound"},
]


# 12 s a seed: `make test` (the contract test plays the quiz round in `make unit`).
@pytest.mark.slow
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_rounds_of_every_kind_keep_the_contract(seed: int, tmp_path: Path) -> None:
    kind = registry.kind("quiz-round")
    clock = VirtualClock()
    scheduler = VirtualScheduler(clock)
    journal = Journal(tmp_path / "random.sqlite")
    hub = Hub(journal, synthetic_bank(60, typed=20, clips=True, ordered=12, several=12,
              pictures=True),
              publish=None,
              clock=clock,
              scheduler_factory=lambda: scheduler, threaded=False)
    players = 2 + seed
    session = hub.create_game("quiz-round", [{"name": f"T{i}"} for i in range(players)],
                              seed=seed, settings={"plan": PLAN, "speed_bonus": 3,
                                                   "board_every": 2, "catch_up": (
                                                       "bottom_third", "per_place")[seed % 2]})
    assert session.submit(HOST, {"type": "start"}).ok
    pick = random.Random(seed)
    ticked = TICKED[seed] = [0, 0]
    stages = set()
    undos = 0
    for _ in range(3000):
        if session.status == "over":
            break
        state = session.state
        check_step(kind, session.game, state, players, pick, clock.now_ns())
        check_phone_parts(kind, session)
        view = session.game.view(state, "screen")
        stages.add((view["stage"], view["mix"]))
        if view["knockout"] and view["knockout"]["out"]:
            stages.add(("knockout", "out"))
        if view["risk"] and view["risk"]["doubled"]:
            stages.add(("double", "on"))
        if view["clip"]:
            stages.add(("clip", "playing" if view["clip"]["playing"] else "paused"))
        if view["stage"] in ("intro", "drawing", "answering", "review"):
            assert secrets_in(view) == [], view
        if view["reveal"]:  # a picture revealed by steps: no phone has it before the reveal
            stages.add(("picture", view["reveal"]["style"]))
            for seat in range(players):
                shown = session.view(f"seat:{seat}")["view"]["question"]
                assert view["stage"] == "reveal" or "image" not in shown, shown
        if view["catch_up"] and view["catch_up"]["done"]:
            stages.add(("catch_up", "done"))
        moves = [m for s in range(players) for m in session.game.legal_actions(state, s)]
        roll = pick.random()
        if moves and roll < 0.6:
            move = filled(pick.choice(moves), kind, pick, clock.now_ns())
            if several.is_several(getattr(state, "asked", None)) and move["type"] == "answer":
                move = random_ticks(session, move, pick)
            outcome = session.submit(Origin("seat", move["seat"], "phone"), move)
            assert outcome.ok or (session.paused and outcome.code == "paused"), (move, outcome)
        elif roll < 0.8:
            order = dict(pick.choice(HOST_ORDERS))
            before = journal.effective_rows(session.id)
            if session.submit(HOST, order).ok and order["type"] == "undo":  # may be refused
                undos += check_no_move_lost(session, before)
        elif roll < 0.85:  # the projector: its clip plays (starts a waiting question's time)
            session.submit(Origin("screen"), {"type": "clip_heard", "step": view["step"]})
        elif not scheduler.run_next():  # nothing timed: the host moves on, one step a turn
            for step in ("resume", "next", "close", "right"):  # (each stage is seen)
                if session.submit(HOST, {"type": step}).ok:
                    break
    assert session.status == "over", session.game.view(session.state, "host")["stage"]
    assert undos >= 3, undos
    assert ticked[0] >= 3 and ticked[1] >= 1, ticked  # tick lists locked in, bad ones refused
    assert {("answering", "buzz"), ("answering", "numeric"), ("answering", "mixed"),
            ("answering", "text"), ("answering", "order"), ("reveal", "order"),
            ("wager", "mixed"), ("knockout", "out"), ("double", "on"),
            ("picture", "tiles"), ("picture", "blur"), ("catch_up", "done"),
            ("clip", "playing")} <= stages
    rebuilt = rebuild(session.game, journal.game(session.id).config,  # type: ignore[union-attr]
                      journal.rows(session.id))
    assert session.game.to_json(rebuilt.state) == session.game.to_json(session.state)
    journal.close()


TICKED: dict[int, list[int]] = {}  # per seed: tick lists sent, bad ones refused


def random_ticks(session: Session, move: dict[str, Any], pick: random.Random) -> dict[str, Any]:
    """A team at a question with several right options ticks a random set of options; now
    and then it first sends a bad list, which is refused with its reason and changes
    nothing (host/quiz_round/several.py)."""
    count = len(session.state.asked.content["options"])
    ticks = sorted(pick.sample(range(count), pick.randint(1, count)))
    TICKED[session.seed][0] += 1
    if pick.random() < 0.3 and not session.paused:
        before = session.game.to_json(session.state)
        bad = pick.choice(several.BAD_TICKS)
        refused = session.submit(Origin("seat", move["seat"], "phone"), {**move, "value": bad})
        assert not refused.ok and refused.code == "bad_event", (bad, refused)
        words = refused.as_json()["text"]  # the reason in both languages, not the code's
        french = messages.french(refused.reason)
        assert french is not None and words["fr"].casefold().startswith(french[:12].casefold())
        assert words["en"].casefold().startswith(refused.reason[:12].casefold())
        assert session.game.to_json(session.state) == before
        TICKED[session.seed][1] += 1
    return {**move, "value": ticks}


def check_no_move_lost(session: Session, before: list[Any]) -> int:
    """The undo just journaled kept every team move after its decision that still applies;
    each one it dropped no longer does (checked by replaying the journal independently),
    and its phone says so. Returns 1."""
    rows = session.journal.rows(session.id)
    undo = rows[-1] if rows[-1].body["type"] == "undo" else next(
        r for r in reversed(rows) if r.body["type"] == "undo")
    cut = int(undo.body["cut_from"])
    now = effective(rows)
    now_seqs = {r.seq for r in now}
    dropped = {d["seq"]: d for d in undo.body.get("dropped", [])}
    config = session.config
    for row in before:
        if row.seq <= cut or row.origin.get("role") not in MOVERS:
            continue
        if row.seq in now_seqs:
            continue
        assert row.seq in dropped, f"a team's move was lost: {row.seq} {row.body}"
        was = rebuild(session.game, config, [r for r in before if r.seq < row.seq]).state
        is_ = rebuild(session.game, config, [r for r in now if r.seq < row.seq]).state
        context = session.game.undo_context  # type: ignore[attr-defined]
        if context(was) == context(is_):
            with pytest.raises(GameError):
                session.game.apply(is_, row.body)
    for seat in {d["seat"] for d in dropped.values()}:
        view = session.view(f"seat:{seat}")["view"]
        if view is not None and "undone" in view:
            assert view["undone"]["fr"] and view["undone"]["en"]
    return 1
