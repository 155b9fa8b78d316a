"""`tourelle questions ...`: check, count and import question packs.

`register(subparsers)` adds the commands to the tourelle parser; each sets
`args.func`, which takes the parsed arguments and returns the exit code.
Run alone with `python -m host.quiz.cli questions ...`.
"""

from __future__ import annotations

import argparse
import datetime
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from host.quiz.bank import QuestionBank
from host.quiz.errors import ImportFailed
from host.quiz.importers import IMPORTERS, ImportOptions
from host.quiz.counts import count_table, language_counts
from host.quiz.dated import DEFAULT_MAX_AGE_YEARS
from host.quiz.lint import lint_packs, stale_facts, year_counts
from host.quiz.memory import MEMORY_FILENAME, QuestionMemory
from host.quiz.packs import load_pack, load_packs
from host.quiz.rounds import check_rounds, load_rounds, split_files
from host.quiz.importers.common import imported_title, slug
from host.quiz.validate import CATEGORIES, LANGUAGES
from host.quiz.writer import write_pack


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser("questions", help="check, count and import question packs")
    commands = parser.add_subparsers(dest="questions_command", metavar="COMMAND", required=True)

    check = commands.add_parser("check", help="check pack files; exit 1 on any error")
    check.add_argument("paths", nargs="+", metavar="PATH", help="pack files or folders")
    check.add_argument("--max-age-years", type=_years, default=DEFAULT_MAX_AGE_YEARS,
                       metavar="N", help="warn about dated facts (as_of) older than N years "
                                         f"(default {DEFAULT_MAX_AGE_YEARS})")
    check.set_defaults(func=check_command)

    stats = commands.add_parser(
        "stats", help="count questions by language, kind, category; and pictures"
    )
    stats.add_argument("paths", nargs="*", metavar="PATH", help="default: the bundled packs")
    stats.add_argument("--json", action="store_true", help="print the counts as JSON")
    stats.set_defaults(func=stats_command)

    count = commands.add_parser(
        "count", help="a table per language: kinds (true/false apart), categories, "
                      "difficulties, shares explained and dated")
    count.add_argument("paths", nargs="*", metavar="PATH", help="default: the bundled packs")
    count.add_argument("--language", choices=LANGUAGES, help="this language only")
    count.set_defaults(func=count_command)

    imp = commands.add_parser("import", help="make a pack from another quiz format")
    imp.add_argument(
        "format",
        choices=sorted(IMPORTERS),
        metavar="FORMAT",
        help=f"one of: {', '.join(sorted(IMPORTERS))}",
    )
    imp.add_argument("file", type=Path, metavar="FILE")
    imp.add_argument(
        "-o",
        "--output",
        type=Path,
        required=True,
        metavar="PACK",
        help="pack file to write (.yaml); its name is the pack id",
    )
    imp.add_argument("--language", choices=LANGUAGES, default="en")
    imp.add_argument("--category", choices=CATEGORIES, help="put every question in this category")
    imp.add_argument("--title", help="pack title (default: from the file name)")
    imp.add_argument("--force", action="store_true", help="overwrite PACK if it exists")
    imp.set_defaults(func=import_command)

    reset = commands.add_parser("reset-memory", help="forget which questions past games used")
    reset.add_argument(
        "--data", type=Path, required=True, metavar="DIR", help="the host's data folder"
    )
    reset.set_defaults(func=reset_memory_command)


def _years(text: str) -> int:
    years = int(text)
    if years < 0:
        raise argparse.ArgumentTypeError("a number of years, 0 or more")
    return years


def check_command(args: argparse.Namespace) -> int:
    files, rounds_files = split_files(args.paths)  # packs, and ready rounds (rounds.py)
    if not files:
        print(f"no pack files (*.yaml, *.yml, *.json) in {', '.join(args.paths)}", file=sys.stderr)
        return 1
    packs = load_packs(files)
    lint = lint_packs(packs)  # quality checks across all the files (host/quiz/lint.py)
    lint += stale_facts(packs, datetime.date.today(), args.max_age_years)
    errors = warnings = questions = 0
    for pack in packs:
        found = pack.problems + [p for p in lint if p.path == pack.path]
        for problem in found:
            print(problem)
        pack_errors = sum(p.severity == "error" for p in found)
        errors += pack_errors
        warnings += len(found) - pack_errors
        questions += len(pack.questions)
    if rounds_files:
        loaded = [load_rounds(path) for path in rounds_files]
        ready, faults = check_rounds(loaded, {q.id: q for p in packs for q in p.questions})
        for problem in [p for rounds in loaded for p in rounds.problems] + faults:
            print(problem)
            errors += 1
        print(f"{len(ready)} good ready rounds in {len(rounds_files)} files")
    for pack in packs:
        name = pack.pack_id or "?"
        pack_errors = len(pack.errors) + sum(
            p.path == pack.path and p.severity == "error" for p in lint
        )
        print(
            f"{pack.path}: pack '{name}' ({pack.language or '?'}): "
            f"{len(pack.questions)} good questions, {pack_errors} errors"
        )
    print(f"{questions} good questions in {len(packs)} files: {errors} errors, {warnings} warnings")
    return 1 if errors else 0


