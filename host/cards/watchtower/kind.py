"""Watchtower as the host offers it: seats, moves, settings, bots, simulator, page."""

from __future__ import annotations

from typing import Any

from host.cards.common.adapter import CardGameAdapter, card_planner
from host.cards.watchtower.bots import bot_move
from host.cards.watchtower.game import Watchtower
from host.cards.watchtower.rules import ACTIONS
from host.cards.watchtower.state import MAX_PLAYERS, MIN_PLAYERS, Settings
from host.cards.watchtower.secrets import secrets
from host.games.contract import Game, GameKind
from host.games.forms import boolean, choice, integer, label
from host.games.simulate import Simulator


def make(config: dict[str, Any]) -> Game:
    Settings.from_dict(config.get("settings"))  # bad settings refused at creation
    return CardGameAdapter(Watchtower())


SETTINGS = (
    boolean("assassins", label("Assassins : le 7 gagne pour l’attaquant",
                               "Assassins: a 7 wins for the attacker"), True),
    choice("limit_scope", label("Limite de trois défis", "Three-challenge limit"), "card",
           ("card", label("par carte", "per card")),
           ("attacker", label("par attaquant", "per attacker"))),
    choice("setup_burn", label("Brûlage avant la partie", "Burn before play"), "no_rival_tower",
           ("no_rival_tower", label("si aucun rival n’a de tour", "if no rival has a tower")),
           ("always", label("toujours", "always")),
           ("never", label("jamais", "never"))),
    integer("challenges_per_turn", label("Défis par tour", "Challenges per turn"), 1, 1, 5),
    choice("showdown_even", label("Ligne paire à la confrontation", "Even showdown line"),
           "drop",
           ("drop", label("retirer une carte", "drop a card")),
           ("keep", label("garder", "keep"))),
    integer("tie_replays", label("Rejeux en cas d’égalité", "Tie replays"), 50, 1, 500),
    integer("move_limit", label("Limite de coups (nulle)", "Move limit (draw)"),
            3000, 50, 20000),
    integer("turn_seconds", label("Temps par décision (s, 0 : sans limite)",
                                  "Time per decision (s, 0: no limit)"), 0, 0, 600),
)

# Bot games: the seat the game waits for moves (a blind pick's chooser, or the player
# on turn); the tally counts how games ended.
SIMULATOR = Simulator(Watchtower, bot_move, movers=lambda game, state: (game.waiting_for(state),))
simulate = SIMULATOR.run

KIND = GameKind(
    name="watchtower",
    label=label("Tour de guet", "Watchtower"),
    make=make,
    min_seats=MIN_PLAYERS,
    max_seats=MAX_PLAYERS,
    seat_actions=frozenset(ACTIONS),
    host_actions=frozenset(),
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
    plan_bot=card_planner(bot_move),  # picks too: legal_actions names the chooser
    settings=SETTINGS,
    simulate=simulate,
    secrets=secrets,
    page="js/kinds/watchtower.js",
    private_keys=frozenset({"audience", "you", "players", "pending", "last"}),
    order=40,
)
