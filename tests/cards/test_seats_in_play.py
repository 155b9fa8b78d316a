"""Card games and seats with no phone, through the Session on virtual time (issue 49).

A seat left out at the start is never dealt in, stays out after a restart, and no phone may
take it; a running game names the seats of people it waits on with no phone (`waiting` in
meta); a seat the rules knocked out is not offered to a phone joining late.
"""

from __future__ import annotations

from pathlib import Path

from host.session.core import HOST, Origin, token_hash
from tests.cards.test_cards_session import Night


def claim(night: Night, session_id: str, token: str, seat: int | None = None) -> dict[str, object]:
    session = night.hub.sessions[session_id]
    event: dict[str, object] = {"type": "claim", "token_hash": token_hash(token), "name": "Zoé"}
    if seat is not None:
        event["seat"] = seat
    outcome = session.submit(Origin("phone", None), event)
    return {"ok": outcome.ok, "code": outcome.code}


def test_a_seat_left_out_is_never_dealt_and_stays_out_after_a_restart(tmp_path: Path) -> None:
    night = Night(tmp_path / "j.sqlite")
    session = night.hub.create_game("watchtower", [{"name": "Ana"}, {"name": "Bea"},
                                                   {"bot": 2}], seed=3, language="en")
    assert [s["empty"] for s in session.meta()["seats"]] == [True, True, False]
    assert session.submit(HOST, {"type": "start", "without": [2]}).code == "illegal"  # a bot
    assert session.submit(HOST, {"type": "start", "without": [1]}).ok
    assert sorted(p["seat"] for p in session.view("screen")["view"]["players"]) == [0, 2]
    assert session.meta()["seats"][1]["out"] is True
    assert session.joinable_seats() == [0]
    assert claim(night, session.id, "late", seat=1)["code"] == "seat_out"
    # Ana's seat has no phone and the set-up waits on it: meta says so.
    assert session.meta()["waiting"] == [0]
    assert claim(night, session.id, "ana", seat=0)["ok"]
    assert session.meta()["waiting"] == []
    again = Night(tmp_path / "j.sqlite")
    resumed = again.hub.resume_all()[0]
    assert resumed.meta()["seats"][1]["out"] is True
    assert sorted(p["seat"] for p in resumed.view("screen")["view"]["players"]) == [0, 2]


def test_a_game_with_a_clock_waits_on_nobody(tmp_path: Path) -> None:
    night = Night(tmp_path / "j.sqlite")
    session = night.hub.create_game("watchtower", [{"name": "Ana"}, {"bot": 2}], seed=3,
                                    language="en", settings={"turn_seconds": 30})
    assert session.submit(HOST, {"type": "start"}).ok
    assert session.meta()["waiting"] == []


def test_a_seat_knocked_out_is_not_offered_to_a_late_phone(tmp_path: Path) -> None:
    night = Night(tmp_path / "j.sqlite")
    session = night.hub.create_game("q-squared-joe", [
        {"name": "Gus", "bot": 1}, {"name": "Dee", "bot": 5}, {"name": "Cy", "bot": 5},
        {"name": "Bo", "bot": 5}], seed=4, language="en")
    assert session.submit(HOST, {"type": "start"}).ok
    while 0 not in session.seating.seats_out():
        assert night.scheduler.run_next()
    for seat in (0, 1):
        assert session.submit(HOST, {"type": "hand", "seat": seat, "bot": None}).ok
    assert session.joinable_seats() == [1]
    assert claim(night, session.id, "late", seat=0)["code"] == "seat_out"
    assert claim(night, session.id, "late")["ok"]  # the next free seat: Dee's
    assert session.seating.phones.seat_of(token_hash("late")) == 1
