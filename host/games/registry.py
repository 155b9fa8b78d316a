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
    from host.buzzer_board.game import HOST_ACTIONS, SEAT_ACTIONS, BuzzerGame
    from host.buzzer_board.state import MAX_SEATS, MIN_SEATS

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


def _card_planner(bot_move: Callable[..., tuple[Event | None, int]]) -> BotPlanner:
    """A card engine's `bot_move` as a BotPlanner, with a human-looking delay by level."""
    from host.cards.session_glue import bot_delay, inner

    def plan(game: Game, state: Any, seat: int, level: int, rng: int) -> tuple[BotPlan | None, int]:
        event, rng = bot_move(inner(game), state, seat, level, rng)
        if event is None:
            return None, rng
        return BotPlan(bot_delay(level), dict(event)), rng

    return plan


def _russian_bank() -> GameKind:
    from host.cards.russian_bank import RussianBank, bot_move
    from host.cards.russian_bank.engine import SEAT_TYPES
    from host.cards.session_glue import CardTable

    def make(config: dict[str, Any]) -> Game:
        from host.cards.russian_bank import Settings

        Settings.parse(dict(config.get("settings") or {}))  # bad settings refused at creation
        return CardTable(RussianBank(), legal_in_view=True)

    return GameKind(
        name="russian-bank",
        make=make,
        seat_actions=frozenset(SEAT_TYPES),
        host_actions=frozenset(),
        plan_bot=_card_planner(bot_move),
        min_seats=2,
        max_seats=2,
        fields={
            "move": {"from": (str,), "to": (str,), "count": (int,)},
            "draw": {},
            "pass": {},
            "stop": {},
        },
    )


register("russian-bank", _russian_bank)


def _q_squared_joe() -> GameKind:
    from host.cards.q_squared_joe import QSquaredJoe, Settings, bot_move
    from host.cards.q_squared_joe.rules import ACTIONS
    from host.cards.q_squared_joe.state import MAX_PLAYERS, MIN_PLAYERS
    from host.cards.session_glue import CardTable

    def make(config: dict[str, Any]) -> Game:
        Settings.from_dict(config.get("settings"))  # bad settings refused at creation
        return CardTable(QSquaredJoe(), legal_in_view=False)  # its seat view lists "actions"

    optional_card = (str, type(None))  # null: left out (see host/cards/session_glue.py)
    optional_slot = (int, type(None))
    return GameKind(
        name="q-squared-joe",
        make=make,
        seat_actions=frozenset(ACTIONS),
        host_actions=frozenset(),
        plan_bot=_card_planner(bot_move),
        min_seats=MIN_PLAYERS,
        max_seats=MAX_PLAYERS,
        fields={
            "draw": {},
            "take": {"card": optional_card},
            "defend": {"card": (str,), "slot": (int,)},
            "sacrifice": {"slot": (int,)},
            "attack": {"card": (str,), "target": (int,), "zone": (str,),
                       "slot": optional_slot, "victim": optional_card},
        },
    )


register("q-squared-joe", _q_squared_joe)


def _challengers() -> GameKind:
    from host.cards.challengers import Challengers, Settings, bot_move
    from host.cards.challengers.rules import ACTIONS
    from host.cards.challengers.state import MAX_PLAYERS, MIN_PLAYERS
    from host.cards.session_glue import CardTable

    def make(config: dict[str, Any]) -> Game:
        Settings.from_dict(config.get("settings"))  # bad settings refused at creation
        return CardTable(Challengers(), legal_in_view=False)  # its seat view lists "actions"

    return GameKind(
        name="challengers",
        make=make,
        seat_actions=frozenset(ACTIONS),
        host_actions=frozenset(),
        plan_bot=_card_planner(bot_move),
        min_seats=MIN_PLAYERS,
        max_seats=MAX_PLAYERS,
        fields={
            "choose": {"offer": (int,)},
            "pick": {"card": (str,)},
            "redraw": {},
            "remove": {"card": (str,)},
            "done": {},
            "reveal": {},
        },
    )


register("challengers", _challengers)


def _watchtower() -> GameKind:
    from host.cards.session_glue import CardTable
    from host.cards.watchtower import Settings, Watchtower, bot_move
    from host.cards.watchtower.rules import ACTIONS
    from host.cards.watchtower.state import MAX_PLAYERS, MIN_PLAYERS

    def make(config: dict[str, Any]) -> Game:
        Settings.from_dict(config.get("settings"))  # bad settings refused at creation
        return CardTable(Watchtower(), legal_in_view=False)  # its seat view lists "actions"

    return GameKind(
        name="watchtower",
        make=make,
        seat_actions=frozenset(ACTIONS),
        host_actions=frozenset(),
        plan_bot=_card_planner(bot_move),  # picks too: legal_actions names the chooser
        min_seats=MIN_PLAYERS,
        max_seats=MAX_PLAYERS,
        fields={
            "place": {"card": (str,)},
            "burn": {"card": (str,)},
            "ready": {},
            "draw": {},
            # "card" is null when a campaigner challenges another campaigner's army
            "challenge": {"target": (int,), "card": (str, type(None)), "cards": (int,)},
            "seize": {"target": (int,), "card": (str,)},
            "pick": {"position": (int,)},
            "end": {},
            "showdown": {},
        },
    )


register("watchtower", _watchtower)
