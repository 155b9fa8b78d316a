"""The Session's parts, each on its own idea, through a real Session on virtual time:
role checks (check_role), seats and names (host/session/seats.py), the clockwork
(host/session/timers.py), recovery's gate (host/session/recovery.py) and
publication (host/session/publication.py)."""

from __future__ import annotations

import time

import pytest
from pathlib import Path
from typing import Any

from host.wire.broadcast import Parts
from host.store.journal import StorageError
from host.session.batches import OutsideWorker
from host.session.core import HOST, SESSION, TIMER, Origin, Session, check_role, token_hash
from host.session.terms import PHONES
from host.territory.kind import KIND
from tests.core.test_session import MAP, Night, humans_game

SEATS: list[dict[str, Any]] = [{"seat": 0, "name": "Ana"}, {"seat": 1, "name": "Bot",
                                                           "bot": 3}]


# -- role checks ---------------------------------------------------------------------
def test_timers_only_time_out_and_nobody_else_sends_a_timeout() -> None:
    assert check_role(KIND, SEATS, TIMER, {"type": "timeout"}) is None
    assert check_role(KIND, SEATS, TIMER, {"type": "skip"}).code == "forbidden"  # type: ignore[union-attr]
    for origin in (HOST, Origin("seat", 0)):
        refusal = check_role(KIND, SEATS, origin, {"type": "timeout"})
        assert refusal is not None and refusal.code == "forbidden"


def test_a_phone_acts_only_for_its_own_seat_which_the_check_writes_in() -> None:
    event: dict[str, Any] = {"type": "answer", "value": 3}
    assert check_role(KIND, SEATS, Origin("seat", 0), event) is None
    assert event["seat"] == 0
    other = check_role(KIND, SEATS, Origin("seat", 0), {"type": "answer", "seat": 1})
    assert other is not None and other.code == "forbidden"
    unbound = check_role(KIND, SEATS, Origin("seat"), {"type": "answer"})
    assert unbound is not None and unbound.reason == "join a seat first"
    host_only = check_role(KIND, SEATS, Origin("seat", 0), {"type": "skip"})
    assert host_only is not None and host_only.code == "forbidden"
    unknown = check_role(KIND, SEATS, Origin("seat", 0), {"type": "dance"})
    assert unknown is not None and unknown.code == "unknown_event"


def test_bots_play_bot_seats_and_phones_do_not() -> None:
    assert check_role(KIND, SEATS, Origin("bot", 1), {"type": "answer"}) is None
    not_bot = check_role(KIND, SEATS, Origin("bot", 0), {"type": "answer"})
    assert not_bot is not None and not_bot.reason == "that seat is not a bot"
    phone = check_role(KIND, SEATS, Origin("seat", 1), {"type": "answer"})
    assert phone is not None and "a bot plays this seat" in phone.reason


def test_the_host_acts_for_a_seat_only_when_it_names_one() -> None:
    assert check_role(KIND, SEATS, HOST, {"type": "skip"}) is None
    assert check_role(KIND, SEATS, HOST, {"type": "answer", "seat": 0}) is None
    refusal = check_role(KIND, SEATS, HOST, {"type": "answer"})
    assert refusal is not None and refusal.code == "unknown_event"
    assert check_role(KIND, SEATS, SESSION, {"type": "question"}) is None


# -- seats and names -----------------------------------------------------------------
def lobby(night: Night) -> Session:
    return night.hub.create_game("territory", [{"name": "Ana"}, {"name": "Bob"}, {"bot": 3}],
                                 game_map=MAP, seed=11)


def claim(session: Session, who: str, **extra: Any) -> Any:
    return session.submit(Origin("seat"), {"type": "claim", "token_hash": token_hash(who),
                                           **extra})


def test_phones_take_the_free_seats_in_order_and_never_a_bots(tmp_path: Path) -> None:
    session = lobby(Night(tmp_path / "j.sqlite"))
    assert session.joinable_seats() == [0, 1]
    assert claim(session, "a").data["seat"] == 0
    assert session.joinable_seats() == [1]
    again = claim(session, "a")
    assert again.data == {"seat": 0, "rejoined": True}
    assert claim(session, "b").data["seat"] == 1
    full = claim(session, "c")
    assert not full.ok and full.code == "full"
    bot = claim(session, "d", seat=2)
    assert not bot.ok and bot.code == "taken"
    assert session.journal.seat_bindings(session.id) == {0: token_hash("a"), 1: token_hash("b")}


