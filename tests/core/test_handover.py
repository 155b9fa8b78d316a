"""Seats that change hands mid-game: the host gives a seat to a bot and back (issue 15)."""

from __future__ import annotations

from pathlib import Path

from host.session.core import HOST, Origin
from tests.core.test_session import Night, humans_game, replayed_json, state_json


def test_a_seat_handed_to_a_bot_plays_on_and_comes_back(tmp_path: Path) -> None:
    night = Night(tmp_path / "j.sqlite")
    session = humans_game(night)
    # Seat 1's player leaves: a level-3 bot answers for it from now on.
    assert session.submit(HOST, {"type": "hand", "seat": 1, "bot": 3}).ok
    refused = session.submit(Origin("seat", 1), {"type": "answer", "value": 5})
    assert refused.code == "forbidden" and "a bot plays this seat" in refused.reason
    assert session.submit(Origin("seat", 0), {"type": "answer", "value": 7}).ok
    question = session.state.question
    assert question.answer_of(1) is None
    while question.answer_of(1) is None and night.scheduler.run_next():
        question = session.state.question  # the bot thinks, then locks in
    assert question.answer_of(1) is not None
    assert session.meta()["seats"][1]["bot"] == 3
    assert state_json(session) == replayed_json(session)

    # The player is back: the seat is people's again, and its phone acts.
    assert session.submit(HOST, {"type": "hand", "seat": 1, "bot": None}).ok
    assert session.meta()["seats"][1]["bot"] is None
    assert state_json(session) == replayed_json(session)

    # Undone like any host decision: the seat is the bot's again; and after a restart.
    assert session.submit(HOST, {"type": "undo"}).ok
    assert session.meta()["seats"][1]["bot"] == 3
    again = Night(tmp_path / "j.sqlite")
    (resumed,) = again.hub.resume_all()
    assert resumed.meta()["seats"][1]["bot"] == 3
    assert state_json(resumed) == state_json(session)


def test_bad_handovers_are_refused_and_change_nothing(tmp_path: Path) -> None:
    night = Night(tmp_path / "j.sqlite")
    session = humans_game(night)
    rows = night.journal.count(session.id)
    for event, code in (({"seat": 9, "bot": 2}, "bad_event"), ({"seat": 0, "bot": 7}, "bad_event"),
                        ({"seat": 0, "bot": None}, "stale"),
                        ({"seat": 0, "bot": True}, "bad_event")):
        outcome = session.submit(HOST, {"type": "hand", **event})
        assert outcome.code == code, (event, outcome)
    assert session.submit(Origin("seat", 0), {"type": "hand", "seat": 0, "bot": 2}).code \
        == "forbidden"
    assert night.journal.count(session.id) == rows
