"""Draw a seeded random sample of question ids for a fact-check (issue 46).

    python tools/fact_check_sample.py --language en --seed 46 --count 100
    python tools/fact_check_sample.py --language en --seed 46 --count 30 --explained-in 11befde

The first form reads every pack in questions/packs/ of the language and samples among
the ids that start with one of the language's "new question" prefixes (en: en-txt-,
en-tf-, en-ord2-; fr: fr-txt-, fr-vf-, fr-ord2-; --prefix replaces them). Every id has
the same chance, so each kind is drawn in proportion to its count. The second form
samples instead among the questions of the language's general packs
(<language>-general*.yaml) whose `explain` field was added by the given commit (an
explain present in the commit's pack and absent from its parent's), read with `git show`.

The ids are sorted before drawing (random.Random(seed).sample), so the same packs, seed and
count give the same sample on every machine; the sample is printed one id a line, in the
order of the packs.
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
PACKS = ROOT / "questions" / "packs"
NEW_PREFIXES = {
    "en": ("en-txt-", "en-tf-", "en-ord2-"),
    "fr": ("fr-txt-", "fr-vf-", "fr-ord2-"),
}


def _pack_ids(text: str, language: str) -> list[tuple[str, bool]]:
    """(id, has an explain) for each question of a pack's text, if the pack is of the language."""
    pack = yaml.safe_load(text)
    if not isinstance(pack, dict) or pack.get("language") != language:
        return []
    return [(q["id"], bool(q.get("explain"))) for q in pack.get("questions") or []]


def new_ids(language: str, prefixes: tuple[str, ...]) -> list[str]:
    ids: list[str] = []
    for path in sorted(PACKS.glob("*.yaml")):
        ids += [qid for qid, _ in _pack_ids(path.read_text(encoding="utf-8"), language)
                if qid.startswith(prefixes)]
    return ids


def explained_in(language: str, commit: str) -> list[str]:
    def show(rev: str, path: Path) -> str:
        relative = path.relative_to(ROOT).as_posix()
        result = subprocess.run(["git", "-C", str(ROOT), "show", f"{rev}:{relative}"],
                                capture_output=True, text=True, check=False)
        return result.stdout if result.returncode == 0 else ""

    ids: list[str] = []
    for path in sorted(PACKS.glob(f"{language}-general*.yaml")):
        before = {qid for qid, has in _pack_ids(show(f"{commit}^", path), language) if has}
        ids += [qid for qid, has in _pack_ids(show(commit, path), language)
                if has and qid not in before]
    return ids


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--language", required=True)
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--count", type=int, default=100)
    parser.add_argument("--prefix", action="append",
                        help="an id prefix of the new questions (repeat; default per language)")
    parser.add_argument("--explained-in", metavar="COMMIT",
                        help="sample the general packs' questions whose explain this commit added")
    args = parser.parse_args(argv)
    if args.explained_in:
        population = explained_in(args.language, args.explained_in)
    else:
        prefixes = tuple(args.prefix or NEW_PREFIXES.get(args.language, ()))
        if not prefixes:
            parser.error(f"no prefixes known for {args.language!r}: give --prefix")
        population = new_ids(args.language, prefixes)
    if args.count > len(population):
        parser.error(f"only {len(population)} ids to draw from")
    order = {qid: index for index, qid in enumerate(population)}
    sample = random.Random(args.seed).sample(sorted(population), args.count)
    for qid in sorted(sample, key=order.__getitem__):
        print(qid)
    print(f"# {args.count} of {len(population)} ids, seed {args.seed}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
