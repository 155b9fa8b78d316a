"""Challengers! as the host offers it: seats (1 against the robot), moves, settings, bots,
simulator, page."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from host.cards.challengers.bots import bot_move
from host.cards.challengers.game import Challengers
from host.cards.challengers.match import robot_record
from host.cards.challengers.rules import ACTIONS
from host.cards.challengers.state import MAX_PLAYERS, MIN_PLAYERS, Settings, State
from host.cards.challengers.secrets import secrets
from host.cards.common.offer import card_kind
from host.games.forms import boolean, integer, label
from host.games.simulate import Outcome, Simulator, Tally, bot_levels


SETTINGS = (
    integer("turn_seconds", label("Temps par phase de deck / révélation (s, 0 : sans limite)",
                                  "Time per deck phase / reveal (s, 0: no limit)"), 0, 0, 600),
    integer("robot_level", label("Niveau du robot", "Robot level"), 1, 1, 5),
    boolean("solo_challenge", label("Défi solo (1 joueur)", "Solo challenge (1 player)")),
)



def outcome(game: Challengers, state: State, players: int) -> Outcome:
    """Each seat's fans (the robot's are no seat's: its wins are counted apart)."""
    fans = [0] * players
    for side in state.players():
        if 0 <= side.seat < players:
            fans[side.seat] = side.total_fans()
    return Outcome(state.winner, fans, state.step, state.end)


def report(tally: Tally, name: str, levels: list[int]) -> dict[str, Any]:
    """The robot's wins count under "robot" (it has no seat)."""
    return tally.summary(name, levels, outside="robot")


# Bot games: in the deck phase every seat may act; the first in seat order that moves plays.
SIMULATOR = Simulator(Challengers, bot_move, movers=lambda game, state: range(len(state.players())),
                      outcome=outcome, report=report)


def simulate(games: int, seed: int, players: int, levels: Sequence[int] | None = None,
             settings: dict[str, Any] | None = None) -> dict[str, Any]:
    """`SIMULATOR.run`'s tally plus `robot_matches`: the robot's match wins at 3-7 players.

    There the robot never wins the game (no trophies, never a finalist), so its
    strength shows only in the matches it wins (ruling 16 is tuned on them).
    """
    chosen = bot_levels(levels, players, SIMULATOR.default_level)
    game = Challengers()
    tally = Tally(players)
    won = played = 0
    for index in range(games):
        state = SIMULATOR.play(settings, chosen, SIMULATOR.game_seed(seed, index), game)
        tally.add(outcome(game, state, players))
        record = robot_record(state)
        won, played = won + record[0], played + record[1]
    share = round(won / played, 4) if played else None
    return report(tally, game.name, chosen) | {
        "robot_matches": {"won": won, "played": played, "share": share}}

KIND = card_kind(
    "challengers", label("Challengers!", "Challengers!"), Challengers, Settings.from_dict,
    seats=(MIN_PLAYERS, MAX_PLAYERS),
    actions=ACTIONS,
    fields={
        "choose": {"offer": (int,)},
        "pick": {"card": (str,)},
        "redraw": {},
        "remove": {"card": (str,)},
        "done": {},
        "reveal": {},
    },
    bot_move=bot_move,
    settings=SETTINGS,
    simulate=simulate,
    secrets=secrets,
    private_keys={"audience", "seat", "you", "sides", "cards", "last"},
    order=50,
)
