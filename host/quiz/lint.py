"""Quality checks across packs that a script can make (`tourelle questions check`).

validate.py checks that each question is well formed; these checks look for
questions that are well formed but poor:

- near-duplicate prompts: two prompts in one language whose content words
  are nearly the same set, over the same picture, sound or video if any (exact
  repeats are packs.py's warning);
- choice options that repeat once case, accents and punctuation are ignored;
- an option that gives the answer away by its form: the right option alone
  is much longer than the others, alone differs in form (a number, a
  bracket, capitals) from options that all agree, or is written in the prompt;
- numeric answers whose unit contradicts the prompt ("how many kilometres"
  with unit "m", "in which year" with unit "m").

Every finding is a PackProblem with the file and line, like the loader's.
"""

from __future__ import annotations

import math
import re
import unicodedata
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass


import datetime

from host.quiz.dated import fact_date, is_stale
from host.quiz.packs import LoadedPack, PackProblem
from host.quiz.question import Question

# Two prompts whose content-word sets have a Jaccard index at least this high
# are near-duplicates; at least SAME_ANSWER_JACCARD when the answers are the
# same too (most likely the same fact asked twice). Tuned on the bundled
# packs: templated pairs with different answers, such as "How many strings
# does a standard (bass) guitar have?", stay below the first.
NEAR_DUPLICATE_JACCARD = 0.9
SAME_ANSWER_JACCARD = 0.7
# Prompts with fewer content words than this are compared only when equal as sets.
MIN_CONTENT_WORDS = 2
# The right option "gives itself away by length" when it is at least this many
# times as long as the longest wrong option, and longer by at least this many characters.
LENGTH_RATIO = 2.0
LENGTH_MARGIN = 12
# Answers shorter than this (normalised) are not looked for in the prompt.
MIN_ANSWER_IN_PROMPT = 3


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


STOPWORDS: dict[str, frozenset[str]] = {
    "en": _words(
        "a an the of in on at to is are was were be been being which what who whom whose how "
        "does did do done there this that these those for by with from and or its "
        "it as has have had into than then s called known name named"
    ),
    "fr": _words(
        "le la les l de des du d un une en est sont etait quel quelle quels quelles qui que "
        "qu quoi a t au aux et ou dans par pour sur se s ce cet cette ces son sa ses il "
        "elle ils elles y on ne n pas c lui leur leurs nom appelle appele"
    ),
}

_YEAR_PROMPT_RE = re.compile(
    r"\b(?:in |by )?(?:which|what) year\b|\bquelle annee\b|\ben quelle annee\b"
)
_YEAR_UNITS = frozenset({"year", "annee", "an", "ad", "ap j c"})

# Units of measure: (canonical name, the unit texts a question may carry, the
# words a prompt (case-folded, accents stripped) uses for it). Compound units
# come first, so that "kilometres per hour" is not also read as "kilometres".
_KM = r"kilomet(?:re|er)s?"
_M = r"met(?:re|er)s?"
_UNITS: tuple[tuple[str, str, str], ...] = (
    ("km/h", "km/h|kph|kilometres per hour", _KM + r" (?:per hour|par heure|a l.heure)|km/h"),
    ("mph", "mph|miles per hour", r"miles? per hour|mph"),
    ("km/s", "km/s|kilometres per second", _KM + r" (?:per|par) seconde?|km/s"),
    ("m/s", "m/s|metres per second", _M + r" (?:per|par) seconde?|m/s"),
    ("fl oz", "fl oz|fluid ounces", r"fluid ounces?"),
    ("km2", "km2|km²|square kilometres", r"square " + _KM + "|" + _KM + r" carres?|km2"),
    ("km", "km|kilometres|kilometers|kilometre", _KM + r"|km"),
    ("cm", "cm|centimetres|centimeters", r"centimet(?:re|er)s?|cm"),
    ("mm", "mm|millimetres|millimeters", r"millimet(?:re|er)s?|mm"),
    ("m", "m|metres|meters|metre|meter", _M),
    ("mi", "mi|miles|mile", r"miles?"),
    ("ft", "ft|feet|foot", r"feet|foot|pieds?"),
    ("in", "in.|inches|inch", r"inch(?:es)?|pouces?"),
    ("yd", "yd|yards|yard", r"yards?"),
    ("kg", "kg|kilograms|kilogrammes|kilos", r"kilogram(?:me)?s?|kilos?|kg"),
    ("g", "g|grams|grammes", r"gram(?:me)?s?"),
    ("t", "t|tonnes|tons", r"tonnes?|tons"),
    ("lb", "lb|lbs", r"lbs?"),
    ("ml", "ml|millilitres|milliliters", r"millilit(?:re|er)s?|ml"),
    ("cl", "cl|centilitres", r"centilit(?:re|er)s?|cl"),
    ("l", "l|litres|liters|litre", r"lit(?:re|er)s?"),
    ("s", "s|sec|seconds|secondes", r"seconds?|secondes?"),
    ("min", "min|minutes", r"minutes?"),
    ("h", "h|hours|heures", r"hours?|heures?"),
    ("°C", "°c|degrees celsius|degres celsius", r"celsius"),
    ("°F", "°f|degrees fahrenheit", r"fahrenheit"),
    ("ha", "ha|hectares", r"hectares?"),
)
_UNIT_TEXTS: dict[str, str] = {
    text: canonical for canonical, texts, _ in _UNITS for text in texts.split("|")
}
_PROMPT_UNIT_WORDS: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(r"\b(?:" + words + r")\b"), canonical) for canonical, _, words in _UNITS
)


