"""The game state of Watchtower as plain values, and its settings.

A state is a small tree of dataclasses holding card codes ("QH", "10S"); the
rules copy it before every change, so an engine call never mutates its input.
The barracks is a list whose index 0 is its top (the next card drawn);
"to the bottom of the barracks" appends. A fort is a list of stacks, one per
rank, each listed bottom .. top: a stack of two or three is a watchtower.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from host.cards.common.primitives import Card, standard_deck
from host.cards.common.checks import at_seat
from host.cards.common.settings import check_turn_seconds, refuse_unknown
from host.games.contract import BadSettings, GameError

FORT_SIZE = 4
ARMY_SIZE = 4
MIN_PLAYERS = 2
MAX_PLAYERS = 4
TOWER = 4  # cards in a complete watchtower
CHALLENGE_LIMIT = 3  # challenges one fort card can take
ARMY_NEEDED = {1: 0, 2: 6, 3: 10}  # army cards needed to challenge the top of a stack of n

DECK: tuple[str, ...] = tuple(card.code() for card in standard_deck())
_RANKS: dict[str, int] = {code: Card.parse(code).rank for code in DECK}

PHASES = ("setup", "draw", "main", "picks", "showdown", "over")
LIMIT_SCOPES = ("card", "attacker")
SETUP_BURN_RULES = ("no_rival_tower", "always", "never")
SHOWDOWN_EVEN = ("drop", "keep")



def rank(code: str) -> int:
    """The printed rank: ace 1 .. king 13."""
    try:
        return _RANKS[code]
    except KeyError:
        raise GameError(f"{code!r} is not a card of this game") from None


def strength(code: str) -> int:
    """Battle strength, aces high: 2 .. 13, ace 14."""
    value = rank(code)
    return 14 if value == 1 else value


def is_royal_or_ace(code: str) -> bool:
    return rank(code) in (1, 11, 12, 13)


def tower_value(code: str) -> int:
    """Cards drawn for a watchtower battle: the rank, royals and aces counting 10."""
    return 10 if is_royal_or_ace(code) else rank(code)


@dataclass(frozen=True)
class Settings:
    """Table rules a host may change; see docs/rules/watchtower.md, "Rulings"."""

    assassins: bool = True  # sevens in a challenge: the attacker's wins, the defender's loses
    limit_scope: str = "card"  # the three-challenge limit counts per "card" or per "attacker"
    setup_burn: str = "no_rival_tower"  # when the pre-game burn is allowed
    challenges_per_turn: int = 1
    showdown_even: str = "drop"  # an even showdown line: "drop" its last card, or "keep" it
    tie_replays: int = 50  # watchtower-battle replays before a shared (drawn) result
    move_limit: int = 3000  # after this many moves the game ends as a stalemate draw
    turn_seconds: float | None = None  # a time limit per decision (None: no limit)

    @classmethod
    def from_dict(cls, data: dict[str, Any] | None) -> Settings:
        data = dict(data or {})
        refuse_unknown(data, cls)
        if data.get("turn_seconds") == 0:
            data["turn_seconds"] = None  # the host form's 0 means "no limit"
        settings = cls(**data)
        settings.check()
        return settings

    def check(self) -> None:
        if not isinstance(self.assassins, bool):
            raise BadSettings("assassins must be true or false")
        if self.limit_scope not in LIMIT_SCOPES:
            raise BadSettings(f"limit_scope must be one of {LIMIT_SCOPES}")
        if self.setup_burn not in SETUP_BURN_RULES:
            raise BadSettings(f"setup_burn must be one of {SETUP_BURN_RULES}")
        if self.showdown_even not in SHOWDOWN_EVEN:
            raise BadSettings(f"showdown_even must be one of {SHOWDOWN_EVEN}")
        for name in ("challenges_per_turn", "tie_replays", "move_limit"):
            value = getattr(self, name)
            if not isinstance(value, int) or isinstance(value, bool) or value < 1:
                raise BadSettings(f"{name} must be a whole number >= 1")
        check_turn_seconds(self.turn_seconds)


@dataclass
class Player:
    seat: int
    name: str
    bot: int | None
    army: list[str]  # the hand, hidden from the others
    fort: list[list[str]]  # stacks of one rank, each bottom .. top, face up
    campaign: bool = False
    tower: list[str] = field(default_factory=list)  # the complete watchtower, on campaign
    out: bool = False  # eliminated
    tricks: list[str] = field(default_factory=list)  # won in the final showdown, face up

    def stack_of(self, code: str) -> list[str] | None:
        """The fort stack of this card's rank, if any."""
        for stack in self.fort:
            if rank(stack[0]) == rank(code):
                return stack
        return None

    def fort_cards(self) -> list[str]:
        return [c for stack in self.fort for c in stack]

    def copy(self) -> Player:
        return Player(
            self.seat,
            self.name,
            self.bot,
            list(self.army),
            [list(s) for s in self.fort],
            self.campaign,
            list(self.tower),
            self.out,
            list(self.tricks),
        )


