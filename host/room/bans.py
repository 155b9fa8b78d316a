"""Phones the host removed and keeps out: of one game, or of the whole night.

A ban is a journal row (host/store/bans.py: scope and the phone's token hash, never the
token), so a restart keeps it. The host bans with `remove_phone` (`"ban": "game"` or
`"night"`): the command names the phone it saw (its token hash, read here), and the game's
worker decides (host/session/removal.py): the phone still on that seat is taken off, and
the ban row is committed in the same batch; a claim checks bans on the worker too. A banned
phone's `join` is refused with code `banned` and a reason saying which; the page shows it
in the player's language.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from host.games.contract import GameError
from host.people.teams import member_id
from host.schema import BadMessage, check_field
from host.store import bans as rows
from host.store.bans import REASONS, SCOPES
from host.store.journal import Journal
from host.session.terms import HOST, Outcome

if TYPE_CHECKING:
    from host.session.core import Session

__all__ = ["REASONS", "SCOPES", "keep_out_of_night", "listed", "remove_command",
           "unban_command"]


def phone_to_remove(session: Session, seat: int, phone: str | None) -> str:
    """The token hash of the phone `remove_phone` names: a team's phone by its short id,
    or a one-phone seat's phone (its id optional). Raises GameError when there is none.
    What the host saw (the committed snapshot): the worker checks it is still on that seat
    (host/session/removal.py)."""
    seen = session.snapshot
    if session.teams.enabled:
        if phone is None:
            raise GameError("name the team's phone to remove ('phone': its id)")
        found = seen.find(seat, phone)
    else:
        found = seen.captain(seat)
        if found is not None and phone is not None and member_id(found) != phone:
            found = None
    if found is None:
        raise GameError("that seat has no such phone")
    return found


def remove_phone(session: Session, seat: int, phone: str | None,
                 scope: str | None) -> Outcome:
    """Host: take a phone off its seat (a team's phone off its team, a one-phone seat's
    phone off the seat) and, with `scope`, keep it out of the game or the night: one event
    for the game's worker, carrying the phone's token hash."""
    if scope is not None and scope not in SCOPES:
        raise GameError("'ban' is 'game', 'night' or null")
    if scope == "night" and session.config.get("night") is None:
        raise GameError("this game is not part of a night: ban it from the game")
    token = phone_to_remove(session, seat, phone)
    return session.submit_remove(seat, token, scope)


def listed(journal: Journal, game: str, night: str | None) -> list[dict[str, str]]:
    """The phones kept out of this game or its night: [{"scope", "phone"}] (short ids)."""
    return [{"scope": scope, "phone": member_id(token)}
            for scope, token in rows.rows(journal, game, night)]


def remove_command(session: Session, body: dict[str, Any]) -> Outcome:
    """`command` {"type": "remove_phone", "seat", "phone"?, "ban"?}, checked."""
    seat, phone, scope = body.get("seat"), body.get("phone"), body.get("ban")
    check_field("seat", seat, (int,))
    if phone is not None:
        check_field("phone", phone, (str,))
    if scope is not None:
        check_field("ban", scope, (str,))
    assert isinstance(seat, int)
    return remove_phone(session, seat, phone, scope)


def unban_command(session: Session, body: dict[str, Any]) -> Outcome:
    """`command` {"type": "unban", "phone", "scope"}: the game's worker deletes the ban
    (host/session/removal.py); its outcome, with the bans left (`bans`) once committed."""
    phone, scope = body.get("phone"), body.get("scope")
    check_field("phone", phone, (str,))
    check_field("scope", scope, (str,))
    assert isinstance(phone, str) and isinstance(scope, str)
    night = session.config.get("night")
    if scope not in SCOPES or (scope == "night" and night is None):
        raise BadMessage("'scope' is 'game', or 'night' for a game of a night")
    outcome = session.submit(HOST, {"type": "_unban", "scope": scope, "phone": phone})
    if not outcome.ok:  # not kept out (stale), the journal failing (storage), ...
        return outcome
    return Outcome(True, data={"bans": listed(session.journal, session.id, night)})


def keep_out_of_night(sessions: list[Session], game_id: str, token: str) -> None:
    """A night's ban is committed (by `game_id`'s worker): every other game of the night
    not over gets a `_night_ban` for its own worker (host/session/removal.py). A game that
    frees the phone lets it go with the night's scope again; the others find nothing, so
    this ends."""
    night = next((s.config.get("night") for s in sessions if s.id == game_id), None)
    if night is None:
        return
    for other in sessions:
        if (other.id != game_id and other.config.get("night") == night
                and other.snapshot.status != "over"):
            other.submit_nowait(HOST, {"type": "_night_ban", "token_hash": token})
