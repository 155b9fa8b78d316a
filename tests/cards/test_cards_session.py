"""Russian Bank and Q Squared Joe NG through the Session, in-process on virtual time.

Bot games reach the end; a phone's illegal move is refused with the engine's
message and changes nothing; a reveal cannot be taken back by undo; a new Hub
on the same journal resumes the same state; no view shows a card its audience
may not see.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from host.cards.common.adapter import CardGameAdapter, bot_delay, inner
from host.cards.q_squared_joe import bot_move as qsj_bot_move
from host.cards.russian_bank import bot_move as rb_bot_move
from host.clock import VirtualClock, VirtualScheduler
from host.games import registry
from host.games.contract import GameError
from host.room.hub import Hub
from host.store.journal import Journal
from host.store.replay import rebuild
from host.schema import BadMessage, parse_action
from host.session.core import HOST, Origin, PHONES, Session, token_hash
from tests.synthetic import synthetic_bank

BANK = synthetic_bank(10)
KINDS = ("russian-bank", "q-squared-joe")


class Night:
    """A hub on a virtual clock; every published view is checked for leaks as it is sent."""

    def __init__(self, path: Path, check_leaks: bool = False) -> None:
        self.clock = VirtualClock()
        self.scheduler = VirtualScheduler(self.clock)
        self.journal = Journal(path)
        self.check_leaks = check_leaks
        self.views_checked = 0
        self.hub = Hub(self.journal, BANK, publish=self._publish, clock=self.clock,
                       scheduler_factory=lambda: self.scheduler, threaded=False)

    def _publish(self, game: str, audience: str, payload: dict[str, Any],
                 skip: tuple[str, ...] = ()) -> None:
        session = self.hub.sessions.get(game)
        if not self.check_leaks or session is None or session.state is None:
            return
        shown = strings_in(payload)
        secrets = session.kind.secrets
        assert secrets is not None
        secret = audience_secrets(secrets, session, audience)
        assert not shown & secret, f"{audience} sees {sorted(shown & secret)}"
        self.views_checked += 1

    def run(self, session: Session, steps: int = 200_000) -> None:
        for _ in range(steps):
            if session.status == "over" or not self.scheduler.run_next():
                return


def audience_secrets(secrets: Any, session: Session, audience: str) -> set[str]:
    """What an audience may not see; for the phones' public part, what any seat may not."""
    if audience == PHONES:
        return set().union(*(secrets(session.state, f"seat:{s['seat']}") for s in session.seats))
    return set(secrets(session.state, audience))


