"""The quiz round's state: the plan of rounds, the scores, the open question, and their JSON form.

Everything here is a frozen value; question contents and reveal outcomes are plain
JSON dicts that the rules build anew and never change in place.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, replace
from typing import Any

from host.buzzer_board.arbiter import Board
from host.buzzer_board.state import board_from_json, board_to_json
from host.games.contract import BadSettings
from host.quiz.validate import CATEGORIES, MAX_DIFFICULTY, MIN_DIFFICULTY

MIN_SEATS = 2
MAX_SEATS = 200
MIXES = ("mixed", "choice", "numeric", "buzz", "text", "order", "varied")
NUMERIC_SCORING = ("rank", "closest", "tolerance")
LEADERBOARDS = ("round", "question", "end")
MAX_ROUNDS = 20
MAX_QUESTIONS = 200  # in the whole plan
STAGES = ("intro", "wager", "drawing", "answering", "review", "reveal", "board", "over")


@dataclass(frozen=True)
class RoundPlan:
    """One round: its title (empty: "Round n"), its questions and how they score."""

    title: str = ""
    questions: int = 8
    seconds: int = 20
    points: int = 10
    speed_bonus: int = 5  # the most extra points a right answer earns for speed; 0: off
    # mixed: every fourth question a number; choice; numeric; buzz; text; order (items to put
    # in order); varied: choice, order, choice, number, again and again
    mix: str = "mixed"
    # The round's own selection, within the game's (empty: the game's selection as it is).
    categories: tuple[str, ...] = ()
    packs: tuple[str, ...] = ()
    min_difficulty: int = MIN_DIFFICULTY
    max_difficulty: int = MAX_DIFFICULTY
    ids: tuple[str, ...] = ()  # picked by hand, in order (`questions` is then their count)
    # Wager questions (host/quiz_round/wager.py): before each question of the round, each team
    # stakes from 0 to its score (at least `wager_floor`, at most `wager_cap` when not 0).
    wager: bool = False
    wager_cap: int = 0
    wager_floor: int = 10
    # The streak bonus (host/quiz_round/streak.py): a right answer that makes a run of 3 or 4
    # right answers in a row earns `streak_3` more, a run of 5 or more `streak_5` (0: none).
    streak_3: int = 0
    streak_5: int = 0
    # The round's points at risk (host/quiz_round/wipeout.py): a wrong answer wipes them out;
    # a team may double them before the last question (right: doubled, else lost).
    wipeout: bool = False
    double_or_nothing: bool = False
    # A knock-out round (host/quiz_round/knockout.py): a wrong or missing answer is out until
    # the round ends; it ends when `knockout_survivors` or fewer are in, who earn the bonus.
    knockout: bool = False
    knockout_survivors: int = 1
    knockout_bonus: int = 20
    # Picture reveal (host/quiz_round/reveal.py): its picture questions shown in this many
    # steps (0: off; 2 to 12), by tiles coming off or a blur clearing; points fall by step.
    reveal_steps: int = 0
    reveal_style: str = "tiles"

    def narrow(self) -> dict[str, Any] | None:
        """What the round asks of the bank beyond the game's selection (None: nothing)."""
        found: dict[str, Any] = {}
        if self.categories:
            found["categories"] = list(self.categories)
        if self.packs:
            found["packs"] = list(self.packs)
        if (self.min_difficulty, self.max_difficulty) != (MIN_DIFFICULTY, MAX_DIFFICULTY):
            found["min_difficulty"] = self.min_difficulty
            found["max_difficulty"] = self.max_difficulty
        return found or None

    @property
    def paid_speed_bonus(self) -> int:
        """The speed bonus this round pays: none in a buzz round (the buzz is the speed)."""
        return 0 if self.mix == "buzz" else self.speed_bonus

    def kind_of(self, number: int) -> str:
        """The question kind of the round's question `number` (0-based)."""
        if self.mix == "mixed":
            return "numeric" if number % 4 == 3 else "choice"
        if self.mix == "varied":
            return ("choice", "order", "choice", "numeric")[number % 4]
        return "choice" if self.mix == "buzz" else self.mix  # text: typed answers


