"""The match phase: pairings, the flag, attacks, the bench, the end of a match.

Every reveal takes a card off a deck and no card goes back to a deck before
the match ends, so a match ends after at most as many reveals as its two
decks hold: the game needs no move limit.
"""

from __future__ import annotations

from typing import Any

from host import rng
from host.cards.challengers.effects import (
    attack_total,
    bench_pile,
    defence,
    empty_bench,
    resolve,
)
from host.cards.challengers.state import ROBOT, Match, Side, State


def pairings(seats: list[int], round_no: int) -> list[list[int]]:
    """Round-robin pairs (circle method): new opponents each round while they last."""
    if len(seats) % 2:
        raise ValueError("pairings need an even number of participants")
    if len(seats) == 2:
        return [list(seats)]
    rest = seats[1:]
    turn = (round_no - 1) % len(rest)
    ring = [seats[0], *rest[turn:], *rest[:turn]]
    n = len(ring)
    return [[ring[i], ring[n - 1 - i]] for i in range(n // 2)]


def best_trophy_round(side: Side) -> int:
    return max((round_no for round_no, _ in side.trophies), default=0)


def gather(side: Side) -> None:
    """After a match: every card on the table goes back into the deck."""
    side.deck += side.pile + side.attack + [c for slot in side.bench for c in slot] + side.discard
    side.pile, side.attack, side.discard = [], [], []
    side.bench = empty_bench()
    side.bonus = {}


def start_matches(state: State, pairs: list[list[int]]) -> None:
    """Shuffle the decks and open one match per pair; the best trophy round starts."""
    for pair in pairs:
        for seat in pair:
            side = state.edit(seat)
            gather(side)
            side.deck, state.rng = rng.shuffled(state.rng, sorted(side.deck))
        a, b = (state.side(seat) for seat in pair)
        if best_trophy_round(a) != best_trophy_round(b):
            starter = a if best_trophy_round(a) > best_trophy_round(b) else b
        else:
            starter, state.rng = rng.choice(state.rng, [a, b])
        state.matches.append(Match(list(pair), starter.seat))


def reveal(state: State, match: Match, seat: int) -> list[dict[str, Any]]:
    """The actor reveals its top card: the opening flag card, or one more attack card."""
    me, foe = state.edit(seat), state.edit(match.other(seat))
    reports: list[dict[str, Any]] = []
    if not me.deck:
        finish(state, match, seat, "no_draw")
        return [{"type": "lost", "seat": seat, "why": "no_draw"}]
    card = me.deck.pop()
    reports.append({"type": "reveal", "seat": seat, "card": card})
    if match.holder is None:
        me.pile.append(card)
        _add(reports, resolve(me, foe, card, "reveal"), seat)
        match.holder, match.actor = seat, foe.seat
        return reports
    me.attack.append(card)
    _add(reports, resolve(me, foe, card, "reveal"), seat)
    if attack_total(me) >= defence(foe):
        reports += capture(state, match, me, foe)
    return reports


def capture(state: State, match: Match, me: Side, foe: Side) -> list[dict[str, Any]]:
    """The attacker takes the flag: the flag card's loss effect, the defender benches its pile."""
    reports: list[dict[str, Any]] = [{"type": "capture", "seat": me.seat}]
    _add(reports, resolve(foe, me, foe.pile[-1], "lose_flag"), foe.seat)
    if not bench_pile(foe):
        finish(state, match, foe.seat, "bench_full")
        reports.append({"type": "lost", "seat": foe.seat, "why": "bench_full"})
        return reports
    me.pile += me.attack
    me.attack = []
    match.holder, match.actor = me.seat, foe.seat
    return reports


def finish(state: State, match: Match, loser: int, why: str) -> None:
    """The loser is out; the winner takes the round's trophy (never the robot at 3-7 players)."""
    match.loser, match.winner, match.end = loser, match.other(loser), why
    if state.phase != "match":
        return
    winner = state.edit(match.winner)
    if winner.seat == ROBOT and not state.solo:
        return
    stack = state.trophy_stacks[str(state.round)]
    if stack:
        winner.trophies.append([state.round, stack.pop()])


def _add(reports: list[dict[str, Any]], report: dict[str, Any] | None, seat: int) -> None:
    if report is not None:
        reports.append({"type": "effect", "seat": seat, **report})


def robot_record(state: State) -> tuple[int, int]:
    """The robot's (match wins, matches played) in the rounds played so far, at 3-7 players.

    Read back from the table, not stored: the pairings are fixed by the round
    (`pairings`), and at 3-7 players the robot's opponent takes the round's
    trophy exactly when it beats the robot (the robot never takes one, and a
    round has a trophy for every match). (0, 0) without a robot or in solo.
    """
    if state.robot() is None or state.solo:
        return 0, 0
    seats = [s.seat for s in state.sides]
    last = state.round if state.phase in ("final_deck", "final", "over") else state.round - 1
    won = played = 0
    for round_no in range(1, last + 1):
        pair = next(p for p in pairings(seats, round_no) if ROBOT in p)
        rival = state.side(pair[0] if pair[1] == ROBOT else pair[1])
        played += 1
        won += all(r != round_no for r, _ in rival.trophies)
    return won, played
