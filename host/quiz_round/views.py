"""What the projector, the phones and the host page see of a quiz round.

The room's part (projector, and the part every phone shares) never holds the answer
before the reveal: the open question goes out without its answer, id and source. A
phone adds its own team's lock-in and result (`you`); the host page adds the answer,
every team's answer as it comes in, and each answer's points at the reveal.
"""

from __future__ import annotations

from typing import Any

from host.games.contract import View
from host.games.ranking import by_score
from host.quiz_round import (
    buzz, catchup, clip, corrections, knockout, paper, reveal, typed, wager, wipeout)
from host.quiz_round.state import QuizState

# "several": a choice with several right options (the phone shows ticks, not buttons)
PUBLIC_QUESTION_KEYS = ("kind", "prompt", "options", "unit", "image", "image_on_phones",
                        "category", "difficulty", "language", "audio", "clip", "several")
PROJECTOR_ONLY = ("audio", "clip")  # a sound plays from the projector, never a phone
SHOWN_EDITS = 3  # the latest score edits the projector lists
PHONE_TOP = 5  # the leaders a phone lists (its own place is in `you`): 200 rows are 16 KB


def ranking(state: QuizState) -> tuple[list[int], dict[int, int]]:
    """Seats best first (score, then seat number) and each seat's place (ties share)."""
    return by_score(state.scores)


def _players(state: QuizState) -> list[dict[str, Any]]:
    order, place = ranking(state)
    start = state.round_start or tuple(0 for _ in state.names)
    given = dict(state.catch_up) if catchup.given_now(state) else {}
    return [{"seat": s, "name": state.names[s], "score": state.scores[s], "place": place[s],
             "round": state.scores[s] - start[s], "joker": state.joker_on(s),
             **wipeout.marks(state, s), **knockout.marks(state, s),
             **({"paper": True} if s in state.paper else {}),
             "catch_up": given.get(s, 0)} for s in order]


def _public_outcome(outcome: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in outcome.items() if key != "rows"}


def room_view(state: QuizState) -> View:
    plan = state.plan
    asked = state.asked
    showing = state.stage in ("answering", "review", "reveal") and asked is not None
    question = None
    if showing:
        assert asked is not None
        question = {k: asked.content[k] for k in PUBLIC_QUESTION_KEYS if k in asked.content}
    revealed = state.stage == "reveal" and state.outcome is not None
    shown: View = {
        "stage": state.stage,
        "step": state.step,
        "round": state.round + 1,
        "rounds": len(state.settings.rounds),
        "round_title": plan.title,
        "number": state.number + 1,
        "of": plan.questions,
        "seconds": plan.seconds,
        "points": plan.points,
        "speed_bonus": plan.paid_speed_bonus,
        "mix": plan.mix,
        "reveal_steps": plan.reveal_steps,  # the round's pictures revealed by steps (0: not)
        "numeric_scoring": state.settings.numeric_scoring,
        "tolerance_pct": state.settings.tolerance_pct,
        "question": question,
        "answered": len(asked.answers) if showing and asked is not None else 0,
        "teams": paper.phone_teams(state),  # those answering on phones (paper: after)
        "players": _players(state),
        "round_end": state.stage == "board" and state.round_end,
        "final": state.stage == "over" or (state.stage == "board" and state.round_end
                                           and state.last_round),
        "edits": [{"seat": e.seat, "name": state.names[e.seat], "points": e.points,
                   "reason": e.reason} for e in state.adjustments[-SHOWN_EDITS:]],
        "corrections": corrections.room(state),  # the host's latest corrections, with why
        "over": state.stage == "over",
        "buzz": buzz.room(state),
        "clip": clip.room(state),
        "wager": wager.room(state),  # a wager round: its floor, cap and stakes in (no figure)
        "risk": wipeout.room(state),  # a wipeout or double-or-nothing round
        "knockout": knockout.room(state),  # a knock-out round: how many are still in
        "reveal": reveal.room(state),  # a picture revealed by steps: its steps and tiles
        "catch_up": catchup.room(state),  # the half-time handicap: its rule, then who got what
    }
    if revealed and state.outcome is not None:  # absent before: no key named for an answer
        shown["outcome"] = _public_outcome(state.outcome)
    return shown