@dataclass(frozen=True)
class Settings:
    rounds: tuple[RoundPlan, ...] = (RoundPlan(), RoundPlan(), RoundPlan())
    numeric_scoring: str = "rank"  # rank: all, 2/3, 1/3 by closeness; closest; tolerance
    tolerance_pct: int = 10  # tolerance scoring: full points within this share of the answer
    leaderboard: str = "round"  # when the leaderboard shows: round, question or end
    intro_seconds: int = 10  # time to play a joker; 0: each wait lasts until the host's "next"
    reveal_seconds: int = 8
    board_seconds: int = 12
    board_every: int = 0  # also a leaderboard after every N questions of a round (0: no)
    buzz_penalty: int = 0  # buzz rounds: points off a wrong answer given aloud
    early_lockout_ms: int = 250  # buzz rounds: a press before the question locks out this long
    max_fact_age: int = 0  # leave out facts dated (as_of) more than this many years ago; 0: keep
    wager_seconds: int = 20  # wager rounds: time to lock in a stake; 0: until the host's "next"
    # Catch-up at half-time (host/quiz_round/catchup.py): off, bottom_third, per_place
    catch_up: str = "off"
    catch_up_points: int = 5


@dataclass(frozen=True)
class Answer:
    seat: int
    # an option's index, a number, the text a team typed, or its order (the shown items'
    # indexes, first item first)
    value: int | str | list[int]
    t_ns: int
    paused_ns: int = 0  # the host's pauses before it (the Session's total): not answer time
    paper: bool = False  # a paper team's, entered by the host from its sheet: no tap time


@dataclass(frozen=True)
class Asked:
    """The question now on the screens (content with its answer: the views hide it)."""

    request_id: str
    content: dict[str, Any]
    shown_ns: int | None = None  # host time the Session supplied it (the speed bonus's zero)
    answers: tuple[Answer, ...] = ()
    # Text questions: the host's rulings on groups of typed answers, (normalised answer,
    # right), latest last (host/quiz_round/typed.py); a group without one keeps its
    # automatic verdict.
    rulings: tuple[tuple[str, bool], ...] = ()
    paused_ns: int = 0  # the host's pauses before it was shown (the Session's total)
    wager: bool = False  # a wager question: each team wins or loses its stake (wager.py)
    stakes: tuple[tuple[int, int], ...] = ()  # (seat, points) locked in before it showed

    def answer_of(self, seat: int) -> Answer | None:
        return next((a for a in self.answers if a.seat == seat), None)


@dataclass(frozen=True)
class Played:
    """A revealed question, kept for the host's corrections after its reveal
    (host/quiz_round/corrections.py): what it asked and what each team gained from it."""

    asked: Asked
    round: int  # 0-based
    number: int  # 0-based question of its round
    gains: tuple[tuple[int, int], ...]  # (seat, points) it counts for now, joker included
    void: str = ""  # the host's reason when the question was voided ("" while it counts)
    streaks: tuple[tuple[int, int], ...] = ()  # (seat, streak bonus) paid at its reveal
    # (seat, "wiped" | "won" | "lost"): a wipeout or a double decided at its reveal (wipeout.py)
    risk: tuple[tuple[int, str], ...] = ()


@dataclass(frozen=True)
class Correction:
    """The host's correction of a revealed question: a typed ruling changed or the question
    voided, with its reason and what it changed (shown on the board)."""

    question: int  # index into QuizState.played
    kind: str  # "ruling" or "void"
    reason: str
    changes: tuple[tuple[int, int], ...]  # (seat, points added)


@dataclass(frozen=True)
class Adjustment:
    seat: int
    points: int
    reason: str