def test_a_released_seat_is_free_again_and_its_binding_gone(tmp_path: Path) -> None:
    session = lobby(Night(tmp_path / "j.sqlite"))
    claim(session, "a")
    assert session.submit_release(0).ok
    assert session.joinable_seats() == [0, 1]
    assert session.journal.seat_bindings(session.id) == {}
    assert not session.submit_release(7).ok


def test_a_rename_after_the_start_shows_in_views_but_the_engine_keeps_its_name(
        tmp_path: Path) -> None:
    night = Night(tmp_path / "j.sqlite")
    session = humans_game(night)
    engine_before = session.game.to_json(session.state)
    renamed = session.submit(HOST, {"type": "_rename", "seat": 1, "name": "Zoé"})
    assert renamed.ok and renamed.seq == session.last_seq
    assert session.renames() == {1: "Zoé"}
    assert "Zoé" in str(session.view("screen")["view"])
    assert session.game.to_json(session.state) == engine_before
    assert session.journal.rows(session.id)[-1].body == {"type": "rename", "seat": 1,
                                                         "name": "Zoé"}


def test_undo_takes_back_a_decision_but_keeps_a_new_name(tmp_path: Path) -> None:
    night = Night(tmp_path / "j.sqlite")
    session = humans_game(night)
    session.submit(Origin("seat", 0), {"type": "answer", "value": 1})
    session.submit(Origin("seat", 1), {"type": "answer", "value": 999})
    before = session.game.to_json(session.state)
    assert session.submit(HOST, {"type": "continue"}).ok
    assert session.submit(HOST, {"type": "_rename", "seat": 0, "name": "Léa"}).ok
    undone = session.submit(HOST, {"type": "undo"})
    assert undone.ok, undone.reason
    assert session.game.to_json(session.state) == before
    assert session.seats[0]["name"] == "Léa" and session.renames() == {0: "Léa"}
    *_, rename, undo = session.journal.rows(session.id)  # the undo keeps the rename's row
    assert rename.body == {"type": "rename", "seat": 0, "name": "Léa"}
    assert undo.body["type"] == "undo" and rename.seq in undo.body["keep"]


# -- the clockwork -------------------------------------------------------------------
def test_a_pause_keeps_the_time_left_and_a_resume_gives_it_back(tmp_path: Path) -> None:
    night = Night(tmp_path / "j.sqlite")
    session = humans_game(night)
    timer_id, left = session.timers.checkpoint()
    assert timer_id is not None and left is not None and session.stage_key() == timer_id
    night.clock.t_ns += int(2e9)
    assert session.submit(HOST, {"type": "pause"}).ok
    paused_left = session.timer_left()
    night.clock.t_ns += int(30e9)
    assert session.timer_left() == paused_left and session.meta()["timer"]["id"] == timer_id
    assert session.submit(HOST, {"type": "resume"}).ok
    assert abs(session.timer_left() - paused_left) < 0.01


def test_a_bot_seat_gets_a_planned_move_and_loses_it_when_handed_back(tmp_path: Path) -> None:
    night = Night(tmp_path / "j.sqlite")
    session = humans_game(night, bots=1)
    night.run(session, steps=30)
    assert session.submit(HOST, {"type": "hand", "seat": 2, "bot": None}).ok
    assert 2 not in session.timers.bot_keys
    assert session.submit(HOST, {"type": "hand", "seat": 0, "bot": 4}).ok
    assert session.seats[0]["bot"] == 4
    again = session.submit(HOST, {"type": "hand", "seat": 0, "bot": 4})
    assert not again.ok and again.code == "stale"