def strings_in(value: Any) -> set[str]:
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return set().union(*(strings_in(v) for v in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(strings_in(v) for v in value)) if value else set()
    return set()


def create(night: Night, kind: str, seats: list[dict[str, Any]], seed: int,
           settings: dict[str, Any] | None = None) -> Session:
    session = night.hub.create_game(kind, seats, seed=seed, settings=settings or {})
    for seat in seats_without_bots(session):
        claim = {"type": "claim", "token_hash": token_hash(f"phone-{seat}-" * 3), "seat": seat}
        assert session.submit(Origin("seat"), claim).ok
    assert session.submit(HOST, {"type": "start"}).ok
    return session


def seats_without_bots(session: Session) -> list[int]:
    return [int(s["seat"]) for s in session.seats if not s.get("bot")]


def state_of(session: Session) -> Any:
    assert session.state is not None, "the game has not started"
    return session.state


def state_json(session: Session) -> dict[str, Any]:
    return session.game.to_json(session.state)


def human_move(session: Session, seat: int, salt: int) -> dict[str, Any] | None:
    """A sensible legal move for a human seat (a level-3 bot chooses it)."""
    mover: Any = rb_bot_move if session.kind.name == "russian-bank" else qsj_bot_move
    event, _ = mover(inner(session.game), state_of(session), seat, 3, salt)
    return event


def play_until(night: Night, session: Session, human: int, done: Any, limit: int = 3000) -> None:
    """Alternate human moves and bot timers until `done(event)` holds for a human move."""
    for salt in range(limit):
        if session.status == "over":
            return
        event = human_move(session, human, salt)
        if event is not None:
            outcome = session.submit(Origin("seat", human), dict(event))
            assert outcome.ok, (event, outcome.reason)
            if done(event):
                return
        elif not night.scheduler.run_next():
            return
    raise AssertionError("the condition never came up")


# -- the kinds in the registry -------------------------------------------------------


@pytest.mark.parametrize("name", KINDS)
def test_the_kinds_are_registered_with_seats_and_a_field_table(name: str) -> None:
    kind = registry.kind(name)
    assert name in registry.names()
    assert kind.seat_actions | kind.host_actions == frozenset(kind.fields)
    assert kind.host_actions == {"end"}  # the host ends the game
    assert 2 == kind.min_seats <= kind.max_seats
    assert isinstance(kind.make({"settings": {}}), CardGameAdapter)
    with pytest.raises(GameError):
        kind.make({"settings": {"no_such_rule": True}})


def test_bot_delays_go_from_slow_beginners_to_quick_experts() -> None:
    delays = [bot_delay(level) for level in range(1, 6)]
    assert delays == sorted(delays, reverse=True)
    assert delays[0] == pytest.approx(2.5) and delays[-1] == pytest.approx(0.8)


def test_the_field_tables_accept_what_phones_send_and_the_engines_take_nulls() -> None:
    qsj = registry.kind("q-squared-joe")
    attack = {"type": "attack", "card": "7H", "target": 1, "zone": "hand",
              "slot": None, "victim": None}
    assert parse_action(attack, qsj.fields, {})["slot"] is None
    with pytest.raises(BadMessage):
        parse_action({**attack, "slot": "0"}, qsj.fields, {})
    rb = registry.kind("russian-bank")
    move = {"type": "move", "from": "reserve", "to": "foundation:0", "count": 1}
    assert parse_action(move, rb.fields, {}) == move
    with pytest.raises(BadMessage):
        parse_action({"type": "move", "from": "reserve", "to": 3, "count": 1}, rb.fields, {})


# -- whole games --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "seats", "settings"),
    [
        ("russian-bank", [{"bot": 2}, {"bot": 5}], {}),
        ("russian-bank", [{"bot": 1}, {"bot": 4}], {"stop_mode": True}),
        ("q-squared-joe", [{"bot": 1}, {"bot": 3}, {"bot": 5}], {}),
        ("q-squared-joe", [{"bot": 2}, {"bot": 4}], {"field_attack": "stack"}),
    ],
)
def test_a_bot_game_ends_hides_every_secret_and_equals_its_replay(
    tmp_path: Path, name: str, seats: list[dict[str, Any]], settings: dict[str, Any]
) -> None:
    night = Night(tmp_path / "j.sqlite", check_leaks=True)
    session = create(night, name, seats, seed=21, settings=settings)
    night.run(session)
    assert session.status == "over"
    assert night.views_checked > 10 * (len(seats) + 1)
    rebuilt = rebuild(session.game, session.config, night.journal.rows(session.id))
    assert session.game.to_json(rebuilt.state) == state_json(session)
    record = night.journal.game(session.id)
    assert record is not None and record.status == "over"
    assert record.result is not None and record.result["over"]


@pytest.mark.parametrize("name", KINDS)
def test_a_phone_against_a_bot_plays_to_the_end_without_seeing_a_secret(
    tmp_path: Path, name: str
) -> None:
    night = Night(tmp_path / "j.sqlite", check_leaks=True)
    session = create(night, name, [{"name": "Ana"}, {"bot": 3}], seed=5)
    play_until(night, session, 0, lambda event: False, limit=20_000)
    assert session.status == "over"


# -- refusals -----------------------------------------------------------------------------


def _illegal_for(session: Session, seat: int) -> dict[str, Any]:
    """A well-formed action the rules refuse now."""
    legal = session.game.legal_actions(session.state, seat)
    if session.kind.name == "russian-bank":
        candidates = [{"type": "move", "from": src, "to": f"house:{i}", "count": 1}
                      for src in ("reserve", "hand", "house:0") for i in range(8)]
        candidates.append({"type": "pass"})
    else:
        candidates = [{"type": "defend", "card": card, "slot": 0}
                      for card in ("AC", "KD", "7H", "QS")]
        candidates.append({"type": "sacrifice", "slot": 9})
    for event in candidates:
        if {**event, "seat": seat} not in legal and {k: v for k, v in event.items()
                                                    if k != "count"} | {"seat": seat} not in legal:
            return event
    raise AssertionError("no illegal action found")


@pytest.mark.parametrize("name", KINDS)
def test_an_illegal_move_is_refused_with_the_engines_message(tmp_path: Path, name: str) -> None:
    night = Night(tmp_path / "j.sqlite")
    session = create(night, name, [{"name": "Ana"}, {"bot": 3}], seed=8)
    while session.state is not None and session.game.legal_actions(session.state, 0) == []:
        assert night.scheduler.run_next()
    event = _illegal_for(session, 0)
    try:
        session.game.apply(session.state, {**event, "seat": 0})
    except GameError as err:
        expected = str(err)
    else:
        raise AssertionError(f"{event} was accepted by the engine")
    before_rows, before = night.journal.count(session.id), state_json(session)
    outcome = session.submit(Origin("seat", 0), dict(event))
    assert not outcome.ok and outcome.reason == expected
    out_of_turn = session.submit(Origin("seat", 1), {"type": "draw"})  # seat 1 is a bot
    assert not out_of_turn.ok
    assert night.journal.count(session.id) == before_rows
    assert state_json(session) == before


