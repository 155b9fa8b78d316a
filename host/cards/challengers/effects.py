"""Strength sums and card effects, by timing (see cards.py for the timings).

Effects are resolved "to the maximum": a discard takes as many cards as it
may, a mill as many as the deck holds. An immediate ("reveal") strength bonus
is written on the card (`Side.bonus`) and kept while the card holds the flag;
"during the attack" bonuses count only in the attack where they were revealed.
"""

from __future__ import annotations

from host.cards.challengers.cards import kind_of
from host.cards.challengers.state import BENCH_SLOTS, Side


def _effect(code: str, timing: str) -> tuple[str, int] | None:
    effect = kind_of(code).effect
    if effect is None or effect.timing != timing:
        return None
    return effect.kind, effect.amount


def card_strength(side: Side, code: str) -> int:
    """Base strength plus the immediate bonus the card got when revealed."""
    return kind_of(code).strength + side.bonus.get(code, 0)


def bench_power(side: Side) -> int:
    """Every "from the bench" bonus; several cards of one name multiply it."""
    total = 0
    for slot in side.bench:
        for code in slot:
            found = _effect(code, "bench")
            if found and found[0] == "power":
                total += found[1]
    return total


def attack_total(side: Side) -> int:
    """The running attack: revealed cards, their "during the attack" bonuses, the bench."""
    total = bench_power(side)
    for code in side.attack:
        total += card_strength(side, code)
        found = _effect(code, "attack")
        if found and found[0] == "power":
            total += found[1]
    return total


def defence(side: Side) -> int:
    """The flag card only (cards under it do not count), its flag bonus and the bench."""
    if not side.pile:
        return 0
    top = side.pile[-1]
    total = card_strength(side, top) + bench_power(side)
    found = _effect(top, "flag")
    if found and found[0] == "power":
        total += found[1]
    return total


def discard_from_bench(side: Side, count: int) -> list[str]:
    """Move up to `count` bench cards to the discard pile, fullest slot first (leftmost on ties)."""
    moved: list[str] = []
    while len(moved) < count:
        slots = [i for i, slot in enumerate(side.bench) if slot]
        if not slots:
            break
        fullest = max(slots, key=lambda i: (len(side.bench[i]), -i))
        card = side.bench[fullest].pop()
        side.discard.append(card)
        moved.append(card)
    return moved


def mill(opponent: Side, count: int) -> list[str]:
    """The opponent's top deck cards go face up to its discard pile."""
    moved: list[str] = []
    while opponent.deck and len(moved) < count:
        card = opponent.deck.pop()
        opponent.discard.append(card)
        moved.append(card)
    return moved


def resolve(side: Side, opponent: Side | None, code: str, timing: str) -> dict[str, object] | None:
    """Apply `code`'s effect if it has this timing; returns a public report of what happened."""
    found = _effect(code, timing)
    if found is None:
        return None
    kind, amount = found
    report: dict[str, object] = {"card": code, "timing": timing, "kind": kind, "amount": amount}
    if kind == "power":  # only "reveal" power lands here; the others are continuous
        side.bonus[code] = side.bonus.get(code, 0) + amount
    elif kind == "fans":
        side.fans += amount
    elif kind == "discard_bench":
        report["moved"] = discard_from_bench(side, amount)
    elif kind == "mill" and opponent is not None:
        report["moved"] = mill(opponent, amount)
    return report


def slot_for(side: Side, code: str) -> int | None:
    """The bench slot a card may go to: one holding its name, else the first empty one."""
    name = kind_of(code).id
    empty = None
    for i, slot in enumerate(side.bench):
        if slot and kind_of(slot[0]).id == name:
            return i
        if not slot and empty is None:
            empty = i
    return empty


def bench_pile(side: Side) -> bool:
    """Move the flag pile to the bench, top card first; False when a card finds no slot.

    Cards that find no slot stay on the pile: the match is lost and every card
    goes back to the deck anyway.
    """
    while side.pile:
        code = side.pile[-1]
        slot = slot_for(side, code)
        if slot is None:
            return False
        side.pile.pop()
        side.bonus.pop(code, None)
        side.bench[slot].append(code)
    return True


def empty_bench() -> list[list[str]]:
    return [[] for _ in range(BENCH_SLOTS)]
