"""Q Squared Joe NG as the host offers it: seats, moves, settings, bots, simulator, page."""

from __future__ import annotations

from typing import Any

from host.cards.q_squared_joe.bots import bot_move
from host.cards.q_squared_joe.game import QSquaredJoe
from host.cards.q_squared_joe.rules import ACTIONS
from host.cards.q_squared_joe.state import MAX_PLAYERS, MIN_PLAYERS, Settings
from host.cards.q_squared_joe.secrets import secrets
from host.cards.common.adapter import CardGameAdapter, card_planner
from host.games.contract import Game, GameKind
from host.games.forms import boolean, choice, label
from host.games.simulate import Simulator


def make(config: dict[str, Any]) -> Game:
    Settings.from_dict(config.get("settings"))  # bad settings refused at creation
    return CardGameAdapter(QSquaredJoe())


SETTINGS = (
    boolean("open_cards", label("Cartes ouvertes", "Open cards")),
    choice("field_attack", label("Attaque du terrain", "Field attack"), "whole",
           ("whole", label("tout le terrain", "whole field")),
           ("stack", label("une pile", "one stack"))),
    choice("resource_take", label("Prise de ressource", "Resource take"), "top",
           ("top", label("celle du dessus", "top card")),
           ("any", label("n’importe laquelle", "any card"))),
    boolean("choose_hand_target", label("Choisir la carte attaquée",
                                        "Choose the attacked hand card")),
)

# Bot games: only the seat on turn moves.
SIMULATOR = Simulator(QSquaredJoe, bot_move, movers=lambda game, state: (state.turn,))
simulate = SIMULATOR.run

OPTIONAL_CARD = (str, type(None))  # null: left out (see host/cards/common/adapter.py)
OPTIONAL_SLOT = (int, type(None))

KIND = GameKind(
    name="q-squared-joe",
    label=label("Q² Joe", "Q² Joe"),
    make=make,
    min_seats=MIN_PLAYERS,
    max_seats=MAX_PLAYERS,
    seat_actions=frozenset(ACTIONS),
    host_actions=frozenset(),
    fields={
        "draw": {},
        "take": {"card": OPTIONAL_CARD},
        "defend": {"card": (str,), "slot": (int,)},
        "sacrifice": {"slot": (int,)},
        "attack": {"card": (str,), "target": (int,), "zone": (str,),
                   "slot": OPTIONAL_SLOT, "victim": OPTIONAL_CARD},
    },
    plan_bot=card_planner(bot_move),
    settings=SETTINGS,
    simulate=simulate,
    secrets=secrets,
    page="js/kinds/q-squared-joe.js",
    private_keys=frozenset({"audience", "you", "players", "last"}),
    order=30,
)