REVEALS = {
    "russian-bank": lambda e: e["type"] == "draw" or e.get("from") == "reserve",
    "q-squared-joe": lambda e: e["type"] == "draw",
}


@pytest.mark.parametrize("name", KINDS)
def test_undo_refuses_when_the_only_move_made_was_a_reveal(tmp_path: Path, name: str) -> None:
    night = Night(tmp_path / "j.sqlite")
    reveals = REVEALS[name]
    for seed in range(100):  # a deal where the first player can turn a card up at once
        session = create(night, name, [{"name": "Ana"}, {"name": "Bob"}], seed=seed)
        seat = state_of(session).turn
        first = [a for a in session.game.legal_actions(session.state, seat) if reveals(a)]
        if first:
            break
    assert session.submit(Origin("seat", seat), dict(first[0])).ok
    after_reveal = state_json(session)
    outcome = session.submit(HOST, {"type": "undo"})
    assert not outcome.ok and outcome.code == "nothing_to_undo"
    assert state_json(session) == after_reveal


@pytest.mark.parametrize("name", KINDS)
def test_undo_never_takes_back_a_reveal_made_after_a_decision(tmp_path: Path, name: str) -> None:
    night = Night(tmp_path / "j.sqlite")
    session = create(night, name, [{"name": "Ana"}, {"name": "Bob"}], seed=13)
    reveals = REVEALS[name]
    game = session.game
    for _ in range(200):  # quiet decisions until a reveal is possible
        seat = state_of(session).turn
        legal = game.legal_actions(session.state, seat)
        shows = [a for a in legal if reveals(a)]
        if shows and len(night.journal.effective_rows(session.id)) > 3:
            break
        quiet = [a for a in legal if game.undoable(a)]
        assert quiet, "no quiet move to make first"
        assert session.submit(Origin("seat", seat), dict(quiet[0])).ok
    assert session.submit(Origin("seat", seat), dict(shows[0])).ok
    revealed = night.journal.effective_rows(session.id)[-1]
    session.submit(HOST, {"type": "undo"})
    kept = [row.seq for row in night.journal.effective_rows(session.id)]
    assert revealed.seq in kept, f"undo took back a reveal: {revealed.body}"


@pytest.mark.parametrize("name", KINDS)
def test_undo_takes_back_a_quiet_move(tmp_path: Path, name: str) -> None:
    night = Night(tmp_path / "j.sqlite")
    session = create(night, name, [{"name": "Ana"}, {"name": "Bob"}], seed=3)
    game = session.game
    seat = state_of(session).turn
    before = state_json(session)
    quiet = next(a for a in game.legal_actions(session.state, seat) if game.undoable(a))
    assert session.submit(Origin("seat", seat), dict(quiet)).ok
    assert state_json(session) != before
    outcome = session.submit(HOST, {"type": "undo"})
    assert outcome.ok, outcome.reason
    assert state_json(session) == before


# -- restart -------------------------------------------------------------------------------


@pytest.mark.parametrize("name", KINDS)
def test_a_new_hub_on_the_same_journal_resumes_the_same_game(tmp_path: Path, name: str) -> None:
    night = Night(tmp_path / "j.sqlite")
    session = create(night, name, [{"name": "Ana"}, {"bot": 4}], seed=17)
    for _ in range(6):  # the phone plays quiet moves, so the short game is still running
        while not session.game.legal_actions(session.state, 0):
            assert night.scheduler.run_next()
        legal = session.game.legal_actions(session.state, 0)
        quiet = [a for a in legal if a["type"] in ("draw", "defend")] or legal
        assert session.submit(Origin("seat", 0), dict(quiet[0])).ok
    assert session.status == "running"
    again = Night(tmp_path / "j.sqlite")
    resumed = again.hub.resume_all()
    assert [s.id for s in resumed] == [session.id]
    assert json.dumps(state_json(resumed[0]), sort_keys=True) == json.dumps(
        state_json(session), sort_keys=True
    )
    assert resumed[0].kind.name == name
    # The resumed game carries on: the phone still has its seat and moves are accepted.
    play_until(again, resumed[0], 0, lambda event: True)
    assert resumed[0].last_seq > session.last_seq
