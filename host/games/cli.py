"""`tourelle simulate KIND --games N --seed S [--players K] [--levels 5,1]
[--robot-level L] [--setting key=value ...]`: bot games, their tally as JSON.

Any kind whose KIND has a simulator; `tourelle cards simulate` is the same
command under its older name. Settings are checked as the host's `create` checks
them (the kind's form), so a typo is refused, not ignored.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any

from host.games import forms, registry
from host.games.contract import GameError


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
    try:
        levels = _levels(args.levels, players)
        settings = _settings(kind, args.setting)
        if args.robot_level is not None:
            if not any(field["key"] == "robot_level" for field in kind.settings):
                raise ValueError(f"{args.game} has no robot")
            settings["robot_level"] = args.robot_level
        kind.make({"settings": settings})  # refuses bad settings as `create` does
    except (ValueError, GameError) as error:
        print(f"tourelle simulate: {error}", file=sys.stderr)
        return 2
    started = time.perf_counter()
    result = kind.simulate(args.games, args.seed, players, levels=levels, settings=settings)
    elapsed = time.perf_counter() - started
    out = {**result, "game": args.game, "games": args.games, "seed": args.seed,
           "players": players, "seconds": round(elapsed, 3),
           "games_per_second": round(args.games / elapsed, 1) if elapsed else None}
    print(json.dumps(out, indent=2))
    return 0


def _levels(text: str | None, players: int) -> list[int] | None:
    if text is None:
        return None
    try:
        levels = [int(part) for part in text.split(",")]
    except ValueError:
        raise ValueError(f"--levels takes whole numbers separated by commas, not {text!r}") \
            from None
    if len(levels) != players or not all(1 <= level <= 5 for level in levels):
        raise ValueError(f"--levels needs {players} levels from 1 to 5 (one per player)")
    return levels


def _settings(kind: registry.GameKind, pairs: list[str]) -> dict[str, Any]:
    """`key=value` pairs read by the kind's settings form (numbers, yes/no, choices)."""
    fields = {field["key"]: field for field in kind.settings}
    settings: dict[str, Any] = {}
    for pair in pairs:
        key, sep, text = pair.partition("=")
        if not sep or key not in fields:
            raise ValueError(f"--setting {pair!r}: known keys are {', '.join(sorted(fields))}")
        settings[key] = forms.parse_value(fields[key], text)
    return settings


def _add_simulate(sub: Any) -> None:
    simulate = sub.add_parser("simulate", help="bot-vs-bot games: results and games per second")
    simulate.add_argument("game", help=", ".join(sorted(simulators())))
    simulate.add_argument("--games", type=int, default=100)
    simulate.add_argument("--seed", type=int, default=1)
    simulate.add_argument("--players", type=int, default=None)
    simulate.add_argument("--levels", default=None, help="one bot level (1-5) per seat: 5,1")
    simulate.add_argument("--robot-level", type=int, default=None,
                          help="Challengers!: the robot's level (1-5)")
    simulate.add_argument("--setting", action="append", default=[], metavar="KEY=VALUE",
                          help="a game setting, as on the host form (repeatable)")
    simulate.set_defaults(func=cmd_simulate)


def register(subparsers: Any) -> None:
    _add_simulate(subparsers)
    cards = subparsers.add_parser("cards", help="card-game tools (same as `tourelle simulate`)")
    _add_simulate(cards.add_subparsers(dest="cards_command", required=True))
