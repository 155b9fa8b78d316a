"""The territory game's state: frozen values with an exact JSON form.

Territories are kept as parallel tuples indexed like `territory_ids` (the map's
ids, sorted), so a move copies a few small tuples and never the map. The map
itself stays in the game object; the state names it by `map_id`.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, TypeVar

from host.territory.settings import TerritorySettings, parse_settings

T = TypeVar("T")

FREE = -1  # owner of a territory nobody holds

# Phases and stages (see docs/rules/territory.md for the table of events).
# "castles" is a stage of play only in the campaign (bases chosen in turn); "conquest"
# (marks and multiple-choice questions) only in the campaign too (host/territory/modes.py).
PHASES = ("castles", "conquest", "expansion", "combat", "final", "over")
STAGES = ("awaiting_question", "answering", "reveal", "pick", "attack", "over")
QUESTION_STAGES = ("awaiting_question", "answering", "reveal")
PURPOSES = ("expansion", "conquest", "duel", "speed", "final")


@dataclass(frozen=True)
class Player:
    seat: int
    name: str
    bot: int | None
    castle: str  # "" while a campaign player has not chosen a base yet
    score: int
    bonus: int = 0
    # 0 while in the game; else the order in which the player was knocked out (1, 2...).
    out: int = 0

    @property
    def active(self) -> bool:
        return self.out == 0


@dataclass(frozen=True)
class Answer:
    seat: int
    value: int
    t_ns: int


@dataclass(frozen=True)
class Question:
    """A question the engine asked for: awaited, open, or being revealed."""

    purpose: str  # expansion | conquest | duel | speed | final
    kind: str  # numeric | choice
    request_id: str
    seats: tuple[int, ...]  # who must answer
    content: dict[str, Any] | None = None  # the Session's question; never mutated
    answers: tuple[Answer, ...] = ()
    overrides: tuple[tuple[int, bool], ...] = ()  # host judgements: (seat, correct)

    def option_count(self) -> int:
        """A choice question's options (2 to 6); 0 before its content is known."""
        return len((self.content or {}).get("options") or ())

    def answer_of(self, seat: int) -> Answer | None:
        for answer in self.answers:
            if answer.seat == seat:
                return answer
        return None

    def override_of(self, seat: int) -> bool | None:
        for who, correct in self.overrides:
            if who == seat:
                return correct
        return None


@dataclass(frozen=True)
class Attack:
    attacker: int
    defender: int
    target: str

    def to_json(self) -> dict[str, Any]:
        """The attack as the journal and the views write it."""
        return {"attacker": self.attacker, "defender": self.defender, "target": self.target}


@dataclass(frozen=True)
class TerritoryState:
    map_id: str
    territory_ids: tuple[str, ...]
    owners: tuple[int, ...]  # seat or FREE
    values: tuple[int, ...]  # 0 while free
    towers: tuple[int, ...]  # 3..1 on a standing castle, 0 elsewhere
    castles: tuple[bool, ...]  # drawn as a castle (a fallen castle stays worth 1000)
    players: tuple[Player, ...]
    settings: TerritorySettings
    rng: int
    phase: str = "castles"
    stage: str = "awaiting_question"
    seq: int = 0  # counts stages; names timers and question requests
    round: int = 0  # combat round 1..4; 0 before combat
    order: tuple[int, ...] = ()  # this round's attack order
    turn: int = 0  # index into `order`
    picks: tuple[int, ...] = ()  # expansion: seats still to pick, in turn
    attack: Attack | None = None
    question: Question | None = None
    # Final ranking in blocks, best first; a block of several seats is a tie still to break.
    standing: tuple[tuple[int, ...], ...] = ()
    # Final tie-break questions in a row that split nobody (all silent, or all equal).
    final_tries: int = 0
    # Ended by the host: a block of `standing` left unbroken is a shared place.
    stopped: bool = False
    # Expansion questions in a row that nobody answered; at SILENT_LIMIT the game stalls
    # (stage "stalled", reason "nobody_answered") until the host goes on.
    silent_questions: int = 0
    # Questions asked again in this game because the bank ran dry.
    reused_questions: int = 0
    # Campaign conquest: the territories marked this round, (seat, territory id), in turn.
    marks: tuple[tuple[int, str], ...] = ()
    # Duel: expansion questions answered so far; campaign: the conquest round (1..6).
    expansion_round: int = 0

    def player(self, seat: int) -> Player:
        for player in self.players:
            if player.seat == seat:
                return player
        raise KeyError(seat)

    def active_seats(self) -> tuple[int, ...]:
        return tuple(p.seat for p in self.players if p.active)


