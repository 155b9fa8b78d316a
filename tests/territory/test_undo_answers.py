"""The host's undo in the territory game (issue 48): a player's answer is never erased by
the undo of a decision it did not depend on, and one to a question the undo took back is
told why on the phone, in both languages; the journal replays to the same state."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from host.store.replay import rebuild
from host.session.core import HOST, Origin, Session
from tests.core.test_session import Night, humans_game


def st(session: Session) -> Any:
    """The engine's state (the game has started)."""
    assert session.state is not None
    return session.state


def same_as_replay(session: Session) -> None:
    again = rebuild(session.game, session.config, session.journal.rows(session.id))
    assert session.game.to_json(again.state) == session.game.to_json(session.state)


def answer(session: Session, seat: int, value: Any) -> None:
    result = session.submit(Origin("seat", seat), {"type": "answer", "value": value})
    assert result.ok, result


def test_undoing_the_decision_before_a_question_tells_who_answered_it(tmp_path: Path) -> None:
    night = Night(tmp_path / "j.sqlite")
    session = humans_game(night)
    answer(session, 0, 1)
    answer(session, 1, 999)
    assert st(session).stage == "reveal"
    assert session.submit(HOST, {"type": "override", "seat": 1, "correct": True}).ok
    assert session.submit(HOST, {"type": "continue"}).ok
    for _ in range(10):  # the picks (decisions) up to the next question
        if st(session).stage == "answering":
            break
        seat = next(s for s in (0, 1) if session.game.legal_actions(session.state, s))
        move = session.game.legal_actions(session.state, seat)[0]
        assert session.submit(Origin("seat", seat), dict(move)).ok
    assert st(session).stage == "answering"
    seat = st(session).question.seats[0]
    template = session.game.legal_actions(session.state, seat)[0]
    answer(session, seat, 0 if template.get("value") is None else template["value"])
    undone = session.submit(HOST, {"type": "undo"})  # the last pick: its question goes
    assert undone.ok and undone.data["dropped"] == 1
    told = session.view(f"seat:{seat}")["view"]["undone"]
    assert "retirée" in told["fr"] and "taken back" in told["en"]
    same_as_replay(session)


def test_undoing_an_override_keeps_the_game_where_it_was(tmp_path: Path) -> None:
    night = Night(tmp_path / "j.sqlite")
    session = humans_game(night)
    answer(session, 0, 1)
    answer(session, 1, 999)
    before = session.game.to_json(session.state)
    night.clock.t_ns += 2_000_000_000  # 2 s into the reveal's wait
    left = session.timer_left()
    assert session.submit(HOST, {"type": "override", "seat": 1, "correct": True}).ok
    assert session.submit(HOST, {"type": "undo"}).ok
    assert session.game.to_json(session.state) == before
    assert abs(session.timer_left() - left) < 0.01  # the reveal's wait goes on, not from its start
    same_as_replay(session)
