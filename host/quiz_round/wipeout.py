"""The round's points at risk: the wipeout round and double or nothing (docs/rules/quiz-round.md,
"Wipeout and double or nothing").

- **Wipeout** (`wipeout: true`): a wrong answer wipes out every point the team's answers earned
  in this round, its own included, and the team earns nothing more in the round (the pub
  quiz's "one wrong and you score 0 for the round"); no answer is safe.
- **Double or nothing** (`double_or_nothing: true`): until the round's last question is out,
  a team may choose, once, to double the round; at that question's reveal a right answer
  doubles what its answers earned in the round, anything else (no answer included) loses it.

Both are decided at a reveal and kept with the question (`Played.risk`): its gains hold the
loss or the double, so a void of that question takes them back; a correction of an earlier
question of the round follows them (`carry`: a wiped round stays at 0, a won double counts
the change twice). "Right" is the game's one: the right option, the closest number or within
the tolerance, every item in place, a typed answer accepted. Score edits are never at risk.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from host.games.contract import OutOfTurn, StaleEvent
from host.quiz_round.state import Played, QuizState, RoundPlan

SHOWN = 40  # the teams the projector names at a reveal
AT_RISK = ("intro", "wager", "drawing", "answering", "review", "reveal", "board")


def _in_round(played: tuple[Played, ...], round_: int, before: int | None = None
              ) -> list[Played]:
    """This round's questions that still count (the first `before` of the game's list)."""
    return [p for p in played[:before] if p.round == round_ and not p.void]


def round_points(played: list[Played], seat: int) -> int:
    """What a team's answers earned in these questions (joker, streak, wipes included)."""
    return sum(dict(p.gains).get(seat, 0) for p in played)


def wiped(played: list[Played], seat: int) -> bool:
    return any((seat, "wiped") in p.risk for p in played)


def last_is_out(state: QuizState) -> bool:
    """The round's last question is out (drawn, open, or revealed): too late to double."""
    last = state.number == state.plan.questions - 1
    if state.stage == "board":
        return state.round_end
    return last and state.stage in ("drawing", "answering", "review", "reveal")


def double_open(state: QuizState, seat: int) -> bool:
    """A team may double now: a double-or-nothing round before its last question is out, not
    doubled yet, its round not wiped out."""
    return (state.plan.double_or_nothing and state.stage in AT_RISK and not last_is_out(state)
            and seat not in state.doubles
            and not wiped(_in_round(state.played, state.round), seat))


def on_double(state: QuizState, seat: int) -> QuizState:
    """`{"type": "double", "seat": s}`: the team doubles its round, once, before the last
    question is out."""
    if not state.plan.double_or_nothing or state.stage not in AT_RISK:
        raise OutOfTurn("this round has no double or nothing")
    if seat in state.doubles:
        raise StaleEvent("your team has already doubled this round")
    if last_is_out(state):
        raise StaleEvent("too late: the round's last question is out")
    if wiped(_in_round(state.played, state.round), seat):
        raise OutOfTurn("your team is wiped out this round: nothing to double")
    return replace(state, doubles=state.doubles + (seat,))


def settle(plan: RoundPlan, before: list[Played], doubles: tuple[int, ...], last: bool,
           outcome: dict[str, Any], gained: dict[int, int], names: tuple[str, ...]
           ) -> tuple[dict[int, int], tuple[tuple[int, str], ...]]:
    """A reveal's gains once the round's risk is decided, and what it decided (seat, "wiped",
    "won", "lost"). `before`: the round's questions that count, before this one; `last`: this
    is the round's last question (a double is decided). The rows are marked in place (the
    outcome is the caller's new one): `wiped` (the points lost), `wiped_out` (earns nothing
    more), `double` ("won" or "lost") and their points; `risk` says who, for the projector."""
    gains = dict(gained)
    risk: list[tuple[int, str]] = []
    rows = {row["seat"]: row for row in outcome["rows"]}
    if plan.wipeout:
        for seat, row in rows.items():
            if wiped(before, seat):  # wiped out earlier in the round: nothing more
                row.update(points=0, bonus=0, wiped_out=True)
                gains[seat] = 0
            elif not row["right"]:
                lost = round_points(before, seat) + gains.get(seat, 0)
                gains[seat] = -round_points(before, seat)
                row.update(points=gains[seat], bonus=0, wiped=lost)
                risk.append((seat, "wiped"))
    if plan.double_or_nothing and last:
        for seat in sorted(doubles):
            so_far = round_points(before, seat)
            row = rows.get(seat)
            if row is None:  # no answer: the double is lost (a row with no value)
                row = {"seat": seat, "value": None, "right": False, "points": 0, "bonus": 0,
                       "place": None, "ms": 0}
                outcome["rows"].append(row)
                rows[seat] = row
            if row["right"]:
                gains[seat] = 2 * gains.get(seat, 0) + so_far
                row.update(points=gains[seat], double="won", doubled=so_far + gains[seat])
                risk.append((seat, "won"))
            else:
                gains[seat] = -so_far
                row.update(points=gains[seat], bonus=0, double="lost", lost=so_far)
                risk.append((seat, "lost"))
        outcome["rows"].sort(key=lambda r: r["seat"])
    if risk:
        figure = {"wiped": "wiped", "won": "doubled", "lost": "lost"}
        outcome["risk"] = {"wiped": sum(1 for _, r in risk if r == "wiped"),
                           "won": sum(1 for _, r in risk if r == "won"),
                           "lost": sum(1 for _, r in risk if r == "lost"),
                           "teams": [{"seat": seat, "name": names[seat], "kind": r,
                                      "points": rows[seat][figure[r]]}
                                     for seat, r in sorted(risk, key=lambda x: x[1])[:SHOWN]]}
    return gains, tuple(sorted(risk))


