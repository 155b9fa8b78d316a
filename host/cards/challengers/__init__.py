"""Challengers!: deck building and flag matches, 1 to 8 players (docs/rules/challengers.md).

Public API: `GAME` (the `Game` factory), `bot_move`, `zones`, `simulate`,
`all_cards` (every card of a game, for conservation checks), `catalogue`
(the card texts for clients) and the state types.
"""

from host.cards.challengers.bots import bot_move
from host.cards.challengers.cards import catalogue
from host.cards.challengers.game import Challengers
from host.cards.challengers.rules import all_cards
from host.cards.challengers.kind import SIMULATOR, simulate
from host.cards.challengers.secrets import secrets
from host.cards.challengers.state import ROBOT, Match, Settings, Side, State, zones


GAME = Challengers

__all__ = [
    "GAME",
    "SIMULATOR",
    "ROBOT",
    "Challengers",
    "Match",
    "Settings",
    "Side",
    "State",
    "all_cards",
    "bot_move",
    "catalogue",
    "secrets",
    "simulate",
    "zones",
]
