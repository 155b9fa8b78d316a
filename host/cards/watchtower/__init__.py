"""Watchtower: forts, armies, blind challenges and watchtowers for 2 to 4 players.

Rules and rulings: docs/rules/watchtower.md. Public API: `GAME` (the `Game`
factory), `bot_move`, `zones`, `simulate`, `Settings` and the state types.
"""

from host.cards.watchtower.bots import bot_move
from host.cards.watchtower.game import Watchtower
from host.cards.watchtower.kind import SIMULATOR, simulate
from host.cards.watchtower.secrets import secrets
from host.cards.watchtower.state import Pending, Player, Settings, State, zones

GAME = Watchtower

__all__ = [
    "GAME",
    "SIMULATOR",
    "Pending",
    "Player",
    "Settings",
    "State",
    "Watchtower",
    "bot_move",
    "secrets",
    "simulate",
    "zones",
]
