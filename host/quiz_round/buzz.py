"""The buzz round: the question on the projector, teams buzz, the first answers aloud.

A round with `mix: "buzz"` asks its (choice) questions this way, with the buzzer board's
pure arbiter (host/buzzer_board/arbiter.py, mode "first"): presses are ordered by their
host time (phones' mapped taps, GPIO and USB buttons through the same `buzz` action), a
press before the question shows locks that team out for `early_lockout_ms`, and a
decision waits for the slowest phone (`settle_ns`, from the socket layer). The team with
the floor answers aloud; the host marks it right (the round's points, and the question is
revealed) or wrong (`buzz_penalty` off, that team is out and the buzzers re-arm for the
others, with the question's full time again). When the time runs out, the host closes,
or every team is out, the answer is revealed.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from buzzers.press import Press
from host.buzzer_board import arbiter
from host.buzzer_board.arbiter import ArbiterSettings, Board
from host.buzzer_board.presses import heard_first, press_stamp, settle_timer, whole_ns
from host.games.contract import Event, OutOfTurn, StaleEvent, TimerRequest
from host.quiz_round.state import QuizState

MS = 1_000_000
_REFUSED = {
    "locked_out": "your team is out for this question",
    "early_lockout": "too early: your buzzer is locked for a moment",
    "duplicate": "your team has already buzzed",
    "ignored": "the buzzers are not live",
}
FLOOR_TAKEN = "another team has the floor: if it is wrong, you may buzz again"


def is_buzz(state: QuizState) -> bool:
    return state.plan.mix == "buzz"


def opened(state: QuizState, at_ns: int) -> Board:
    """The buzzers go live as the question shows (early lockouts from before carry over)."""
    board = state.buzz or arbiter.new_board(ArbiterSettings(
        mode="first", early_lockout_ns=state.settings.early_lockout_ms * MS))
    return arbiter.open_window(board, at_ns)


def on_buzz(state: QuizState, seat: int, event: Event) -> QuizState:
    board = state.buzz
    if state.stage != "answering" or board is None or not is_buzz(state):
        raise OutOfTurn("the buzzers are not live")
    t_ns, source = press_stamp(event)
    if board.phase == "armed" and not board.entries:  # the first press fixes the wait
        settle = whole_ns(event, "settle_ns", 0)
        board = replace(board, settings=replace(board.settings, settle_ns=settle))
    board, verdict = arbiter.submit(board, Press(t_ns, seat, source, whole_ns(event, "u_ns", 0)))
    if verdict == "early":
        return replace(state, buzz=board)
    if verdict == "ignored" and board.phase == "floor":  # no queue: the re-arm is the chance
        raise StaleEvent(FLOOR_TAKEN)
    if verdict != "accepted":
        raise StaleEvent(_REFUSED.get(verdict, verdict))
    board = heard_first(board, event, t_ns)
    if board.settings.settle_ns == 0:
        board, _ = arbiter.decide(board, min(e.t_ns for e in board.entries))
    return replace(state, buzz=board)


def timer(state: QuizState) -> TimerRequest | None:
    """The settle wait while a decision is pending; the question's time while the buzzers
    are live (again in full after a wrong answer); none while a team has the floor."""
    board = state.buzz
    if board is None or board.phase != "armed":
        return None
    if board.entries and board.decision is None and board.settings.settle_ns > 0:
        return settle_timer(f"settle:{state.step}:{len(board.out)}", board)
    return TimerRequest(f"buzz:{state.step}:{len(board.out)}", float(state.plan.seconds),
                        "answering")


def settled(state: QuizState) -> QuizState:
    board = state.buzz
    assert board is not None
    board, _ = arbiter.decide(board, min(e.t_ns for e in board.entries)
                              + board.settings.settle_ns)
    return replace(state, buzz=board)


def floor(state: QuizState) -> int | None:
    board = state.buzz
    if board is None or board.phase != "floor" or board.decision is None:
        return None
    winner = board.decision.winner
    return None if winner is None else winner.seat


def mark(state: QuizState, event: Event, right: bool) -> tuple[QuizState, bool]:
    """The host's right or wrong for the team with the floor: (state, question over)."""
    seat = floor(state)
    if state.stage != "answering" or not is_buzz(state) or seat is None:
        raise OutOfTurn("nobody has the floor")
    if "seat" in event and event["seat"] != seat:
        raise OutOfTurn(f"seat {event['seat']} does not have the floor")
    assert state.buzz is not None and state.asked is not None
    first = min((e.t_ns for e in state.buzz.entries), default=0)
    marks = state.buzz_marks + ((seat, right, first),)
    if right:
        return replace(state, buzz_marks=marks), True
    board = arbiter.wrong_answer(state.buzz, seat, whole_ns(event, "t_ns", first))
    state = replace(state, buzz=board, buzz_marks=marks)
    return state, len(board.out) >= state.seats


def outcome(state: QuizState) -> dict[str, Any]:
    """The reveal of a buzz question: each marked team's points, in the order they spoke."""
    asked = state.asked
    assert asked is not None
    zero = asked.shown_ns or 0
    plan = state.plan
    rows: list[dict[str, Any]] = [
        {"seat": seat, "value": None, "right": right, "bonus": 0, "place": None,
         "points": plan.points if right else -state.settings.buzz_penalty,
         "ms": max(0, t_ns - zero) // MS} for seat, right, t_ns in state.buzz_marks]
    winner = next((r for r in rows if r["right"]), None)
    explain = {"explain": asked.content["explain"]} if asked.content.get("explain") else {}
    return {
        **explain,
        "answer": asked.content["answer"],
        "rows": sorted(rows, key=lambda r: r["seat"]),
        "answered": len(rows),
        "right": sum(r["right"] for r in rows),
        "fastest": None if winner is None else {
            "seat": winner["seat"], "name": state.names[winner["seat"]], "ms": winner["ms"]},
        "buzz": [{"seat": r["seat"], "name": state.names[r["seat"]], "right": r["right"]}
                 for r in rows],
    }


def room(state: QuizState) -> dict[str, Any] | None:
    """What the room sees of the buzzers during a buzz question."""
    board = state.buzz
    if board is None or not is_buzz(state) or state.stage != "answering":
        return None
    seat = floor(state)
    return {"phase": board.phase, "floor": seat,
            "floor_name": None if seat is None else state.names[seat],
            "out": sorted(board.out),
            "marks": [{"seat": s, "name": state.names[s], "right": r}
                      for s, r, _ in state.buzz_marks]}


def status(state: QuizState, seat: int) -> str | None:
    """A phone's buzzer: live, buzzed, floor, out, early, or None outside a buzz question."""
    board = state.buzz
    if board is None or not is_buzz(state) or state.stage != "answering":
        return None
    if floor(state) == seat:
        return "floor"
    if seat in board.out:
        return "out"
    if seat in board.entered:
        return "buzzed"
    if board.locked_until(seat) is not None and board.phase == "armed" and (
            board.opens_at_ns is None or (board.locked_until(seat) or 0) > board.opens_at_ns):
        return "early"
    return "live" if board.phase == "armed" else "waiting"
