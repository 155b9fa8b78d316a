"""One contract test for every registered game kind (OpenSpiel's random-simulation test).

Each kind plays seeded games through a real Session on virtual time, with a
real SQLite journal: bots in every seat where the kind has bots, seeded
random players where it has none. At every step the test checks what every
game must guarantee, whatever its rules:

- `apply` leaves its input unchanged, and the state's JSON form round-trips;
- every action `legal_actions` lists is accepted by `apply`, and each seat's view
  lists them as `legal`;
- every view is JSON, and the seats together never see more copies of a secret
  (a string the host's view has and the projector's has not) than the host;
- the phones' public part is the same for every seat and holds none of a seat's
  private keys, and public merged with a seat's private part is that seat's view:
  the public part shows nothing some seat does not see already;
- `result()` has the one shape every page reads;
- the game ends, and rebuilding it from its journal gives the same state.

The toy kind in tests/fixtures/toy_game joins through TOURELLE_GAMES, the way
a game from outside this tree would, and is checked like the others.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from host.clock import VirtualClock, VirtualScheduler
from host.games import registry
from host.games.contract import Event, Game, GameError, GameKind
from host.room.hub import Hub
from host.store.journal import Journal
from host.session.phone_parts import merge
from host.store.replay import rebuild
from host.session.core import HOST, Origin, Session
from tests.synthetic import synthetic_bank

TOY = "tests.fixtures.toy_game"
BANK = synthetic_bank(40, several=12)  # choices with several right options: quiz rounds only
MAX_STEPS = 20_000
CHECK_ALL, CHECK_EVERY = 300, 7  # every step of the first 300, then every 7th
LIST_KEYS = frozenset({"legal", "actions"})  # the moves a seat may make: not secrets


@contextmanager
def toy_registered() -> Iterator[None]:
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv(registry.EXTRA_ENV, TOY)
        yield


with toy_registered():
    KINDS = registry.names()


@pytest.fixture(autouse=True)
def _toy() -> Iterator[None]:
    with toy_registered():
        yield


def player_counts(kind: GameKind) -> list[int]:
    counts = {kind.min_seats, min(kind.max_seats, kind.min_seats + 1), min(kind.max_seats, 4)}
    return sorted(counts)


# -- the parts every kind shares ----------------------------------------------


def counts(value: Any, found: Counter[str] | None = None) -> Counter[str]:
    """How often each string occurs in a JSON value, outside the lists of legal moves."""
    found = Counter() if found is None else found
    if isinstance(value, str):
        found[value] += 1
    elif isinstance(value, dict):
        for key, item in value.items():
            if key not in LIST_KEYS:
                counts(item, found)
    elif isinstance(value, list):
        for item in value:
            counts(item, found)
    return found


def check_views(kind: GameKind, game: Game, state: Any, seats: int) -> None:
    views = {audience: game.view(state, audience)
             for audience in ["screen", "host"] + [f"seat:{s}" for s in range(seats)]}
    for audience, view in views.items():
        assert json.loads(json.dumps(view)) == view, f"{audience}'s view is not plain JSON"
    if kind.secrets is not None:  # the rules say what each audience may not see
        for audience, view in views.items():
            shown = set(counts(view)) & kind.secrets(state, audience)
            assert not shown, f"{audience} sees {sorted(shown)[:5]}"
        return
    # A secret is what the host sees and the projector does not. Each copy the host sees
    # belongs to one seat at most, so the seats together never see more copies of it.
    host = counts(views["host"])
    secret = set(host) - set(counts(views["screen"]))
    seen: Counter[str] = Counter()
    for seat in range(seats):
        seen.update({found: n for found, n in counts(views[f"seat:{seat}"]).items()
                     if found in secret})
    extra = {found: (n, host[found]) for found, n in seen.items() if n > host[found]}
    assert not extra, f"seats see more copies than the host (seen, host): {extra}"


def check_phone_parts(kind: GameKind, session: Session) -> None:
    """One public part for all phones, free of private keys; each seat's whole view is
    the public part merged with its own (host/session/phone_parts.py, PROTOCOL.md)."""
    publics = []
    for entry in session.seats:
        seat = entry["seat"]
        public, private = session.phone_payloads(seat)
        publics.append(public)
        assert json.loads(json.dumps([public, private])) == [public, private]
        assert not set(public["view"] or {}) & (kind.private_keys | {"legal"})
        assert "seats" not in public["meta"] or public["view"] is None
        assert merge(public, private) == session.view(f"seat:{seat}"), f"seat {seat}"
    assert all(public == publics[0] for public in publics), "the public part differs by seat"
    if kind.secrets is not None and session.state is not None:
        hidden = set().union(*(kind.secrets(session.state, f"seat:{s['seat']}")
                               for s in session.seats))
        assert not set(counts(publics[0])) & hidden


def check_result(game: Game, state: Any, seats: int) -> None:
    result = game.result(state)
    assert isinstance(result["over"], bool)
    seated = result["winner"] is not None and 0 <= result["winner"] < seats
    # a winner who holds no seat: Challengers!' robot (a negative seat number)
    assert result["winner"] is None or seated or result["winner"] < 0
    rows = result["players"]
    assert sorted(row["seat"] for row in rows) == list(range(seats))
    # A robot that won holds first place without a seat: its players come after it.
    robot_won = result["winner"] is not None and result["winner"] < 0
    for row in rows:
        assert isinstance(row["name"], str)
        assert row["score"] is None or isinstance(row["score"], int | float)
        assert isinstance(row["place"], int) and 1 <= row["place"] <= seats + robot_won
    first = 1 + robot_won  # the robot's place is first when it won
    places = sorted(row["place"] for row in rows)
    assert places[0] == first
    for i, place in enumerate(places):  # tied places share a number, the next one skips
        assert place == first or place == places[i - 1] or place == i + first
    if seated:
        assert next(r for r in rows if r["seat"] == result["winner"])["place"] == 1


def filled(action: Event, kind: GameKind, pick: random.Random, now_ns: int) -> Event:
    """A listed action with its open fields (value None: "you choose") filled in, and the
    host time of the tap for a timed action (the socket layer's stamp)."""
    event = dict(action)
    if event["type"] in kind.timed_seat_actions:
        event["t_ns"] = now_ns
    for name, types in kind.fields.get(event["type"], {}).items():
        if name in event and event[name] is None and type(None) not in types:
            event[name] = pick.randint(0, 2000) if int in types else "x"
    return event


def check_step(kind: GameKind, game: Game, state: Any, seats: int, pick: random.Random,
               now_ns: int) -> None:
    before = json.dumps(game.to_json(state), sort_keys=True)
    assert json.dumps(game.to_json(game.from_json(json.loads(before))), sort_keys=True) == before
    for seat in range(seats):
        for action in game.legal_actions(state, seat):
            assert action["type"] in kind.seat_actions, action
            try:
                game.apply(state, filled(action, kind, pick, now_ns))
            except GameError as err:
                raise AssertionError(f"listed action {action} refused: {err}") from None
    after = json.dumps(game.to_json(state), sort_keys=True)
    assert after == before, "apply changed its input state"
    check_views(kind, game, state, seats)
    check_result(game, state, seats)


# -- host steps for kinds the host drives -------------------------------------


def buzzer_host(session: Session, pick: random.Random) -> Event | None:
    """A quiz host at a buzzer board: open, judge the first press, close; end after ten."""
    view = session.game.view(session.state, "host")
    if view.get("windows", 0) >= 10 or view.get("window", 0) >= 10:
        return {"type": "end"}
    return pick.choice([{"type": "open", "mode": "first"}, {"type": "right"},
                        {"type": "wrong"}, {"type": "close"}])


HOST_STEPS: dict[str, Callable[[Session, random.Random], Event | None]] = {
    "buzzer": buzzer_host,
}


# -- one game through the Session ---------------------------------------------


def play(kind: GameKind, players: int, seed: int, folder: Path,
         settings: dict[str, Any] | None = None, bank: Any = None) -> tuple[Session, Journal]:
    clock = VirtualClock()
    scheduler = VirtualScheduler(clock)
    journal = Journal(folder / f"{kind.name}-{players}-{seed}.sqlite")
    hub = Hub(journal, bank or BANK, publish=None, clock=clock, scheduler_factory=lambda: scheduler,
              threaded=False)
    bots = kind.plan_bot is not None
    seats = [{"name": f"P{i}", "bot": 1 + (seed + i) % 5 if bots else None}
             for i in range(players)]
    session = hub.create_game(kind.name, seats, seed=seed, title="contract",
                              settings=settings or {})
    assert session.submit(HOST, {"type": "start"}).ok
    pick = random.Random(seed)
    host_step = HOST_STEPS.get(kind.name)
    for step in range(MAX_STEPS):
        if session.status == "over":
            break
        if step < CHECK_ALL or step % CHECK_EVERY == 0:  # long games: a sample of steps
            check_step(kind, session.game, session.state, players, pick, clock.now_ns())
            check_phone_parts(kind, session)
            for seat in range(players):  # the legal moves, in one place of every seat's view
                legal = session.game.legal_actions(session.state, seat)
                assert session.view(f"seat:{seat}")["view"]["legal"] == legal
        if not bots:
            moves = [m for s in range(players)
                     for m in session.game.legal_actions(session.state, s)]
            if moves and pick.random() < 0.7:
                move = filled(pick.choice(moves), kind, pick, clock.now_ns())
                outcome = session.submit(Origin("seat", move["seat"], "phone"), move)
                assert outcome.ok, (move, outcome.reason)
                continue
            if host_step is not None and pick.random() < 0.5:
                order = host_step(session, pick)
                if order is not None:
                    session.submit(HOST, order)  # a host command may be refused: fine
                    continue
        if not scheduler.run_next() and host_step is None and not moves_left(session, players):
            break
    return session, journal


def moves_left(session: Session, players: int) -> bool:
    return any(session.game.legal_actions(session.state, s) for s in range(players))


@pytest.mark.parametrize("name", KINDS)
def test_seeded_games_keep_the_contract_and_replay_from_the_journal(name: str,
                                                                    tmp_path: Path) -> None:
    kind = registry.kind(name)
    for players in player_counts(kind):
        session, journal = play(kind, players, seed=11 + players, folder=tmp_path)
        assert session.status == "over", f"{name} with {players} players did not end"
        result = session.game.result(session.state)
        assert result["over"] is True
        check_result(session.game, session.state, players)
        rebuilt = rebuild(session.game, journal.game(session.id).config,  # type: ignore[union-attr]
                          journal.rows(session.id))
        assert session.game.to_json(rebuilt.state) == session.game.to_json(session.state)
        journal.close()


# The quiz round's own kinds of round beyond its defaults (issue 44): wager questions and a
# streak bonus, several right answers (BANK's `food` choices), a wipeout round with double or
# nothing, a knock-out round, with each kind of question.
QUIZ_ROUNDS = {"plan": [{"questions": 2, "mix": "mixed", "wager": True, "streak_3": 2},
                        {"questions": 3, "mix": "numeric", "wager": True, "wager_cap": 15,
                         "streak_3": 1, "streak_5": 3},
                        {"questions": 4, "mix": "mixed", "wipeout": True,
                         "double_or_nothing": True},
                        {"questions": 4, "mix": "mixed", "knockout": True,
                         "knockout_survivors": 1, "knockout_bonus": 7},
                        {"questions": 2, "mix": "choice", "categories": ["food"],
                         "streak_3": 1}]}


def test_the_quiz_round_s_own_rounds_keep_the_contract(tmp_path: Path) -> None:
    kind = registry.kind("quiz-round")
    for players in player_counts(kind):
        session, journal = play(kind, players, seed=3 + players, folder=tmp_path,
                                settings=QUIZ_ROUNDS)
        assert session.status == "over"
        assert any(p.asked.wager and p.asked.stakes for p in session.state.played)
        assert any(p.risk for p in session.state.played)  # a wipe or a double decided
        assert any(p.round == 3 for p in session.state.played)  # the knock-out round played
        assert any(p.asked.content.get("several") and p.asked.answers
                   for p in session.state.played)  # tick lists, scored
        check_result(session.game, session.state, players)
        rebuilt = rebuild(session.game, journal.game(session.id).config,  # type: ignore[union-attr]
                          journal.rows(session.id))
        assert session.game.to_json(rebuilt.state) == session.game.to_json(session.state)
        journal.close()


# Picture reveal (tiles, blur) on picture questions of each kind, and a catch-up at half-time
# (issue 44, points 4 and 5).
REVEAL_ROUNDS = {"catch_up": "per_place", "catch_up_points": 3,
                 "plan": [{"questions": 3, "mix": "mixed", "reveal_steps": 4, "streak_3": 1},
                          {"questions": 3, "mix": "numeric", "reveal_steps": 2,
                           "reveal_style": "blur"},
                          {"questions": 2, "mix": "choice"}]}


def test_the_quiz_round_s_picture_reveal_and_catch_up_keep_the_contract(tmp_path: Path) -> None:
    kind = registry.kind("quiz-round")
    bank = synthetic_bank(40, pictures=True)
    for players in player_counts(kind):
        session, journal = play(kind, players, seed=5 + players, folder=tmp_path,
                                settings=REVEAL_ROUNDS, bank=bank)
        assert session.status == "over"
        assert any(p.asked.content.get("image") for p in session.state.played)
        check_result(session.game, session.state, players)
        rebuilt = rebuild(session.game, journal.game(session.id).config,  # type: ignore[union-attr]
                          journal.rows(session.id))
        assert session.game.to_json(rebuilt.state) == session.game.to_json(session.state)
        journal.close()


@pytest.mark.parametrize("name", KINDS)
def test_the_kind_describes_itself_completely(name: str) -> None:
    kind = registry.kind(name)
    assert kind.name == name and kind.label["fr"] and kind.label["en"]
    assert 1 <= kind.min_seats <= kind.max_seats
    # `end`: the host ends the game, and Watchtower's seats end their turn (with their seat)
    assert kind.seat_actions & kind.host_actions <= {"end"}
    assert set(kind.fields) >= kind.seat_actions | kind.host_actions
    assert kind.timed_seat_actions <= kind.seat_actions
    assert kind.timed_host_actions <= kind.host_actions
    assert kind.press_action is None or kind.press_action in kind.seat_actions
    if kind.page is not None:
        assert (Path(__file__).parents[2] / "host" / "static" / kind.page).is_file()
    keys = [field["key"] for field in kind.settings]
    assert len(keys) == len(set(keys))
    defaults = {field["key"]: field["default"] for field in kind.settings}
    if name != "toy":  # the toy game takes no settings at all
        kind.make({"settings": defaults})  # the form's defaults are settings the game takes


@pytest.mark.parametrize("name", KINDS)
def test_the_host_ends_every_kind_it_started(name: str, tmp_path: Path) -> None:
    """"Terminer" on the host page: `end` is a host command of every kind; a started game
    (a move in, for kinds with bots) takes it and is over, with a result the night
    can count, and a rebuild from the journal ends it too."""
    kind = registry.kind(name)
    assert "end" in kind.host_actions and "end" in kind.fields
    clock = VirtualClock()
    scheduler = VirtualScheduler(clock)
    journal = Journal(tmp_path / f"{name}-end.sqlite")
    hub = Hub(journal, BANK, publish=None, clock=clock, scheduler_factory=lambda: scheduler,
              threaded=False)
    players = min(kind.max_seats, max(kind.min_seats, 3))  # a first move ends no game
    bots = kind.plan_bot is not None
    seats = [{"name": f"P{i}", "bot": 3 if bots else None} for i in range(players)]
    session = hub.create_game(kind.name, seats, seed=5, title="end")
    assert session.submit(HOST, {"type": "start"}).ok
    scheduler.run_next()  # a first move, where the kind has bots
    assert session.status == "running"
    outcome = session.submit(HOST, {"type": "end"})
    assert outcome.ok, outcome.reason
    assert session.status == "over"
    assert session.game.result(session.state)["over"] is True
    check_result(session.game, session.state, players)
    rebuilt = rebuild(session.game, journal.game(session.id).config,  # type: ignore[union-attr]
                      journal.rows(session.id))
    assert session.game.is_over(rebuilt.state)
    journal.close()
