"""The Challengers! state as plain values, its settings, its JSON form and its zones.

One state holds the whole table: every player (a `Side`), the robot when
there is one (seat -1), the three face-down level piles of the deck phase and
every match of the current round (pairs play at once). A state is copied
before every change (`State.copy`), so an engine call never mutates its input.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields
from typing import Any

from host.cards.common.checks import at_seat
from host.cards.common.settings import refuse_unknown
from host.games.contract import BadSettings, GameError

ROBOT = -1  # the robot's seat number; no client ever acts for it
MIN_PLAYERS = 1
MAX_PLAYERS = 8
ROUNDS = 7
BENCH_SLOTS = 6
HAND_SIZE = 5
LEAD_TO_WIN = 11  # at 1-2 players, an 11-fan lead after a match phase wins at once
MIN_DECK = 1  # removals stop at one card (see the rulings)

# The deck-phase offers of each round: (level, cards to keep); a round with
# several offers lets each player choose one before drawing.
OFFERS: dict[int, tuple[tuple[str, int], ...]] = {
    1: (("A", 2),),
    2: (("A", 2),),
    3: (("A", 2), ("B", 1)),
    4: (("A", 2), ("B", 1)),
    5: (("B", 1), ("A", 2)),
    6: (("C", 1), ("B", 2)),
    7: (("C", 1), ("B", 2)),
}
# The two possible fan values of each round's trophies (hidden until drawn).
TROPHY_FANS: dict[int, tuple[int, int]] = {
    1: (2, 3), 2: (3, 4), 3: (4, 5), 4: (5, 6), 5: (6, 7), 6: (7, 8), 7: (9, 10),
}



@dataclass(frozen=True)
class Settings:
    """Table options; see docs/rules/challengers.md."""

    turn_seconds: float | None = None  # time limit of each deck phase / reveal (None: none)
    robot_level: int = 1  # 1..5: stronger robot decks
    solo_challenge: bool = False  # solo only: the robot adds its SOLO cards
    sets: tuple[str, ...] | None = None  # the 5 themed sets (None: drawn at random)

    @classmethod
    def from_dict(cls, data: dict[str, Any] | None) -> Settings:
        from host.cards.challengers.cards import SETS_PER_GAME, THEMED_SETS

        data = dict(data or {})
        refuse_unknown(data, cls)
        if data.get("sets") is not None:
            sets = data["sets"]
            if (
                not isinstance(sets, (list, tuple))
                or len(set(sets)) != SETS_PER_GAME
                or not set(sets) <= set(THEMED_SETS)
            ):
                raise BadSettings(f"sets must be {SETS_PER_GAME} different sets of {THEMED_SETS}")
            data["sets"] = tuple(sets)
        seconds = data.get("turn_seconds")
        if seconds == 0 and not isinstance(seconds, bool):  # the host form's "no limit"
            seconds = data["turn_seconds"] = None
        if seconds is not None and (
            isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or seconds <= 0
        ):
            raise BadSettings("turn_seconds must be a positive number, or 0 or null (no limit)")
        level = data.get("robot_level", 1)
        if isinstance(level, bool) or level not in (1, 2, 3, 4, 5):
            raise BadSettings("robot_level must be 1, 2, 3, 4 or 5")
        if not isinstance(data.get("solo_challenge", False), bool):
            raise BadSettings("solo_challenge must be true or false")
        return cls(**data)

    def to_dict(self) -> dict[str, Any]:
        out = asdict(self)
        out["sets"] = list(self.sets) if self.sets is not None else None
        return out


@dataclass
class Side:
    """One participant: a player or the robot, with every zone it owns."""

    seat: int
    name: str
    bot: int | None
    deck: list[str] = field(default_factory=list)  # bottom .. top (drawn from the end)
    pile: list[str] = field(default_factory=list)  # the flag pile, bottom .. top (top defends)
    attack: list[str] = field(default_factory=list)  # cards revealed in the running attack
    bench: list[list[str]] = field(default_factory=list)  # BENCH_SLOTS slots, one name each
    discard: list[str] = field(default_factory=list)  # face up; back into the deck after a match
    removed: list[str] = field(default_factory=list)  # out of the game
    hand: list[str] = field(default_factory=list)  # deck phase: cards offered
    reserve: list[str] = field(default_factory=list)  # robot only: cards it may still gain
    bonus: dict[str, int] = field(default_factory=dict)  # immediate strength bonus per card
    fans: int = 0  # fan tokens won by effects
    trophies: list[list[int]] = field(default_factory=list)  # [round, fans] pairs
    offer: int | None = None  # deck phase: the chosen offer
    to_pick: int = 0  # deck phase: cards still to keep
    redrawn: bool = False  # deck phase: the one redraw of the round is used
    done: bool = True  # deck phase: this seat has finished

    def total_fans(self) -> int:
        return self.fans + sum(value for _, value in self.trophies)

    def copy(self) -> Side:
        return Side(
            self.seat, self.name, self.bot, list(self.deck), list(self.pile), list(self.attack),
            [list(s) for s in self.bench], list(self.discard), list(self.removed),
            list(self.hand), list(self.reserve), dict(self.bonus), self.fans,
            [list(t) for t in self.trophies], self.offer, self.to_pick, self.redrawn, self.done,
        )


@dataclass
class Match:
    """One pair's match: `actor` reveals next; `holder` has the flag (None before any card)."""

    seats: list[int]
    actor: int
    holder: int | None = None
    winner: int | None = None
    loser: int | None = None
    end: str | None = None  # "no_draw" or "bench_full"

    @property
    def over(self) -> bool:
        return self.winner is not None

    def other(self, seat: int) -> int:
        return self.seats[1] if seat == self.seats[0] else self.seats[0]

    def copy(self) -> Match:
        return Match(list(self.seats), self.actor, self.holder, self.winner, self.loser, self.end)


