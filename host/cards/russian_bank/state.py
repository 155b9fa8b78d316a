"""The Russian Bank state (the table) as plain data: settings, the deal, JSON form and zones.

Piles are lists of card codes with the top (or a house's outer card) last.
Seat 0 plays deck 0 and seat 1 deck 1, so every card code is unique.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from host import rng
from host.cards.russian_bank.cards import RANK, deck_codes
from host.games.contract import BadEvent, BadSettings

HOUSES = 8
FOUNDATIONS = 8
HOUSES_PER_SEAT = 4
STARTERS = ("low_card", "seat0", "seat1")
STACK_RULES = ("off", "simple", "doubling")


@dataclass(frozen=True)
class Settings:
    """Variant settings; the defaults follow the rules seed and docs/rules/russian-bank.md."""

    starter: str = "low_card"  # lower cut card starts; or a fixed seat
    reserve_size: int = 13  # 12 face down + 1 face up
    stop_mode: bool = False  # missed compulsory moves are not refused; the opponent may call stop
    stack_moves: str = "simple"  # how many cards a stack move may carry (see rulings)
    move_cap: int = 4000  # events after which the game ends as a stalemate
    turn_seconds: float | None = None  # a turn time limit; None = no limit

    @classmethod
    def parse(cls, raw: dict[str, Any]) -> Settings:
        known = {"starter", "reserve_size", "stop_mode", "stack_moves", "move_cap", "turn_seconds"}
        unknown = set(raw) - known
        if unknown:
            raise BadSettings(f"unknown Russian Bank settings: {sorted(unknown)}")
        settings = cls(**raw)
        settings.check()
        return settings

    def check(self) -> None:
        if self.starter not in STARTERS:
            raise BadSettings(f"starter must be one of {STARTERS}, not {self.starter!r}")
        if not isinstance(self.reserve_size, int) or not 1 <= self.reserve_size <= 30:
            raise BadSettings("reserve_size must be an integer from 1 to 30")
        if not isinstance(self.stop_mode, bool):
            raise BadSettings("stop_mode must be true or false")
        if self.stack_moves not in STACK_RULES:
            raise BadSettings(f"stack_moves must be one of {STACK_RULES}")
        if not isinstance(self.move_cap, int) or self.move_cap < 10:
            raise BadSettings("move_cap must be an integer of at least 10")
        if self.turn_seconds is not None and (
            not isinstance(self.turn_seconds, (int, float)) or self.turn_seconds <= 0
        ):
            raise BadSettings("turn_seconds must be a positive number or null")


@dataclass
class State:
    """One game's whole state. Engines copy it (`clone`) and never mutate their input."""

    settings: Settings
    names: list[str]
    reserves: list[list[str]]
    hands: list[list[str]]
    wastes: list[list[str]]
    houses: list[list[str]]
    foundations: list[list[str]]
    turn: int
    rng: int
    cut: list[str] = field(default_factory=list)
    turned: str | None = None  # the current player's face-up hand card
    turn_no: int = 0
    moves: int = 0
    played_this_pass: list[bool] = field(default_factory=lambda: [False, False])
    quiet: list[bool] = field(default_factory=lambda: [False, False])
    stop_call: str | None = None  # the compulsory move just skipped (host view only)
    stop_seat: int | None = None  # who may stop that skip (the offender's opponent)
    stop_open: bool = False  # Stop! mode: the player on turn has not acted yet this turn
    fines: list[int] = field(default_factory=lambda: [0, 0])  # penalty points from Stop! calls
    seen: list[str] = field(default_factory=list)  # digests of turn-start positions (repetition)
    over: str | None = None  # None, "out", "stalemate", "move_cap" or "host" (ended by the host)
    winner: int | None = None
    last: dict[str, Any] | None = None

    def clone(self) -> State:
        return State(
            settings=self.settings,
            names=list(self.names),
            reserves=[list(p) for p in self.reserves],
            hands=[list(p) for p in self.hands],
            wastes=[list(p) for p in self.wastes],
            houses=[list(p) for p in self.houses],
            foundations=[list(p) for p in self.foundations],
            turn=self.turn,
            rng=self.rng,
            cut=list(self.cut),
            turned=self.turned,
            turn_no=self.turn_no,
            moves=self.moves,
            played_this_pass=list(self.played_this_pass),
            quiet=list(self.quiet),
            stop_call=self.stop_call,
            stop_seat=self.stop_seat,
            stop_open=self.stop_open,
            fines=list(self.fines),
            seen=list(self.seen),
            over=self.over,
            winner=self.winner,
            last=dict(self.last) if self.last else None,
        )

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["settings"] = asdict(self.settings)
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> State:
        fields = dict(data)
        fields["settings"] = Settings.parse(dict(data["settings"]))
        table = cls(**fields)
        if sorted(card for cards in zones(table).values() for card in cards) != sorted(
            deck_codes(0) + deck_codes(1)
        ):
            raise BadEvent("this Russian Bank state does not hold the two decks exactly once")
        return table


def _cut(state: int) -> tuple[list[str], int, int]:
    """Each player cuts their own deck; the lower card starts, ties cut again.

    Returns the cut cards, the starting seat and the generator state.
    """
    while True:
        first, state = rng.choice(state, deck_codes(0))
        second, state = rng.choice(state, deck_codes(1))
        if RANK[first] != RANK[second]:
            return [first, second], 0 if RANK[first] < RANK[second] else 1, state


def deal(settings: Settings, names: list[str], seed: int) -> State:
    """Shuffle both decks and lay out reserves, houses and hands."""
    state = rng.seed_state(seed)
    cut: list[str] = []
    if settings.starter == "low_card":
        cut, starter, state = _cut(state)
    else:
        starter = 0 if settings.starter == "seat0" else 1
    reserves: list[list[str]] = []
    hands: list[list[str]] = []
    houses: list[list[str]] = []
    for seat in (0, 1):
        deck, state = rng.shuffled(state, deck_codes(seat))
        size = settings.reserve_size
        reserves.append(deck[:size])
        houses.extend([card] for card in deck[size : size + HOUSES_PER_SEAT])
        hands.append(deck[size + HOUSES_PER_SEAT :])
    return State(
        settings=settings,
        names=names,
        reserves=reserves,
        hands=hands,
        wastes=[[], []],
        houses=houses,
        foundations=[[] for _ in range(FOUNDATIONS)],
        turn=starter,
        rng=state,
        cut=cut,
    )


def zones(table: State) -> dict[str, list[str]]:
    """Every card code in every zone; together they are the two decks exactly once."""
    out: dict[str, list[str]] = {}
    for seat in (0, 1):
        out[f"reserve:{seat}"] = list(table.reserves[seat])
        out[f"hand:{seat}"] = list(table.hands[seat])
        out[f"waste:{seat}"] = list(table.wastes[seat])
    out["turned"] = [table.turned] if table.turned else []
    for index, pile in enumerate(table.houses):
        out[f"house:{index}"] = list(pile)
    for index, pile in enumerate(table.foundations):
        out[f"foundation:{index}"] = list(pile)
    return out


def penalty(table: State, seat: int) -> int:
    """Penalty points: 2 per reserve card, 1 per card in hand and waste (and a turned card),
    plus the Stop! fines (ruling 14)."""
    in_hand = len(table.hands[seat]) + len(table.wastes[seat])
    if table.turned is not None and table.turn == seat:
        in_hand += 1
    return 2 * len(table.reserves[seat]) + in_hand + table.fines[seat]