@dataclass(frozen=True)
class QuizState:
    settings: Settings
    names: tuple[str, ...]
    scores: tuple[int, ...]
    stage: str = "intro"
    round: int = 0  # 0-based index into settings.rounds
    number: int = 0  # 0-based question of the round
    step: int = 0  # counts stage changes: timer and request ids
    asked: Asked | None = None
    outcome: dict[str, Any] | None = None  # the last reveal (scoring.score_question)
    round_start: tuple[int, ...] = ()  # scores when this round began
    round_end: bool = False  # the board closes a round
    adjustments: tuple[Adjustment, ...] = ()
    skipped: int = 0
    questions_asked: int = 0
    jokers: tuple[int, ...] = ()  # per seat: the round its joker doubles, -1 while unplayed
    buzz: Board | None = None  # buzz rounds: the arbiter's board (host/quiz_round/buzz.py)
    buzz_marks: tuple[tuple[int, bool, int], ...] = ()  # (seat, right, its press's host time)
    clip_plays: int = 0  # the open question's sound: times started (host/quiz_round/clip.py)
    clip_playing: bool = False
    clip_waiting: bool = False  # its time waits for the clip to play on the projector
    played: tuple[Played, ...] = ()  # every revealed question, for corrections
    corrections: tuple[Correction, ...] = ()
    stakes: tuple[tuple[int, int], ...] = ()  # the wager stage's stakes so far (seat, points)
    runs: tuple[int, ...] = ()  # per seat: its right answers in a row (the streak bonus)
    paper: tuple[int, ...] = ()  # paper teams' seats: no phone, the host enters their answers
    doubles: tuple[int, ...] = ()  # this round: the teams that chose double or nothing
    out: tuple[tuple[int, int], ...] = ()  # this knock-out round: (seat, question it fell on)
    seed: int = 0  # the game's seed: a picture reveal's tile order (reveal.py)
    catch_up: tuple[tuple[int, int], ...] = ()  # (seat, points) given at half-time (catchup.py)

    def joker_on(self, seat: int) -> bool:
        return bool(self.jokers) and self.jokers[seat] == self.round

    @property
    def plan(self) -> RoundPlan:
        return self.settings.rounds[self.round]

    @property
    def seats(self) -> int:
        return len(self.names)

    @property
    def last_round(self) -> bool:
        return self.round == len(self.settings.rounds) - 1


# -- settings ------------------------------------------------------------------

_ROUND_INTS = {"questions": (1, 50), "seconds": (5, 300), "points": (1, 1000),
               "speed_bonus": (0, 1000), "min_difficulty": (MIN_DIFFICULTY, MAX_DIFFICULTY),
               "max_difficulty": (MIN_DIFFICULTY, MAX_DIFFICULTY),
               "wager_cap": (0, 100_000), "wager_floor": (0, 1000), "streak_3": (0, 1000),
               "streak_5": (0, 1000), "knockout_survivors": (1, MAX_SEATS - 1),
               "knockout_bonus": (0, 1000), "reveal_steps": (0, 12)}
_ROUND_BOOLS = ("wager", "wipeout", "double_or_nothing", "knockout")
_ROUND_LISTS = ("categories", "packs", "ids")
_FLAT_INTS = {"rounds": (1, MAX_ROUNDS), "tolerance_pct": (0, 100), "intro_seconds": (0, 120),
              "reveal_seconds": (0, 300), "board_seconds": (0, 300), "buzz_penalty": (0, 1000),
              "board_every": (0, 50),
              "early_lockout_ms": (0, 5000), "max_fact_age": (0, 100),
              "wager_seconds": (0, 300), "catch_up_points": (1, 1000)}
REVEAL_STYLES = ("tiles", "blur")
CATCH_UP = ("off", "bottom_third", "per_place")
_CHOICES = {"mix": MIXES, "numeric_scoring": NUMERIC_SCORING, "leaderboard": LEADERBOARDS,
            "reveal_style": REVEAL_STYLES, "catch_up": CATCH_UP}
KNOWN_SETTINGS = frozenset({*_ROUND_INTS, *_FLAT_INTS, *_CHOICES, *_ROUND_BOOLS, "plan"})


def _int(raw: dict[str, Any], key: str, low: int, high: int, default: int) -> int:
    value = raw.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise BadSettings(f"setting {key!r} is a whole number from {low} to {high}")
    return value


def _choice(raw: dict[str, Any], key: str, allowed: tuple[str, ...], default: str) -> str:
    value = raw.get(key, default)
    if value not in allowed:
        raise BadSettings(f"setting {key!r} is one of {', '.join(allowed)}")
    return str(value)