@dataclass
class Pending:
    """Blind picks under way: a challenge or a for-all.

    `queue` lists the picks still owed, each [chooser, owner]: the chooser
    names a position in the owner's army, and that card goes face down into
    `lines[str(owner)]`.
    """

    kind: str  # "challenge" or "forall"
    attacker: int  # the challenger, or the player completing a watchtower
    defender: int | None = None
    target: str | None = None  # the fort card challenged (None between campaigners)
    size: int = 0
    queue: list[list[int]] = field(default_factory=list)
    lines: dict[str, list[str]] = field(default_factory=dict)
    contested: str | None = None  # for-all: the card that would complete the watchtower

    def copy(self) -> Pending:
        return Pending(
            self.kind,
            self.attacker,
            self.defender,
            self.target,
            self.size,
            [list(q) for q in self.queue],
            {k: list(v) for k, v in self.lines.items()},
            self.contested,
        )


@dataclass
class State:
    settings: Settings
    players: list[Player]
    barracks: list[str]  # index 0 is the top
    turn: int
    phase: str = "setup"
    dealer: int = 0
    move_no: int = 0
    rng: int = 0
    burnt: bool = False  # a burn was made this turn
    challenges: int = 0  # challenges made this turn
    fresh: dict[str, str] = field(default_factory=dict)  # card -> "barracks"/"battle", this turn
    counts: dict[str, int] = field(default_factory=dict)  # challenges taken per fort card
    pending: Pending | None = None
    winner: int | None = None
    end: str | None = None  # "showdown", "last_standing", "stalemate", "move_limit", "host"
    last: dict[str, Any] | None = None  # public report of the last move
    # Cards a defender won in battle, card -> seat: they count as won in battle
    # ("gagnée au combat") during that seat's next turn, when it may place them.
    spoils: dict[str, int] = field(default_factory=dict)

    @property
    def over(self) -> bool:
        return self.phase == "over"

    def player(self, seat: int) -> Player:
        return at_seat(self.players, seat)

    def active(self) -> list[Player]:
        return [p for p in self.players if not p.out]

    def copy(self) -> State:
        return State(
            self.settings,
            [p.copy() for p in self.players],
            list(self.barracks),
            self.turn,
            self.phase,
            self.dealer,
            self.move_no,
            self.rng,
            self.burnt,
            self.challenges,
            dict(self.fresh),
            dict(self.counts),
            self.pending.copy() if self.pending else None,
            self.winner,
            self.end,
            dict(self.last) if self.last else None,
            dict(self.spoils),
        )


def state_to_json(state: State) -> dict[str, Any]:
    data = asdict(state)
    data["game"] = "watchtower"
    return data


def state_from_json(data: dict[str, Any]) -> State:
    try:
        pending = data["pending"]
        return State(
            settings=Settings.from_dict(data["settings"]),
            players=[
                Player(
                    int(p["seat"]),
                    str(p["name"]),
                    p["bot"],
                    [str(c) for c in p["army"]],
                    [[str(c) for c in s] for s in p["fort"]],
                    bool(p["campaign"]),
                    [str(c) for c in p["tower"]],
                    bool(p["out"]),
                    [str(c) for c in p["tricks"]],
                )
                for p in data["players"]
            ],
            barracks=[str(c) for c in data["barracks"]],
            turn=int(data["turn"]),
            phase=str(data["phase"]),
            dealer=int(data["dealer"]),
            move_no=int(data["move_no"]),
            rng=int(data["rng"]),
            burnt=bool(data["burnt"]),
            challenges=int(data["challenges"]),
            fresh={str(k): str(v) for k, v in data["fresh"].items()},
            counts={str(k): int(v) for k, v in data["counts"].items()},
            pending=Pending(
                str(pending["kind"]),
                int(pending["attacker"]),
                pending["defender"],
                pending["target"],
                int(pending["size"]),
                [[int(a), int(b)] for a, b in pending["queue"]],
                {str(k): [str(c) for c in v] for k, v in pending["lines"].items()},
                pending["contested"],
            )
            if pending
            else None,
            winner=data["winner"],
            end=data["end"],
            last=data["last"],
            spoils={str(k): int(v) for k, v in data.get("spoils", {}).items()},
        )
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        if isinstance(exc, GameError):
            raise
        raise BadSettings(f"not a Watchtower state: {exc!r}") from exc


def zones(state: State) -> dict[str, list[str]]:
    """Every card code in every zone: each card of the deck is in exactly one."""
    out: dict[str, list[str]] = {"barracks": list(state.barracks)}
    for p in state.players:
        out[f"army:{p.seat}"] = list(p.army)
        out[f"fort:{p.seat}"] = p.fort_cards()
        out[f"tower:{p.seat}"] = list(p.tower)
        out[f"tricks:{p.seat}"] = list(p.tricks)
    if state.pending:
        for owner, line in state.pending.lines.items():
            out[f"line:{owner}"] = list(line)
        if state.pending.contested:
            out["contested"] = [state.pending.contested]
    return out
