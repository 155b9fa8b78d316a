"""Russian Bank (Crapette): a pure two-player engine, its bots and a simulator.

Public API: `GAME()` makes the engine (a `Game` of host/games/contract.py),
`zones(state)`, `bot_move(game, state, seat, level, rng_state)` and
`simulate(games, seed, players)`. Rules and rulings: docs/rules/russian-bank.md.
"""

from host.cards.russian_bank.bots import bot_move
from host.cards.russian_bank.game import RussianBank
from host.cards.russian_bank.kind import SIMULATOR, simulate
from host.cards.russian_bank.secrets import secrets
from host.cards.russian_bank.state import Settings, State, zones

GAME = RussianBank

__all__ = [
    "GAME",
    "SIMULATOR",
    "RussianBank",
    "Settings",
    "State",
    "bot_move",
    "secrets",
    "simulate",
    "zones",
]
