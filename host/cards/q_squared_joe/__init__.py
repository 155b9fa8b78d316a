"""Q Squared Joe NG: a card battle for 2 to 4 players (rules: docs/rules/q-squared-joe.md).

Public API: `GAME` (the `Game` factory), `bot_move`, `zones`, `simulate`,
`Settings` and the state types.
"""

from host.cards.q_squared_joe.bots import bot_move
from host.cards.q_squared_joe.game import QSquaredJoe
from host.cards.q_squared_joe.kind import SIMULATOR, simulate
from host.cards.q_squared_joe.secrets import secrets
from host.cards.q_squared_joe.state import Player, Settings, Slot, State, zones

GAME = QSquaredJoe

__all__ = [
    "GAME",
    "SIMULATOR",
    "Player",
    "QSquaredJoe",
    "Settings",
    "Slot",
    "State",
    "bot_move",
    "secrets",
    "simulate",
    "zones",
]
