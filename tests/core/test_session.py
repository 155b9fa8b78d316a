"""The Session in-process, on virtual time: journal before apply, refusals, undo, pause, restart."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from host.clock import VirtualClock, VirtualScheduler
from host.room.hub import Hub
from host.store.journal import Journal
from host.store.replay import rebuild
from host.session.core import HOST, Origin, Session, token_hash
from tests.synthetic import synthetic_bank

MAP = "generated:14:5"
BANK = synthetic_bank(150)


class Night:
    """A hub on a virtual clock over one journal file, as a restarted host would have."""

    def __init__(self, path: Path) -> None:
        self.clock = VirtualClock()
        self.scheduler = VirtualScheduler(self.clock)
        self.published: list[tuple[str, str, dict[str, Any]]] = []
        self.journal = Journal(path)
        self.hub = Hub(self.journal, BANK, publish=self._publish, clock=self.clock,
                       scheduler_factory=lambda: self.scheduler, threaded=False)

    def _publish(self, game: str, audience: str, payload: dict[str, Any],
                 skip: tuple[str, ...] = ()) -> None:
        self.published.append((game, audience, payload))

    def run(self, session: Session, steps: int = 100_000) -> None:
        for _ in range(steps):
            if session.status == "over" or not self.scheduler.run_next():
                return


def humans_game(night: Night, bots: int = 0) -> Session:
    seats = [{"name": "Ana"}, {"name": "Bob"}] + [{"bot": 3}] * bots
    session = night.hub.create_game("territory", seats, game_map=MAP, seed=11)
    for seat in range(2):
        claim = {"type": "claim", "token_hash": token_hash(f"tok-{seat}-" * 3), "seat": seat}
        assert session.submit(Origin("seat"), claim).ok
    assert session.submit(HOST, {"type": "start"}).ok
    return session


def state_json(session: Session) -> dict[str, Any]:
    return session.game.to_json(session.state)


def replayed_json(session: Session) -> dict[str, Any]:
    rebuilt = rebuild(session.game, session.config, session.journal.rows(session.id))
    return session.game.to_json(rebuilt.state)


def test_a_bot_game_ends_and_equals_the_replay_of_its_journal(tmp_path: Path) -> None:
    night = Night(tmp_path / "j.sqlite")
    session = night.hub.create_game("territory", [{"bot": 2}, {"bot": 4}, {"bot": 5}],
                                    game_map=MAP, seed=3)
    session.submit(HOST, {"type": "start"})
    night.run(session)
    assert session.status == "over"
    assert state_json(session) == replayed_json(session)
    assert night.journal.game(session.id).status == "over"
    assert night.journal.game(session.id).result["winner"] is not None


def test_a_refused_event_changes_neither_state_nor_journal(tmp_path: Path) -> None:
    night = Night(tmp_path / "j.sqlite")
    session = humans_game(night)
    before_rows, before = night.journal.count(session.id), state_json(session)
    attempts = [
        (Origin("seat", 0), {"type": "pick", "territory": "nowhere"}),
        (Origin("seat", 0), {"type": "answer", "value": 3, "seat": 1}),  # for another seat
        (Origin("seat", 0), {"type": "skip"}),  # a host command
        (Origin("seat", 0), {"type": "timeout", "timer": "x"}),
        (Origin("bot", 0), {"type": "answer", "value": 3}),  # seat 0 is no bot
        (Origin("seat", None), {"type": "answer", "value": 3}),  # not joined
        (Origin("seat", 0), {"type": "answer", "value": 3, "stage": "an-old-stage"}),
        (HOST, {"type": "question", "request_id": "r", "question": {}}),
        (HOST, {"type": "resume"}),  # not paused
        (HOST, {"type": "start"}),  # already started
    ]
    for origin, event in attempts:
        outcome = session.submit(origin, dict(event))
        assert not outcome.ok, event
        assert outcome.reason, event
    assert night.journal.count(session.id) == before_rows
    assert state_json(session) == before


def test_a_double_tap_is_refused_as_a_duplicate(tmp_path: Path) -> None:
    night = Night(tmp_path / "j.sqlite")
    session = humans_game(night)
    assert session.submit(Origin("seat", 0), {"type": "answer", "value": 7}).ok
    second = session.submit(Origin("seat", 0), {"type": "answer", "value": 7})
    assert not second.ok and second.code == "stale"


def test_undo_takes_back_the_last_decision_and_survives_a_restart(tmp_path: Path) -> None:
    night = Night(tmp_path / "j.sqlite")
    session = humans_game(night)
    # Both answer; the reveal waits; the host continues: that is a decision.
    session.submit(Origin("seat", 0), {"type": "answer", "value": 1})
    session.submit(Origin("seat", 1), {"type": "answer", "value": 999})
    before_continue = state_json(session)
    assert session.submit(HOST, {"type": "continue"}).ok
    assert state_json(session) != before_continue
    undone = session.submit(HOST, {"type": "undo"})
    assert undone.ok, undone.reason
    assert state_json(session) == before_continue
    # A fresh host on the same journal rebuilds the undone state too.
    again = Night(tmp_path / "j.sqlite")
    resumed = again.hub.resume_all()
    assert [s.id for s in resumed] == [session.id]
    assert state_json(resumed[0]) == before_continue


def test_nothing_to_undo_is_refused(tmp_path: Path) -> None:
    night = Night(tmp_path / "j.sqlite")
    session = humans_game(night)
    outcome = session.submit(HOST, {"type": "undo"})
    assert not outcome.ok and outcome.code == "nothing_to_undo"


def test_pause_stops_timers_and_players_and_survives_a_restart(tmp_path: Path) -> None:
    night = Night(tmp_path / "j.sqlite")
    session = humans_game(night)
    assert session.submit(HOST, {"type": "pause"}).ok
    assert not night.scheduler.run_next()  # no timer runs while paused
    refused = session.submit(Origin("seat", 0), {"type": "answer", "value": 1})
    assert refused.code == "paused"
    again = Night(tmp_path / "j.sqlite")
    resumed = again.hub.resume_all()[0]
    assert resumed.paused
    assert resumed.submit(HOST, {"type": "resume"}).ok
    assert resumed.submit(Origin("seat", 0), {"type": "answer", "value": 1}).ok


def test_a_restart_rearms_the_timer_with_the_time_that_was_left(tmp_path: Path) -> None:
    night = Night(tmp_path / "j.sqlite")
    session = humans_game(night)
    total = session.meta()["timer"]["total"]
    night.clock.t_ns += int(12.5e9)  # 12.5 s of the answer time pass
    night.journal.heartbeat(session.id, session.meta()["timer"]["id"], session.timer_left())
    again = Night(tmp_path / "j.sqlite")
    resumed = again.hub.resume_all()[0]
    assert resumed.meta()["timer"]["left"] == pytest.approx(total - 12.5, abs=0.01)


def test_a_phone_token_gets_its_seat_back_and_cannot_take_a_held_seat(tmp_path: Path) -> None:
    night = Night(tmp_path / "j.sqlite")
    session = night.hub.create_game("territory", [{"name": "A"}, {"name": "B"}], game_map=MAP)
    first = session.submit(Origin("seat"), {"type": "claim", "token_hash": "t1", "name": "Zoé"})
    assert first.ok and first.data["seat"] == 0
    again = session.submit(Origin("seat"), {"type": "claim", "token_hash": "t1"})
    assert again.data == {"seat": 0, "rejoined": True}
    stolen = session.submit(Origin("seat"), {"type": "claim", "token_hash": "t2", "seat": 0})
    assert not stolen.ok and stolen.code == "taken"
    assert session.submit_release(0).ok
    assert session.submit(Origin("seat"), {"type": "claim", "token_hash": "t2", "seat": 0}).ok
    assert session.seats[0]["name"] == "Zoé"


def test_the_edge_refuses_wrong_shapes_and_accepts_optional_fields() -> None:
    from host.schema import OPTIONAL, BadMessage, parse_action

    fields = {"take": {"card": (int, OPTIONAL)}, "pick": {"territory": (str,)}}
    assert parse_action({"type": "take"}, fields, {}) == {"type": "take"}
    assert parse_action({"type": "take", "card": 3}, fields, {})["card"] == 3
    for bad in ({"type": "pick"}, {"type": "pick", "territory": 5},
                {"type": "take", "card": True}, {"type": "take", "extra": 1},
                {"type": "nope"}, ["pick"], {"type": "pick", "territory": "x" * 65}):
        with pytest.raises(BadMessage):
            parse_action(bad, fields, {})


def test_a_phone_rejoins_a_finished_game_but_no_new_phone_joins_it(tmp_path: Path) -> None:
    night = Night(tmp_path / "j.sqlite")
    session = humans_game(night)
    assert session.submit(HOST, {"type": "end"}).ok
    assert session.status == "over"
    back = session.submit(Origin("seat"), {"type": "claim", "token_hash": token_hash("tok-0-" * 3)})
    assert back.ok and back.data == {"seat": 0, "rejoined": True}
    stranger = session.submit(Origin("seat"), {"type": "claim", "token_hash": "someone-else"})
    assert not stranger.ok and stranger.code == "over"
