"""Correcting a revealed question without undo: the host changes a typed ruling (`correct`)
or voids a question (`void`), at its reveal or later, with a reason; the scores follow and
the board shows the correction (docs/rules/quiz-round.md, "Corrections").

Undo takes back the host's last decision and replays what came after; a correction is a
decision of its own, made later, that changes one past question and nothing else: the
questions asked since keep their answers. Each revealed question is kept (`Played`) with
what it gained each team, so a correction computes the difference: a ruling re-scores the
question with the new ruling (speed bonus and joker as at its reveal), a void takes its
gains back. Both are events (journaled, undoable, replayed).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from host.games.contract import BadEvent, Event, OutOfTurn, StaleEvent
from host.quiz.matching import key_of
from host.quiz_round import typed, wager, wipeout
from host.quiz_round.scoring import score_question
from host.quiz_round.state import Correction, Played, QuizState

MAX_REASON = 80


def doubled(state: QuizState, round_: int, outcome: dict[str, Any]) -> dict[int, int]:
    """Each answering seat's points from an outcome, a joker played for `round_` doubling
    them (the rows are marked and changed in place: the outcome is the caller's new one)."""
    for row in outcome["rows"]:
        if "stake" in row:  # a stake won or lost is the team's own figure (wager.py)
            continue
        if bool(state.jokers) and state.jokers[row["seat"]] == round_:
            row["points"] *= 2
            row["bonus"] *= 2  # the speed's part of them, doubled too
            row["joker"] = True
    return {row["seat"]: row["points"] for row in outcome["rows"]}


def _reason(event: Event) -> str:
    reason = event.get("reason")
    if not isinstance(reason, str) or not reason.strip():
        raise BadEvent("a correction needs its reason")
    if len(reason) > MAX_REASON:
        raise BadEvent(f"a reason has at most {MAX_REASON} characters")
    return reason.strip()


def _played(state: QuizState, event: Event) -> tuple[int, Played]:
    if state.stage == "over":
        raise OutOfTurn("the quiz is over")
    index = event.get("question")
    if isinstance(index, bool) or not isinstance(index, int) or not (
            0 <= index < len(state.played)):
        raise BadEvent(f"no revealed question {index!r} to correct")
    played = state.played[index]
    if played.void:
        raise StaleEvent("that question is voided already")
    return index, played


def apply_gains(state: QuizState, index: int, played: Played, gains: dict[int, int], kind: str,
                reason: str, outcome: dict[str, Any] | None, listed: bool = True) -> QuizState:
    """The question's new gains: the scores change by the difference, the correction is
    listed (unless `listed` is false: a paper team's answer that moved no other team,
    host/quiz_round/paper.py); a question of an earlier round leaves this round's column
    as it was."""
    before = dict(played.gains)
    kept = replace(played, gains=tuple(sorted(gains.items())),
                   void=reason if kind == "void" else "")
    played_all = state.played[:index] + (kept,) + state.played[index + 1:]
    # a later wipe or double of the question's round follows the change (wipeout.py)
    played_all, delta = wipeout.carry(played_all, index, {
        seat: gains.get(seat, 0) - before.get(seat, 0) for seat in sorted(set(before) | set(gains))
        if gains.get(seat, 0) != before.get(seat, 0)})
    changes = tuple((seat, points) for seat, points in sorted(delta.items()) if points)
    scores = tuple(score + delta.get(seat, 0) for seat, score in enumerate(state.scores))
    start = state.round_start
    if played.round != state.round and start:
        start = tuple(score + delta.get(seat, 0) for seat, score in enumerate(start))
    showing = (state.stage == "reveal" and index == len(state.played) - 1
               and outcome is not None)
    return replace(state, scores=scores, round_start=start, played=played_all,
                   corrections=state.corrections + (
                       (Correction(index, kind, reason, changes),) if listed else ()),
                   outcome=outcome if showing else state.outcome)


def on_correct(state: QuizState, event: Event) -> QuizState:
    """A typed answers' group ruled again after the reveal: `{"question": i, "key": k,
    "right": bool, "reason": "..."}` (a review's ruling before the reveal is `accept`)."""
    index, played = _played(state, event)
    asked = played.asked
    if not typed.is_text(asked):
        raise BadEvent("only a typed answer's ruling can be corrected; void the question")
    right, key = event.get("right"), event.get("key")
    if not isinstance(right, bool):
        raise BadEvent("a correction says whether the answer is right (true or false)")
    accepted = typed.accepted_keys(asked.content)
    if not isinstance(key, str) or key not in {key_of(str(a.value), accepted)
                                               for a in asked.answers}:
        raise BadEvent(f"no team gave the answer {key!r}")
    reason = _reason(event)
    ruled = replace(asked, rulings=asked.rulings + ((key, right),))
    plan = state.settings.rounds[played.round]
    outcome = score_question(ruled, plan, state.settings, state.names)
    wager.settle(ruled, outcome, state.names)
    outcome["corrected"] = reason
    gains = doubled(state, played.round, outcome)
    for seat, extra in played.streaks:  # the streak bonus stays as paid at its reveal
        gains[seat] = gains.get(seat, 0) + extra
    gains, risk = wipeout.rescored(state, index, played, outcome, gains)
    return apply_gains(state, index, replace(played, asked=ruled, risk=risk), gains, "ruling",
                       reason, outcome)


def on_void(state: QuizState, event: Event) -> QuizState:
    """A revealed question voided (a wrong answer in the pack, a question read wrong):
    `{"question": i, "reason": "..."}`; nobody keeps its points, penalties included."""
    index, played = _played(state, event)
    reason = _reason(event)
    outcome = None
    if state.outcome is not None:
        outcome = {**state.outcome, "void": reason,
                   "rows": [{**row, "points": 0, "bonus": 0} for row in state.outcome["rows"]]}
    return apply_gains(state, index, played, {}, "void", reason, outcome)


def room(state: QuizState, latest: int = 3) -> list[dict[str, Any]]:
    """The latest corrections as the room reads them: which question, why, who gained or
    lost what."""
    shown = []
    for fix in state.corrections[-latest:]:
        played = state.played[fix.question]
        shown.append({"question": fix.question + 1, "round": played.round + 1,
                      "number": played.number + 1, "kind": fix.kind, "reason": fix.reason,
                      "changes": [{"seat": seat, "name": state.names[seat], "points": points}
                                  for seat, points in fix.changes]})
    return shown


def host(state: QuizState) -> list[dict[str, Any]]:
    """The revealed questions the host may correct, latest first, each with its typed
    answers' groups (text questions) and whether it is voided."""
    found = []
    for index in range(len(state.played) - 1, -1, -1):
        played = state.played[index]
        row: dict[str, Any] = {"question": index, "round": played.round + 1,
                               "number": played.number + 1,
                               "prompt": played.asked.content.get("prompt", ""),
                               "kind": played.asked.content.get("kind"), "void": played.void}
        if typed.is_text(played.asked):
            row["groups"] = [{k: g[k] for k in ("key", "shown", "teams", "right")}
                             for g in typed.groups(played.asked)]
        found.append(row)
    return found