# -- recovery's gate -----------------------------------------------------------------
def test_while_the_journal_fails_only_claims_pass_and_a_probe_brings_the_game_back(
        tmp_path: Path) -> None:
    night = Night(tmp_path / "j.sqlite")
    session = humans_game(night)
    seq = session.last_seq
    session.recovery.fault(StorageError("full", "test"))
    assert session.storage == "full" and session.meta()["pause_reason"] == "storage"
    refused = session.submit(HOST, {"type": "skip"})
    assert not refused.ok and refused.code == "storage" and refused.data == {"storage": "full"}
    assert claim(session, "tok-0-" * 3).data["rejoined"]  # a phone still finds its seat
    assert session.submit(SESSION, {"type": "_probe"}).data == {"recovered": True}
    assert session.storage is None and session.last_seq >= seq


# -- publication ---------------------------------------------------------------------
def test_a_phone_meta_lists_only_its_own_seat_once_the_game_runs(tmp_path: Path) -> None:
    night = Night(tmp_path / "j.sqlite")
    session = lobby(night)
    assert len(session.view("seat:0")["meta"]["seats"]) == 3  # the lobby: every seat
    session.submit(HOST, {"type": "start"})
    seats = session.view("seat:1")["meta"]["seats"]
    assert [s["seat"] for s in seats] == [1]
    assert len(session.view("screen")["meta"]["seats"]) == 3
    assert "legal" in session.view("seat:1")["view"]


def test_a_rejoined_seat_gets_its_parts_and_nobody_else_a_message(tmp_path: Path) -> None:
    night = Night(tmp_path / "j.sqlite")
    session = humans_game(night)
    night.published.clear()
    session.resend(1)
    assert [audience for _, audience, _ in night.published] == ["seat:1"]
    payload = night.published[0][2]
    assert {"meta", "view", "public"} <= set(payload)


def test_a_press_on_its_way_in_holds_the_phones_round_as_a_decision_coming(
        tmp_path: Path) -> None:
    """While the socket layer carries a stamped press into the Session, the publisher sees
    a decision coming now (its phones' round waits, host/wire/broadcast.py); once the press is
    in, only the game's timer says so (none here: a territory game waiting for a move)."""
    night = Night(tmp_path / "j.sqlite")
    session = humans_game(night)
    assert session.publication._decision_due() is None
    before = time.monotonic()
    with session.in_flight.carrying():
        coming = session.publication._decision_due()
        assert coming is not None and before <= coming <= time.monotonic()
    assert session.publication._decision_due() is None


def test_a_phones_round_yields_at_every_phone_even_with_nothing_new_for_it(
        tmp_path: Path) -> None:
    """The publisher may hold for a decision between any two phones (host/wire/broadcast.py), so a
    round yields after each phone, sent or not: a round where no private part changed used
    to build every phone's view without a pause."""
    night = Night(tmp_path / "j.sqlite")
    session = humans_game(night)
    publication = session.publication
    snapshot = session.snapshot  # what the worker committed last
    publication.resend(1)  # seat 1 rejoined: its private part goes again, seat 0's does not
    sent = list(publication._send(snapshot, Parts()))
    assert sent == ["screen", "host", "", "seat:1", PHONES], sent


def test_a_seat_sends_end_only_where_its_kind_makes_end_a_seat_move() -> None:
    """The host ends every kind with `end`; Watchtower's seats also end their turn with one.
    The one check that decides it (the socket layer's twin of it once refused Watchtower's)."""
    from host.games import registry

    seats = [{"seat": 0, "name": "A", "bot": None}, {"seat": 1, "name": "B", "bot": None}]
    phone = Origin("seat", 0, "c")
    refused = check_role(registry.kind("q-squared-joe"), seats, phone, {"type": "end"})
    assert refused is not None and refused.code == "forbidden"
    assert check_role(registry.kind("watchtower"), seats, phone, {"type": "end"}) is None


def test_a_change_staged_outside_the_worker_is_refused_loudly(tmp_path: Path) -> None:
    """One writer, checked as it runs: a part of the Session called straight from another
    thread (not through `submit`) cannot stage a journal row; through `submit` it can."""
    session = lobby(Night(tmp_path / "j.sqlite"))
    claim(session, "a")
    with pytest.raises(OutsideWorker):
        session.seating.release(0)  # a handler calling the part itself: a race with the worker
    assert session.journal.seat_bindings(session.id) == {0: token_hash("a")}
    assert session.submit_release(0).ok
    assert session.journal.seat_bindings(session.id) == {}
