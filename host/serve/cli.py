"""The `tourelle` command: serve, demo, replay, version, and the tools of each part."""

from __future__ import annotations

import argparse
import importlib
import json
import sys
from pathlib import Path
from typing import Any

from host import __version__

# Parts that add their own subcommands with a `register(subparsers)` function.
PLUGINS = ("host.territory.maps_cli", "host.quiz.cli", "buzzers.cli", "host.games.cli",
           "host.serve.doctor", "host.serve.service", "host.serve.worker_cli")


def _add_serving(parser: argparse.ArgumentParser) -> None:
    from host.config import DEFAULT_PORT, SERVERS, HostConfig  # stdlib only: safe before
    # eventlet's monkey patching

    parser.add_argument("--port", type=int, default=DEFAULT_PORT)
    parser.add_argument("--bind", default="0.0.0.0", help="address to listen on")
    parser.add_argument("--data", type=Path, default=None, help="data folder (journal, key)")
    parser.add_argument("--async-mode", choices=("threading", "gevent", "eventlet"),
                        default="threading",
                        help="threading (default); gevent (pip install 'tourelle[gevent]'), "
                        "the greenlet mode to choose; or eventlet, unmaintained upstream "
                        "(pip install 'tourelle[eventlet]')")
    parser.add_argument("--server", choices=SERVERS, default="auto",
                        help="threading mode's server: gunicorn, or Werkzeug's threads where "
                        "gunicorn cannot run (Windows); auto picks gunicorn when it imports")
    parser.add_argument("--threads", type=int, default=HostConfig.threads,
                        help="server threads: one per connected phone or screen, plus spares")
    parser.add_argument("--packs", type=Path, action="append", default=[],
                        help="extra question pack file or folder (repeatable)")
    parser.add_argument("--no-bundled-packs", action="store_true",
                        help="use only the packs given with --packs")
    parser.add_argument("--buzzers", type=Path, default=None,
                        help="buzzer pin/key config: read GPIO buttons and keys in this process")
    parser.add_argument("--workers", type=int, default=1,
                        help="server processes sharing the port (threading mode; above 1 "
                        "needs Redis: Debian's redis-server, started by the host)")
    parser.add_argument("--redis", default=None, metavar="URL",
                        help="with --workers: a Redis server to share instead of the host's own")
    importlib.import_module("host.netinfo").add_arguments(parser)  # --public-url, --no-mdns


def _config(args: argparse.Namespace) -> Any:
    from host.config import HostConfig, default_data_dir

    return HostConfig(data_dir=args.data or default_data_dir(), bind=args.bind, port=args.port,
                      async_mode=args.async_mode, server=args.server, threads=args.threads,
                      packs=args.packs,
                      bundled_packs=not args.no_bundled_packs, buzzers=args.buzzers,
                      workers=args.workers, redis_url=args.redis,
                      **importlib.import_module("host.netinfo").config_options(args))


def _patch_if_eventlet(args: argparse.Namespace) -> None:
    """A greenlet mode (gevent, eventlet) must patch the standard library before anything
    else opens a socket or a thread."""
    mode = getattr(args, "async_mode", None)
    if mode == "eventlet":
        import eventlet

        eventlet.monkey_patch()
    elif mode == "gevent":
        from gevent import monkey

        monkey.patch_all()


def cmd_serve(args: argparse.Namespace) -> int:
    _patch_if_eventlet(args)
    from host.serve.server import serve

    serve(_config(args))
    return 0


def _demo_settings(args: argparse.Namespace) -> dict[str, Any] | None:
    """The demo's game settings: only the mode, and nothing at all for classic (as before)."""
    if args.players is None:
        args.players = 2 if args.mode == "duel" else 3
    if args.mode == "duel" and args.players != 2:
        raise ValueError(f"the duel mode is for 2 players, not {args.players}")
    return None if args.mode == "classic" else {"mode": args.mode}


def cmd_demo(args: argparse.Namespace) -> int:
    try:
        settings = _demo_settings(args)
    except ValueError as err:
        print(f"tourelle demo: {err}", file=sys.stderr)
        return 2
    if args.headless:
        from host.config import default_data_dir
        from host.serve.demo import run_headless

        if not args.fast:
            print("headless demo runs on virtual time: add --fast", file=sys.stderr)
            return 2
        from host.app import question_bank

        result = run_headless(args.seed, players=args.players, game_map=args.map,
                              data_dir=args.data or default_data_dir(), language=args.language,
                              bank=question_bank(_config(args)), settings=settings)
        print(json.dumps(result, indent=2, ensure_ascii=False) if args.json
              else _describe(result))
        return 0
    _patch_if_eventlet(args)
    from host.serve.demo import start_live_demo
    from host.serve.server import serve

    serve(_config(args), after_start=lambda hub: start_live_demo(
        hub, players=args.players, game_map=args.map, language=args.language, pace=args.pace,
        settings=settings))
    return 0