@dataclass
class State:
    settings: Settings
    sets: list[str]  # the themed sets in play
    sides: list[Side]  # players in seat order, then the robot if any
    levels: dict[str, list[str]]  # "A"/"B"/"C" face-down piles, bottom .. top
    trophy_stacks: dict[str, list[int]]  # round -> hidden fan values still to win
    round: int = 1
    phase: str = "deck"  # "deck", "match", "final_deck", "final", "over"
    matches: list[Match] = field(default_factory=list)
    finalists: list[int] = field(default_factory=list)
    step: int = 0  # counts accepted events; names the timer
    rng: int = 0
    winner: int | None = None  # a seat, ROBOT, or None (draw / not over)
    end: str | None = None  # "lead", "fans", "final", "host" (ended by the host)
    last: list[dict[str, Any]] = field(default_factory=list)  # public report of the last event
    # Copy on write: indexes of `sides` still shared with the state this one was copied
    # from (None: every side is this state's own). Only `edit` may change a side.
    shared: set[int] | None = field(default=None, compare=False, repr=False)

    @property
    def over(self) -> bool:
        return self.phase == "over"

    @property
    def solo(self) -> bool:
        return len(self.players()) == 1

    def players(self) -> list[Side]:
        return [s for s in self.sides if s.seat != ROBOT]

    def robot(self) -> Side | None:
        return self.sides[-1] if self.sides[-1].seat == ROBOT else None

    def side(self, seat: int) -> Side:
        return at_seat(self.sides, seat)

    def edit(self, seat: int) -> Side:
        """The side of `seat`, ready to change: copied first if still shared."""
        for index, side in enumerate(self.sides):
            if side.seat == seat:
                return self._own(index)
        raise GameError(f"there is no seat {seat!r} in this game")

    def edit_all(self) -> list[Side]:
        """Every side (players, then the robot), ready to change."""
        return [self._own(index) for index in range(len(self.sides))]

    def _own(self, index: int) -> Side:
        side = self.sides[index]
        if self.shared is not None and index in self.shared:
            side = self.sides[index] = side.copy()
            self.shared.discard(index)
        return side

    def match_of(self, seat: int) -> Match | None:
        for match in self.matches:
            if seat in match.seats:
                return match
        return None

    def copy(self) -> State:
        """A new state to change; sides are copied lazily, by `edit` (copy on write)."""
        return State(
            self.settings, list(self.sets), list(self.sides),
            {k: list(v) for k, v in self.levels.items()},
            {k: list(v) for k, v in self.trophy_stacks.items()},
            self.round, self.phase, [m.copy() for m in self.matches], list(self.finalists),
            self.step, self.rng, self.winner, self.end, list(self.last),
            set(range(len(self.sides))),
        )


