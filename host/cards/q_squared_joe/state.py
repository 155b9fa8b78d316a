"""The game state of Q Squared Joe NG as plain values, and its settings.

A state is a small tree of dataclasses holding card codes ("QH", "10S"); it is
copied before every change, so an engine call never mutates its input. The
JSON form is a plain dict (see `state_to_json` / `state_from_json`).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from host.cards.common.primitives import Card, standard_deck
from host.cards.common.checks import at_seat
from host.cards.common.settings import check_turn_seconds, refuse_unknown
from host.games.contract import BadSettings, GameError

FIELD_SLOTS = 5
HAND_SIZE = 5
MIN_PLAYERS = 2
MAX_PLAYERS = 4

FIELD_MODES = ("whole", "stack")
TAKE_MODES = ("top", "any")

DECK: tuple[str, ...] = tuple(card.code() for card in standard_deck())
_RANKS: dict[str, int] = {code: Card.parse(code).rank for code in DECK}



def rank(code: str) -> int:
    """The strength of a card: ace 1 (weakest) .. king 13 (strongest)."""
    try:
        return _RANKS[code]
    except KeyError:
        raise GameError(f"{code!r} is not a card of this game") from None


@dataclass(frozen=True)
class Settings:
    """Table rules a host may change; see docs/rules/q-squared-joe.md, "Rulings"."""

    open_cards: bool = False  # the variant: hands, field and draw pile face up
    field_attack: str = "whole"  # "whole": the chain crosses the whole field; "stack": one slot
    resource_take: str = "top"  # "top": take the top resource card; "any": any of them
    max_defence: int | None = None  # defence cards allowed on one field card (None: no limit)
    choose_hand_target: bool = False  # open variant only: pick the attacked hand card
    move_limit: int = 400  # after this many moves the game ends as a draw among survivors
    turn_seconds: float | None = None  # a turn time limit (None: no limit)

    @classmethod
    def from_dict(cls, data: dict[str, Any] | None) -> Settings:
        data = dict(data or {})
        refuse_unknown(data, cls)
        settings = cls(**data)
        settings.check()
        return settings

    def check(self) -> None:
        if not isinstance(self.open_cards, bool) or not isinstance(self.choose_hand_target, bool):
            raise BadSettings("open_cards and choose_hand_target must be true or false")
        if self.field_attack not in FIELD_MODES:
            raise BadSettings(f"field_attack must be one of {FIELD_MODES}")
        if self.resource_take not in TAKE_MODES:
            raise BadSettings(f"resource_take must be one of {TAKE_MODES}")
        if self.max_defence is not None and (
            not isinstance(self.max_defence, int) or self.max_defence < 0
        ):
            raise BadSettings("max_defence must be a whole number >= 0, or null")
        if self.choose_hand_target and not self.open_cards:
            raise BadSettings("choose_hand_target needs open_cards (hands must be visible)")
        if not isinstance(self.move_limit, int) or self.move_limit < 1:
            raise BadSettings("move_limit must be a whole number >= 1")
        check_turn_seconds(self.turn_seconds)


@dataclass
class Slot:
    """One field card (the base, face down until it survives a battle) and its defence cards."""

    base: str
    base_up: bool = False
    defence: list[str] = field(default_factory=list)  # bottom .. top

    def top(self) -> str:
        return self.defence[-1] if self.defence else self.base

    def cards(self) -> list[str]:
        return [self.base, *self.defence]

    def copy(self) -> Slot:
        return Slot(self.base, self.base_up, list(self.defence))


@dataclass
class Player:
    seat: int
    name: str
    bot: int | None
    hand: list[str]
    field: list[Slot | None]  # FIELD_SLOTS positions; None once a position is emptied
    resource: list[str]  # bottom .. top, all face up
    out_at: int | None = None  # move number of elimination

    @property
    def alive(self) -> bool:
        return self.out_at is None

    def live_slots(self) -> list[int]:
        return [i for i, slot in enumerate(self.field) if slot is not None]

    def copy(self) -> Player:
        return Player(
            self.seat,
            self.name,
            self.bot,
            list(self.hand),
            [slot.copy() if slot else None for slot in self.field],
            list(self.resource),
            self.out_at,
        )


@dataclass
class State:
    settings: Settings
    players: list[Player]
    draw: list[str]  # bottom .. top (the top card is drawn first)
    discard: list[str]  # bottom .. top, face up
    turn: int  # the seat to move
    move_no: int = 0
    rng: int = 0
    over: bool = False
    winner: int | None = None
    end: str | None = None  # "last_standing", "move_limit" or "host"
    last: dict[str, Any] | None = None  # public report of the last move

    def player(self, seat: int) -> Player:
        return at_seat(self.players, seat)

    def alive(self) -> list[Player]:
        return [p for p in self.players if p.alive]

    def copy(self) -> State:
        return State(
            self.settings,
            [p.copy() for p in self.players],
            list(self.draw),
            list(self.discard),
            self.turn,
            self.move_no,
            self.rng,
            self.over,
            self.winner,
            self.end,
            dict(self.last) if self.last else None,
        )


def state_to_json(state: State) -> dict[str, Any]:
    return {
        "game": "q-squared-joe",
        "settings": asdict(state.settings),
        "players": [
            {
                "seat": p.seat,
                "name": p.name,
                "bot": p.bot,
                "hand": list(p.hand),
                "field": [asdict(s) if s else None for s in p.field],
                "resource": list(p.resource),
                "out_at": p.out_at,
            }
            for p in state.players
        ],
        "draw": list(state.draw),
        "discard": list(state.discard),
        "turn": state.turn,
        "move_no": state.move_no,
        "rng": state.rng,
        "over": state.over,
        "winner": state.winner,
        "end": state.end,
        "last": state.last,
    }


def state_from_json(data: dict[str, Any]) -> State:
    try:
        players = [
            Player(
                int(p["seat"]),
                str(p["name"]),
                p["bot"],
                [str(c) for c in p["hand"]],
                [
                    Slot(str(s["base"]), bool(s["base_up"]), [str(c) for c in s["defence"]])
                    if s
                    else None
                    for s in p["field"]
                ],
                [str(c) for c in p["resource"]],
                p["out_at"],
            )
            for p in data["players"]
        ]
        return State(
            Settings.from_dict(data["settings"]),
            players,
            [str(c) for c in data["draw"]],
            [str(c) for c in data["discard"]],
            int(data["turn"]),
            int(data["move_no"]),
            int(data["rng"]),
            bool(data["over"]),
            data["winner"],
            data["end"],
            data["last"],
        )
    except (KeyError, TypeError, ValueError) as exc:
        if isinstance(exc, GameError):
            raise
        raise BadSettings(f"not a Q Squared Joe state: {exc!r}") from exc


def zones(state: State) -> dict[str, list[str]]:
    """Every card code in every zone: each card of the deck is in exactly one."""
    out: dict[str, list[str]] = {"draw": list(state.draw), "discard": list(state.discard)}
    for p in state.players:
        out[f"hand:{p.seat}"] = list(p.hand)
        out[f"field:{p.seat}"] = [c for s in p.field if s for c in s.cards()]
        out[f"resource:{p.seat}"] = list(p.resource)
    return out
