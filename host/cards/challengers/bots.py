"""Bots for Challengers!, levels 1 (near random) to 5 (greedy deck building).

Matches hold no choice (the attacker reveals until it wins the flag or runs
out), so a bot's skill is all in the deck phase: which offer, which cards,
when to redraw, which weak cards to remove. A bot picks among
`legal_actions` only, so it never plays an illegal move, and it judges with
what its seat sees: its hand, its deck and the public card set.
"""

from __future__ import annotations

from functools import cache

from host import rng
from host.cards.common.botkit import Turn, best_move, card_bot
from host.cards.challengers.cards import CardDef, kind_of, pool_defs
from host.cards.challengers.state import OFFERS, Side, State
from host.games.contract import Event

# level -> (chance of a uniformly random move, noise on each score, removes weak cards)
LEVELS: dict[int, tuple[float, float, bool]] = {
    1: (1.0, 0.0, False),
    2: (0.5, 2.0, False),
    3: (0.0, 1.0, False),
    4: (0.0, 0.3, True),
    5: (0.0, 0.0, True),
}
SMALLEST_DECK = 8  # a thinning bot keeps at least this many cards
_WEIGHT = {  # what one point of an effect is worth, by (timing, kind)
    ("reveal", "power"): 1.0,
    ("attack", "power"): 0.7,
    ("flag", "power"): 0.8,
    ("bench", "power"): 1.2,
    ("reveal", "fans"): 1.5,
    ("lose_flag", "fans"): 1.0,
    ("select", "fans"): 1.5,
    ("reveal", "discard_bench"): 0.6,
    ("lose_flag", "discard_bench"): 0.5,
    ("reveal", "mill"): 0.8,
    ("lose_flag", "mill"): 0.6,
}


@cache
def card_value(card: CardDef) -> float:
    """A card's worth to a deck: its strength plus its effect, weighted by timing."""
    value = float(card.strength)
    if card.effect is not None:
        value += card.effect.amount * _WEIGHT.get((card.effect.timing, card.effect.kind), 0.5)
    return value


def choose_move(state: State, seat: int, turn: Turn) -> tuple[Event, int]:
    """The bot's move among the seat's legal ones, and its next generator state."""
    actions, (_, noise, thins), rng_state = turn.actions, turn.level, turn.rng
    if turn.random:
        done = [a for a in actions if a["type"] == "done"]
        if done:  # a near-random bot stops removing half the time, not 1 time in 20
            half, rng_state = rng.randbelow(rng_state, 2)
            if half:
                return done[0], rng_state
        return rng.choice(rng_state, actions)
    me = state.side(seat)
    return best_move(actions, lambda action: _score(state, me, action, thins), noise, rng_state)


bot_move = card_bot(LEVELS, choose_move)


def _level_average(state: State, level: str) -> float:
    return _pool_average(tuple(state.sets), level)


@cache
def _pool_average(sets: tuple[str, ...], level: str) -> float:
    """The average worth of one card of this level in these sets (a few dozen keys at most)."""
    defs = [d for d in pool_defs(sets) if d.level == level]
    total = sum(d.copies for d in defs)
    return sum(card_value(d) * d.copies for d in defs) / total if total else 0.0


def _score(state: State, me: Side, action: Event, thins: bool) -> float:
    kind = action["type"]
    if kind == "choose":
        level, keep = OFFERS[state.round][action["offer"]]
        return keep * _level_average(state, level) - (keep - 1) * 2.5  # more names, fuller bench
    if kind == "pick":
        return card_value(kind_of(action["card"]))
    if kind == "redraw":
        assert me.offer is not None
        average = _level_average(state, OFFERS[state.round][me.offer][0])
        best = max((card_value(kind_of(c)) for c in me.hand), default=0.0)
        return average - 0.5 if best < average - 1.0 else -1.0
    if kind == "remove":
        if not thins or len(me.deck) <= SMALLEST_DECK:
            return -1.0
        return _removal_gain(state, me, action["card"])
    if kind == "done":
        return 0.0
    return 0.0  # reveal: the only action in a match


def _removal_gain(state: State, me: Side, card: str) -> float:
    """Positive when a card is too weak for this round's deck (weakest first)."""
    bar = 1.0 + 0.45 * state.round
    return bar - card_value(kind_of(card))