def _round(raw: dict[str, Any], base: RoundPlan, where: str) -> RoundPlan:
    if not isinstance(raw, dict):
        raise BadSettings(f"{where} is an object")
    unknown = set(raw) - {*_ROUND_INTS, *_ROUND_LISTS, *_ROUND_BOOLS, "mix", "title",
                          "reveal_style"}
    if unknown:
        raise BadSettings(f"{where}: unknown keys {sorted(unknown)}")
    title = raw.get("title", base.title)
    if not isinstance(title, str) or len(title) > 60:
        raise BadSettings(f"{where}: a title is text of at most 60 characters")
    ints: dict[str, Any] = {key: _int(raw, key, low, high, getattr(base, key))
            for key, (low, high) in _ROUND_INTS.items()}
    if ints["min_difficulty"] > ints["max_difficulty"]:
        raise BadSettings(f"{where}: min_difficulty is above max_difficulty")
    lists = {key: _names(raw.get(key, getattr(base, key)), f"{where}: {key}")
             for key in _ROUND_LISTS}
    strange = sorted(set(lists["categories"]) - set(CATEGORIES))
    if strange:
        raise BadSettings(f"{where}: unknown categories {strange}")
    if lists["ids"]:  # picked by hand: as many questions as ids, none twice
        if len(set(lists["ids"])) != len(lists["ids"]) or len(lists["ids"]) > 50:
            raise BadSettings(f"{where}: ids are up to 50 different question ids")
        ints["questions"] = len(lists["ids"])
    flags: dict[str, Any] = {}
    for key in _ROUND_BOOLS:
        flags[key] = raw.get(key, getattr(base, key))
        if not isinstance(flags[key], bool):
            raise BadSettings(f"{where}: {key} is true or false")
    mix = _choice(raw, "mix", MIXES, base.mix)
    if flags["wager"] and mix == "buzz":
        raise BadSettings(f"{where}: a buzz round takes no stakes")
    check_round_type(flags, mix, where)
    _check_reveal(ints["reveal_steps"], mix, flags["wager"], where)
    return RoundPlan(title=title.strip(), mix=mix,
                     reveal_style=_choice(raw, "reveal_style", REVEAL_STYLES, base.reveal_style),
                     categories=lists["categories"], packs=lists["packs"], ids=lists["ids"],
                     **flags, **ints)


def check_round_type(flags: dict[str, Any], mix: str, where: str) -> None:
    """Wipeout and double or nothing go together; a knock-out round is neither; none of the
    three is a buzz round (one team answers aloud) or a wager round (a stake is its own risk)."""
    if not (flags["wipeout"] or flags["double_or_nothing"] or flags["knockout"]):
        return
    if mix == "buzz":
        raise BadSettings(f"{where}: a buzz round cannot be a wipeout, double-or-nothing or "
                          "knock-out round")
    if flags["wager"]:
        raise BadSettings(f"{where}: a wager round cannot be a wipeout, double-or-nothing or "
                          "knock-out round")
    if flags["knockout"] and (flags["wipeout"] or flags["double_or_nothing"]):
        raise BadSettings(f"{where}: a knock-out round cannot be a wipeout or double-or-nothing "
                          "round")


def _check_reveal(steps: int, mix: str, wager: bool, where: str) -> None:
    """A picture reveal takes 2 to 12 steps, and neither a buzz round (the first buzz
    answers) nor a wager round (the stake replaces the points)."""
    if steps == 1:
        raise BadSettings(f"{where}: a picture reveal takes 2 to 12 steps (0: none)")
    if steps and mix == "buzz":
        raise BadSettings(f"{where}: a buzz round has no picture reveal")
    if steps and wager:
        raise BadSettings(f"{where}: a wager round has no picture reveal")


def _names(value: Any, where: str) -> tuple[str, ...]:
    if not isinstance(value, list | tuple) or not all(isinstance(v, str) for v in value):
        raise BadSettings(f"{where} is a list of names")
    return tuple(value)


def parse_settings(raw: dict[str, Any]) -> Settings:
    """The game's settings: the host form's flat fields, or a `plan` list of rounds.

    Flat fields (questions, seconds, points, speed_bonus, mix) set every round and are
    the defaults of a plan's rounds. Unknown names and out-of-range values are refused.
    """
    if not isinstance(raw, dict):
        raise BadSettings("settings are an object")
    unknown = set(raw) - KNOWN_SETTINGS
    if unknown:
        raise BadSettings(f"unknown quiz round settings {sorted(unknown)}")
    base = _round({k: v for k, v in raw.items()
                   if k in {*_ROUND_INTS, *_ROUND_BOOLS, "mix", "reveal_style"}},
                  RoundPlan(),
                  "settings")
    plan = raw.get("plan")
    if plan is None:
        count = _int(raw, "rounds", *_FLAT_INTS["rounds"], 3)
        rounds = tuple(base for _ in range(count))
    else:
        if not isinstance(plan, list) or not 1 <= len(plan) <= MAX_ROUNDS:
            raise BadSettings(f"'plan' is a list of 1 to {MAX_ROUNDS} rounds")
        rounds = tuple(_round(item, base, f"round {i + 1}") for i, item in enumerate(plan))
    if sum(r.questions for r in rounds) > MAX_QUESTIONS:
        raise BadSettings(f"a plan asks at most {MAX_QUESTIONS} questions in all")
    flat = {key: _int(raw, key, low, high, getattr(Settings(), key))
            for key, (low, high) in _FLAT_INTS.items() if key != "rounds"}
    catch_up = _choice(raw, "catch_up", CATCH_UP, "off")
    if catch_up != "off" and len(rounds) < 2:
        raise BadSettings("a catch-up comes at half-time: it needs 2 rounds or more")
    return Settings(rounds=rounds, catch_up=catch_up,
                    numeric_scoring=_choice(raw, "numeric_scoring", NUMERIC_SCORING, "rank"),
                    leaderboard=_choice(raw, "leaderboard", LEADERBOARDS, "round"), **flat)


