"""The quiz round's rules: `apply_event(state, event)` returns the next state (pure).

Stages: intro (a round's title card) -> drawing (the Session supplies a question) ->
answering (every team locks in one answer) -> review (typed answers only: the host
accepts or rejects groups, `accept`/`reject`, then `next`) -> reveal (scored) -> the next
question, or board (the leaderboard) at a round's end -> the next round's intro, or over. Waits that
have a time end by a timeout; the host's `next` ends any wait at once, `close` ends the
answering early, `skip` drops the open question for another, `adjust` edits a score.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, TypeGuard

from host.games.contract import (
    BadEvent,
    Event,
    GameError,
    OutOfTurn,
    QuestionRequest,
    StaleEvent,
    TimerRequest,
)
from host.quiz.validate import TRUE_FALSE
from host.quiz_round import (
    buzz,
    catchup,
    clip,
    corrections,
    knockout,
    ordering,
    paper,
    several,
    streak,
    typed,
    wager,
    wipeout,
)
from host.quiz_round.scoring import score_question
from host.quiz_round.state import Adjustment, Answer, Asked, Played, QuizState

CHOICE_OPTIONS = (2, 6)
QUESTION_KINDS = ("choice", "numeric", "text", "order")
MAX_NUMBER = paper.MAX_NUMBER  # an answer beyond this is a typo, not a guess
MAX_ADJUST = 1000
MAX_REASON = 80


def is_int(value: Any) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _seat_of(state: QuizState, event: Event) -> int:
    seat = event.get("seat")
    if not is_int(seat) or not 0 <= seat < state.seats:
        raise BadEvent(f"no seat {seat!r} in this game")
    return int(seat)


def _go(state: QuizState, stage: str, **changes: Any) -> QuizState:
    return replace(state, stage=stage, step=state.step + 1, **changes)


def request_id(state: QuizState) -> str:
    return f"q{state.step}"


def needs(state: QuizState) -> QuestionRequest | None:
    if state.stage != "drawing":
        return None
    plan = state.plan
    if plan.ids:  # picked by hand: that question (its kind, whatever the mix says)
        return QuestionRequest(plan.kind_of(state.number), request_id(state),
                               narrow={"id": plan.ids[state.number]})
    kind = plan.kind_of(state.number)
    narrow = several.narrow_for(plan.mix, kind, plan.narrow())  # choices: several right too
    return QuestionRequest(kind, request_id(state),
                           narrow=with_fact_age(narrow, state.settings.max_fact_age))


def with_fact_age(narrow: dict[str, Any] | None, years: int) -> dict[str, Any] | None:
    """A round's narrowing plus the game's "leave out facts dated more than N years ago"
    (the Hub counts the years back from the game's day: host/quiz/dated.py)."""
    return {**(narrow or {}), "max_age_years": years} if years else narrow


def timer(state: QuizState) -> TimerRequest | None:
    if state.stage == "answering" and buzz.is_buzz(state):
        return buzz.timer(state)
    if clip.holds_the_time(state):  # its clip has not played on the projector yet
        return None
    if paper.holds_the_reveal(state):  # the round's sheets are marked before its board
        return None
    seconds = {
        "intro": state.settings.intro_seconds,
        "wager": state.settings.wager_seconds,
        "answering": state.plan.seconds,
        "reveal": state.settings.reveal_seconds,
        "board": state.settings.board_seconds,
    }.get(state.stage, 0)
    if seconds <= 0:
        return None
    return TimerRequest(f"{state.stage}:{state.step}", float(seconds), state.stage)


# -- questions and answers -------------------------------------------------------


def check_question(content: Any, kind: str | None) -> dict[str, Any]:
    """A question as the engine takes it; `kind` None: choice or numeric (picked by hand)."""
    if not isinstance(content, dict):
        raise BadEvent("a question is an object")
    if kind is None:
        kind = content.get("kind") if content.get("kind") in QUESTION_KINDS else "choice"
    if content.get("kind") != kind:
        raise BadEvent(f"a {kind} question is needed, not {content.get('kind')!r}")
    if not isinstance(content.get("id"), str) or not isinstance(content.get("prompt"), str):
        raise BadEvent("a question needs a string id and prompt")
    answer = content.get("answer")
    if kind == "text":
        accept = content.get("accept")
        if (not isinstance(answer, str) or not isinstance(accept, list) or not accept
                or not all(isinstance(a, str) for a in accept)):
            raise BadEvent("a text question needs its answer and accepted answers as text")
        return content
    if kind == "order":  # items to put back in order (host/quiz_round/ordering.py)
        return ordering.check_content(content)
    if kind == "choice":
        options = content.get("options")
        low, high = CHOICE_OPTIONS
        if (not isinstance(options, list | tuple) or not low <= len(options) <= high
                or not all(isinstance(o, str) for o in options)):
            raise BadEvent(f"a choice question needs {low} to {high} text options")
        if several.is_several_content(content):  # tick every right answer (several.py)
            return several.check_content(content)
    if not is_int(answer):
        raise BadEvent("a question's answer is an integer")
    if kind == "choice" and not 0 <= answer < len(content["options"]):
        raise BadEvent("a choice question's answer is an option's index")
    return content


def true_false_in_order(content: dict[str, Any]) -> dict[str, Any]:
    """A true/false question's options as "Vrai, Faux" / "True, False" whatever the
    bank's shuffle (its answer index follows); any other question as it is."""
    options = list(content.get("options") or ())
    if not is_int(content.get("answer")):  # several right options: as drawn
        return content
    for pair in TRUE_FALSE.values():
        if len(options) == 2 and set(options) == set(pair) and options != list(pair):
            answer = pair.index(options[content["answer"]])
            return {**content, "options": list(pair), "answer": answer}
    return content


def _on_question(state: QuizState, event: Event) -> QuizState:
    if state.stage != "drawing":
        raise StaleEvent("no question is awaited now")
    if event.get("request_id") != request_id(state):
        raise StaleEvent(f"this question answers request {event.get('request_id')!r}, "
                         f"not {request_id(state)}")
    wanted = None if state.plan.ids else state.plan.kind_of(state.number)
    content = true_false_in_order(check_question(event.get("question"), wanted))
    shown, paused = event.get("t_ns"), event.get("paused_ns", 0)
    asked = Asked(request_id(state), content, int(shown) if is_int(shown) else None,
                  paused_ns=int(paused) if is_int(paused) else 0, wager=state.plan.wager,
                  stakes=state.stakes if state.plan.wager else ())
    state = _go(state, "answering", asked=asked, outcome=None,
                questions_asked=state.questions_asked + 1, buzz_marks=(),
                **clip.opened(content))
    if buzz.is_buzz(state):
        state = replace(state, buzz=buzz.opened(state, asked.shown_ns or 0))
    return state


def _on_answer(state: QuizState, event: Event) -> QuizState:
    seat = _seat_of(state, event)
    asked = state.asked
    if state.stage in ("review", "reveal", "board") and asked is not None:
        raise StaleEvent("answers are closed for this question")
    if state.stage != "answering" or asked is None:
        raise OutOfTurn("no question is open for answers now")
    if buzz.is_buzz(state):
        raise OutOfTurn("this is a buzz question: buzz, then answer aloud")
    if seat in state.paper:
        raise BadEvent("a paper team's answers are entered from its sheet after the reveal")
    knockout.check_answer(state, seat)  # a team out of a knock-out round answers no more
    if asked.answer_of(seat) is not None:
        raise StaleEvent("your team has already locked in its answer")
    value, t_ns = paper.checked_value(asked.content, event.get("value")), event.get("t_ns")
    if not is_int(t_ns):
        raise BadEvent("an answer needs its lock-in time t_ns (integer)")
    kept = value if isinstance(value, str | list) else int(value)
    paused = event.get("paused_ns", 0)
    lock_in = Answer(seat, kept, int(t_ns), int(paused) if is_int(paused) else 0)
    answered = replace(asked, answers=asked.answers + (lock_in,))
    state = replace(state, asked=answered)
    if knockout.all_answered(state):  # every team (still in, in a knock-out round)
        return _close(state)
    return state


def _close(state: QuizState) -> QuizState:
    """The end of the answers: typed answers go to the host's review first (when any
    team typed one), the rest are revealed at once."""
    asked = state.asked
    if typed.is_text(asked) and asked is not None and asked.answers:
        return _go(state, "review")
    return _reveal(state)


def _reveal(state: QuizState) -> QuizState:
    """Close the answers and score them."""
    assert state.asked is not None
    if buzz.is_buzz(state):
        outcome = buzz.outcome(state)
    else:
        outcome = score_question(state.asked, state.plan, state.settings, state.names)
    wager.settle(state.asked, outcome, state.names)  # a stake won or lost, not doubled
    # a joker played for this round doubles the team's points (speed part included)
    gained = corrections.doubled(state, state.round, outcome)
    runs, streaks = state.runs, dict[int, int]()
    if not buzz.is_buzz(state):  # the streak bonus, after the joker (streak.py)
        runs, streaks = streak.pay(state.plan, state.runs, outcome)
        gained = {seat: points + streaks.get(seat, 0) for seat, points in gained.items()}
    gained, risk = wipeout.at_reveal(state, outcome, gained)  # a wipeout, a double decided
    for near in outcome.get("closest", ()):  # the projector's list: the same figure
        near["points"] = gained[near["seat"]]
        near["joker"] = state.joker_on(near["seat"])
    scores = tuple(score + gained.get(seat, 0) for seat, score in enumerate(state.scores))
    played = Played(state.asked, state.round, state.number, tuple(sorted(gained.items())),
                    streaks=tuple(sorted(streaks.items())), risk=risk)
    state = replace(state, scores=scores, runs=runs, played=state.played + (played,))
    state = knockout.at_reveal(state, outcome, state.number + 1 >= state.plan.questions)
    return _go(state, "reveal", outcome=outcome)


# -- moving on -------------------------------------------------------------------


def _to_question(state: QuizState, number: int) -> QuizState:
    """The round's question `number`: drawn at once, or after the teams' stakes in a wager
    round (wager.py)."""
    if state.plan.wager:
        return _go(state, "wager", number=number, asked=None, stakes=())
    return _go(state, "drawing", number=number, asked=None)


def _after_reveal(state: QuizState) -> QuizState:
    more = state.number + 1 < state.plan.questions and not knockout.decided(state)
    if more:
        every = state.settings.board_every
        if state.settings.leaderboard == "question" or (every and (state.number + 1) % every == 0):
            return _go(state, "board", round_end=False)
        return _to_question(state, state.number + 1)
    if state.settings.leaderboard != "end" or state.last_round:
        return _go(state, "board", round_end=True)
    return _next_round(state)


def _after_board(state: QuizState) -> QuizState:
    if not state.round_end:
        return _to_question(state, state.number + 1)
    if state.last_round:
        return _go(state, "over")
    return _next_round(state)


def _next_round(state: QuizState) -> QuizState:
    state = catchup.at_half_time(state)  # the half-time round closing: its catch-up, once
    return _go(state, "intro", round=state.round + 1, number=0, asked=None, outcome=None,
               round_start=state.scores, round_end=False, doubles=(), out=())


def _advance(state: QuizState) -> QuizState:
    """The end of a wait: by its timer or the host's `next`."""
    if state.stage == "intro":
        return _to_question(state, 0)
    if state.stage == "wager":
        return _go(state, "drawing")
    if state.stage == "answering":
        return _close(state)
    if state.stage == "review":
        return _reveal(state)
    if state.stage == "reveal":
        return _after_reveal(state)
    if state.stage == "board":
        return _after_board(state)
    raise OutOfTurn(f"nothing to move on from at stage {state.stage}")


def _on_timeout(state: QuizState, event: Event) -> QuizState:
    running = timer(state)
    if running is None or event.get("timer") != running.timer_id:
        raise StaleEvent(f"timer {event.get('timer')!r} is not running now")
    if running.label == "settle":
        return buzz.settled(state)
    return _advance(state)


def _on_next(state: QuizState, event: Event) -> QuizState:
    if state.stage == "answering":
        raise OutOfTurn("the answers are open: close them first")
    if state.stage == "drawing":
        raise OutOfTurn("a question is being drawn")
    return _advance(state)


def _on_close(state: QuizState, event: Event) -> QuizState:
    if state.stage != "answering":
        raise OutOfTurn("no question is open for answers")
    return _close(state)


def _on_skip(state: QuizState, event: Event) -> QuizState:
    """Drop the open question (a bad one): another is drawn in its place, nobody scores."""
    if state.stage != "answering":
        raise OutOfTurn("only an open question can be skipped")
    if state.plan.ids:  # a question picked by hand has no stand-in: the round goes on
        state = knockout.at_skip(state)  # a knock-out round's last: the survivors' bonus
        return _after_reveal(replace(state, asked=None, skipped=state.skipped + 1))
    return _go(state, "drawing", asked=None, skipped=state.skipped + 1)


def _on_adjust(state: QuizState, event: Event) -> QuizState:
    """The host's bonus or penalty for a team, with its reason (shown on the projector)."""
    seat = _seat_of(state, event)
    points, reason = event.get("points"), event.get("reason")
    if not is_int(points) or points == 0 or abs(points) > MAX_ADJUST:
        raise BadEvent(f"a score edit is a whole number of points from -{MAX_ADJUST} to "
                       f"{MAX_ADJUST}, not 0")
    if not isinstance(reason, str) or not reason.strip():
        raise BadEvent("a score edit needs its reason")
    if len(reason) > MAX_REASON:
        raise BadEvent(f"a reason has at most {MAX_REASON} characters")
    scores = tuple(s + (points if i == seat else 0) for i, s in enumerate(state.scores))
    edit = Adjustment(seat, int(points), reason.strip())
    return replace(state, scores=scores, adjustments=state.adjustments + (edit,))


def joker_open(state: QuizState, seat: int) -> bool:
    """A team plays its one joker of the night on a round's title card, before it starts."""
    return state.stage == "intro" and state.jokers[seat] < 0


def _on_joker(state: QuizState, event: Event) -> QuizState:
    seat = _seat_of(state, event)
    if state.jokers[seat] >= 0:
        raise StaleEvent("your team has already played its joker")
    if state.stage != "intro":
        raise OutOfTurn("a joker is played before a round starts, on its title card")
    jokers = tuple(state.round if i == seat else j for i, j in enumerate(state.jokers))
    return replace(state, jokers=jokers)


def _on_double(state: QuizState, event: Event) -> QuizState:
    return wipeout.on_double(state, _seat_of(state, event))


def _on_stake(state: QuizState, event: Event) -> QuizState:
    state = wager.on_stake(state, _seat_of(state, event), event)
    return _go(state, "drawing") if wager.all_staked(state) else state


def _on_buzz(state: QuizState, event: Event) -> QuizState:
    return buzz.on_buzz(state, _seat_of(state, event), event)


def _on_mark(state: QuizState, event: Event) -> QuizState:
    state, done = buzz.mark(state, event, event.get("type") == "right")
    return _reveal(state) if done else state


def _on_end(state: QuizState, event: Event) -> QuizState:
    return _go(state, "over")


HANDLERS = {
    "question": _on_question,
    "answer": _on_answer,
    "timeout": _on_timeout,
    "next": _on_next,
    "close": _on_close,
    "skip": _on_skip,
    "adjust": _on_adjust,
    "end": _on_end,
    "joker": _on_joker,
    "stake": _on_stake,
    "double": _on_double,  # double or nothing (wipeout.py)
    "buzz": _on_buzz,
    "right": _on_mark,
    "wrong": _on_mark,
    "accept": typed.on_ruling,
    "reject": typed.on_ruling,
    "correct": corrections.on_correct,  # after the reveal, without undo
    "void": corrections.on_void,
    "paper": paper.on_paper,  # a paper team's answer from its sheet (paper.py)
    "clip_play": clip.on_clip,
    "clip_pause": clip.on_clip,
    "clip_replay": clip.on_clip,
    "clip_heard": clip.on_clock,
    "clip_no_sound": clip.on_clock,
}


def apply_event(state: QuizState, event: Event) -> QuizState:
    if state.stage == "over":
        raise StaleEvent("the quiz is over")
    handler = HANDLERS.get(str(event.get("type")))
    if handler is None:
        raise BadEvent(f"unknown event {event.get('type')!r}")
    try:
        return clip.hushed_for_the_floor(state, handler(state, event))
    except GameError:
        raise
    except (KeyError, TypeError, ValueError) as err:  # a malformed event, never a crash
        raise BadEvent(f"bad event: {err}") from None
