"""Moving cards between piles for the rules: draws, forts, campaigns, the empty barracks.

Every function changes the (already copied) state in place.
"""

from __future__ import annotations

from host import rng
from host.cards.watchtower.state import TOWER, Player, State, rank

# Army cards a player puts back when the barracks runs out, by army size.
_REFILL = ((8, 4), (7, 3), (6, 2), (3, 1))


def next_active(state: State, seat: int) -> int:
    """The next seat in turn order (ascending seats, wrapping) that is still in the game."""
    seats = [p.seat for p in state.players]
    start = seats.index(seat)
    for step in range(1, len(seats) + 1):
        candidate = state.players[(start + step) % len(seats)]
        if not candidate.out:
            return candidate.seat
    return seat


def refill_count(army_size: int) -> int:
    """Army cards given back to an exhausted barracks (see the rulings)."""
    for at_least, count in _REFILL:
        if army_size >= at_least:
            return count
    return 0


def refill_barracks(state: State) -> None:
    """An empty barracks: players give back army cards by army size, and lone fort cards."""
    collected: list[str] = []
    for p in state.active():
        for _ in range(refill_count(len(p.army))):
            index, state.rng = rng.randbelow(state.rng, len(p.army))
            card = p.army.pop(index)
            state.spoils.pop(card, None)  # back in the barracks: no longer won in battle
            collected.append(card)
        for card in [s[0] for s in p.fort if len(s) == 1]:
            remove_from_fort(state, p, card)
            collected.append(card)
    state.barracks, state.rng = rng.shuffled(state.rng, collected)


def draw_top(state: State) -> str | None:
    """The top card of the barracks (refilled first if empty), or None if there is none."""
    if not state.barracks:
        refill_barracks(state)
    return state.barracks.pop(0) if state.barracks else None


def draw_to_army(state: State, p: Player, count: int, fresh: bool) -> list[str]:
    """Draw up to `count` cards into an army; `fresh` marks them as this turn's barracks cards."""
    drawn = []
    for _ in range(count):
        card = draw_top(state)
        if card is None:
            break
        p.army.append(card)
        drawn.append(card)
        if fresh:
            state.fresh[card] = "barracks"
    return drawn


def add_to_fort(p: Player, card: str) -> int:
    """Put a card on its rank's stack (or a new one); returns the stack's new height."""
    stack = p.stack_of(card)
    if stack is None:
        p.fort.append([card])
        return 1
    stack.append(card)
    return len(stack)


def draw_to_fort(state: State, p: Player, count: int) -> list[str]:
    """Fort cards from the barracks; one that would make a fourth of a rank goes to the army."""
    drawn = []
    for _ in range(count):
        card = draw_top(state)
        if card is None:
            break
        stack = p.stack_of(card)
        if stack is not None and len(stack) == TOWER - 1:
            p.army.append(card)
        else:
            add_to_fort(p, card)
        drawn.append(card)
    return drawn


def remove_from_fort(state: State, p: Player, card: str) -> None:
    """Take a card off a fort (it must be a stack's top) and forget its challenge count."""
    stack = p.stack_of(card)
    if stack is None or stack[-1] != card:
        raise ValueError(f"{card} is not on top of a stack of seat {p.seat}'s fort")
    stack.pop()
    if not stack:
        p.fort.remove(stack)
    for key in [k for k in state.counts if k.rsplit(":", 1)[-1] == card]:
        del state.counts[key]


def start_campaign(state: State, p: Player, tower: list[str]) -> None:
    """A complete watchtower: the other fort cards join the army and the campaign begins."""
    p.tower = list(tower)
    for stack in list(p.fort):
        for card in reversed(list(stack)):
            remove_from_fort(state, p, card)
            p.army.append(card)
    p.campaign = True


def lose_campaign(state: State, p: Player) -> None:
    """An empty army ends a campaign: the watchtower splits and fort and army are rebuilt to 3."""
    tower = list(p.tower)
    p.tower = []
    p.campaign = False
    state.barracks.extend(tower[2:])
    p.fort = [[tower[0]]]
    p.army.append(tower[1])
    draw_to_fort(state, p, 2)
    draw_to_army(state, p, 2, fresh=False)


def eliminate(state: State, p: Player) -> None:
    """A player out of the game: army, fort and any watchtower go under the barracks."""
    p.out = True
    for card in p.army:
        state.spoils.pop(card, None)
    state.barracks.extend(p.army)
    p.army = []
    for stack in list(p.fort):
        for card in reversed(list(stack)):
            remove_from_fort(state, p, card)
            state.barracks.append(card)
    if p.tower:
        state.barracks.extend(p.tower)
        p.tower = []
        p.campaign = False


def same_rank(cards: list[str]) -> bool:
    return len({rank(c) for c in cards}) <= 1