def cmd_replay(args: argparse.Namespace) -> int:
    from host.games import registry
    from host.store.journal import Journal
    from host.store.replay import rebuild

    if not args.journal.exists():
        print(f"no journal at {args.journal}", file=sys.stderr)
        return 2
    journal = Journal(args.journal)
    records = journal.games()
    if args.game:
        records = [r for r in records if r.id == args.game]
    if not records:
        print("no such game in that journal", file=sys.stderr)
        return 2
    record = records[-1]
    kind = registry.kind(record.kind)
    game = kind.make(record.config)
    rebuilt = rebuild(game, record.config, journal.rows(record.id))
    if rebuilt.state is None:
        print(f"game {record.id} never started", file=sys.stderr)
        return 1
    result = game.result(rebuilt.state)
    players = result["players"]
    winner = next((p for p in players if p["seat"] == result.get("winner")), None)
    out = {"game": record.id, "status": record.status, "players": players,
           "winner": winner["name"] if winner else None, "journal": str(journal.path),
           "events": rebuilt.last_seq}
    if args.state:
        out["state"] = game.to_json(rebuilt.state)
    print(json.dumps(out, indent=2, ensure_ascii=False) if args.json else _describe(out))
    return 0


def cmd_version(args: argparse.Namespace) -> int:
    print(f"tourelle {__version__}")
    return 0


def cmd_key(args: argparse.Namespace) -> int:
    from host.config import default_data_dir, host_key

    print(host_key(args.data or default_data_dir(), rotate=args.rotate))
    return 0


def _describe(result: dict[str, Any]) -> str:
    lines = [f"game {result['game']} ({result['status']}), winner: {result['winner']}"]
    for player in sorted(result["players"], key=lambda p: -p["score"]):
        held = ", ".join(f"{t['id']}={t['value']}" for t in player.get("territories", []))
        lines.append(f"  {player['name']:<10} {player['score']:>6}  bonus {player.get('bonus', 0)}"
                     f"  [{held}]")
    lines.append(f"journal: {result['journal']}")
    return "\n".join(lines)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="tourelle", description="A live quiz-night host.")
    sub = parser.add_subparsers(dest="command", required=True)

    serve = sub.add_parser("serve", help="serve the host (projector, phones, host page)")
    _add_serving(serve)
    serve.set_defaults(func=cmd_serve)

    demo = sub.add_parser("demo", help="a territory game played by bots")
    _add_serving(demo)
    demo.add_argument("--headless", action="store_true", help="no server: play and print")
    demo.add_argument("--fast", action="store_true", help="virtual time (with --headless)")
    demo.add_argument("--seed", type=int, default=1)
    demo.add_argument("--players", type=int, default=None, choices=(2, 3, 4),
                      help="2 to 4 (default 3; 2 in the duel mode, which needs exactly 2)")
    demo.add_argument("--mode", default="classic", choices=("classic", "duel", "campaign"),
                      help="rules: classic (the French text), duel (2 players), campaign")
    demo.add_argument("--map", default=None, help="a shipped map name or a map file")
    demo.add_argument("--language", default="fr", choices=("fr", "en"))
    demo.add_argument("--json", action="store_true")
    demo.add_argument("--pace", type=float, default=1.0,
                      help="multiply every time limit and bot delay (served demo)")
    demo.set_defaults(func=cmd_demo)

    replay = sub.add_parser("replay", help="rebuild a game from its journal and print it")
    replay.add_argument("journal", type=Path)
    replay.add_argument("--game", default=None, help="game id (default: the latest)")
    replay.add_argument("--json", action="store_true")
    replay.add_argument("--state", action="store_true", help="include the full state (JSON)")
    replay.set_defaults(func=cmd_replay)

    version = sub.add_parser("version", help="print the version")
    version.set_defaults(func=cmd_version)

    key = sub.add_parser("key", help="print (or --rotate) the host key")
    key.add_argument("--data", type=Path, default=None)
    key.add_argument("--rotate", action="store_true")
    key.set_defaults(func=cmd_key)

    for name in PLUGINS:
        importlib.import_module(name).register(sub)
    return parser


VALUE_OPTIONS = ("--key",)  # options whose value may begin with "-" (a key kept from before)


def join_values(argv: list[str]) -> list[str]:
    """Write `--key -abc` as `--key=-abc`: argparse reads a value beginning with "-"
    as the next option and says "expected one argument"."""
    joined: list[str] = []
    items = iter(argv)
    for item in items:
        if item in VALUE_OPTIONS:
            value = next(items, None)
            joined.append(item if value is None else f"{item}={value}")
        else:
            joined.append(item)
    return joined


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(join_values(sys.argv[1:] if argv is None else argv))
    code: int = args.func(args)
    return code


if __name__ == "__main__":
    sys.exit(main())