def at_reveal(state: QuizState, outcome: dict[str, Any], gained: dict[int, int]
              ) -> tuple[dict[int, int], tuple[tuple[int, str], ...]]:
    """`settle` for the question being revealed now."""
    plan = state.plan
    if not (plan.wipeout or plan.double_or_nothing):
        return gained, ()
    last = state.number == plan.questions - 1
    return settle(plan, _in_round(state.played, state.round), state.doubles, last, outcome,
                  gained, state.names)


def rescored(state: QuizState, index: int, played: Played, outcome: dict[str, Any],
             gains: dict[int, int]) -> tuple[dict[int, int], tuple[tuple[int, str], ...]]:
    """A corrected question's gains with its round's risk decided again (the teams that
    doubled are those its reveal decided a double for)."""
    plan = state.settings.rounds[played.round]
    if not (plan.wipeout or plan.double_or_nothing):
        return gains, ()
    doubles = tuple(seat for seat, r in played.risk if r in ("won", "lost"))
    last = played.number == plan.questions - 1
    return settle(plan, _in_round(state.played, played.round, index), doubles, last, outcome,
                  gains, state.names)


def carry(played: tuple[Played, ...], index: int, delta: dict[int, int]
          ) -> tuple[tuple[Played, ...], dict[int, int]]:
    """A correction of question `index` changed its gains by `delta`: a later question of its
    round that wiped a team takes the change too (the round stays at 0), one that decided a
    double counts it again (won) or takes it (lost). The played list and the scores' change."""
    here = played[index]
    result = list(played)
    change = dict(delta)
    for seat, points in delta.items():
        for j in range(index + 1, len(result)):
            later = result[j]
            if later.round != here.round or later.void:
                continue
            mark = dict(later.risk).get(seat)
            if mark is None:
                continue
            step = points if mark == "won" else -points
            gains = dict(later.gains)
            gains[seat] = gains.get(seat, 0) + step
            result[j] = replace(later, gains=tuple(sorted(gains.items())))
            change[seat] = points + step
            break
    return tuple(result), change


def marks(state: QuizState, seat: int) -> dict[str, Any]:
    """A leaderboard row's marks in such a round: doubled, wiped out."""
    plan = state.plan
    if not (plan.wipeout or plan.double_or_nothing):
        return {}
    found: dict[str, Any] = {}
    if seat in state.doubles:
        found["double"] = True
    if plan.wipeout and wiped(_in_round(state.played, state.round), seat):
        found["wiped"] = True
    return found


def room(state: QuizState) -> dict[str, Any] | None:
    """The room's part: the round's rule and how many teams have doubled (who: on the board)."""
    plan = state.plan
    if not (plan.wipeout or plan.double_or_nothing):
        return None
    return {"wipeout": plan.wipeout, "double": plan.double_or_nothing,
            "doubled": len(state.doubles), "late": last_is_out(state)}


def you(state: QuizState, seat: int) -> dict[str, Any] | None:
    """A phone's own: whether it doubled, may double now, is wiped out."""
    plan = state.plan
    if not (plan.wipeout or plan.double_or_nothing):
        return None
    return {"doubled": seat in state.doubles, "may_double": double_open(state, seat),
            "wiped": plan.wipeout and wiped(_in_round(state.played, state.round), seat)}
