"""Card facts by code, and the three building rules of Russian Bank.

The state keeps cards as their string codes ("7H", "QS#1"), so it is plain
JSON; these tables give the rank, suit and colour of a code without parsing.
"""

from __future__ import annotations

from host.cards.common.primitives import Card, standard_deck

RANK: dict[str, int] = {}
SUIT: dict[str, str] = {}
RED: dict[str, bool] = {}


def _index(card: Card) -> None:
    code = card.code()
    RANK[code] = card.rank
    SUIT[code] = card.suit.value
    RED[code] = card.red


for _deck in (0, 1):
    for _card in standard_deck(_deck):
        _index(_card)

ALL_CODES: frozenset[str] = frozenset(RANK)
ACES: frozenset[str] = frozenset(code for code in RANK if RANK[code] == 1)
NEXT_UP: dict[str, frozenset[str]] = {
    code: frozenset(
        other for other in RANK if SUIT[other] == SUIT[code] and RANK[other] == RANK[code] + 1
    )
    for code in RANK
}
HOUSE_TAKES: dict[str, frozenset[str]] = {
    code: frozenset(
        other for other in RANK if RED[other] != RED[code] and RANK[other] == RANK[code] - 1
    )
    for code in RANK
}
LOAD_TAKES: dict[str, frozenset[str]] = {
    code: frozenset(
        other for other in RANK if SUIT[other] == SUIT[code] and abs(RANK[other] - RANK[code]) == 1
    )
    for code in RANK
}


def deck_codes(deck: int) -> list[str]:
    """The 52 codes of one player's deck, in a fixed order."""
    return [card.code() for card in standard_deck(deck)]


def fits_foundation(card: str, pile: list[str]) -> bool:
    """An ace on an empty foundation; else same suit, one rank up."""
    if not pile:
        return RANK[card] == 1
    top = pile[-1]
    return SUIT[card] == SUIT[top] and RANK[card] == RANK[top] + 1


def foundation_wants(foundations: list[list[str]]) -> frozenset[str]:
    """Every card code that some foundation would take now."""
    wants: set[str] = set()
    for pile in foundations:
        wants.update(NEXT_UP[pile[-1]] if pile else ACES)
    return frozenset(wants)


def fits_house(card: str, pile: list[str]) -> bool:
    """Any card on an empty house; else one rank down, other colour."""
    if not pile:
        return True
    top = pile[-1]
    return RANK[card] == RANK[top] - 1 and RED[card] != RED[top]


def fits_load(card: str, pile: list[str]) -> bool:
    """Loading the opponent's reserve or waste: same suit, one rank up or down.

    An empty pile has no top card to match, so it cannot be loaded (ruling).
    """
    if not pile:
        return False
    top = pile[-1]
    return SUIT[card] == SUIT[top] and abs(RANK[card] - RANK[top]) == 1


def is_built_run(cards: list[str]) -> bool:
    """Whether these house cards (outer last) form a run built by the house rule."""
    return all(fits_house(upper, [lower]) for lower, upper in zip(cards, cards[1:], strict=False))
