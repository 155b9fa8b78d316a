"""Wager questions: before a question of a wager round shows, each team stakes part of its
points; a right answer wins the stake, anything else (a wrong answer, none at all) loses it
(docs/rules/quiz-round.md, "Wager questions").

The stage `wager` comes before each question of such a round is drawn, so nothing of the
question exists yet while the teams bet (Jeopardy's Final: the category, here the round's
title, then the bets, then the clue). A stake is a team's move: once, from 0 to its most
(`most_stake`), refused after the stage. The stakes go with the question (`Asked.stakes`)
and replace its points at the reveal: no round points, speed bonus or joker on a stake.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from host.games.contract import BadEvent, Event, OutOfTurn, StaleEvent
from host.quiz_round.state import Asked, QuizState

SHOWN_STAKES = 40  # the projector's list at the reveal: the biggest stakes first


def is_wager_stage(state: QuizState) -> bool:
    return state.stage == "wager"


def most_stake(state: QuizState, seat: int) -> int:
    """The most a team may stake: its score, or the floor when that is more (a team with 0
    or fewer points still plays: Jeopardy's Daily Double lets a player bet up to the board's
    top value), never above the cap when the host set one."""
    plan = state.plan
    most = max(state.scores[seat], plan.wager_floor, 0)
    return min(most, plan.wager_cap) if plan.wager_cap else most


def stake_of(stakes: tuple[tuple[int, int], ...], seat: int) -> int | None:
    return next((points for s, points in stakes if s == seat), None)


def on_stake(state: QuizState, seat: int, event: Event) -> QuizState:
    """`{"type": "stake", "seat": s, "points": n}`: a team's stake, locked in once."""
    if state.stage != "wager":
        if state.plan.wager and state.stage in ("drawing", "answering", "review", "reveal"):
            raise StaleEvent("stakes are closed: the question is out")
        raise OutOfTurn("no stake is asked now")
    if stake_of(state.stakes, seat) is not None:
        raise StaleEvent("your team has already locked in its stake")
    points = event.get("points")
    if isinstance(points, bool) or not isinstance(points, int) or points < 0:
        raise BadEvent("a stake is a whole number of points, from 0")
    most = most_stake(state, seat)
    if points > most:
        raise BadEvent(f"your stake is at most {most} points")
    stakes = state.stakes + ((seat, points),)
    return replace(state, stakes=stakes)


def all_staked(state: QuizState) -> bool:
    return len(state.stakes) == state.seats


def sample_stakes(state: QuizState, seat: int) -> list[int]:
    """Stakes a random player may pick: nothing, half, all it may."""
    most = most_stake(state, seat)
    return sorted({0, most // 2, most})


def settle(asked: Asked, outcome: dict[str, Any], names: tuple[str, ...]) -> None:
    """A wager question's outcome: each answer's points become its stake won or lost (its
    speed bonus dropped), a team that staked and did not answer loses its stake (a row with
    no value, added after the counts), and `stakes` lists the biggest for the projector.
    Changes `outcome` in place (the caller's new one)."""
    if not asked.wager:
        return
    stakes = dict(asked.stakes)
    rows = outcome["rows"]
    for row in rows:
        stake = stakes.get(row["seat"], 0)
        row.update(points=stake if row["right"] else -stake, bonus=0, stake=stake)
    answered = {row["seat"] for row in rows}
    for seat, stake in sorted(stakes.items()):
        if seat not in answered and stake:
            rows.append({"seat": seat, "value": None, "right": False, "points": -stake,
                         "bonus": 0, "place": None, "ms": 0, "stake": stake})
    rows.sort(key=lambda r: r["seat"])
    staked = sorted((r for r in rows if r.get("stake")), key=lambda r: (-r["stake"], r["seat"]))
    outcome["stakes"] = [{"seat": r["seat"], "name": names[r["seat"]], "stake": r["stake"],
                          "right": r["right"], "points": r["points"]}
                         for r in staked[:SHOWN_STAKES]]
    outcome["staked"] = len(staked)


def _stakes(state: QuizState) -> tuple[tuple[int, int], ...]:
    """The stakes of the question at hand: those coming in, or those its question carries."""
    if state.stage == "wager":
        return state.stakes
    return state.asked.stakes if state.asked is not None else ()


def room(state: QuizState) -> dict[str, Any] | None:
    """The room's part: a wager round's floor and cap, and how many teams have staked
    (never whose stake is what before the reveal)."""
    plan = state.plan
    if not plan.wager:
        return None
    staked = len(_stakes(state))
    return {"floor": plan.wager_floor, "cap": plan.wager_cap, "staked": staked}


def you(state: QuizState, seat: int) -> dict[str, Any] | None:
    """A phone's own stake (None: not staked) and, while it may bet, the most it may."""
    if not state.plan.wager:
        return None
    stakes = _stakes(state)
    return {"stake": stake_of(stakes, seat),
            "most": most_stake(state, seat) if state.stage == "wager" else None}


def host(state: QuizState) -> list[dict[str, Any]] | None:
    """Every team's stake, for the host page."""
    if not state.plan.wager:
        return None
    stakes = _stakes(state)
    return [{"seat": seat, "name": state.names[seat], "points": points}
            for seat, points in sorted(stakes)]
