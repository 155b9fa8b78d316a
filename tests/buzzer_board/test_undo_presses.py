"""The host's undo on the buzzer board takes back the host's decision only (issue 48): a
press made after it is kept where it still applies; where it does not (its window or its
re-arm was taken back) the seat's phone is told why, in both languages."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from host.store.replay import rebuild
from host.session.core import HOST, Session
from tests.buzzer_board.test_session import MS, Night, buzz


def st(session: Session) -> Any:
    """The engine's state (the game has started)."""
    assert session.state is not None
    return session.state


def same_as_replay(session: Session) -> None:
    again = rebuild(session.game, session.config, session.journal.rows(session.id))
    assert session.game.to_json(again.state) == session.game.to_json(session.state)


def test_undoing_wrong_tells_the_seat_that_pressed_after_the_re_arm(tmp_path: Path) -> None:
    night = Night(tmp_path / "j.sqlite")
    session = night.board()
    assert session.submit(HOST, {"type": "open", "mode": "first"}).ok
    assert buzz(session, 0, night.clock.now_ns() + MS).ok
    assert session.submit(HOST, {"type": "wrong"}).ok
    night.clock.t_ns += 100 * MS
    assert buzz(session, 1, night.clock.now_ns()).ok
    assert session.view("screen")["view"]["floor"] == 1
    undone = session.submit(HOST, {"type": "undo"})
    assert undone.ok and undone.data["dropped"] == 1
    assert session.view("screen")["view"]["floor"] == 0  # seat 0 has the floor again
    told = session.view("seat:1")["view"]["undone"]
    assert told["fr"].startswith("L’animateur a annulé") and "no longer applies" in told["en"]
    assert "undone" not in session.view("seat:0")["view"]
    same_as_replay(session)


def test_undoing_a_mark_keeps_the_presses_of_the_ranking_window(tmp_path: Path) -> None:
    """A ranking window's marks come after its close: undoing one keeps every press."""
    night = Night(tmp_path / "j.sqlite")
    session = night.board()
    assert session.submit(HOST, {"type": "open", "mode": "ranking"}).ok
    now = night.clock.now_ns()
    for seat in (2, 0, 1):
        assert buzz(session, seat, now + (seat + 1) * MS).ok
    assert session.view("screen")["view"]["final"]  # every seat pressed: no close needed
    ranked = [r["seat"] for r in session.view("screen")["view"]["ranking"]]
    assert session.submit(HOST, {"type": "right", "seat": 0}).ok
    assert session.submit(HOST, {"type": "undo"}).ok
    assert [r["seat"] for r in session.view("screen")["view"]["ranking"]] == ranked == [0, 1, 2]
    assert st(session).scores == (0, 0, 0)
    same_as_replay(session)
