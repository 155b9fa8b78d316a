"""`tourelle cards simulate GAME --games N --seed S [--players K]`: bot games, games per second."""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Callable
from typing import Any


def _simulators() -> dict[str, tuple[Callable[[int, int, int], dict[str, Any]], int, int]]:
    """Each game's simulate(games, seed, players) and its player range."""
    from host.cards import challengers, q_squared_joe, russian_bank, watchtower

    return {
        "russian-bank": (lambda n, s, p: russian_bank.simulate(n, s, players=p), 2, 2),
        "q-squared-joe": (lambda n, s, p: q_squared_joe.simulate(n, s, p), 2, 4),
        "watchtower": (lambda n, s, p: watchtower.simulate(n, s, p), 2, 4),
        "challengers": (lambda n, s, p: challengers.simulate(n, s, p), 1, 8),
    }


def cmd_simulate(args: argparse.Namespace) -> int:
    simulators = _simulators()
    if args.game not in simulators:
        print(f"unknown card game {args.game!r}; known: {', '.join(sorted(simulators))}")
        return 2
    simulate, low, high = simulators[args.game]
    players = args.players if args.players is not None else low
    if not low <= players <= high:
        print(f"{args.game} is played by {low} to {high} players")
        return 2
    started = time.perf_counter()
    result = simulate(args.games, args.seed, players)
    elapsed = time.perf_counter() - started
    result = {"game": args.game, "games": args.games, "seed": args.seed, "players": players,
              **result, "seconds": round(elapsed, 3),
              "games_per_second": round(args.games / elapsed, 1) if elapsed else None}
    print(json.dumps(result, indent=2))
    return 0


def register(subparsers: Any) -> None:
    cards = subparsers.add_parser("cards", help="card-game tools")
    sub = cards.add_subparsers(dest="cards_command", required=True)
    simulate = sub.add_parser("simulate", help="bot-vs-bot games: results and games per second")
    simulate.add_argument("game", help="russian-bank, q-squared-joe, watchtower or challengers")
    simulate.add_argument("--games", type=int, default=100)
    simulate.add_argument("--seed", type=int, default=1)
    simulate.add_argument("--players", type=int, default=None)
    simulate.set_defaults(func=cmd_simulate)
