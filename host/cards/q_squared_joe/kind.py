"""Q Squared Joe NG as the host offers it: seats, moves, settings, bots, simulator, page."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from host.cards.q_squared_joe.bots import bot_move
from host.cards.q_squared_joe.game import QSquaredJoe
from host.cards.q_squared_joe.rules import ACTIONS
from host.cards.q_squared_joe.state import MAX_PLAYERS, MIN_PLAYERS, Settings, State
from host.cards.q_squared_joe.secrets import secrets
from host.cards.common.offer import card_kind
from host.games.forms import boolean, choice, label
from host.games.simulate import Outcome, Simulator, result_outcome


SETTINGS = (
    boolean("open_cards", label("Cartes ouvertes", "Open cards")),
    # The text's chain ends 42% of 2-player bot games on the first move; `stack` is the
    # variant for longer games (figures: docs/rules/q-squared-joe.md, "Game length").
    choice("field_attack",
           label("Attaque du terrain : la chaîne entière (règle) / une pile (parties plus longues)",
                 "Field attack: the whole chain (the rule) / one stack (longer games)"),
           "whole",
           ("whole", label("toute la chaîne (règle ; parties très courtes)",
                           "the whole chain (the rule; very short games)")),
           ("stack", label("une pile choisie (parties plus longues)",
                           "one chosen stack (longer games)"))),
    choice("resource_take", label("Prise de ressource", "Resource take"), "top",
           ("top", label("celle du dessus", "top card")),
           ("any", label("n’importe laquelle", "any card"))),
    boolean("choose_hand_target",
            label("Choisir la carte de main attaquée (avec cartes ouvertes)",
                  "Choose the attacked hand card (with open cards)")),
)

# Bot games: only the seat on turn moves.
SIMULATOR = Simulator(QSquaredJoe, bot_move, movers=lambda game, state: (state.turn,))


def simulate(games: int, seed: int, players: int, levels: list[int] | None = None,
             settings: dict[str, Any] | None = None) -> dict[str, Any]:
    """`SIMULATOR.run`, plus `first_player_wins`: the games won by the seat that moved first
    (drawn at random by the deal: seat 0 does not always move first)."""
    firsts: list[int] = []  # the first player of each game, in order
    winners: list[int | None] = []

    def movers(game: QSquaredJoe, state: State) -> tuple[int, ...]:
        if state.move_no == 0:
            firsts.append(state.turn)
        return (state.turn,)

    def outcome(game: QSquaredJoe, state: State, count: int) -> Outcome:
        done = result_outcome(game, state, count)
        winners.append(done.winner)
        return done

    report = replace(SIMULATOR, movers=movers, outcome=outcome).run(
        games, seed, players, levels, settings)
    report["first_player_wins"] = sum(
        first == winner for first, winner in zip(firsts, winners, strict=True))
    return report

OPTIONAL_CARD = (str, type(None))  # null: left out (see host/cards/common/adapter.py)
OPTIONAL_SLOT = (int, type(None))

KIND = card_kind(
    "q-squared-joe", label("Q² Joe", "Q² Joe"), QSquaredJoe, Settings.from_dict,
    seats=(MIN_PLAYERS, MAX_PLAYERS),
    actions=ACTIONS,
    fields={
        "draw": {},
        "take": {"card": OPTIONAL_CARD},
        "defend": {"card": (str,), "slot": (int,)},
        "sacrifice": {"slot": (int,)},
        "attack": {"card": (str,), "target": (int,), "zone": (str,),
                   "slot": OPTIONAL_SLOT, "victim": OPTIONAL_CARD},
    },
    bot_move=bot_move,
    settings=SETTINGS,
    simulate=simulate,
    secrets=secrets,
    private_keys={"audience", "you", "players", "last"},
    order=30,
)
