"""Phones on seats: one phone per seat, or, in a team game, a team of phones per seat.

In a team game (`create` with `"teams": true`) a phone that claims a taken seat
joins that seat's team instead of being refused as `taken`. The first phone on a
seat is its captain; the host can hand the captaincy to another phone of the team
or remove a phone. Who answers for a team (`"team_answers"`): `first`, any phone,
and the first answer locked in counts (the engine refuses a second one as it
refuses a seat's second answer), or `captain`, the captain's phone only.

The bindings live in the journal (`seats`: the captain's token; `team_phones`: the
others), so a reload or a restart keeps every phone on its team; `SeatPhones` is the
Session's copy in memory. A phone is shown by the name it gave and a short id (the
start of its token's hash: never the token), so the host can tell two "Alex" apart.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

ANSWER_RULES = ("first", "captain")
MEMBER_ID_LENGTH = 8


def member_id(token_hash: str) -> str:
    return token_hash[:MEMBER_ID_LENGTH]


@dataclass(frozen=True)
class TeamRules:
    """A game's team settings, read from its config (absent: one phone per seat)."""

    enabled: bool = False
    answers: str = "first"  # first | captain

    @classmethod
    def from_config(cls, config: dict[str, Any]) -> TeamRules:
        teams = config.get("teams")
        if not teams:
            return cls()
        answers = teams.get("answers", "first") if isinstance(teams, dict) else "first"
        return cls(True, answers)

    def as_config(self) -> dict[str, Any] | None:
        return {"answers": self.answers} if self.enabled else None


def team_rules(teams: Any, answers: Any) -> TeamRules:
    """The `create` message's `teams` and `team_answers`, checked."""
    if teams is None or teams is False:
        if answers is not None:
            raise ValueError("'team_answers' needs 'teams': true")
        return TeamRules()
    if teams is not True:
        raise ValueError("'teams' is true or false")
    answers = "first" if answers is None else answers
    if answers not in ANSWER_RULES:
        raise ValueError("'team_answers' is 'first' or 'captain'")
    return TeamRules(True, answers)


@dataclass
class Phone:
    token_hash: str
    name: str = ""

    def public(self, captain: bool) -> dict[str, Any]:
        return {"id": member_id(self.token_hash), "name": self.name, "captain": captain}


@dataclass
class SeatPhones:
    """Each seat's phones, its captain (or only phone) first."""

    seats: dict[int, list[Phone]] = field(default_factory=dict)

    @classmethod
    def load(cls, captains: dict[int, str],
             teammates: dict[int, list[tuple[str, str]]]) -> SeatPhones:
        """From the journal: each seat's captain (or only phone), then its team's phones."""
        phones = cls()
        for seat, token in captains.items():
            team = [Phone(t, name) for t, name in teammates.get(seat, [])]
            captain = next((p for p in team if p.token_hash == token), Phone(token))
            phones.seats[seat] = [captain, *(p for p in team if p.token_hash != token)]
        return phones

    def seat_of(self, token_hash: str) -> int | None:
        # A copy: a join's handler reads this on its connection's thread while the
        # Session's worker seats another phone (a dict that grows mid-loop raises). The
        # dict's own copy takes no turn of the interpreter in between; list(items()) may.
        for seat, phones in self.seats.copy().items():
            if any(phone.token_hash == token_hash for phone in phones):
                return seat
        return None

    def taken(self, seat: int) -> bool:
        return bool(self.seats.get(seat))

    def count(self, seat: int) -> int:
        return len(self.seats.get(seat, []))

    def captain(self, seat: int) -> Phone | None:
        phones = self.seats.get(seat)
        return phones[0] if phones else None

    def phone(self, seat: int, token_hash: str) -> Phone | None:
        return next((p for p in self.seats.get(seat, []) if p.token_hash == token_hash), None)

    def find(self, seat: int, ident: str) -> Phone | None:
        """A phone of the seat by its short id (what the host page shows)."""
        return next((p for p in self.seats.get(seat, [])
                     if member_id(p.token_hash) == ident), None)

    def add(self, seat: int, token_hash: str, name: str) -> bool:
        """Seat a phone; True when it is the seat's first (its captain)."""
        phones = self.seats.setdefault(seat, [])
        phones.append(Phone(token_hash, name))
        return len(phones) == 1

    def clear(self, seat: int) -> None:
        self.seats.pop(seat, None)

    def remove(self, seat: int, token_hash: str) -> None:
        self.seats[seat] = [p for p in self.seats.get(seat, []) if p.token_hash != token_hash]
        if not self.seats[seat]:
            del self.seats[seat]

    def make_captain(self, seat: int, token_hash: str) -> None:
        phones = self.seats.get(seat, [])
        chosen = [p for p in phones if p.token_hash == token_hash]
        self.seats[seat] = chosen + [p for p in phones if p.token_hash != token_hash]

    def team(self, seat: int) -> list[dict[str, Any]]:
        """What the projector and the team's phones show: each phone's id, name, captaincy."""
        return [phone.public(index == 0) for index, phone in enumerate(self.seats.get(seat, []))]