def state_to_json(state: State) -> dict[str, Any]:
    return {
        "game": "challengers",
        "settings": state.settings.to_dict(),
        "sets": list(state.sets),
        "sides": [_side_json(s) for s in state.sides],
        "levels": {k: list(v) for k, v in state.levels.items()},
        "trophy_stacks": {k: list(v) for k, v in state.trophy_stacks.items()},
        "round": state.round,
        "phase": state.phase,
        "matches": [asdict(m) for m in state.matches],
        "finalists": list(state.finalists),
        "step": state.step,
        "rng": state.rng,
        "winner": state.winner,
        "end": state.end,
        "last": list(state.last),
    }


def _side_json(side: Side) -> dict[str, Any]:
    return {f.name: _plain(getattr(side, f.name)) for f in fields(Side)}


def _plain(value: Any) -> Any:
    if isinstance(value, list):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return dict(value)
    return value


def state_from_json(data: dict[str, Any]) -> State:
    try:
        if data.get("game") != "challengers":
            raise BadSettings("not a Challengers! state")
        sides = [
            Side(**{**s, "bonus": {str(k): int(v) for k, v in s["bonus"].items()}})
            for s in data["sides"]
        ]
        return State(
            Settings.from_dict(data["settings"]),
            [str(s) for s in data["sets"]],
            sides,
            {str(k): [str(c) for c in v] for k, v in data["levels"].items()},
            {str(k): [int(x) for x in v] for k, v in data["trophy_stacks"].items()},
            int(data["round"]),
            str(data["phase"]),
            [Match(**m) for m in data["matches"]],
            [int(x) for x in data["finalists"]],
            int(data["step"]),
            int(data["rng"]),
            data["winner"],
            data["end"],
            list(data["last"]),
        )
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        if isinstance(exc, GameError):
            raise
        raise BadSettings(f"not a Challengers! state: {exc!r}") from exc


def zones(state: State) -> dict[str, list[str]]:
    """Every card code in every zone: each card of the game is in exactly one."""
    out: dict[str, list[str]] = {f"level:{k}": list(v) for k, v in state.levels.items()}
    for s in state.sides:
        tag = "robot" if s.seat == ROBOT else str(s.seat)
        out[f"deck:{tag}"] = list(s.deck)
        out[f"pile:{tag}"] = list(s.pile)
        out[f"attack:{tag}"] = list(s.attack)
        out[f"bench:{tag}"] = [c for slot in s.bench for c in slot]
        out[f"discard:{tag}"] = list(s.discard)
        out[f"removed:{tag}"] = list(s.removed)
        out[f"hand:{tag}"] = list(s.hand)
        out[f"reserve:{tag}"] = list(s.reserve)
    return out


def card_count(state: State) -> int:
    """How many cards `zones` would list, without building it (a cheap per-step check)."""
    total = sum(map(len, state.levels.values()))
    for s in state.sides:
        total += len(s.deck) + len(s.pile) + len(s.attack) + len(s.discard) + len(s.removed)
        total += len(s.hand) + len(s.reserve) + sum(map(len, s.bench))
    return total
