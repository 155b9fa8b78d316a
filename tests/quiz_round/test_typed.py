"""Typed answers in the quiz round (text questions): grouping for the host's review,
accepting or rejecting a group, undo through the Session, scoring, refusals, and the room
never seeing a typed answer before the reveal."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from host.clock import VirtualClock, VirtualScheduler
from host.games.contract import BadEvent, OutOfTurn, StaleEvent
from host.room.hub import Hub
from host.store.journal import Journal
from host.quiz_round.state import from_json, to_json
from host.session.core import HOST, Origin
from tests.core.test_no_answer_leak import secrets_in
from tests.quiz_round.helpers import GAME, S, ask, row, start
from tests.synthetic import synthetic_bank


def text_q(answer: str = "Le castor", accept: tuple[str, ...] = ("Beaver",),
           similarity: int = 82) -> dict[str, Any]:
    return {"id": "t1", "kind": "text", "prompt": "Which animal builds dams?",
            "answer": answer, "accept": [answer, *accept], "similarity": similarity,
            "options": [], "source": "src"}


def typed(state: Any, seat: int, text: str, t_ns: int = S) -> Any:
    return GAME.apply(state, {"type": "answer", "seat": seat, "value": text, "t_ns": t_ns})


def answered(texts: list[str], **settings: Any) -> Any:
    state = ask(start(len(texts), mix="text", **settings), text_q())
    for seat, text in enumerate(texts):
        state = typed(state, seat, text, t_ns=(seat + 1) * S)
    return state


def groups(state: Any) -> dict[str, tuple[int, bool, bool | None]]:
    view = GAME.view(state, "host")
    return {g["key"]: (g["teams"], g["auto"], g["ruling"]) for g in view["groups"]}


def test_typed_answers_group_by_their_normalised_form_with_the_automatic_verdict() -> None:
    state = answered(["castor", "Le Castor!", "Castro", "beaver", "loutre", "LOUTRE"])
    assert state.stage == "review"  # every team typed: the host reviews before the reveal
    assert groups(state) == {"castor": (2, True, None), "castro": (1, True, None),
                             "beaver": (1, True, None), "loutre": (2, False, None)}
    first = GAME.view(state, "host")["groups"][0]
    assert (first["key"], first["shown"], first["seats"]) == ("castor", "castor", [0, 1])


def test_accepting_a_group_scores_every_team_that_gave_it_points_and_speed_bonus() -> None:
    state = answered(["castor", "loutre", "Loutre", "chat"])
    state = GAME.apply(state, {"type": "accept", "key": "loutre"})
    state = GAME.apply(state, {"type": "reject", "key": "castor"})  # the host's last word
    assert groups(state)["loutre"] == (2, False, True)
    state = GAME.apply(state, {"type": "next"})
    assert state.stage == "reveal"
    # 10 points + up to 5 for speed (20 s): seat 1 at 2 s, seat 2 at 3 s.
    assert [row(state, s)["points"] for s in range(4)] == [0, 15, 14, 0]
    assert state.scores == (0, 15, 14, 0)
    assert state.outcome is not None
    assert state.outcome["accepted"] == ["Le castor", "Beaver"]
    assert state.outcome["host_accepted"] == ["loutre"]
    assert state.outcome["right"] == 2
    assert state.outcome["fastest"]["seat"] == 1


def test_a_group_can_be_ruled_while_answers_still_come_in_and_the_last_ruling_counts() -> None:
    state = ask(start(3, mix="text"), text_q())
    state = typed(state, 0, "castorr")
    state = GAME.apply(state, {"type": "reject", "key": "castorr"})
    state = GAME.apply(state, {"type": "accept", "key": "castorr"})
    state = typed(state, 1, "Castorr")  # joins the accepted group
    state = GAME.apply(state, {"type": "close"})
    assert state.stage == "review"
    state = GAME.apply(state, {"type": "next"})
    assert [row(state, s)["right"] for s in (0, 1)] == [True, True]


def test_no_typed_answer_goes_straight_to_the_reveal() -> None:
    state = ask(start(2, mix="text"), text_q())
    state = GAME.apply(state, {"type": "close"})
    assert state.stage == "reveal"


@pytest.mark.parametrize(("event", "error"), [
    ({"type": "accept", "key": "chien"}, BadEvent),  # nobody typed it
    ({"type": "accept", "key": 3}, BadEvent),
])
def test_a_ruling_on_no_group_is_refused(event: dict[str, Any], error: type) -> None:
    state = answered(["castor", "loutre"])
    with pytest.raises(error):
        GAME.apply(state, event)


def test_rulings_are_refused_outside_a_typed_question() -> None:
    from tests.quiz_round.helpers import choice_q
    state = ask(start(2), choice_q())
    with pytest.raises(OutOfTurn):
        GAME.apply(state, {"type": "accept", "key": "x"})
    state = GAME.apply(answered(["castor", "loutre"]), {"type": "next"})
    with pytest.raises(OutOfTurn):  # after the reveal the verdicts are final
        GAME.apply(state, {"type": "accept", "key": "loutre"})


@pytest.mark.parametrize(("value", "words"), [
    ("", "type an answer"),
    ("  ?! ", "type an answer"),
    ("x" * 65, "at most 64"),
    ("gros connard", "rude word"),
    ("C0NNARD", "rude word"),
    (12, "typed answer is text"),
])
def test_bad_typed_answers_are_refused_and_change_nothing(value: Any, words: str) -> None:
    state = ask(start(2, mix="text"), text_q())
    with pytest.raises(BadEvent, match=words):
        typed(state, 0, value)
    assert state.asked is not None and state.asked.answers == ()


def test_a_team_types_once_and_not_after_the_answers_close() -> None:
    state = ask(start(3, mix="text"), text_q())
    state = typed(state, 0, "castor")
    with pytest.raises(StaleEvent):
        typed(state, 0, "beaver")
    state = GAME.apply(state, {"type": "close"})
    with pytest.raises(StaleEvent):
        typed(state, 1, "castor")


def test_the_room_sees_no_typed_answer_before_the_reveal_and_json_round_trips() -> None:
    state = answered(["castor", "loutre"])
    state = GAME.apply(state, {"type": "accept", "key": "loutre"})
    for audience in ("screen", "seat:0", "seat:1"):
        view = GAME.view(state, audience)
        assert secrets_in({k: v for k, v in view.items() if k != "you"}) == []
        assert "loutre" not in str({k: v for k, v in view.items() if k != "you"})
        assert "accept" not in view["question"] and "similarity" not in view["question"]
    assert GAME.view(state, "seat:1")["you"]["locked"] == "loutre"  # its own answer
    assert from_json(to_json(state)) == state


def test_a_host_ruling_is_journaled_and_undone_by_the_hosts_undo(tmp_path: Path) -> None:
    clock = VirtualClock()
    scheduler = VirtualScheduler(clock)
    journal = Journal(tmp_path / "typed.sqlite")
    hub = Hub(journal, synthetic_bank(5, typed=5), publish=None, clock=clock,
              scheduler_factory=lambda: scheduler, threaded=False)
    session = hub.create_game("quiz-round", [{"name": "A"}, {"name": "B"}], seed=3,
                              settings={"mix": "text", "intro_seconds": 0, "rounds": 1,
                                        "questions": 2})
    assert session.submit(HOST, {"type": "start"}).ok
    assert session.submit(HOST, {"type": "next"}).ok  # the title card
    assert session.state.stage == "answering"
    for seat, text in enumerate(["loutre", "Le castor 3"]):
        result = session.submit(Origin("seat", seat, "phone"),
                                {"type": "answer", "value": text, "t_ns": clock.now_ns()})
        assert result.ok, result
    assert session.state.stage == "review"
    assert session.submit(HOST, {"type": "accept", "key": "loutre"}).ok
    ruled = {g["key"]: g["ruling"] for g in session.game.view(session.state, "host")["groups"]}
    assert ruled == {"loutre": True, "castor 3": None}
    assert session.submit(HOST, {"type": "undo"}).ok
    assert all(g["ruling"] is None for g in session.game.view(session.state, "host")["groups"])
    assert session.submit(HOST, {"type": "reject", "key": "loutre"}).ok
    assert session.submit(HOST, {"type": "next"}).ok
    assert session.state.stage == "reveal"
    assert session.state.scores[0] == 0
    journal.close()


def test_a_word_the_host_blocked_is_refused_in_a_typed_answer_too(tmp_path: Path) -> None:
    """The host's own blocked words (`block_name`, kept in <data>/names-blocked.txt) apply to
    typed answers as to names: refused with the rude-word reason, in both languages, and the
    answer is not counted; the same text counted before the host blocked the word."""
    from host.quiz_round.typed import check_typed
    from tests.live import LiveServer, Peer
    from tests.quiz_round.test_live import join, phone_ms, view_of
    from tests.synthetic import write_pack

    folder = tmp_path / "packs"
    folder.mkdir()
    write_pack(folder / "synthetic-fr.yaml", 5, "fr", typed=5)
    server = LiveServer(data=tmp_path / "data", packs=folder).start()
    try:
        host = Peer(server, "/host", auth={"key": server.key})
        reply = host.call("create", {
            "kind": "quiz-round", "seats": [{"name": f"Équipe {i}"} for i in range(3)],
            "settings": {"rounds": 1, "questions": 1, "mix": "text", "intro_seconds": 0,
                         "seconds": 120}})
        game = reply["game"]
        phones = [join(server, game, seat, f"blocked-words-{seat}-0000", f"P{seat}")
                  for seat in range(3)]
        assert host.call("command", {"game": game, "type": "start"})["ok"]
        assert host.call("command", {"game": game, "type": "next"})["ok"]
        view_of(host, lambda v: v["stage"] == "answering")

        def typed_by(seat: int, text: str) -> dict[str, Any]:
            reply: dict[str, Any] = phones[seat].call(
                "action", {"type": "answer", "value": text, "t_client": phone_ms()})
            return reply

        assert check_typed("un ragondin") == "un ragondin"  # not in the bundled list
        assert typed_by(0, "un ragondin")["ok"]
        assert host.call("block_name", {"word": "ragondin"})["ok"]
        refused = typed_by(1, "Un RAGONDIN !")
        assert not refused["ok"] and "rude word" in refused["reason"], refused
        assert "grossier" in refused["text"]["fr"]
        assert typed_by(1, "le castor")["ok"]  # the same team types something else
        shown = view_of(host, lambda v: v["answered"] == 2)
        assert sorted(a["seat"] for a in shown["answers"]) == [0, 1], shown["answers"]
    finally:
        server.stop()
