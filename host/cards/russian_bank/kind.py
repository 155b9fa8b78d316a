"""Russian Bank (Crapette) as the host offers it: two seats, moves, settings, bots, page."""

from __future__ import annotations

from typing import Any

from host.cards.russian_bank.bots import bot_move
from host.cards.russian_bank.game import SEAT_TYPES, RussianBank
from host.cards.russian_bank.simulate import simulate
from host.cards.russian_bank.state import Settings
from host.cards.common.adapter import CardGameAdapter, card_planner
from host.games.contract import Game, GameKind
from host.games.forms import boolean, choice, integer, label


def make(config: dict[str, Any]) -> Game:
    Settings.parse(dict(config.get("settings") or {}))  # bad settings refused at creation
    return CardGameAdapter(RussianBank(), legal_in_view=True)


SETTINGS = (
    choice("stack_moves", label("Déplacement de piles", "Stack moves"), "simple",
           ("off", label("interdit", "off")),
           ("simple", label("simple", "simple")),
           ("doubling", label("doublant", "doubling"))),
    boolean("stop_mode", label("Mode « stop »", "Stop mode")),
    integer("reserve_size", label("Taille de la réserve", "Reserve size"), 13, 1, 30),
)

KIND = GameKind(
    name="russian-bank",
    label=label("Crapette", "Russian Bank"),
    make=make,
    min_seats=2,
    max_seats=2,
    seat_actions=frozenset(SEAT_TYPES),
    host_actions=frozenset(),
    fields={
        "move": {"from": (str,), "to": (str,), "count": (int,)},
        "draw": {},
        "pass": {},
        "stop": {},
    },
    plan_bot=card_planner(bot_move),
    settings=SETTINGS,
    simulate=lambda games, seed, players: simulate(games, seed, players=players),
    page="js/kinds/russian-bank.js",
    order=20,
)
