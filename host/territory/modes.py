"""The three ways to play the territory game (setting `mode`) and their fixed numbers.

- `classic`: the French rules text (/work/shared/rules/territory.fr.txt), the default.
- `duel`: the online game's two-player mode (Triviador/Honfoglaló "Párbaj"): each
  expansion question gives a block of picks that alternate between the better and
  the worse answer (1-2-1-2-1...).
- `campaign`: the online game's long campaign ("Hosszú hadjárat"): bases chosen in
  turn, expansion by multiple-choice questions on a territory each player marks,
  the leftovers by numeric questions (one pick each, worth 300), six battle rounds.

Where each number comes from (the online game's help pages, or ours where they
say nothing) is written out in docs/rules/territory.md, "Modes".
"""

from __future__ import annotations

from collections.abc import Sequence

from host.games.contract import GameError
from host.territory import board
from host.territory.maps import has_independent_set

MODES = ("classic", "duel", "campaign")

# Battle rounds; the last one goes by score, the others in a seeded random order.
COMBAT_ROUNDS = {"classic": board.COMBAT_ROUNDS, "duel": board.COMBAT_ROUNDS, "campaign": 6}
# Expansion picks per numeric question: first place, second place (duel: see duel_picks).
EXPANSION_PICKS: dict[str, tuple[int, ...]] = {
    "classic": board.EXPANSION_PICKS, "duel": (), "campaign": (1,),
}
# Duel: the expansion is spread over this many numeric questions.
DUEL_ROUNDS = 3
# Campaign: rounds of marking and multiple-choice questions before the leftovers.
CONQUEST_ROUNDS = 6
CONQUEST_VALUE = 200  # a territory won on a multiple-choice question
LEFTOVER_VALUE = 300  # a leftover won on a numeric question

# Campaign, three players: the order of each conquest round, as positions in the base
# order (0 = first to choose a base). The help page's table: red-green-blue,
# green-blue-red, blue-red-green, red-blue-green, green-red-blue, blue-green-red,
# with the bases chosen red, blue, green.
_CONQUEST_ORDER_3 = ((0, 2, 1), (2, 1, 0), (1, 0, 2), (0, 1, 2), (2, 0, 1), (1, 2, 0))


def check_players(mode: str, players: int) -> None:
    """Refuse a player count the mode does not allow (the duel is for two)."""
    if mode == "duel" and players != 2:
        raise GameError(f"The duel mode is for 2 players, not {players}.")


def combat_rounds(mode: str) -> int:
    return COMBAT_ROUNDS[mode]


def duel_round_sizes(free: int) -> tuple[int, ...]:
    """How many territories each duel expansion question hands out, from the free count.

    The online game: 7, 5, 5 on its 19-territory maps (17 free) and 5, 5, 3 on its
    15-territory maps (13 free); every block is odd, so the better answer picks
    first and last. Ours, for any count: three odd blocks as even as possible,
    larger first; an even count gives its extra territory to the last block.
    """
    if free <= 0:
        return ()
    odd = free if free % 2 else free - 1
    if odd < DUEL_ROUNDS:
        sizes = [odd]
    else:
        pairs = (odd - DUEL_ROUNDS) // 2
        sizes = [1 + 2 * (pairs // DUEL_ROUNDS + (1 if i < pairs % DUEL_ROUNDS else 0))
                 for i in range(DUEL_ROUNDS)]
    if free != odd:
        sizes[-1] += 1
    return tuple(sizes)


def duel_picks(order: Sequence[int], size: int) -> tuple[int, ...]:
    """The picks of one duel block: better answer, worse answer, better... (`size` turns).

    A seat that did not answer is not in `order`: its turns are dropped (ours, as
    the classic rule "a player who did not answer picks nothing").
    """
    if not order:
        return ()
    turns = [order[0] if i % 2 == 0 else (order[1] if len(order) > 1 else None)
             for i in range(size)]
    return tuple(seat for seat in turns if seat is not None)


def conquest_order(base_order: Sequence[int], number: int) -> tuple[int, ...]:
    """Who marks first in conquest round `number` (1-based), from the base-choosing order.

    Three players: the help page's table. Two or four players (ours): the base
    order turned by one place each round.
    """
    n = len(base_order)
    if n == 3:
        return tuple(base_order[i] for i in _CONQUEST_ORDER_3[(number - 1) % 6])
    shift = (number - 1) % n
    return tuple(base_order[shift:]) + tuple(base_order[:shift])


def castle_room(
    neighbours: Sequence[Sequence[int]], sites: Sequence[int], placed: Sequence[int], count: int
) -> bool:
    """Whether `count` more castles fit on `sites`, apart from each other and from `placed`:
    the map check's search (maps.has_independent_set) on the sites no placed castle touches."""
    free = [s for s in sites if all(s != c and s not in neighbours[c] for c in placed)]
    return has_independent_set(free, {s: neighbours[s] for s in free}, count)


def castle_options(
    neighbours: Sequence[Sequence[int]],
    sites: Sequence[int],
    placed: Sequence[int],
    still_to_choose: int,
) -> list[int]:
    """The sites a player may choose as a base now (campaign).

    A base may not touch another (the help page); ours: nor may it leave the
    players still to choose without room for theirs.
    """
    options = []
    for site in sites:
        if any(site == c or site in neighbours[c] for c in placed):
            continue
        if castle_room(neighbours, sites, [*placed, site], still_to_choose):
            options.append(site)
    return options
