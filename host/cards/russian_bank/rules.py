"""Moves of Russian Bank: what may go where, the compulsory moves, and playing them.

Functions here take a `State` for the player on turn. `play_*` functions
mutate the table they are given; the engine hands them a fresh clone.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from host.cards.russian_bank.cards import (
    HOUSE_TAKES,
    LOAD_TAKES,
    fits_foundation,
    fits_house,
    fits_load,
    foundation_wants,
    is_built_run,
)
from host.cards.russian_bank.state import FOUNDATIONS, HOUSES, State, penalty
from host.games.contract import GameError

OWN_SOURCES = ("reserve", "hand")
LOAD_TARGETS = ("opp_reserve", "opp_waste")


@dataclass(frozen=True)
class Move:
    """A card (or a house run of `count` cards) from `src` to `dst`.

    Sources: "reserve", "hand" (the turned hand card), "house:<i>".
    Targets: "foundation:<j>", "house:<i>", "opp_reserve", "opp_waste", "waste"
    (the hand card onto one's own waste, which ends the turn).
    """

    src: str
    dst: str
    count: int = 1

    def describe(self) -> str:
        what = f"{self.count} cards" if self.count > 1 else "the card"
        return f"{what} from {self.src} to {self.dst}"


@dataclass(frozen=True)
class Duty:
    """A compulsory move the player on turn has not made yet."""

    kind: str  # "reserve_to_foundation", "to_foundation" or "fill_house"
    message: str

    def allows(self, move: Move) -> bool:
        if self.kind == "reserve_to_foundation":
            return move.src == "reserve" and move.dst.startswith("foundation:")
        if self.kind == "to_foundation":
            return move.dst.startswith("foundation:")
        return True  # filling houses only has to happen before the hand card is turned


def _index(zone: str, prefix: str, size: int) -> int | None:
    if not zone.startswith(prefix + ":"):
        return None
    text = zone[len(prefix) + 1 :]
    if not text.isdigit() or not 0 <= int(text) < size:
        return None
    return int(text)


def _capacity(rule: str, spare: int) -> int:
    if rule == "off":
        return 1
    if rule == "doubling":
        return 2**spare
    return spare + 1


def stack_capacity(table: State, src: int, dst: int) -> int:
    """How many cards may move between two houses, parking them in the other empty houses."""
    spare = sum(1 for i, pile in enumerate(table.houses) if not pile and i not in (src, dst))
    return _capacity(table.settings.stack_moves, spare)


def moving_cards(table: State, move: Move) -> list[str]:
    """The cards this move would carry; GameError when the source cannot give them."""
    seat = table.turn
    if move.count < 1:
        raise GameError("a move carries at least one card")
    if move.src == "reserve" or move.src == "hand":
        if move.count != 1:
            raise GameError("only house runs move several cards at once")
        if move.src == "reserve":
            if not table.reserves[seat]:
                raise GameError("your reserve is empty")
            return [table.reserves[seat][-1]]
        if table.turned is None:
            raise GameError("turn your hand card over first (draw)")
        return [table.turned]
    house = _index(move.src, "house", HOUSES)
    if house is None:
        raise GameError(f"unknown source {move.src!r}")
    pile = table.houses[house]
    if len(pile) < move.count:
        raise GameError(f"house {house} has only {len(pile)} card(s)")
    cards = pile[-move.count :]
    if not is_built_run(cards):
        raise GameError("only a run built down in alternating colours moves as a stack")
    return cards


def check_target(table: State, move: Move, cards: list[str]) -> None:
    """Raise GameError unless these cards may go to the move's target."""
    seat = table.turn
    card = cards[0]
    if move.count > 1:
        dst = _index(move.dst, "house", HOUSES)
        src = _index(move.src, "house", HOUSES)
        if dst is None or src is None:
            raise GameError("a stack moves only from one house to another")
        limit = stack_capacity(table, src, dst)
        if move.count > limit:
            raise GameError(f"moving {move.count} cards needs more empty houses (limit {limit})")
    if move.dst == "waste":
        if move.src != "hand":
            raise GameError("only the hand card goes to your waste")
        return
    if move.dst in LOAD_TARGETS:
        other = 1 - seat
        pile = table.reserves[other] if move.dst == "opp_reserve" else table.wastes[other]
        if not fits_load(card, pile):
            raise GameError(f"{card} does not load onto {move.dst}: same suit, one up or down")
        return
    foundation = _index(move.dst, "foundation", FOUNDATIONS)
    if foundation is not None:
        if not fits_foundation(card, table.foundations[foundation]):
            raise GameError(f"{card} does not go on foundation {foundation}")
        return
    house = _index(move.dst, "house", HOUSES)
    if house is None:
        raise GameError(f"unknown target {move.dst!r}")
    if move.src == move.dst:
        raise GameError("a card cannot move onto its own house")
    if not fits_house(card, table.houses[house]):
        raise GameError(f"{card} does not go on house {house}: one lower, other colour")


def available(table: State) -> list[tuple[str, str]]:
    """The player's available cards as (source, card): reserve top, turned hand card, house tops."""
    seat = table.turn
    out = []
    if table.reserves[seat]:
        out.append(("reserve", table.reserves[seat][-1]))
    if table.turned is not None:
        out.append(("hand", table.turned))
    out.extend((f"house:{i}", pile[-1]) for i, pile in enumerate(table.houses) if pile)
    return out


def candidate_moves(table: State) -> list[Move]:
    """Every move the building rules allow now, compulsory moves not considered."""
    other = 1 - table.turn
    wants = foundation_wants(table.foundations)
    empty_houses = [f"house:{i}" for i, pile in enumerate(table.houses) if not pile]
    house_slots: dict[str, list[str]] = {}
    for index, pile in enumerate(table.houses):
        if pile:
            for code in HOUSE_TAKES[pile[-1]]:
                house_slots.setdefault(code, []).append(f"house:{index}")
    loads = []
    for name, pile in (("opp_reserve", table.reserves[other]), ("opp_waste", table.wastes[other])):
        if pile:
            loads.append((name, LOAD_TAKES[pile[-1]]))
    moves: list[Move] = []
    for src, card in available(table):
        if card in wants:
            for j, pile in enumerate(table.foundations):
                if fits_foundation(card, pile):
                    moves.append(Move(src, f"foundation:{j}"))
        for dst in house_slots.get(card, ()):
            moves.append(Move(src, dst))
        for dst in empty_houses:
            if dst != src:
                moves.append(Move(src, dst))
        for name, takes in loads:
            if card in takes:
                moves.append(Move(src, name))
        if src == "hand":
            moves.append(Move(src, "waste"))
    if table.settings.stack_moves != "off":
        moves.extend(_stack_moves(table))
    return moves


def _stack_moves(table: State) -> list[Move]:
    moves: list[Move] = []
    houses = table.houses
    empties = sum(1 for pile in houses if not pile)
    if empties == 0:
        return moves  # with no empty house, every stack move is limited to one card
    rule = table.settings.stack_moves
    to_built, to_empty = _capacity(rule, empties), _capacity(rule, empties - 1)
    for src, pile in enumerate(houses):
        count = 2
        while count <= min(len(pile), max(to_built, to_empty)):
            base = pile[-count]
            if not fits_house(pile[-count + 1], [base]):
                break
            for dst, target in enumerate(houses):
                if dst == src:
                    continue
                limit = to_built if target else to_empty
                if count <= limit and fits_house(base, target):
                    moves.append(Move(f"house:{src}", f"house:{dst}", count))
            count += 1
    return moves


def foundation_duty(table: State) -> Duty | None:
    """The first compulsory move in the seed's order, if one is pending.

    1. The reserve's top card goes to a foundation when it can.
    2. Any available card (house outer card, turned hand card) that can go to a
       foundation must go there.
    """
    seat = table.turn
    reserve = table.reserves[seat]
    wants = foundation_wants(table.foundations)
    if reserve and reserve[-1] in wants:
        return Duty(
            "reserve_to_foundation", f"compulsory move first: reserve {reserve[-1]} to a foundation"
        )
    for src, card in available(table):
        if card in wants:
            return Duty("to_foundation", f"compulsory move first: {src} {card} to a foundation")
    return None


def fill_duty(table: State) -> Duty | None:
    """3. With cards in the reserve, empty houses are filled before the hand card is turned."""
    if not table.reserves[table.turn]:
        return None
    for index, pile in enumerate(table.houses):
        if not pile:
            message = f"compulsory move first: fill the empty house {index} from the reserve"
            return Duty("fill_house", message)
    return None


def draw_duty(table: State, foundation: Duty | None = None) -> Duty | None:
    """The compulsory move that must come before turning the hand card (or passing).

    `foundation` may pass an already computed `foundation_duty(table)`.
    """
    return foundation or foundation_duty(table) or fill_duty(table)


def end_turn(table: State) -> None:
    """The turned hand card (if any) goes to the waste; the other player is on turn."""
    seat = table.turn
    if table.turned is not None:
        table.wastes[seat].append(table.turned)
        table.turned = None
    table.turn = 1 - seat
    table.turn_no += 1
    table.stop_call = None
    table.stop_seat = None
    table.stop_open = table.settings.stop_mode
    note_position(table)


def position_key(table: State) -> str:
    """A digest of where every card lies and who is on turn (nothing else)."""
    piles = [*table.reserves, *table.hands, *table.wastes, *table.houses, *table.foundations]
    text = f"{table.turn}|{table.turned or '-'}|" + "|".join(",".join(pile) for pile in piles)
    return hashlib.sha256(text.encode()).hexdigest()[:20]


def note_position(table: State) -> None:
    """At each turn's start: a position that already started a turn ends the game (ruling 17).

    Only turn-start positions are kept, and a foundation move clears them (no earlier
    position can come back once a foundation has grown), so the list stays short.
    """
    if table.over:
        return
    key = position_key(table)
    if key in table.seen:
        finish_by_penalty(table, "stalemate")
        return
    table.seen.append(key)


def play_move(table: State, move: Move) -> None:
    """Carry out a checked move, including its side effects (turn end, bookkeeping, win)."""
    seat = table.turn
    cards = moving_cards(table, move)
    check_target(table, move, cards)
    if move.src == "reserve":
        table.reserves[seat].pop()
    elif move.src == "hand":
        table.turned = None
    else:
        del table.houses[int(move.src.split(":")[1])][-move.count :]
    if move.dst == "waste":
        table.turned = cards[0]
        end_turn(table)
        return
    if move.src in OWN_SOURCES:
        table.played_this_pass[seat] = True
        table.quiet[seat] = False
    if move.dst == "opp_reserve":
        table.reserves[1 - seat].extend(cards)
    elif move.dst == "opp_waste":
        table.wastes[1 - seat].extend(cards)
    elif move.dst.startswith("foundation:"):
        table.foundations[int(move.dst.split(":")[1])].extend(cards)
        table.seen = []  # the foundations only grow: no earlier position can come back
    else:
        table.houses[int(move.dst.split(":")[1])].extend(cards)
    if not (table.reserves[seat] or table.hands[seat] or table.wastes[seat] or table.turned):
        table.over = "out"
        table.winner = seat


def complete_pass(table: State) -> None:
    """The player went through their whole hand: note whether they played a hand or reserve card.

    The game is a stalemate when both players' last passes were quiet.
    """
    seat = table.turn
    table.quiet[seat] = not table.played_this_pass[seat]
    table.played_this_pass[seat] = False
    if all(table.quiet):
        finish_by_penalty(table, "stalemate")


def finish_by_penalty(table: State, reason: str) -> None:
    """End the game; the player with fewer penalty points wins (none on a tie)."""
    first, second = penalty(table, 0), penalty(table, 1)
    table.over = reason
    table.winner = None if first == second else (0 if first < second else 1)


def play_draw(table: State) -> None:
    """Turn the top hand card face up; an empty hand is first refilled from the waste."""
    seat = table.turn
    if table.turned is not None:
        raise GameError("your hand card is already turned: play it or put it on your waste")
    if not table.hands[seat]:
        if not table.wastes[seat]:
            raise GameError("your hand and waste are empty: pass")
        table.hands[seat] = table.wastes[seat][::-1]
        table.wastes[seat] = []
        complete_pass(table)
        if table.over:
            return
    table.turned = table.hands[seat].pop()


def play_pass(table: State) -> None:
    """With no hand and no waste left, the player ends the turn without a card."""
    seat = table.turn
    if table.turned is not None or table.hands[seat] or table.wastes[seat]:
        raise GameError("you may pass only when your hand and waste are empty")
    complete_pass(table)
    if not table.over:
        end_turn(table)
