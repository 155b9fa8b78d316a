"""Revealing blind picks: a challenge's battle and a for-all (pure helpers on a copied state)."""

from __future__ import annotations

from typing import Any

from host.cards.watchtower.state import (
    CHALLENGE_LIMIT,
    Pending,
    Player,
    State,
    is_royal_or_ace,
    rank,
    strength,
)
from host.cards.watchtower.piles import (
    draw_to_fort,
    eliminate,
    lose_campaign,
    next_active,
    remove_from_fort,
    start_campaign,
)


def duel(attacker: str, defender: str, assassins: bool) -> int:
    """One pair of soldiers: 1 the attacker's wins, -1 the defender's, 0 a tie.

    With assassins, any seven decides: the attacker's seven beats anything and
    the defender's seven loses to anything, so a seven always favours the attacker.
    """
    if assassins and (rank(attacker) == 7 or rank(defender) == 7):
        return 1
    a, d = strength(attacker), strength(defender)
    return (a > d) - (a < d)


def verdict(outcomes: list[int]) -> str:
    """"attacker", "defender" or "draw": more pairs won wins; equal counts draw."""
    a = outcomes.count(1)
    d = outcomes.count(-1)
    return "attacker" if a > d else "defender" if d > a else "draw"


def limit_key(state: State, attacker: int, card: str) -> str:
    """The key counting challenges on one fort card (per card, or per attacker and card)."""
    return card if state.settings.limit_scope == "card" else f"{attacker}:{card}"


def mark_won(state: State, taker: Player, attacker: Player, card: str) -> None:
    """A card won in battle: the attacker may place it this turn, the defender on its next turn.

    The text reaches a watchtower when its last card "est gagnée au combat", whoever wins it.
    """
    if taker is attacker:
        state.fresh[card] = "battle"
    else:
        state.spoils[card] = taker.seat


def resolve_challenge(state: State, pending: Pending) -> None:
    att = state.player(pending.attacker)
    assert pending.defender is not None
    dfn = state.player(pending.defender)
    a_line = pending.lines.get(str(att.seat), [])
    d_line = pending.lines.get(str(dfn.seat), [])
    outcomes = [duel(a, d, state.settings.assassins) for a, d in zip(a_line, d_line, strict=True)]
    result = verdict(outcomes)
    homeless = not att.fort and not att.campaign
    winner = att if result == "attacker" else dfn if result == "defender" else None
    burnt: list[str] = []
    for owner, line in ((att, a_line), (dfn, d_line)):
        for card in line:
            if is_royal_or_ace(card) and not owner.campaign:
                state.spoils.pop(card, None)
                state.barracks.append(card)
                burnt.append(card)
                continue
            taker = winner or owner
            taker.army.append(card)
            if taker is not owner:  # won in battle: it may complete a watchtower (ruling 22)
                state.spoils.pop(card, None)
                mark_won(state, taker, att, card)
    report: dict[str, Any] = {
        "type": "battle",
        "seat": att.seat,
        "defender": dfn.seat,
        "target": pending.target,
        "attacker_cards": list(a_line),
        "defender_cards": list(d_line),
        "outcomes": outcomes,
        "result": result,
        "burnt": burnt,
    }
    if pending.target is not None:
        if result == "attacker":
            remove_from_fort(state, dfn, pending.target)
            att.army.append(pending.target)
            mark_won(state, att, att, pending.target)
        elif state.counts.get(limit_key(state, att.seat, pending.target), 0) >= CHALLENGE_LIMIT:
            remove_from_fort(state, dfn, pending.target)
            state.barracks.append(pending.target)
            report["retired"] = pending.target
            report["replacement"] = draw_to_fort(state, dfn, 1)
    if result == "defender" and homeless:
        eliminate(state, att)
        report["eliminated"] = att.seat
    for p in (att, dfn):
        if p.campaign and not p.army and not p.out:
            lose_campaign(state, p)
            report.setdefault("campaign_lost", []).append(p.seat)
    state.last = report


def complete_tower(state: State, p: Player, card: str) -> None:
    """The fourth card of a rank goes on its stack: the watchtower is whole, the campaign starts."""
    stack = p.stack_of(card)
    assert stack is not None
    tower = list(stack)
    for code in reversed(tower):
        remove_from_fort(state, p, code)
    start_campaign(state, p, [*tower, card])


def forall_queue(state: State, completer: int) -> list[list[int]]:
    """Picks of a for-all: every active player with an army, from the completer on in turn order,
    has one card chosen by the next player in turn order."""
    queue = []
    seat = completer
    while True:
        if state.player(seat).army:
            queue.append([next_active(state, seat), seat])
        seat = next_active(state, seat)
        if seat == completer:
            return queue


def resolve_forall(state: State, pending: Pending) -> None:
    completer = state.player(pending.attacker)
    contested = pending.contested
    assert contested is not None
    exposed = {int(owner): line[0] for owner, line in pending.lines.items() if line}
    order = [completer.seat]
    while len(order) < len(state.active()):
        order.append(next_active(state, order[-1]))
    best = max((strength(c) for c in exposed.values()), default=0)
    mine = exposed.get(completer.seat)
    if not exposed or (mine is not None and strength(mine) == best):
        winner = completer.seat  # the completer wins ties for the highest card
    else:
        winner = next(s for s in order if s in exposed and strength(exposed[s]) == best)
    for owner, card in exposed.items():
        state.player(owner).army.append(card)
    state.last = {
        "type": "forall",
        "seat": completer.seat,
        "contested": contested,
        "exposed": {str(k): v for k, v in exposed.items()},
        "winner": winner,
    }
    if winner == completer.seat:
        complete_tower(state, completer, contested)
    else:
        state.player(winner).army.append(contested)

