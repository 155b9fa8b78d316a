"""Russian Bank (Crapette): a pure two-player engine, its bots and a simulator.

Public API: `GAME()` makes the engine (a `Game` of host/games/contract.py),
`zones(state)`, `bot_move(game, state, seat, level, rng_state)` and
`simulate(games, seed, players)`. Rules and rulings: docs/rules/russian-bank.md.
"""

from host.cards.russian_bank.bots import bot_move
from host.cards.russian_bank.game import RussianBank
from host.cards.russian_bank.simulate import play_bot_game, simulate
from host.cards.russian_bank.state import Settings, State, zones

GAME = RussianBank

__all__ = [
    "GAME",
    "RussianBank",
    "Settings",
    "State",
    "bot_move",
    "play_bot_game",
    "simulate",
    "zones",
]
