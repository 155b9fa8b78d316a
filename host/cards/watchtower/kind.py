"""Watchtower as the host offers it: seats, moves, settings, bots, simulator, page."""

from __future__ import annotations


from host.cards.common.offer import card_kind
from host.cards.watchtower.bots import bot_move
from host.cards.watchtower.game import Watchtower
from host.cards.watchtower.rules import ACTIONS
from host.cards.watchtower.state import MAX_PLAYERS, MIN_PLAYERS, Settings
from host.cards.watchtower.secrets import secrets
from host.games.forms import boolean, choice, integer, label
from host.games.simulate import Simulator


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

KIND = card_kind(
    "watchtower", label("Tour de guet", "Watchtower"), Watchtower, Settings.from_dict,
    seats=(MIN_PLAYERS, MAX_PLAYERS),
    actions=ACTIONS,
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
    bot_move=bot_move,  # picks too: legal_actions names the chooser
    settings=SETTINGS,
    simulate=simulate,
    secrets=secrets,
    private_keys={"audience", "you", "players", "pending", "last"},
    order=40,
)
