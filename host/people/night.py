"""A night: several games, of any kind, with one running total per player or team.

A night is a row of its own in the journal (name, scoring rules, open or over);
a game joins it when it is created (`config["night"]`). The totals are never
stored: they are computed from the results the journal holds for the night's
finished games, so a restart gives them back exactly, and a game's points are
counted once it is over (its result is committed with its last event).

Points belong to people, never to a colour (a seat is only where someone sits
tonight). Who sat on a seat of a game (`identify`), from the journal's seat
bindings, kept after the game ends:
- a phone alone on its seat is a player: `phone:<member id>` (the start of its
  token's hash, host/people/teams.py), whatever seat it takes from game to game;
- a team (a team game's seat) is `team:<member id of its first captain>`, and in a
  later game the seat whose phones share the most phones with it is the same team
  (its captain's phone breaks a tie; each team once per game): a team that swaps
  captain, loses or gains a phone, or changes colour keeps its total;
- a phone alone on its seat in a night where it plays in a team is a member of that team
  (its team in the latest team game before, else in the first one after): its points count
  for the team, the best of the team's members in that game (a team game gives a team one
  place, so a game alone counts once per team too): one row per team, as a host counts;
- a seat without a phone (named by the host, a bot) is `name:<its name>`, listed once
  a finished game counts it (a lobby's unheld seat is nobody yet).
Its name is the one it had in the latest game it played (a team's: in a team game); `seat`
is where it sits in the night's latest game (null when it is not in it). Robots play, but
the places are for people: a robot's row (`bot`) has no place and comes after them.
Points per game, by the kind's rule: `places` (1st, 2nd, 3rd... get those points; equal
places share the better one; the default 10/6/3) or `scale` (the game's own score times
the factor, rounded).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

DEFAULT_PLACES = (10, 6, 3)
MAX_PLACES = 16


class NightError(ValueError):
    """A night or its rules as given cannot be used."""


@dataclass(frozen=True)
class Rule:
    places: tuple[int, ...] = DEFAULT_PLACES
    scale: float | None = None  # set: points = round(score * scale), places ignored

    def as_json(self) -> dict[str, Any]:
        return {"scale": self.scale} if self.scale is not None else {"places": list(self.places)}


@dataclass(frozen=True)
class NightRules:
    default: Rule = Rule()
    kinds: dict[str, Rule] = field(default_factory=dict)

    def for_kind(self, kind: str) -> Rule:
        return self.kinds.get(kind, self.default)

    def as_json(self) -> dict[str, Any]:
        return {"default": self.default.as_json(),
                **{kind: rule.as_json() for kind, rule in sorted(self.kinds.items())}}


def parse_rule(data: Any, where: str) -> Rule:
    if not isinstance(data, dict) or len(data) != 1 or not set(data) <= {"places", "scale"}:
        raise NightError(f"{where}: a rule is {{\"places\": [10, 6, 3]}} or {{\"scale\": 0.1}}")
    if "scale" in data:
        scale = data["scale"]
        if isinstance(scale, bool) or not isinstance(scale, (int, float)) or not 0 < scale <= 1000:
            raise NightError(f"{where}: 'scale' is a number above 0 (up to 1000)")
        return Rule(scale=float(scale))
    places = data["places"]
    if (not isinstance(places, list) or not 1 <= len(places) <= MAX_PLACES
            or not all(isinstance(p, int) and not isinstance(p, bool) and 0 <= p <= 1000
                       for p in places)):
        raise NightError(f"{where}: 'places' lists 1 to {MAX_PLACES} whole numbers of points "
                         "from 0 to 1000, for 1st, 2nd, ...")
    return Rule(places=tuple(places))


def parse_rules(data: Any) -> NightRules:
    """{"default": {"places": [10, 6, 3]}, "territory": {"scale": 0.01}} (all optional)."""
    if data is None:
        return NightRules()
    if not isinstance(data, dict):
        raise NightError("'rules' is an object: {\"default\": {...}, \"<kind>\": {...}}")
    default = parse_rule(data["default"], "default") if "default" in data else Rule()
    kinds = {str(kind): parse_rule(rule, str(kind)) for kind, rule in data.items()
             if kind != "default"}
    return NightRules(default, kinds)


def places_of(players: list[dict[str, Any]]) -> dict[int, int]:
    """Each seat's place: the result's own when it gives one, else by score (ties share)."""
    if all("place" in p for p in players):
        return {int(p["seat"]): int(p["place"]) for p in players}
    ordered = sorted(players, key=lambda p: -p["score"])
    places: dict[int, int] = {}
    for index, player in enumerate(ordered):
        if index and player["score"] == ordered[index - 1]["score"]:
            places[int(player["seat"])] = places[int(ordered[index - 1]["seat"])]
        else:
            places[int(player["seat"])] = index + 1
    return places


def game_points(rule: Rule, result: dict[str, Any]) -> dict[int, int]:
    """Points per seat for one finished game."""
    players = [p for p in result.get("players", []) if isinstance(p.get("seat"), int)]
    if rule.scale is not None:
        return {int(p["seat"]): round(float(p.get("score", 0)) * rule.scale) for p in players}
    places = places_of(players)
    return {seat: rule.places[place - 1] if place <= len(rule.places) else 0
            for seat, place in places.items()}


@dataclass(frozen=True)
class PlayedGame:
    """What a night needs of one of its games (from the journal's games table)."""

    id: str
    kind: str
    status: str
    # {"seat", "name", "bot", "phones": [member ids, captain first], "team": bool}: who sat
    # where (no "phones": a seat known by its name)
    seats: list[dict[str, Any]]
    result: dict[str, Any] | None


def _seat_name(game: PlayedGame, seat: dict[str, Any]) -> str:
    """A seat's name in a game: its result's once over (renamed there too), else its own."""
    named = game.result and next((p.get("name") for p in game.result.get("players", [])
                                  if p.get("seat") == seat["seat"] and p.get("name")), None)
    return str(named or seat["name"])


def identify(games: list[PlayedGame]) -> list[dict[int, str]]:
    """Per game, each seat's identity (the module's docstring says the rule)."""
    team_phones: dict[str, set[str]] = {}  # a team -> its phones in the latest game it played
    out: list[dict[int, str]] = []
    teams_of: list[dict[str, str]] = []  # per game: a team game's phone -> its team
    for game in games:
        found: dict[int, str] = {}
        teams_of.append({})
        for seat in game.seats:
            number, phones = int(seat["seat"]), [str(p) for p in seat.get("phones") or []]
            if phones and seat.get("team"):
                mine = set(phones)
                known = [(len(mine & have), phones[0] in have, team)
                         for team, have in team_phones.items()
                         if mine & have and team not in found.values()]
                if known:
                    ident = max(known, key=lambda k: k[:2])[2]
                else:  # a new team, named by its captain (once: never an earlier team's id)
                    ident = f"team:{phones[0]}"
                    if ident in team_phones:
                        ident = f"{ident}@{game.id}:{number}"
                team_phones[ident] = mine
                teams_of[-1].update((phone, ident) for phone in phones)
            elif phones:
                ident = f"phone:{phones[0]}"
            else:
                ident = f"name:{_seat_name(game, seat)}"
            if ident in found.values():  # two seats of one game are never one player
                ident = f"{ident}@{game.id}:{number}"
            found[number] = ident
        out.append(found)
    for index, (game, found) in enumerate(zip(games, out, strict=True)):
        for seat in game.seats:  # a phone alone, of a team of the night: that team's member
            phones = seat.get("phones") or []
            if phones and not seat.get("team"):
                team = _team_of(str(phones[0]), index, teams_of)
                if team is not None:
                    found[int(seat["seat"])] = team
    return out


def _team_of(phone: str, index: int, teams_of: list[dict[str, str]]) -> str | None:
    """The phone's team of the night around game `index`: in the latest team game before
    it, else in the first one after it; None: it plays in no team tonight."""
    before = [teams[phone] for teams in teams_of[:index] if phone in teams]
    if before:
        return before[-1]
    return next((teams[phone] for teams in teams_of[index + 1:] if phone in teams), None)


def _member(seat: dict[str, Any], ident: str) -> bool:
    """A phone alone on a seat, counted for its team."""
    return not seat.get("team") and ident.startswith("team:")


def standings(rules: NightRules, games: list[PlayedGame]) -> dict[str, Any]:
    """The night's table: per player or team its total and its points in each finished game."""
    rows: dict[str, dict[str, Any]] = {}
    played = []
    identities = identify(games)
    for game, seats in zip(games, identities, strict=True):
        for seat in game.seats:
            ident = seats[int(seat["seat"])]
            row = rows.setdefault(ident, {"id": ident, "by": ident.split(":", 1)[0],
                                          "points": 0, "games": {}})
            if not _member(seat, ident) or "name" not in row:  # a team: its own name
                row["name"] = _seat_name(game, seat)
            if not _member(seat, ident):  # the colour it wore last (the night's podium)
                row["colour"] = int(seat["seat"])
            if ident.startswith("name:"):
                row["bot"] = bool(seat.get("bot"))
        if game.status != "over" or game.result is None:
            continue
        for seat in game.seats:
            rows[seats[int(seat["seat"])]]["counted"] = True
        points = game_points(rules.for_kind(game.kind), game.result)
        played.append({"game": game.id, "kind": game.kind})
        gained_by: dict[str, int] = {}
        for number, gained in points.items():  # a team's members alone: the best of them
            if number in seats:
                gained_by[seats[number]] = max(gained, gained_by.get(seats[number], gained))
        for ident, gained in gained_by.items():
            rows[ident]["points"] += gained
            rows[ident]["games"][game.id] = gained
    latest: dict[str, int] = {}  # where each sits in the latest game (a member: no colour)
    for seat in games[-1].seats if games else []:
        ident = identities[-1][int(seat["seat"])]
        if not _member(seat, ident):
            latest[ident] = int(seat["seat"])
    order = {ident: index for index, ident in enumerate(rows)}  # first seen first, on a tie
    # A seat nobody holds yet in a game not over (a lobby's "Rouge", a name the form kept
    # from the last game) is nobody's row until a finished game counts it.
    kept = [r for r in rows.values() if r.pop("counted", False) or r["by"] != "name"]
    table = sorted(kept, key=lambda r: (bool(r.get("bot")), -r["points"], order[r["id"]]))
    people = [row for row in table if not row.get("bot")]
    for index, row in enumerate(people):
        tied = index and row["points"] == people[index - 1]["points"]
        row["place"] = people[index - 1]["place"] if tied else index + 1
    for row in table:
        row["seat"] = latest.get(row["id"])
        row["bot"] = bool(row.get("bot"))
        row.setdefault("place", None)  # a robot: listed after the people, never placed
        row.setdefault("colour", None)
    return {"played": played, "table": table}


def csv_rows(night: dict[str, Any]) -> list[list[str]]:
    """The night as a spreadsheet: one row per player or team, one column per finished game."""
    games = [g["game"] for g in night["standings"]["played"]]
    head = ["place", "name", "id", "seat", *[f"{g['kind']}:{g['game']}"
                                            for g in night["standings"]["played"]], "total"]
    rows = [head]
    for row in night["standings"]["table"]:
        seat = "" if row["seat"] is None else str(row["seat"])
        place = "" if row["place"] is None else str(row["place"])  # a robot: no place
        rows.append([place, row["name"], row["id"], seat,
                     *[str(row["games"].get(g, "")) for g in games], str(row["points"])])
    return rows
