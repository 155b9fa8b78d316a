"""Draw the seeded sample of new questions for a fact-check (issue 46).

    python3 tools/fact_check_sample.py --language fr --seed 46 --count 100

reads questions/packs/<language>-*.yaml, keeps the ids of the new questions
(the prefixes below, per language), sorts them and prints
random.Random(seed).sample(ids, count), one id a line, in the order drawn.
Anyone running the same command on the same packs draws the same sample.

    python3 tools/fact_check_sample.py --language fr --seed 46 --count 30 --explained-in fa95254

draws instead among the questions of <language>-general-*.yaml that commit gained an
`explain` in (read with git show, before and after the commit).
"""

import argparse
import random
import subprocess
import sys
from pathlib import Path

import yaml

PACKS = Path(__file__).resolve().parent.parent / "questions" / "packs"

# The new questions of issue 46 per language: typed answers, true or false,
# the second ordering pack.
NEW_PREFIXES = {
    "fr": ("fr-txt-", "fr-vf-", "fr-ord2-"),
    "en": ("en-txt-", "en-tf-", "en-ord2-"),
}


def new_ids(language):
    ids = []
    for path in sorted(PACKS.glob(f"{language}-*.yaml")):
        pack = yaml.safe_load(path.read_text(encoding="utf-8"))
        for question in pack.get("questions") or []:
            if str(question["id"]).startswith(NEW_PREFIXES[language]):
                ids.append(question["id"])
    return sorted(ids)


def explained_in(language, commit):
    """Ids of the general packs' questions that gained an `explain` in `commit`."""
    def explained(revision):
        listing = subprocess.run(["git", "ls-tree", "--name-only", revision, "questions/packs/"],
                                 cwd=PACKS.parent.parent, capture_output=True, text=True,
                                 check=True).stdout.split()
        ids = set()
        for name in listing:
            if Path(name).name.startswith(f"{language}-general-"):
                text = subprocess.run(["git", "show", f"{revision}:{name}"], cwd=PACKS.parent.parent,
                                      capture_output=True, text=True, check=True).stdout
                ids |= {q["id"] for q in yaml.safe_load(text)["questions"] if q.get("explain")}
        return ids
    return sorted(explained(commit) - explained(commit + "^"))


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--language", required=True, choices=sorted(NEW_PREFIXES))
    parser.add_argument("--seed", type=int, default=46)
    parser.add_argument("--count", type=int, default=100)
    parser.add_argument("--explained-in", metavar="COMMIT",
                        help="sample the general packs' questions given an explanation by COMMIT")
    args = parser.parse_args(argv)
    if args.explained_in:
        ids = explained_in(args.language, args.explained_in)
    else:
        ids = new_ids(args.language)
    for question_id in random.Random(args.seed).sample(ids, args.count):
        print(question_id)
    return 0


if __name__ == "__main__":
    sys.exit(main())