_FIELD_NAMES: dict[type[Any], frozenset[str]] = {}


def _field_names(cls: type[Any]) -> frozenset[str]:
    names = _FIELD_NAMES.get(cls)
    if names is None:
        names = _FIELD_NAMES[cls] = frozenset(f.name for f in fields(cls))
    return names


def evolve(value: T, **changes: Any) -> T:
    """`dataclasses.replace` for our frozen values, without re-running `__init__`.

    The engine makes a few new states per event; this copy of one small dict is
    many times faster than `replace` and keeps whole bot games in a few ms.
    """
    cls: type[Any] = type(value)
    unknown = changes.keys() - _field_names(cls)
    if unknown:
        raise TypeError(f"{cls.__name__} has no field(s) {sorted(unknown)}")
    new = object.__new__(cls)
    new.__dict__.update(value.__dict__)
    new.__dict__.update(changes)
    return new


def to_json(state: TerritoryState) -> dict[str, Any]:
    """A JSON-able dict; `from_json` gives back an equal state."""
    question = state.question
    out: dict[str, Any] = {
        "map_id": state.map_id,
        "territory_ids": list(state.territory_ids),
        "owners": list(state.owners),
        "values": list(state.values),
        "towers": list(state.towers),
        "castles": list(state.castles),
        "players": [
            {
                "seat": p.seat,
                "name": p.name,
                "bot": p.bot,
                "castle": p.castle,
                "score": p.score,
                "bonus": p.bonus,
                "out": p.out,
            }
            for p in state.players
        ],
        "settings": state.settings.to_json(),
        "rng": state.rng,
        "phase": state.phase,
        "stage": state.stage,
        "seq": state.seq,
        "round": state.round,
        "order": list(state.order),
        "turn": state.turn,
        "picks": list(state.picks),
        "attack": None if state.attack is None else state.attack.to_json(),
        "question": None
        if question is None
        else {
            "purpose": question.purpose,
            "kind": question.kind,
            "request_id": question.request_id,
            "seats": list(question.seats),
            "content": None if question.content is None else _copy_json(question.content),
            "answers": [[a.seat, a.value, a.t_ns] for a in question.answers],
            "overrides": [[seat, correct] for seat, correct in question.overrides],
        },
        "standing": [list(block) for block in state.standing],
        "final_tries": state.final_tries,
        "silent_questions": state.silent_questions,
        "reused_questions": state.reused_questions,
    }
    # Written only when used (duel, campaign), so a classic state's JSON is unchanged.
    if state.marks:
        out["marks"] = [[seat, tid] for seat, tid in state.marks]
    if state.expansion_round:
        out["expansion_round"] = state.expansion_round
    if state.stopped:
        out["stopped"] = True
    return out


def from_json(data: dict[str, Any]) -> TerritoryState:
    q = data["question"]
    a = data["attack"]
    return TerritoryState(
        map_id=data["map_id"],
        territory_ids=tuple(data["territory_ids"]),
        owners=tuple(data["owners"]),
        values=tuple(data["values"]),
        towers=tuple(data["towers"]),
        castles=tuple(data["castles"]),
        players=tuple(Player(**p) for p in data["players"]),
        settings=parse_settings(data["settings"]),
        rng=data["rng"],
        phase=data["phase"],
        stage=data["stage"],
        seq=data["seq"],
        round=data["round"],
        order=tuple(data["order"]),
        turn=data["turn"],
        picks=tuple(data["picks"]),
        attack=None if a is None else Attack(a["attacker"], a["defender"], a["target"]),
        question=None
        if q is None
        else Question(
            purpose=q["purpose"],
            kind=q["kind"],
            request_id=q["request_id"],
            seats=tuple(q["seats"]),
            content=None if q["content"] is None else _copy_json(q["content"]),
            answers=tuple(Answer(*row) for row in q["answers"]),
            overrides=tuple((seat, correct) for seat, correct in q["overrides"]),
        ),
        standing=tuple(tuple(block) for block in data["standing"]),
        final_tries=int(data.get("final_tries", 0)),
        silent_questions=int(data.get("silent_questions", 0)),
        reused_questions=int(data.get("reused_questions", 0)),
        marks=tuple((seat, tid) for seat, tid in data.get("marks", ())),
        expansion_round=int(data.get("expansion_round", 0)),
        stopped=bool(data.get("stopped", False)),
    )


def _copy_json(value: Any) -> Any:
    """A deep copy of plain JSON data (a question is small; the map is never copied)."""
    if isinstance(value, dict):
        return {k: _copy_json(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_copy_json(v) for v in value]
    return value
