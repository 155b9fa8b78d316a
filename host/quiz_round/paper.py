"""Paper teams: a table without phones answers on a printed answer sheet
(host/routes/printing.py), and the host enters its answers from the sheet.

A paper team is a seat the host marked so before the start (`paper` in the seat, from the
host page or the night's plan); no phone may take it. A pub host collects the sheets at a
round's end and marks them, so an answer is entered for a revealed question of the round
under way (`{"type": "paper", "seat": s, "question": i, "value": v}`, `i` the index the host
view's `played` gives), until the round's board shows: the round's last reveal waits for the
host (no timer) while the game has paper teams. Entering again replaces the team's answer (a
mark misread is cheap). The question is scored again with the answer among the others, by
the same rules as phones' (docs/rules/quiz-round.md, "Paper teams"): no speed bonus (no tap
time), no streak bonus (the streak is paid at the reveal); a number question's places are
taken with it, so a paper answer may move another team's points: then the change is listed
as a correction, which the board shows. A buzz or wager question is not answered on paper.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, TypeGuard

from host.games.contract import BadEvent, Event, OutOfTurn, StaleEvent
from host.quiz_round import corrections, ordering, several, typed, wager
from host.quiz_round.scoring import score_question
from host.quiz_round.state import Answer, Played, QuizState

MAX_NUMBER = 10**15  # an answer beyond this is a typo, not a guess


def _is_int(value: Any) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def checked_value(content: dict[str, Any], value: Any) -> int | str | list[int]:
    """A team's answer to this question as the rules keep it (a phone's or a sheet's)."""
    if content.get("kind") == "text":
        return typed.check_typed(value)
    if content.get("kind") == "order":
        return ordering.check_answer(value, content)
    if several.is_several_content(content):  # the ticks, locked in as one answer
        return several.check_answer(value, content)
    if not _is_int(value):
        raise BadEvent("an answer is a whole number (an option's index for a choice)")
    if content["kind"] == "choice":
        count = len(content["options"])
        if not 0 <= value < count:
            raise BadEvent(f"a choice answer is an option from 0 to {count - 1}")
    elif abs(value) > MAX_NUMBER:
        raise BadEvent("that number is too large")
    return int(value)


def phone_teams(state: QuizState) -> int:
    """The teams that answer on phones: the answers close by themselves once all have."""
    return state.seats - len(state.paper)


def holds_the_reveal(state: QuizState) -> bool:
    """The round's last reveal waits for the host while paper sheets are to be marked."""
    return (bool(state.paper) and state.stage == "reveal"
            and state.number + 1 >= state.plan.questions)


def open_questions(state: QuizState) -> list[int]:
    """The revealed questions whose paper answers may be entered now (indexes into
    `played`): the round under way's, until its board shows."""
    if not state.paper or state.stage == "over" or (state.stage == "board" and state.round_end):
        return []
    return [i for i, p in enumerate(state.played) if p.round == state.round]


def _played(state: QuizState, event: Event) -> tuple[int, Played]:
    index = event.get("question")
    if not _is_int(index) or not 0 <= index < len(state.played):
        raise BadEvent(f"no revealed question {index!r} to enter an answer for")
    if state.stage == "over":
        raise OutOfTurn("the quiz is over")
    if index not in open_questions(state):
        raise StaleEvent("that round's answer sheets are closed: its leaderboard was shown")
    played = state.played[index]
    if played.void:
        raise StaleEvent("that question is voided already")
    if state.settings.rounds[played.round].mix == "buzz":
        raise BadEvent("a buzz question is answered aloud, not on paper")
    if played.asked.wager:
        raise BadEvent("a wager question is staked on a phone: give a paper team its points "
                       "with a score edit")
    return index, played


def on_paper(state: QuizState, event: Event) -> QuizState:
    """The host enters a paper team's answer to a revealed question of this round."""
    seat = event.get("seat")
    if not _is_int(seat) or not 0 <= seat < state.seats:
        raise BadEvent(f"no seat {seat!r} in this game")
    if seat not in state.paper:
        raise BadEvent("that team answers on its phones, not on paper")
    index, played = _played(state, event)
    asked = played.asked
    value = checked_value(asked.content, event.get("value"))
    answers = tuple(a for a in asked.answers if a.seat != seat)
    entered = replace(asked, answers=tuple(sorted(answers + (Answer(seat, value, 0, paper=True),),
                                                  key=lambda a: a.seat)))
    plan = state.settings.rounds[played.round]
    outcome = score_question(entered, plan, state.settings, state.names)
    wager.settle(entered, outcome, state.names)
    gains = corrections.doubled(state, played.round, outcome)
    for other, extra in played.streaks:  # the streak bonus stays as paid at its reveal
        gains[other] = gains.get(other, 0) + extra
    others_moved = any(gains.get(other, 0) != points for other, points in played.gains
                       if other != seat)
    return corrections.apply_gains(state, index, replace(played, asked=entered), gains, "paper",
                                   state.names[seat], outcome, listed=others_moved)


def host(state: QuizState) -> dict[str, Any] | None:
    """The host page's answer sheets: the paper teams, and for each question open to entry
    its prompt, kind, options and each paper team's answer so far (None without paper
    teams)."""
    if not state.paper:
        return None
    rows = []
    for index in open_questions(state):
        played = state.played[index]
        content = played.asked.content
        entered = {a.seat: a.value for a in played.asked.answers if a.paper}
        rows.append({"question": index, "number": played.number + 1,
                     "prompt": content.get("prompt", ""), "kind": content.get("kind"),
                     "options": content.get("options", []), "unit": content.get("unit"),
                     "void": played.void, "open": not played.void and not played.asked.wager
                     and state.settings.rounds[played.round].mix != "buzz",
                     "answers": {str(seat): entered.get(seat) for seat in state.paper},
                     "points": {str(seat): dict(played.gains).get(seat, 0)
                                for seat in state.paper}})
    return {"teams": [{"seat": seat, "name": state.names[seat]} for seat in state.paper],
            "round": state.round + 1, "questions": rows, "waiting": holds_the_reveal(state)}
