"""`tourelle simulate KIND --games N --seed S [--players K]`: bot games, games per second.

Any kind whose KIND has a simulator; `tourelle cards simulate` is the same
command under its older name.
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

from host.games import registry


def simulators() -> dict[str, registry.GameKind]:
    return {kind.name: kind for kind in registry.all_kinds() if kind.simulate is not None}


def cmd_simulate(args: argparse.Namespace) -> int:
    kinds = simulators()
    kind = kinds.get(args.game)
    if kind is None or kind.simulate is None:
        print(f"no simulator for {args.game!r}; known: {', '.join(sorted(kinds))}")
        return 2
    players = args.players if args.players is not None else kind.min_seats
    if not kind.min_seats <= players <= kind.max_seats:
        print(f"{args.game} is played by {kind.min_seats} to {kind.max_seats} players")
        return 2
    started = time.perf_counter()
    result = kind.simulate(args.games, args.seed, players)
    elapsed = time.perf_counter() - started
    out = {"game": args.game, "games": args.games, "seed": args.seed, "players": players,
           **result, "seconds": round(elapsed, 3),
           "games_per_second": round(args.games / elapsed, 1) if elapsed else None}
    print(json.dumps(out, indent=2))
    return 0


def _add_simulate(sub: Any) -> None:
    simulate = sub.add_parser("simulate", help="bot-vs-bot games: results and games per second")
    simulate.add_argument("game", help=", ".join(sorted(simulators())))
    simulate.add_argument("--games", type=int, default=100)
    simulate.add_argument("--seed", type=int, default=1)
    simulate.add_argument("--players", type=int, default=None)
    simulate.set_defaults(func=cmd_simulate)


def register(subparsers: Any) -> None:
    _add_simulate(subparsers)
    cards = subparsers.add_parser("cards", help="card-game tools (same as `tourelle simulate`)")
    _add_simulate(cards.add_subparsers(dest="cards_command", required=True))
