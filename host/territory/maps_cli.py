"""`tourelle maps ...`: check map files, generate a map, list the shipped maps.

`register(subparsers)` adds the `maps` command to the main argparse parser; the
chosen subcommand's function is stored as `func` and returns the exit code.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any, TextIO

from host.territory.mapgen import MAX_TERRITORIES, MIN_TERRITORIES, generate_map
from host.territory.maps import (
    check_map,
    dump_map_json,
    load_map,
    map_to_json,
    shipped_map_names,
)


def register(subparsers: Any) -> argparse.ArgumentParser:
    """Add `maps check|generate|list` to an argparse subparsers object."""
    maps = subparsers.add_parser("maps", help="check, generate or list territory maps")
    commands = maps.add_subparsers(dest="maps_command", required=True)

    check = commands.add_parser("check", help="check map files (exit 1 on any problem)")
    check.add_argument("files", nargs="+", metavar="FILE")
    check.set_defaults(func=lambda args: check_command(args.files))

    generate = commands.add_parser("generate", help="generate a country-like map")
    generate.add_argument(
        "--territories",
        type=int,
        required=True,
        metavar="N",
        help=f"number of territories ({MIN_TERRITORIES}..{MAX_TERRITORIES})",
    )
    generate.add_argument("--seed", type=int, required=True, metavar="S")
    generate.add_argument("-o", "--output", metavar="FILE", help="write here instead of stdout")
    generate.set_defaults(
        func=lambda args: generate_command(args.territories, args.seed, args.output)
    )

    listing = commands.add_parser("list", help="list the shipped maps")
    listing.set_defaults(func=lambda args: list_command())
    return maps


def check_command(files: list[str], out: TextIO | None = None) -> int:
    """Print OK or each problem for every file; 1 if any file has a problem."""
    out = out or sys.stdout
    failed = False
    for name in files:
        problems = _file_problems(name)
        if problems:
            failed = True
            for problem in problems:
                print(f"{name}: {problem}", file=out)
        else:
            print(f"{name}: OK", file=out)
    return 1 if failed else 0


def _file_problems(name: str) -> list[str]:
    try:
        data = json.loads(Path(name).read_text(encoding="utf-8"))
    except OSError as exc:
        return [f"cannot read file ({exc.strerror or exc})"]
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        return [f"not valid JSON ({exc})"]
    return check_map(data)


def generate_command(
    territories: int, seed: int, output: str | None, out: TextIO | None = None
) -> int:
    """Print the generated map's JSON, or write it to `output`; 2 on a bad size."""
    out = out or sys.stdout
    try:
        game_map = generate_map(territories, seed)
    except ValueError as exc:
        print(f"maps generate: {exc}", file=sys.stderr)
        return 2
    text = dump_map_json(map_to_json(game_map))
    if output:
        Path(output).write_text(text, encoding="utf-8")
        print(f"wrote {output} ({len(game_map.territories)} territories)", file=out)
    else:
        out.write(text)
    return 0


def list_command(out: TextIO | None = None) -> int:
    """Print each shipped map: name, territory count and English title."""
    out = out or sys.stdout
    for name in shipped_map_names():
        game_map = load_map(name)
        print(f"{name}\t{len(game_map.territories)} territories\t{game_map.name_en}", file=out)
    return 0