@dataclass(frozen=True)
class _Located:
    """A loaded question with the file and the lines of its fields."""

    question: Question
    path: str
    lines: dict[str, int]

    def line(self, field: str | None) -> int:
        return self.lines.get(field or "", self.lines[""])


def _plain(text: str) -> str:
    """Case-folded, accents stripped."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def normalise(text: str) -> str:
    """Case-folded, accents stripped, punctuation as single spaces."""
    return re.sub(r"[\W_]+", " ", _plain(text)).strip()


def content_words(prompt: str, language: str) -> frozenset[str]:
    """The prompt's words less the language's stop words, a plural 's' dropped."""
    stop = STOPWORDS.get(language, frozenset())
    words = set()
    for word in normalise(prompt).split():
        if word in stop:
            continue
        if len(word) > 3 and word.endswith("s") and not word.endswith("ss"):
            word = word[:-1]
        words.add(word)
    return frozenset(words)


def lint_packs(packs: Sequence[LoadedPack]) -> list[PackProblem]:
    """Every quality finding over the good questions of `packs`, checked together."""
    located = [item for pack in packs for item in _locate(pack)]
    problems: list[PackProblem] = []
    problems += _near_duplicates(located)
    for item in located:
        findings: list[tuple[str, str]] = []
        if item.question.kind == "choice":
            findings += check_options(item.question)
        else:
            findings += check_unit(item.question)
        for field, message in findings:
            problems.append(
                PackProblem(item.path, item.line(field), message, item.question.id, field)
            )
    return sorted(problems, key=lambda p: (p.path, p.line or 0))


def stale_facts(packs: Sequence[LoadedPack], today: datetime.date,
                max_age_years: int) -> list[PackProblem]:
    """A warning for each dated fact (`as_of`, host/quiz/dated.py) older than `max_age_years`
    on `today`, at the `as_of` line: the fact may have changed, check it again."""
    found = []
    for pack in packs:
        for question in pack.questions:
            if question.as_of is None or not is_stale(question.as_of, today, max_age_years):
                continue
            age = today.year - fact_date(question.as_of).year
            lines = pack.lines.get(question.id, {})
            found.append(PackProblem(
                pack.path, lines.get("as_of", lines.get("")),
                f"dated {question.as_of}, about {age} years ago (more than "
                f"{max_age_years}): check the fact again and update it and its date",
                question_id=question.id, field="as_of", severity="warning"))
    return found


def check_options(question: Question) -> list[tuple[str, str]]:
    """(field, message) for options that repeat or give the answer away."""
    found: list[tuple[str, str]] = []
    seen: dict[str, str] = {}
    for option in question.options:
        key = normalise(option)
        if key in seen:
            found.append(("options", f"{option!r} repeats {seen[key]!r} (ignoring case, accents)"))
        seen.setdefault(key, option)
    if found or len(question.options) < 3 or question.several:
        # a true/false or two-way question has no "odd one out", nor has one with several
        # right options (host/quiz/several.py): its right ones are not one option alone
        return found
    answer = str(question.answer)
    others = [o for o in question.options if o != answer]
    longest = max(len(o) for o in others)
    if len(answer) >= LENGTH_RATIO * longest and len(answer) - longest >= LENGTH_MARGIN:
        found.append(
            ("options", f"the answer {answer!r} is much longer than every other option")
        )
    for has, has_not, test in _SHAPES:
        mine = test(answer)
        if all(test(o) != mine for o in others):
            found.append(
                ("options", f"the answer {answer!r} is the only option that "
                            f"{has if mine else has_not}")
            )
    key = normalise(answer)
    prompt = f" {normalise(question.prompt)} "
    if (
        len(key) >= MIN_ANSWER_IN_PROMPT
        and f" {key} " in prompt
        and not any(f" {normalise(o)} " in prompt for o in others)
    ):
        found.append(("options", f"the answer {answer!r} is written in the prompt"))
    return found


# Forms an option can have or not: (has it, has it not, test). The right
# option alone in its form among wrong ones that agree gives itself away.
_SHAPES: tuple[tuple[str, str, Callable[[str], bool]], ...] = (
    ("contains a number", "has no number", lambda o: re.search(r"(?<![\w.])\d", o) is not None),
    ("has a bracket", "has no bracket", lambda o: "(" in o or "[" in o),
    (
        "starts with a capital",
        "starts in lower case",
        lambda o: o[:1].isupper() or not o[:1].isalpha(),
    ),
)


def check_unit(question: Question) -> list[tuple[str, str]]:
    """(field, message) when a numeric question's unit contradicts its prompt."""
    unit = question.unit
    if not unit:
        return []
    if is_year_question(question):
        if normalise(unit) not in _YEAR_UNITS:
            return [("unit", f"the prompt asks for a year, so the unit {unit!r} contradicts it")]
        return []
    canonical = _UNIT_TEXTS.get(unit.strip().casefold()) or _UNIT_TEXTS.get(normalise(unit))
    if canonical is None:
        return []  # a count ("players", "states"): nothing to compare
    named = prompt_units(question.prompt)
    if named and canonical not in named:
        return [
            ("unit", f"the unit {unit!r} contradicts the prompt, which asks in "
                     f"{', '.join(sorted(named))}")
        ]
    return []


