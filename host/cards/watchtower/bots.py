"""Bots for Watchtower, levels 1 (a careless builder) to 5 (greedy on estimated odds).

Every level plays towards the game's aim, watchtowers: no level moves at
random. Levels differ in how carefully they build their fort (noise on the
scores of building moves: place, burn, end, ready; completing a watchtower
always outscores it), in what they know of the enemy's army (below) and, at
level 1, in how they value soldiers (by count, not strength). Battles are never
blurred: random or blurred challenges lost soldiers that piled up in
campaigners' armies, and 3-4 player games then stalled until the move limit
(docs/rules/watchtower.md, "Bot levels").

The game is won at the showdown by the stronger army, so battles are judged
by the strength of the cards that change hands, not by their count: winning
low soldiers gains little, and fighting off campaign burns one's own royals
and aces. (Counting cards alone made level 5 lose to level 1; it is now
level 1's way.)

A bot chooses among `legal_actions` only, so it never plays an illegal move,
and it judges with what its seat may know: its own army and the table. Blind
picks are uniform (the army was shuffled, so no position is better). The
enemy's army is guessed as a uniform draw from the cards the bot has not seen
("the pool") at levels 4-5, or from every rank alike at levels 1-3.

Outside campaign, a fight with a campaigner's army (ruling 27) is worth the
chance of winning the last card of one of the bot's triples: once others are
on campaign those cards often sit in their armies, and without such fights
3-4 player games stalled until the move limit.
"""

from __future__ import annotations

from collections import Counter

from host import rng
from host.cards.common.botkit import Turn, best_move, card_bot
from host.cards.watchtower.battle import duel
from host.cards.watchtower.state import DECK, TOWER, State, is_royal_or_ace, rank, strength
from host.games.contract import Event

COMPLETE = 40.0  # completing a watchtower (the campaign) is worth most
ELIMINATED = 60.0  # losing the game outright
SOLDIER = 1.0  # a card gained or lost in a battle
COUNT_SHARE = 0.3  # of a card's worth, what its mere count adds (the rest is its strength)
CHALLENGE_MARGIN = 0.2  # a challenge must promise at least this much

_SAMPLE = {rank(c): c for c in DECK}  # one card of each rank, for rank-only duels

BATTLES = frozenset({"challenge", "seize"})

# level -> (chance of a random move: none, see above; noise on the scores of building moves,
# that is place, burn, end and ready; sees the pool; values soldiers by strength, not count).
LEVELS: dict[int, tuple[float, float, bool, bool]] = {
    1: (0.0, 3.0, False, False),
    2: (0.0, 2.0, False, True),
    3: (0.0, 1.0, False, True),
    4: (0.0, 0.4, True, True),
    5: (0.0, 0.0, True, True),
}


def choose_move(state: State, seat: int, turn: Turn) -> tuple[Event, int]:
    """The bot's move among the seat's legal ones, and its next generator state."""
    actions, (_, noise, pool_aware, by_strength), rng_state = turn.actions, turn.level, turn.rng
    if actions[0]["type"] == "pick":
        return rng.choice(rng_state, actions)
    judge = _Judge(state, seat, pool_aware, by_strength)
    scores: dict[int, float] = {}
    for action in actions:  # the noise blurs building moves only
        scores[id(action)] = judge.score(action)
        if noise and action["type"] not in BATTLES:
            roll, rng_state = rng.next_u64(rng_state)
            scores[id(action)] += noise * (roll / 2**64 - 0.5)
    return best_move(actions, lambda action: scores[id(action)], 0.0, rng_state)


bot_move = card_bot(LEVELS, choose_move)


def _outcome_odds(mine: list[str], theirs: list[str], assassins: bool) -> tuple[float, float]:
    """Chances that one blind pair is won by me (attacking) and by them."""
    my_ranks = Counter(rank(c) for c in mine)
    their_ranks = Counter(rank(c) for c in theirs)
    win = lose = 0
    for a, na in my_ranks.items():
        code_a = _SAMPLE[a]
        for d, nd in their_ranks.items():
            result = duel(code_a, _SAMPLE[d], assassins)
            win += na * nd * (result == 1)
            lose += na * nd * (result == -1)
    total = len(mine) * len(theirs)
    return win / total, lose / total


def _battle_odds(p_win: float, p_lose: float, pairs: int) -> tuple[float, float]:
    """Chances the attacker wins / loses a battle of `pairs` independent pairs."""
    p_tie = 1.0 - p_win - p_lose
    margins = {0: 1.0}
    for _ in range(pairs):
        step: dict[int, float] = {}
        for margin, chance in margins.items():
            for delta, p in ((1, p_win), (-1, p_lose), (0, p_tie)):
                step[margin + delta] = step.get(margin + delta, 0.0) + chance * p
        margins = step
    won = sum(p for m, p in margins.items() if m > 0)
    lost = sum(p for m, p in margins.items() if m < 0)
    return won, lost


