"""Cards, decks and seeded shuffles shared by every card game.

A card is a small frozen value with a compact JSON form ("QH", "10S", "AD#1"
for the second deck's ace of diamonds), so game states stay JSON-able and
"every card in exactly one place" is a multiset check over zones.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from host import rng


class Suit(StrEnum):
    CLUBS = "C"
    DIAMONDS = "D"
    HEARTS = "H"
    SPADES = "S"

    @property
    def red(self) -> bool:
        return self in (Suit.DIAMONDS, Suit.HEARTS)


RANK_NAMES = {1: "A", 11: "J", 12: "Q", 13: "K"}
RANK_VALUES = {"A": 1, "J": 11, "Q": 12, "K": 13}


@dataclass(frozen=True, order=True)
class Card:
    rank: int  # 1 (ace) .. 13 (king)
    suit: Suit
    deck: int = 0  # which physical deck, for games played with two

    def code(self) -> str:
        text = RANK_NAMES.get(self.rank, str(self.rank)) + self.suit.value
        return text if self.deck == 0 else f"{text}#{self.deck}"

    @property
    def red(self) -> bool:
        return self.suit.red

    @classmethod
    def parse(cls, code: str) -> Card:
        body, _, deck = code.partition("#")
        rank_text, suit = body[:-1], body[-1]
        rank = RANK_VALUES.get(rank_text) or int(rank_text)
        if not 1 <= rank <= 13:
            raise ValueError(f"bad card rank in {code!r}")
        return cls(rank, Suit(suit), int(deck) if deck else 0)

    def __str__(self) -> str:
        return self.code()


def standard_deck(deck: int = 0) -> list[Card]:
    """The 52 cards of one deck, in a fixed order."""
    return [Card(rank, suit, deck) for suit in Suit for rank in range(1, 14)]


def shuffle(state: int, cards: list[Card]) -> tuple[list[Card], int]:
    """A seeded shuffle: returns (shuffled copy, new generator state)."""
    return rng.shuffled(state, cards)
