"""Phones follow the room: where a phone of a game that is over (or was left) goes next.

One authority says which game the room is at: `Hub.latest()`, the newest game the host
created (and did not delete); the projector shows it and new phones join it. A phone is
*left behind* when its game is over, was deleted, or is a lobby game nobody shows (the
host created another one after it). Such a phone, when it joins again (a reload, or the
`room` event telling every phone the room moved), is taken to the room's game: in a night,
the night's newest game that is not over; else the room's current game. There it gets its
own seat: the seat it had (the same colour, so a night's team stays together) when that
seat takes it - in a team game the seat's team, in a one-phone game only the phone that
held the seat (a team's captain), never a teammate - or else it is offered the free seats.

Everything here runs on a join's thread, so it reads each game's committed snapshot
(`Session.snapshot`, host/session/snapshot.py), never its live seats or phones; the claim it
leads to is decided by the game's worker.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from host.games.contract import GameError
from host.schema import BadMessage

if TYPE_CHECKING:
    from host.room.hub import Hub
    from host.session.core import Session


@dataclass(frozen=True)
class Move:
    """Where a left-behind phone goes: a game, and its seat there (None: choose one)."""

    game: Session
    seat: int | None
    reserved: frozenset[int] = frozenset()  # seats kept for the other phones that follow
    left: str = "over"  # why the phone's game was left: over | gone | lobby

    def refusal(self, origin: str) -> dict[str, Any]:
        """The join's answer when the phone must choose a seat in the room's game."""
        free = [s for s in self.game.snapshot.joinable if s not in self.reserved]
        was = {"over": f"game {origin} is over",
               "gone": f"there is no game {origin} any more",
               "lobby": f"game {origin} is not the room's game"}[self.left]
        return {"ok": False, "code": "moved",
                "reason": f"{was}; the room moved to game {self.game.id}: choose a seat",
                "game": self.game.id, "from": origin, "free": free}


def shown(hub: Hub, session: Session) -> bool:
    """The room's current game, or one a projector watches."""
    if session is hub.latest():
        return True
    return hub.listening is not None and hub.listening(session.id, "screen")


def left_behind(hub: Hub, session: Session | None) -> bool:
    """A game its phones should leave: over, deleted (None), or a lobby nobody shows."""
    if session is None or session.snapshot.status == "over":
        return True
    return session.snapshot.status == "lobby" and not shown(hub, session)


def room_game(hub: Hub, night: str | None, origin: str | None) -> Session | None:
    """The game the room is at for a phone of game `origin` (of `night`): the night's
    newest game not over, else the room's current game, if it is not `origin` and not over."""
    if night is not None:
        games = [s for s in list(hub.sessions.values())  # a copy: hosts create and delete
                 if s.config.get("night") == night and s.snapshot.status != "over"
                 and s.id != origin]
        if games:
            return games[-1]
    current = hub.latest()
    if current is None or current.id == origin or current.snapshot.status == "over":
        return None
    return current


def own_seat(origin: Session | None, target: Session, token: str) -> int | None:
    """The phone's seat in `target`: the one it holds there, or its seat number of `origin`
    when the target's seat takes it (see the module's docstring); else None."""
    there = target.snapshot
    held = there.seat_of.get(token)
    if held is not None:
        return held
    if origin is None:
        return None
    was = origin.snapshot
    seat = was.seat_of.get(token)
    if seat is None or seat not in there.joinable:
        return None
    if target.teams.enabled:
        return seat
    if was.captain(seat) != token or there.taken(seat):
        return None
    return seat


def destination(hub: Hub, origin_id: str, token: str) -> Move | None:
    """Where a phone of game `origin_id` goes, or None when it stays (its game goes on,
    or the room has no other game yet: a finished game keeps showing its podium)."""
    origin = hub.get(origin_id)
    if not left_behind(hub, origin):
        return None
    was = origin or hub.deleted.get(origin_id)  # a game deleted since the host started
    night = was.config.get("night") if was is not None else None
    target = room_game(hub, night, origin_id)
    if target is None:
        return None
    left = ("gone" if origin is None else "over" if origin.snapshot.status == "over"
            else "lobby")
    return Move(target, own_seat(was, target, token), reserved_seats(was, target), left)


def reserved_seats(origin: Session | None, target: Session) -> frozenset[int]:
    """The seats of a one-phone game that the phones of `origin` will come back to: not
    offered to a teammate who has to choose (never a teammate's or another player's)."""
    if origin is None or target.teams.enabled:
        return frozenset()
    return frozenset(seat for seat in origin.snapshot.phones
                     if not target.snapshot.taken(seat))


def check_fresh_join(hub: Hub, session: Session, token: str) -> None:
    """A phone not on this game asks for a seat: a lobby the room is not showing (an old
    room code) is refused; the refusal names the room's game (`not_shown`)."""
    if token in session.snapshot.seat_of or session.snapshot.status != "lobby":
        return
    if not shown(hub, session):
        current = hub.latest()
        raise NotShown(current.id if current is not None else None)


class NotShown(GameError):
    """A join with the room code of a lobby game the projector is not showing."""

    code = "not_shown"

    def __init__(self, current: str | None) -> None:
        super().__init__("that room code is an old one: this game is not on the projector; "
                         + (f"join game {current} (room code {current[:4].upper()})"
                            if current else "ask the host for the room code"))
        self.current = current


def arrival(hub: Hub, game_id: str | None,
            claim: dict[str, Any]) -> tuple[Session, str | None] | dict[str, Any]:
    """Which game a `join` goes to and where it moved from, or the refusal to answer: a
    phone of a game the room left follows the room (to its own seat, which goes into the
    `claim`, or it is told to choose one: `moved`); a new phone with the code of a lobby
    the projector does not show is told the room's code (`not_shown`). A phone the host
    banned is refused by the game's worker, in its claim (host/session/removal.py)."""
    token = claim["token_hash"]
    session = hub.get(game_id) if game_id is not None else hub.latest()
    moved_from = None
    if game_id is not None and (session is None or session.snapshot.status == "over"
                                or token in session.snapshot.seat_of):
        move = destination(hub, game_id, token)
        if move is not None and move.seat is None:
            return move.refusal(game_id)
        if move is not None:
            session, moved_from = move.game, game_id
            claim["seat"] = move.seat
    elif session is not None and game_id is not None:
        try:
            check_fresh_join(hub, session, token)
        except NotShown as err:
            return {"ok": False, "code": err.code, "reason": str(err), "game": err.current}
    if session is None:
        raise BadMessage(f"no game {game_id!r}" if game_id else "there is no game yet")
    return session, moved_from