class _Judge:
    def __init__(self, state: State, seat: int, pool_aware: bool, by_strength: bool) -> None:
        self.state = state
        self.by_strength = by_strength
        self.me = state.player(seat)
        self.pool: list[str] = []
        self.odds: tuple[float, float] | None = None
        if pool_aware:
            seen = set(self.me.army)
            for p in state.players:
                seen.update(p.fort_cards(), p.tower, p.tricks)
            self.pool = [c for c in DECK if c not in seen]
        if not self.pool:
            self.pool = [c for c in DECK if c.endswith("S")]  # every rank alike

    def score(self, action: Event) -> float:
        kind = action["type"]
        if kind == "place":
            return self._place(action["card"])
        if kind == "burn":
            return self._burn(action["card"])
        if kind == "challenge":
            return self._challenge(action)
        if kind == "seize":
            return 3.0 + self._gain(action["card"])
        if kind == "end" or kind == "ready":
            return 0.0
        return 1.0  # draw, showdown: the only move

    def _place(self, card: str) -> float:
        stack = self.me.stack_of(card)
        if stack is not None and len(stack) == TOWER - 1:
            return COMPLETE if self.state.fresh.get(card) == "battle" else COMPLETE / 2
        if not self.me.fort:
            return 2.0  # an army needs a fort behind it
        if rank(card) == 7:
            return -2.0  # an assassin belongs in the army
        if stack is not None:
            return 1.6 - strength(card) / 14
        if strength(card) <= 6 and not self.state.burnt:
            return 0.2  # to be burnt for a fresh card
        return -1.0

    def _burn(self, card: str) -> float:
        stack = self.me.stack_of(card)
        if stack is not None and len(stack) > 1:
            return -2.0
        if is_royal_or_ace(card):
            return 2.0
        return 0.8 - strength(card) / 14

    def _completing_share(self, pairs: int) -> float:
        """Roughly, the chance that `pairs` soldiers won from an unseen army include the last
        card of one of my triples. Once others are on campaign, those cards often sit in
        their armies, and fighting a campaigner is then the only way to win them."""
        wanted = {rank(s[0]) for s in self.me.fort if len(s) == TOWER - 1}
        if not wanted:
            return 0.0
        share = sum(rank(c) in wanted for c in self.pool) / len(self.pool)
        return min(1.0, pairs * share)

    def _gain(self, card: str) -> float:
        """What winning this fort card is worth to me."""
        if self.me.campaign:
            return SOLDIER
        stack = self.me.stack_of(card)
        height = len(stack) if stack else 0
        return SOLDIER + (COMPLETE if height == TOWER - 1 else 2.0 * height)

    def _challenge(self, action: Event) -> float:
        """Expected worth of a challenge: the cards that change hands, valued for the showdown.

        Soldiers are blind, so each side's soldier is an average card of its army
        (the enemy's guessed from the pool). A card is worth its showdown strength
        (`_worth`), so winning low cards is worth little and losing royals or aces
        (burnt after a battle off campaign) costs a lot.
        """
        pairs = int(action["cards"])
        if self.odds is None:  # the same for every challenge: my army against the pool
            self.odds = _outcome_odds(self.me.army, self.pool, self.state.settings.assassins)
        p_win, p_lose = self.odds
        won, lost = _battle_odds(p_win, p_lose, pairs)
        enemy = self.state.player(int(action["target"]))
        mine_kept, mine_burnt = _soldier_worth(self.me.army, self.me.campaign)
        theirs_kept, _ = _soldier_worth(self.pool, enemy.campaign)
        target = action.get("card")
        if not self.by_strength:  # level 1: a card is a card, and burnt royals are not seen
            mine_kept, mine_burnt, theirs_kept = SOLDIER, 0.0, SOLDIER
        gain = pairs * theirs_kept
        if target:
            gain += self._gain(target) - SOLDIER + (_worth(target) if self.by_strength else SOLDIER)
        elif enemy.campaign and not self.me.campaign:
            gain += COMPLETE * self._completing_share(pairs)
        cost = pairs * mine_kept
        if not self.me.fort and not self.me.campaign:
            cost += ELIMINATED
        if self.me.campaign and len(self.me.army) <= pairs:
            cost += COMPLETE / 2  # the campaign could end
        return won * gain - lost * cost - pairs * mine_burnt - CHALLENGE_MARGIN


def _worth(card: str) -> float:
    """A card's worth in the army: a little for its count, more for its showdown strength."""
    return SOLDIER * (COUNT_SHARE + (strength(card) - 8) / 6)


def _soldier_worth(army: list[str], campaign: bool) -> tuple[float, float]:
    """An average soldier of this army: worth kept by the battle's winner, and worth burnt.

    Off campaign a royal or an ace used in battle goes to the barracks: nobody keeps it.
    """
    if not army:
        return 0.0, 0.0
    kept = burnt = 0.0
    for card in army:
        if is_royal_or_ace(card) and not campaign:
            burnt += _worth(card)
        else:
            kept += _worth(card)
    return kept / len(army), burnt / len(army)
