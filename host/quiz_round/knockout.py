"""The knock-out round (`knockout: true`; docs/rules/quiz-round.md, "The knock-out round"):
a team whose answer is not right, or who gave none, is out until the round ends; the round
ends at the reveal that leaves `knockout_survivors` or fewer teams in (or when its questions
run out), and the teams still in earn `knockout_bonus` (Crowdpurr's survivor mode, CraftyQuiz's
knock-outs; the last teams standing win the round).

A team out cannot answer (refused, with why) and the answers close once every team still in
has answered. If every team still in would fall on the same question, none falls: a round
with nobody left standing would have no winner. Answers score as in any round while a team
is in. The knock-outs are decided at each reveal (`out`, reset at each round's title card),
so undo and a replay decide them again; a correction or a void after the reveal brings no
team back and knocks none out, as the streak's runs are not recounted.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from host.games.contract import OutOfTurn
from host.quiz_round.state import QuizState

SHOWN = 40  # names listed on the projector: the teams that fell, the survivors


def is_out(state: QuizState, seat: int) -> bool:
    return any(s == seat for s, _ in state.out)


def still_in(state: QuizState) -> list[int]:
    """The teams still standing. A paper team is never in the knock-out: its sheet is marked
    after the reveal that decides who falls (host/quiz_round/paper.py)."""
    fallen = {s for s, _ in state.out}
    return [seat for seat in range(state.seats) if seat not in fallen and seat not in state.paper]


def check_answer(state: QuizState, seat: int) -> None:
    """A team out of a knock-out round answers nothing more in it."""
    if state.plan.knockout and is_out(state, seat):
        raise OutOfTurn("your team is out until the round ends")


def all_answered(state: QuizState) -> bool:
    """Every team still in has answered (a team out never will; a paper team's answers come
    after the reveal)."""
    asked = state.asked
    if asked is None:
        return False
    if not state.plan.knockout:
        return len(asked.answers) >= state.seats - len(state.paper)
    return all(asked.answer_of(seat) is not None for seat in still_in(state))


def decided(state: QuizState) -> bool:
    """The round is won: some team fell and no more than the survivors' number is still in."""
    plan = state.plan
    return plan.knockout and bool(state.out) and len(still_in(state)) <= plan.knockout_survivors


def at_reveal(state: QuizState, outcome: dict[str, Any], ends: bool) -> QuizState:
    """Knock out every team still in whose answer is not right (or missing), unless that is
    all of them; when this reveal ends the round (`ends`: its last question) or decides it,
    the teams still in earn the bonus. Marks the rows and adds `knockout` to the outcome (the
    caller's new one); returns the state with its `out` and scores."""
    plan = state.plan
    if not plan.knockout:
        return state
    right = {row["seat"] for row in outcome["rows"] if row["right"]}
    standing = still_in(state)
    falling = [seat for seat in standing if seat not in right]
    stay = len(falling) == len(standing)  # all of them wrong: nobody falls
    if stay:
        falling = []
    state = replace(state, out=state.out + tuple((seat, state.number) for seat in falling))
    for row in outcome["rows"]:
        if row["seat"] in falling:
            row["out"] = True
    survivors = still_in(state)
    over = ends or decided(state)
    shown: dict[str, Any] = {
        "fell": [state.names[seat] for seat in falling[:SHOWN]], "fell_count": len(falling),
        "all_stay": stay and bool(standing), "in": len(survivors), "over": over,
    }
    if over:
        bonus = plan.knockout_bonus
        shown.update(survivors=[state.names[seat] for seat in survivors[:SHOWN]], bonus=bonus)
        for row in outcome["rows"]:
            if row["seat"] in survivors and bonus:
                row["survivor"] = bonus
        state = pay(state, survivors)
    outcome["knockout"] = shown
    return state


def pay(state: QuizState, survivors: list[int]) -> QuizState:
    """The survivors' bonus: the round's, not a question's (a void of the question it was
    paid at keeps it)."""
    bonus = state.plan.knockout_bonus
    if not bonus:
        return state
    chosen = set(survivors)
    return replace(state, scores=tuple(score + (bonus if seat in chosen else 0)
                                       for seat, score in enumerate(state.scores)))


def at_skip(state: QuizState) -> QuizState:
    """A hand-picked last question skipped ends the round with no reveal: the teams still
    in earn the bonus all the same."""
    if state.plan.knockout and state.number == state.plan.questions - 1:
        return pay(state, still_in(state))
    return state


def marks(state: QuizState, seat: int) -> dict[str, Any]:
    """A leaderboard row's mark in a knock-out round: out."""
    if not state.plan.knockout or seat in state.paper:
        return {}
    return {"out": True} if is_out(state, seat) else {"in": True}


def room(state: QuizState) -> dict[str, Any] | None:
    """The room's part: how many are still in and the round's target and bonus."""
    plan = state.plan
    if not plan.knockout:
        return None
    return {"survivors": plan.knockout_survivors, "bonus": plan.knockout_bonus,
            "in": len(still_in(state)), "out": len(state.out)}


def you(state: QuizState, seat: int) -> dict[str, Any] | None:
    """A phone's own: out (and on which question of the round) or still in."""
    if not state.plan.knockout:
        return None
    at = next((number for s, number in state.out if s == seat), None)
    return {"out": at is not None, "at": None if at is None else at + 1}