def is_year_question(question: Question) -> bool:
    """A numeric question whose answer is a year ("In which year...", "En quelle année...")."""
    return question.kind == "numeric" and bool(_YEAR_PROMPT_RE.search(normalise(question.prompt)))


def year_counts(questions: Iterable[Question]) -> dict[str, tuple[int, int]]:
    """Language -> (numeric questions, numeric questions asking for a year), sorted."""
    counts: dict[str, list[int]] = {}
    for question in questions:
        if question.kind == "numeric":
            tally = counts.setdefault(question.language, [0, 0])
            tally[0] += 1
            tally[1] += is_year_question(question)
    return {language: (n, y) for language, (n, y) in sorted(counts.items())}


def prompt_units(prompt: str) -> set[str]:
    """Canonical units of measure a prompt names, compound units first."""
    text = " " + _plain(prompt.replace("²", "2")) + " "
    found: set[str] = set()
    for pattern, canonical in _PROMPT_UNIT_WORDS:
        if pattern.search(text):
            found.add(canonical)
            text = pattern.sub(" ", text)
    return found


def _near_duplicates(located: Sequence[_Located]) -> list[PackProblem]:
    problems: list[PackProblem] = []
    by_language: dict[str, list[tuple[_Located, frozenset[str], str, str]]] = {}
    for item in located:
        q = item.question
        by_language.setdefault(q.language, []).append(
            (item, content_words(q.prompt, q.language), normalise(q.prompt),
             normalise(str(q.answer)))
        )
    for items in by_language.values():
        candidates = _candidates([words for _, words, _, _ in items])
        for later_index, (later, words, text, answer) in enumerate(items):
            for earlier_index in candidates[later_index]:
                earlier, other_words, other_text, other_answer = items[earlier_index]
                if text == other_text:
                    continue  # the exact repeat is packs.py's warning
                if _media(later.question) != _media(earlier.question):
                    continue  # one prompt over two pictures or clips asks two things
                same_answer = answer == other_answer
                threshold = SAME_ANSWER_JACCARD if same_answer else NEAR_DUPLICATE_JACCARD
                if _similar(words, other_words, threshold):
                    also = " with the same answer" if same_answer else ""
                    problems.append(
                        PackProblem(
                            later.path,
                            later.line("prompt"),
                            f"prompt nearly repeats question '{earlier.question.id}'{also} "
                            f"({earlier.path}:{earlier.line('prompt')})",
                            later.question.id,
                            "prompt",
                        )
                    )
                    break
    return problems


def _media(question: Question) -> tuple[object, ...]:
    """What a question shows or plays besides its prompt (a clip's part counts)."""
    played = question.audio or question.video
    return (question.image, question.audio, question.video, question.clip if played else None)


def _candidates(sets: Sequence[frozenset[str]]) -> list[list[int]]:
    """For each set, the earlier sets (ascending) that may reach SAME_ANSWER_JACCARD.

    Prefix filtering, so that a thousand prompts are not compared pair by pair:
    with words in a fixed order (rarest first), two sets with a Jaccard index
    of at least t share a word among the first n - ceil(t * n) + 1 of each.
    """
    threshold = min(SAME_ANSWER_JACCARD, NEAR_DUPLICATE_JACCARD)
    frequency = Counter(word for words in sets for word in words)
    index: dict[str, list[int]] = {}
    out: list[list[int]] = []
    for position, words in enumerate(sets):
        ordered = sorted(words, key=lambda word: (frequency[word], word))
        prefix = ordered[: len(ordered) - math.ceil(threshold * len(ordered)) + 1]
        found: set[int] = set()
        for word in prefix:
            found.update(index.get(word, ()))
            index.setdefault(word, []).append(position)
        out.append(sorted(found))
    return out


def _similar(a: frozenset[str], b: frozenset[str], threshold: float) -> bool:
    """Jaccard index of the two word sets at least `threshold` (tiny sets: equal)."""
    if not a or not b:
        return False
    if min(len(a), len(b)) < MIN_CONTENT_WORDS:
        return a == b
    small, large = sorted((len(a), len(b)))
    if small < threshold * large:
        return False
    return len(a & b) >= threshold * len(a | b)


def _locate(pack: LoadedPack) -> Iterable[_Located]:
    """The pack's good questions with the lines of their fields (noted by the reader)."""
    return [_Located(q, pack.path, pack.lines.get(q.id, {"": 0})) for q in pack.questions]