def phone_room(room: View) -> View:
    """The phones' shared part: the room's, with only the leaders of the standings, and
    without the question's sound (the projector plays it)."""
    shown = {**room, "players": room["players"][:PHONE_TOP], "clip": None}
    question = reveal.phone_question(room) or room.get("question")  # no picture yet
    if question and any(key in question for key in PROJECTOR_ONLY):
        question = {k: v for k, v in question.items() if k not in PROJECTOR_ONLY}
    shown["question"] = question
    return shown


def places_of(room: View) -> dict[int, int]:
    return {row["seat"]: row["place"] for row in room["players"]}


def _you(state: QuizState, seat: int, place: dict[int, int]) -> dict[str, Any]:
    asked = state.asked
    mine = asked.answer_of(seat) if asked is not None and state.stage in (
        "answering", "review", "reveal") else None
    result = None
    if state.stage == "reveal" and state.outcome is not None:
        result = next((r for r in state.outcome["rows"] if r["seat"] == seat), None)
    joker = state.jokers[seat] if state.jokers else -1
    return {
        "seat": seat,
        "locked": None if mine is None else mine.value,  # the team's own lock-in
        "result": result,
        "place": place[seat],
        "rank": place[seat],  # the phone page's name for the final place
        "score": state.scores[seat],
        "joker": "unplayed" if joker < 0 else ("on" if joker == state.round else "played"),
        "buzz": buzz.status(state, seat),
        "wager": wager.you(state, seat),  # its own stake, and the most it may stake now
        "run": state.runs[seat] if state.runs else 0,  # right answers in a row (streak bonus)
        "risk": wipeout.you(state, seat),  # doubled, may double, wiped out
        "knockout": knockout.you(state, seat),  # out (since which question) or in
        "catch_up": catchup.of_seat(state, seat),  # what the half-time catch-up gave it
    }


def view(state: QuizState, audience: str, room: View | None = None,
         phones: View | None = None, places: dict[int, int] | None = None) -> View:
    """`room`, `phones`, `places`: the shared parts and places when the caller has built
    them already (once per state, not once per seat: 200 seats)."""
    room = room if room is not None else room_view(state)
    if audience.startswith("seat:"):
        shown = dict(phones if phones is not None else phone_room(room))
        shown["you"] = _you(state, int(audience[5:]),
                            places if places is not None else places_of(room))
        return shown
    shown = dict(room)
    if audience == "host":
        asked = state.asked
        if asked is not None and state.stage in ("answering", "review", "reveal"):
            shown["truth"] = {"id": asked.content.get("id"), "answer": asked.content["answer"],
                              "source": asked.content.get("source", "")}
            shown["answers"] = [{"seat": a.seat, "name": state.names[a.seat], "value": a.value}
                                for a in asked.answers]
            if typed.is_text(asked):  # the review queue (host page only)
                shown["truth"]["accept"] = asked.content.get("accept", [])
                shown["groups"] = typed.groups(asked)
        if state.stage == "reveal" and state.outcome is not None:
            shown["rows"] = state.outcome["rows"]
        shown["all_edits"] = [{"seat": e.seat, "points": e.points, "reason": e.reason}
                              for e in state.adjustments]
        shown["skipped"] = state.skipped
        shown["stakes"] = wager.host(state)  # every team's stake (a wager round)
        shown["played"] = corrections.host(state)  # what the host may correct
        shown["paper"] = paper.host(state)  # the paper teams' sheets to enter (paper.py)
        shown["plan"] = [{"title": r.title, "questions": r.questions, "seconds": r.seconds,
                          "points": r.points, "speed_bonus": r.paid_speed_bonus, "mix": r.mix,
                          "wager": r.wager, "wipeout": r.wipeout,
                          "double_or_nothing": r.double_or_nothing, "knockout": r.knockout,
                          "knockout_survivors": r.knockout_survivors,
                          "reveal_steps": r.reveal_steps}
                         for r in state.settings.rounds]
    return shown