def stats_command(args: argparse.Namespace) -> int:
    bank = QuestionBank.from_paths(args.paths) if args.paths else QuestionBank.bundled()
    errors = [p for p in bank.problems if p.severity == "error"]
    if errors:
        print(
            f"{len(errors)} questions or files skipped; see 'tourelle questions check'",
            file=sys.stderr,
        )
    stats = bank.stats()
    years = year_counts(bank.questions)  # language -> (numeric questions, "which year" ones)
    if args.json:
        stats["numeric_years"] = {language: n for language, (_, n) in years.items()}
        print(json.dumps(stats, indent=2, sort_keys=True))
    else:
        print(_stats_text(stats))
        for language, (numeric, in_years) in years.items():
            share = f"{100 * in_years / numeric:.1f}%" if numeric else "-"
            print(f"{language}: {in_years} of {numeric} numeric questions ask for a year ({share})")
    return 0


def count_command(args: argparse.Namespace) -> int:
    bank = QuestionBank.from_paths(args.paths) if args.paths else QuestionBank.bundled()
    if any(p.severity == "error" for p in bank.problems):
        print("some questions or files were skipped; see 'tourelle questions check'",
              file=sys.stderr)
    languages = [args.language] if args.language else list(LANGUAGES)
    print(count_table([language_counts(bank.questions, lang) for lang in languages]))
    return 0


def _stats_text(stats: dict[str, Any]) -> str:
    def row(label: str, counts: dict[Any, int]) -> str:
        return f"  {label:<11}" + ", ".join(f"{key} {n}" for key, n in counts.items())

    lines = [f"{stats['total']} questions, {stats['pictures']} with a picture"]
    for key in ("language", "kind", "category", "difficulty"):
        lines.append(row(key, stats[key]))
    for language, counts in stats["per_language"].items():
        lines.append(
            f"{language}: {counts['total']} questions, {counts['pictures']} with a picture"
        )
        for key in ("kind", "category", "difficulty"):
            lines.append(row(key, counts[key]))
    return "\n".join(lines)


def import_command(args: argparse.Namespace) -> int:
    output: Path = args.output
    if output.exists() and not args.force:
        print(f"{output} exists; use --force to overwrite it", file=sys.stderr)
        return 1
    pack_id = slug(output.stem)
    if not pack_id:
        print(f"{output}: the file name makes no pack id", file=sys.stderr)
        return 1
    prefix = ImportOptions(args.language).prefix_for(output)
    options = ImportOptions(args.language, args.category, prefix)
    try:
        result = IMPORTERS[args.format](args.file, options)
    except ImportFailed as err:
        print(f"error: {err}", file=sys.stderr)
        return 1
    for warning in result.warnings:
        print(f"warning: {warning}")
    if not result.questions:
        print(f"no question could be imported from {args.file}; nothing written", file=sys.stderr)
        return 1
    title = args.title or imported_title(args.file.name, args.language)
    write_pack(output, pack_id, args.language, title, result.questions)
    problems = load_pack(output).problems
    for problem in problems:
        print(problem)
    print(f"wrote {len(result.questions)} questions to {output} (pack '{pack_id}')")
    return 1 if any(p.severity == "error" for p in problems) else 0


def reset_memory_command(args: argparse.Namespace) -> int:
    if not (args.data / MEMORY_FILENAME).exists():
        print(f"no question memory in {args.data}; nothing to forget")
        return 0
    with QuestionMemory.in_dir(args.data) as memory:
        forgotten = memory.reset()
    print(f"forgot {forgotten} questions used in past games")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="tourelle")
    register(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(argv)
    code: int = args.func(args)
    return code


if __name__ == "__main__":
    raise SystemExit(main())
