"""Bots for Q Squared Joe NG, levels 1 (near random) to 5 (greedy on expected value).

A bot chooses among `legal_actions` only, so it can never play an illegal
move, and it judges with what its seat may know: its own hand and the table
(everything, in the open-cards variant). Cards it cannot see are treated as a
uniform draw from the cards it has not seen ("the pool").
"""

from __future__ import annotations

from dataclasses import dataclass

from host import rng
from host.cards.common.botkit import Turn, best_move, card_bot
from host.cards.q_squared_joe.state import DECK, Player, State, rank
from host.games.contract import Event

ELIMINATION = 25.0  # knocking a player out is worth most
FIELD_CARD = 2.0  # an enemy field card destroyed
HAND_CARD = 1.2  # an enemy hand card destroyed
PARKED = 0.3  # a winning attacker leaves the hand for the resource pile

# level -> (chance of a uniformly random move, noise added to each score, sees the pool)
LEVELS: dict[int, tuple[float, float, bool]] = {
    1: (1.0, 0.0, False),
    2: (0.5, 2.0, False),
    3: (0.0, 1.0, False),
    4: (0.0, 0.3, True),
    5: (0.0, 0.0, True),
}


@dataclass(frozen=True)
class Odds:
    lower: float
    equal: float
    higher: float


def choose_move(state: State, seat: int, turn: Turn) -> tuple[Event, int]:
    """The bot's move among the seat's legal ones, and its next generator state."""
    actions, (_, noise, pool_aware), rng_state = turn.actions, turn.level, turn.rng
    if turn.random:
        return rng.choice(rng_state, actions)
    judge = _Judge(state, seat, pool_aware)
    return best_move(actions, judge.score, noise, rng_state)


bot_move = card_bot(LEVELS, choose_move)


def _worth(code: str) -> float:
    """What a card in one's own hand is worth: a king attacks better than an ace."""
    return 1.0 + rank(code) / 13


class _Judge:
    def __init__(self, state: State, seat: int, pool_aware: bool) -> None:
        self.state = state
        self.me = state.player(seat)
        self.open = state.settings.open_cards
        self.pool: list[int] = []
        if pool_aware and not self.open:
            seen = set(self.me.hand) | set(state.discard)
            for p in state.players:
                seen.update(p.resource)
                for slot in p.field:
                    if slot:
                        seen.update(slot.defence)
                        if slot.base_up:
                            seen.add(slot.base)
            self.pool = [rank(c) for c in DECK if c not in seen]
        if not self.pool:
            self.pool = list(range(1, 14))  # a crude guess: every rank alike

    def score(self, action: Event) -> float:
        kind = action["type"]
        if kind == "draw":
            return 0.8 if len(self.me.hand) < 7 else 0.2
        if kind == "take":
            return 0.3 + 0.8 * rank(action.get("card", self.me.resource[-1])) / 13
        if kind == "defend":
            return self._defend(action)
        if kind == "sacrifice":
            return self._sacrifice(action)
        return self._attack(action) + self._urgency()

    def _urgency(self) -> float:
        """Once the draw pile is gone, waiting only leads to a drawn game: attack sooner."""
        if self.state.draw:
            return 0.0
        return 1.0 + 3.0 * self.state.move_no / self.state.settings.move_limit

    def _defend(self, action: Event) -> float:
        slot = self.me.field[action["slot"]]
        assert slot is not None
        threat = 0.6 if len(self.me.live_slots()) <= 2 else 0.0
        return (rank(action["card"]) - 7) / 6 * 0.8 + threat - 0.1 * len(slot.defence)

    def _sacrifice(self, action: Event) -> float:
        slot = self.me.field[action["slot"]]
        assert slot is not None
        if slot.defence:
            return -0.5
        return -100.0 if len(self.me.live_slots()) == 1 else -3.0

    def _odds(self, strength: int, known: str | None) -> Odds:
        if known is not None:
            met = rank(known)
            return Odds(float(met < strength), float(met == strength), float(met > strength))
        total = len(self.pool)
        lower = sum(1 for r in self.pool if r < strength) / total
        equal = sum(1 for r in self.pool if r == strength) / total
        return Odds(lower, equal, 1.0 - lower - equal)

    def _attack(self, action: Event) -> float:
        card = action["card"]
        enemy = self.state.player(action["target"])
        zone = action["zone"]
        if zone == "hand":
            return self._attack_hand(card, enemy, action.get("victim"))
        if zone == "resource":
            return self._attack_resource(card, enemy)
        return self._attack_field(card, enemy, action.get("slot"))

    def _attack_hand(self, card: str, enemy: Player, victim: str | None) -> float:
        strength = rank(card)
        if victim is not None or not self.open:
            odds = self._odds(strength, victim)
        else:  # open cards, random pick: the odds over the visible hand
            ranks = [rank(c) for c in enemy.hand]
            odds = Odds(
                sum(r < strength for r in ranks) / len(ranks),
                sum(r == strength for r in ranks) / len(ranks),
                sum(r > strength for r in ranks) / len(ranks),
            )
        lose = _worth(card)
        won = odds.lower * (HAND_CARD - PARKED)
        return won + odds.equal * (HAND_CARD - lose) - odds.higher * lose

    def _attack_resource(self, card: str, enemy: Player) -> float:
        strength = rank(card)
        killed = [c for c in enemy.resource if rank(c) <= strength]
        won = all(rank(c) < strength for c in enemy.resource)
        return sum(_worth(c) for c in killed) * 0.8 - (PARKED if won else _worth(card))

    def _attack_field(self, card: str, enemy: Player, slot_index: int | None) -> float:
        strength = rank(card)
        indices = [slot_index] if slot_index is not None else enemy.live_slots()
        slots = [s for i in indices if (s := enemy.field[i]) is not None]
        met: list[str | None] = [c for s in slots for c in reversed(s.defence)]
        met += [s.base if s.base_up or self.open else None for s in slots]
        alive, killed, lost = 1.0, 0.0, 0.0
        for known in met:
            odds = self._odds(strength, known)
            killed += alive * (odds.lower + odds.equal)
            lost += alive * (odds.equal + odds.higher)
            alive *= odds.lower
            if alive == 0.0:
                break
        clears_field = slot_index is None or len(enemy.live_slots()) == 1
        bonus = ELIMINATION if clears_field else 1.0
        return killed * FIELD_CARD + alive * (bonus - PARKED) - lost * _worth(card)
