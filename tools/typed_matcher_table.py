"""The matcher on the new typed questions: false accepts and false rejects per 100 (issue 46).

    .venv/bin/python tools/typed_matcher_table.py --language fr --seed 46 --count 100

Draws `count` of the language's new typed questions (ids <lang>-txt-*, seeded, from the
sorted ids), and for each builds what a team might type, the same way for every question
(tests/questions/matching_table.py's rules, so nothing is picked to flatter the matcher):
the answer in capitals without accents, one wrong letter in its longest word, two
neighbouring letters swapped (a person accepts these three; the typos only where the
longest word has three letters or more), and the question's near
misses from questions/near-misses/ (a person refuses them). Each is judged by the real
matcher (host/quiz/matching.py) at the question's own threshold. Prints the counts and
every row where the matcher and the person disagree.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from host.quiz.matching import DEFAULT_SIMILARITY, is_right  # noqa: E402
from tests.questions.matching_table import (  # noqa: E402
    _strip_accents,
    one_wrong_letter,
    two_swapped,
)

NEAR_MISSES = {"fr": ROOT / "questions" / "near-misses" / "fr-typed.yaml",
               "en": ROOT / "questions" / "near-misses" / "en-typed.txt"}


def typed_questions(language: str) -> dict[str, dict]:
    found: dict[str, dict] = {}
    for path in sorted((ROOT / "questions" / "packs").glob(f"{language}-typed-*.yaml")):
        for question in yaml.safe_load(path.read_text(encoding="utf-8"))["questions"]:
            found[question["id"]] = question
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--language", choices=sorted(NEAR_MISSES), required=True)
    parser.add_argument("--seed", type=int, default=46)
    parser.add_argument("--count", type=int, default=100)
    args = parser.parse_args(argv)
    questions = typed_questions(args.language)
    misses = yaml.safe_load(NEAR_MISSES[args.language].read_text(encoding="utf-8"))
    sample = random.Random(args.seed).sample(sorted(questions), args.count)
    counts = {"right forms": 0, "false rejects": 0, "near misses": 0, "false accepts": 0}
    wrong: list[str] = []
    for qid in sorted(sample):
        question = questions[qid]
        accepted = [question["answer"], *question.get("accept", [])]
        threshold = question.get("similarity", DEFAULT_SIMILARITY)
        answer = question["answer"]
        forms = [_strip_accents(answer).upper()]
        if max(len(word) for word in answer.split(" ")) >= 3:  # a typo needs a word to hold it
            forms += [one_wrong_letter(answer), two_swapped(answer)]
        for typed in forms:
            counts["right forms"] += 1
            if not is_right(typed, accepted, threshold):
                counts["false rejects"] += 1
                wrong.append(f"{qid}: refused {typed!r} for {answer!r} (threshold {threshold})")
        for typed in misses.get(qid, []):
            counts["near misses"] += 1
            if is_right(typed, accepted, threshold):
                counts["false accepts"] += 1
                wrong.append(f"{qid}: accepted {typed!r} for {answer!r}")
    print(f"{args.language}: {args.count} typed questions (seed {args.seed}): "
          + ", ".join(f"{name} {value}" for name, value in counts.items()))
    for line in wrong:
        print("  " + line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
