"""Hand-made maps and helpers for the territory rules tests."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import replace
from types import SimpleNamespace
from typing import Any

import pytest

from host import rng
from host.territory.bots import bot_move
from host.territory.invariants import check_invariants
from host.territory.game import TerritoryGame
from host.territory.gamemap import GameMap, Territory
from host.territory.state import TerritoryState


def make_map(
    map_id: str, names: list[str], edges: Iterable[tuple[str, str]], sites: tuple[str, ...] = ()
) -> GameMap:
    adjacency: dict[str, set[str]] = {name: set() for name in names}
    for a, b in edges:
        adjacency[a].add(b)
        adjacency[b].add(a)
    territories = {
        name: Territory(name, name.upper(), name.capitalize(), "M0 0h1v1h-1z", (0.5, 0.5))
        for name in names
    }
    return GameMap(
        id=map_id,
        name_fr=map_id,
        name_en=map_id,
        view_box=(0, 0, 100, 100),
        territories=territories,
        adjacency={k: frozenset(v) for k, v in adjacency.items()},
        castle_sites=sites,
    )


def grid12() -> GameMap:
    """A 3 x 4 grid (a0..c3) with one sea link c3-a0; any territory may hold a castle."""
    names = [f"{row}{col}" for row in "abc" for col in range(4)]
    edges = []
    for row_i, row in enumerate("abc"):
        for col in range(4):
            if col < 3:
                edges.append((f"{row}{col}", f"{row}{col + 1}"))
            if row_i < 2:
                edges.append((f"{row}{col}", f"{'abc'[row_i + 1]}{col}"))
    edges.append(("c3", "a0"))
    return make_map("grid12", names, edges)


def ring8() -> GameMap:
    """Eight territories in a ring; castles only at r0, r2, r4 or r6."""
    names = [f"r{i}" for i in range(8)]
    edges = [(f"r{i}", f"r{(i + 1) % 8}") for i in range(8)]
    return make_map("ring8", names, edges, sites=("r0", "r2", "r4", "r6"))


def islands() -> GameMap:
    """Two islands (w1-w2-w3, e1-e2) with no link between them; castles at w1 and w3."""
    names = ["w1", "w2", "w3", "e1", "e2"]
    return make_map("islands", names, [("w1", "w2"), ("w2", "w3"), ("e1", "e2")], ("w1", "w3"))


FIXTURE_MAPS: dict[str, Callable[[], GameMap]] = {
    "grid12": grid12,
    "ring8": ring8,
    "islands": islands,
}


def seats(count: int, bots: bool = False) -> list[dict[str, Any]]:
    names = ["Rouge", "Bleu", "Vert", "Jaune"]
    return [{"seat": i, "name": names[i], "bot": 3 if bots else None} for i in range(count)]


class Driver:
    """Applies events to a game and checks the invariants after each one."""

    def __init__(self, game: TerritoryGame, state: TerritoryState) -> None:
        self.game = game
        self.state = state
        self.counter = 0

    def do(self, event: dict[str, Any]) -> TerritoryState:
        self.state = self.game.apply(self.state, event)
        check_invariants(self.state, self.game.game_map)
        return self.state

    def ask(self, answer: int, **extra: Any) -> TerritoryState:
        """Supply the question the engine needs (choice: `answer` is the right index)."""
        need = self.game.needs(self.state)
        assert need is not None, f"no question needed in stage {self.state.stage}"
        self.counter += 1
        question: dict[str, Any] = {
            "id": f"test{self.counter}",
            "kind": need.kind,
            "prompt": f"Question {self.counter}?",
            "answer": answer,
            **extra,
        }
        if need.kind == "choice" and "options" not in extra:
            question["options"] = ["A", "B", "C", "D"]
        return self.do({"type": "question", "request_id": need.request_id, "question": question})

    def answer(self, seat: int, value: int, t_ns: int) -> TerritoryState:
        return self.do({"type": "answer", "seat": seat, "value": value, "t_ns": t_ns})

    def timeout(self) -> TerritoryState:
        timer = self.game.timer(self.state)
        assert timer is not None
        return self.do({"type": "timeout", "timer": timer.timer_id})

    def cont(self) -> TerritoryState:
        return self.do({"type": "continue"})

    def attack(self, seat: int, territory: str) -> TerritoryState:
        return self.do({"type": "attack", "seat": seat, "territory": territory})

    def pick(self, seat: int, territory: str) -> TerritoryState:
        return self.do({"type": "pick", "seat": seat, "territory": territory})

    def choice_round(self, answers: dict[int, bool | None]) -> TerritoryState:
        """Ask a choice question (option 1 is right) and play it out, then continue.

        answers: seat -> True (right), False (wrong), None (silent).
        """
        self.ask(1)
        for t, (seat, right) in enumerate(answers.items()):
            if right is not None:
                self.answer(seat, 1 if right else 2, t_ns=1000 + t)
        if self.state.stage == "answering":
            self.timeout()
        return self.cont()

    def numeric_round(
        self, answers: dict[int, tuple[int, int] | None], truth: int = 100
    ) -> TerritoryState:
        """Ask a numeric question and play it out, then continue.

        answers: seat -> (value, t_ns) or None (silent).
        """
        self.ask(truth)
        for seat, given in answers.items():
            if given is not None:
                self.answer(seat, given[0], t_ns=given[1])
        if self.state.stage == "answering":
            self.timeout()
        return self.cont()


def position(
    game: TerritoryGame,
    castles: dict[int, str],
    land: dict[str, tuple[int, int]] | None = None,
    *,
    rest: int = 0,
    settings: dict[str, Any] | None = None,
    round: int = 1,
    order: tuple[int, ...] | None = None,
    turn: int = 0,
    towers: dict[str, int] | None = None,
    bonus: dict[int, int] | None = None,
    fallen: tuple[str, ...] = (),
) -> TerritoryState:
    """A combat position at an attack stage, built by hand with consistent scores.

    castles: seat -> its castle; land: territory -> (seat, value); every other
    territory goes to seat `rest` at 200; `fallen` lists fallen castles (held per `land`).
    """
    land = dict(land or {})
    towers = towers or {}
    bonus = bonus or {}
    base = game.setup(settings or {}, seats(len(castles)), seed=1)
    ids = base.territory_ids
    owners, values, tower_list, castle_flags = [], [], [], []
    for tid in ids:
        seat_of_castle = [s for s, c in castles.items() if c == tid]
        if seat_of_castle:
            owners.append(seat_of_castle[0])
            values.append(1000)
            tower_list.append(towers.get(tid, 3))
            castle_flags.append(True)
        else:
            owner, value = land.get(tid, (rest, 200))
            owners.append(owner)
            values.append(value)
            tower_list.append(0)
            castle_flags.append(tid in fallen)
    players = tuple(
        replace(
            p,
            castle=castles[p.seat],
            bonus=bonus.get(p.seat, 0),
            score=bonus.get(p.seat, 0)
            + sum(v for o, v in zip(owners, values, strict=True) if o == p.seat),
        )
        for p in base.players
    )
    state = replace(
        base,
        owners=tuple(owners),
        values=tuple(values),
        towers=tuple(tower_list),
        castles=tuple(castle_flags),
        players=players,
        phase="combat",
        stage="attack",
        round=round,
        order=order if order is not None else tuple(sorted(castles)),
        turn=turn,
        picks=(),
        question=None,
        seq=base.seq + 1,
    )
    check_invariants(state, game.game_map)
    return state


Visit = Callable[[TerritoryState, dict[str, Any], TerritoryState], None]


def play_bot_game(
    game: TerritoryGame,
    n_seats: int,
    seed: int,
    *,
    settings: dict[str, Any] | None = None,
    silence: float = 0.1,
    host_meddles: float = 0.03,
    visit: Visit | None = None,
    check: bool = True,
    max_events: int = 20_000,
) -> tuple[TerritoryState, int]:
    """Drive a whole bot game the way the Session would; return the final state and event count.

    Questions come from a tiny synthetic generator; the bot move with the
    shortest delay goes first; a bot stays silent for a stage with probability
    `silence` (so timeouts happen); the host sometimes overrides a judgement or
    skips a question (`host_meddles`), and always continues after a reveal.
    """
    levels = [1 + (seed + i) % 5 for i in range(n_seats)]
    state = game.setup(settings or {}, seats(n_seats, bots=True), seed)
    if check:
        check_invariants(state, game.game_map)
    r = rng.derive(seed, "driver")
    bot_rngs = {i: rng.derive(seed, f"bot{i}") for i in range(n_seats)}
    silent: set[tuple[int, int]] = set()
    events = 0
    while not game.is_over(state):
        events += 1
        assert events <= max_events, "the game does not end"
        event = None
        need = game.needs(state)
        if need is not None:
            r, event = _synthetic_question(r, need.kind, need.request_id, events)
        else:
            u, r = rng.randbelow(r, 1000)
            if state.stage == "reveal" and u < host_meddles * 1000:
                q = state.question
                assert q is not None
                seat, r = rng.choice(r, q.seats)
                event = {"type": "override", "seat": seat, "correct": u % 2 == 0}
            elif state.stage == "answering" and u < host_meddles * 500:
                event = {"type": "skip"}
        if event is None:
            best = None
            for seat in range(n_seats):
                if (state.seq, seat) in silent:
                    continue
                move, bot_rngs[seat] = bot_move(game, state, seat, levels[seat], bot_rngs[seat])
                if move is None:
                    continue
                u, r = rng.randbelow(r, 1000)
                if u < silence * 1000:
                    silent.add((state.seq, seat))
                    continue
                if best is None or move.delay_seconds < best.delay_seconds:
                    best = move
            if best is not None:
                event = best.event
            elif state.stage == "reveal":
                event = {"type": "continue"}
            else:
                timer = game.timer(state)
                assert timer is not None, f"stalled in stage {state.stage}"
                event = {"type": "timeout", "timer": timer.timer_id}
        new = game.apply(state, event)
        if check:
            check_invariants(new, game.game_map)
        if visit is not None:
            visit(state, event, new)
        state = new
    return state, events


def _synthetic_question(
    r: int, kind: str, request_id: str, number: int
) -> tuple[int, dict[str, Any]]:
    if kind == "numeric":
        answer, r = rng.randbelow(r, 10_000)
        question = {"id": f"n{number}", "kind": kind, "prompt": "How many?", "answer": answer + 1}
    else:
        answer, r = rng.randbelow(r, 4)
        question = {
            "id": f"c{number}",
            "kind": kind,
            "prompt": "Which one?",
            "options": ["w", "x", "y", "z"],
            "answer": answer,
            "note": f"the answer is option {answer}",
        }
    return r, {"type": "question", "request_id": request_id, "question": question}


@pytest.fixture
def grid_game() -> TerritoryGame:
    return TerritoryGame(grid12())


@pytest.fixture
def kit() -> SimpleNamespace:
    """The helpers above, as a fixture (test modules must not import conftest by name)."""
    return SimpleNamespace(
        make_map=make_map,
        maps=FIXTURE_MAPS,
        seats=seats,
        Driver=Driver,
        position=position,
        play_bot_game=play_bot_game,
        TerritoryGame=TerritoryGame,
    )