# -- JSON ----------------------------------------------------------------------


def _asked_from_json(asked: dict[str, Any]) -> Asked:
    return Asked(asked["request_id"], asked["content"], asked["shown_ns"],
                 tuple(Answer(**a) for a in asked["answers"]),
                 tuple((str(k), bool(r)) for k, r in asked.get("rulings", ())),
                 int(asked.get("paused_ns", 0)), bool(asked.get("wager", False)),
                 _pairs(asked.get("stakes", ())))


def _pairs(raw: Any) -> tuple[tuple[int, int], ...]:
    return tuple((int(a), int(b)) for a, b in raw)


def to_json(state: QuizState) -> dict[str, Any]:
    data = asdict(replace(state, buzz=None))
    data["settings"]["rounds"] = [asdict(r) for r in state.settings.rounds]
    data["buzz"] = None if state.buzz is None else board_to_json(state.buzz)
    data["buzz_marks"] = [list(m) for m in state.buzz_marks]
    return data


def from_json(data: dict[str, Any]) -> QuizState:
    raw = dict(data)
    settings = dict(raw["settings"])
    settings["rounds"] = tuple(
        RoundPlan(**{**r, "categories": tuple(r["categories"]), "packs": tuple(r["packs"]),
                     "ids": tuple(r["ids"])})
        for r in settings["rounds"])
    asked = raw.get("asked")
    if asked is not None:
        asked = _asked_from_json(asked)
    return QuizState(
        settings=Settings(**settings),
        names=tuple(raw["names"]), scores=tuple(raw["scores"]), stage=raw["stage"],
        round=raw["round"], number=raw["number"], step=raw["step"], asked=asked,
        outcome=raw["outcome"], round_start=tuple(raw["round_start"]),
        round_end=raw["round_end"],
        adjustments=tuple(Adjustment(**a) for a in raw["adjustments"]),
        skipped=raw["skipped"], questions_asked=raw["questions_asked"],
        jokers=tuple(raw["jokers"]),
        buzz=None if raw["buzz"] is None else board_from_json(raw["buzz"]),
        buzz_marks=tuple((int(s), bool(r), int(t)) for s, r, t in raw["buzz_marks"]),
        clip_plays=int(raw.get("clip_plays", 0)), clip_playing=bool(raw.get("clip_playing")),
        clip_waiting=bool(raw.get("clip_waiting")),
        played=tuple(Played(_asked_from_json(p["asked"]), int(p["round"]), int(p["number"]),
                            _pairs(p["gains"]), str(p.get("void", "")),
                            _pairs(p.get("streaks", ())),
                            tuple((int(s), str(r)) for s, r in p.get("risk", ())))
                     for p in raw.get("played", ())),
        corrections=tuple(Correction(int(c["question"]), str(c["kind"]), str(c["reason"]),
                                     _pairs(c["changes"]))
                          for c in raw.get("corrections", ())),
        stakes=_pairs(raw.get("stakes", ())), runs=tuple(int(r) for r in raw.get("runs", ())),
        paper=tuple(int(s) for s in raw.get("paper", ())),
        doubles=tuple(int(s) for s in raw.get("doubles", ())), out=_pairs(raw.get("out", ())),
        seed=int(raw.get("seed", 0)), catch_up=_pairs(raw.get("catch_up", ())),
    )


def new_state(settings: Settings, names: list[str], paper: tuple[int, ...] = (),
              seed: int = 0) -> QuizState:
    scores = tuple(0 for _ in names)
    return QuizState(settings=settings, names=tuple(names), scores=scores, round_start=scores,
                     jokers=tuple(-1 for _ in names), runs=scores, paper=paper, seed=seed)


__all__ = ["Adjustment", "Answer", "Asked", "Correction", "Played", "QuizState", "RoundPlan",
           "Settings", "from_json", "new_state", "parse_settings", "to_json"]
