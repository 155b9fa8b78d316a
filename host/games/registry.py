"""The games a host can run, with what the Session needs to know about each.

Which event types a seat may send and which only the host may send live here,
next to the engine, so the Session can refuse a phone's attempt at a host
command before the engine ever sees it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from host.games.contract import Event, Game, GameError


@dataclass(frozen=True)
class BotPlan:
    """What a bot will do, and after how many seconds of "thinking"."""

    delay: float
    event: Event


BotPlanner = Callable[[Game, Any, int, int, int], tuple[BotPlan | None, int]]


@dataclass(frozen=True)
class GameKind:
    name: str
    make: Callable[[dict[str, Any]], Game]  # from the game's config (map, variant...)
    seat_actions: frozenset[str]
    host_actions: frozenset[str]
    plan_bot: BotPlanner
    min_seats: int
    max_seats: int
    # Field types of each action, for the edge's schema check (value: allowed types).
    fields: dict[str, dict[str, tuple[type, ...]]]
    # Host commands the Session stamps with the host time (e.g. opening a buzz window).
    timed_host_actions: frozenset[str] = frozenset()


DEFAULT_MAP = "france-regions"

_KINDS: dict[str, Callable[[], GameKind]] = {}


def register(name: str, loader: Callable[[], GameKind]) -> None:
    _KINDS[name] = loader


def kind(name: str) -> GameKind:
    try:
        loader = _KINDS[name]
    except KeyError:
        raise GameError(f"unknown game {name!r}; known: {', '.join(sorted(_KINDS))}") from None
    return loader()


def names() -> list[str]:
    return sorted(_KINDS)


def _territory() -> GameKind:
    from host.territory import bots
    from host.territory.game import TerritoryGame
    from host.territory.mapgen import generate_map
    from host.territory.maps import load_map, shipped_map_names

    def make(config: dict[str, Any]) -> Game:
        name = str(config.get("map") or DEFAULT_MAP)
        if name.startswith("generated:"):  # generated:<territories>:<seed>
            _, count, seed = (name.split(":") + ["", ""])[:3]
            if not (count.isdigit() and seed.isdigit()):
                raise GameError("a generated map is named generated:<territories>:<seed>")
            return TerritoryGame(generate_map(int(count), int(seed)))
        if name == DEFAULT_MAP and DEFAULT_MAP not in shipped_map_names():
            names = shipped_map_names()
            name = names[0] if names else "generated:18:1"
            return make({"map": name})
        try:
            return TerritoryGame(load_map(name))
        except ValueError as err:
            raise GameError(str(err)) from None

    def plan(game: Game, state: Any, seat: int, level: int, rng: int) -> tuple[BotPlan | None, int]:
        assert isinstance(game, TerritoryGame)
        move, rng = bots.bot_move(game, state, seat, level, rng)
        if move is None:
            return None, rng
        return BotPlan(move.delay_seconds, dict(move.event)), rng

    return GameKind(
        name="territory",
        make=make,
        seat_actions=frozenset({"answer", "pick", "attack"}),
        host_actions=frozenset({"skip", "continue", "override", "end"}),
        plan_bot=plan,
        min_seats=2,
        max_seats=4,
        fields={
            "answer": {"value": (int,)},
            "pick": {"territory": (str,)},
            "attack": {"territory": (str,)},
            "skip": {},
            "continue": {},
            "override": {"seat": (int,), "correct": (bool,)},
            "end": {},
        },
    )


register("territory", _territory)


def _buzzer() -> GameKind:
    from host.buzzer.game import HOST_ACTIONS, SEAT_ACTIONS, BuzzerGame
    from host.buzzer.state import MAX_SEATS, MIN_SEATS

    def make(config: dict[str, Any]) -> Game:
        return BuzzerGame()

    def plan(game: Game, state: Any, seat: int, level: int, rng: int) -> tuple[BotPlan | None, int]:
        return None, rng  # a buzzer board has no bots: presses are people's reflexes

    return GameKind(
        name="buzzer",
        make=make,
        seat_actions=SEAT_ACTIONS,
        host_actions=HOST_ACTIONS,
        plan_bot=plan,
        min_seats=MIN_SEATS,
        max_seats=MAX_SEATS,
        fields={
            "buzz": {},  # the socket layer adds t_ns, source, u_ns, settle_ns
            "open": {"mode": (str,)},
            "close": {},
            "right": {},
            "wrong": {},
            "end": {},
        },
        timed_host_actions=frozenset({"open", "close", "right", "wrong"}),
    )


register("buzzer", _buzzer)
