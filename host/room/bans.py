"""Phones the host removed and keeps out: of one game, or of the whole night.

A ban is a journal row (`bans`: scope and the phone's token hash, never the token),
so a restart keeps it. A banned phone's `join` is refused with code `banned` and a
reason saying which; the page shows it in the player's language. The host bans
with `remove_phone` (`"ban": "game"` or `"night"`).
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from typing import Any

from host.games.contract import GameError
from host.store.journal import Journal, Op, own_table
from host.schema import BadMessage, check_field
from host.people.teams import member_id

if TYPE_CHECKING:
    from host.session.core import Outcome, Session

SCOPES = ("game", "night")
REASONS = {
    "game": "the host removed this phone from this game",
    "night": "the host removed this phone from tonight's games",
}


def scope_key(scope: str, ident: str) -> str:
    return f"{scope}:{ident}"


def op_ban(scope: str, ident: str, token_hash: str) -> Op:
    return ("INSERT OR REPLACE INTO bans(scope, token_hash, created) VALUES (?,?,?)",
            (scope_key(scope, ident), token_hash, time.time()))


def ban(journal: Journal, scope: str, ident: str, token_hash: str) -> None:
    journal.write([own_table("bans"), op_ban(scope, ident, token_hash)])


def banned(journal: Journal, token_hash: str, game: str,
           night: str | None) -> str | None:
    """The scope ("game" or "night") that keeps this phone out of the game, or None."""
    scopes = [scope_key("game", game)] + ([scope_key("night", night)] if night else [])
    rows = journal.select(
        f"SELECT scope FROM bans WHERE token_hash=? AND scope IN ({','.join('?' * len(scopes))})",
        (token_hash, *scopes))
    found = {str(row[0]).split(":", 1)[0] for row in rows}
    return "night" if "night" in found else "game" if "game" in found else None


def phone_to_remove(session: Session, seat: int, phone: str | None) -> str:
    """The token hash of the phone `remove_phone` names: a team's phone by its short id,
    or a one-phone seat's phone (its id optional). Raises GameError when there is none."""
    if session.teams.enabled:
        if phone is None:
            raise GameError("name the team's phone to remove ('phone': its id)")
        found = session.phones.find(seat, phone)
    else:
        found = session.phones.captain(seat)
        if found is not None and phone is not None and member_id(found.token_hash) != phone:
            found = None
    if found is None:
        raise GameError("that seat has no such phone")
    return found.token_hash


def remove_phone(session: Session, seat: int, phone: str | None,
                 scope: str | None) -> tuple[Outcome, str]:
    """Host: take a phone off its seat (a team's phone off its team, a one-phone seat's
    phone off the seat) and, with `scope`, keep it out of the game or the night.
    Returns the outcome and the phone's token hash (the socket layer lets it go)."""
    if scope is not None and scope not in SCOPES:
        raise GameError("'ban' is 'game', 'night' or null")
    night = session.config.get("night")
    if scope == "night" and night is None:
        raise GameError("this game is not part of a night: ban it from the game")
    token = phone_to_remove(session, seat, phone)
    if session.teams.enabled:
        outcome = session.submit_team("remove", seat, member_id(token))
    else:
        outcome = session.submit_release(seat)
        if outcome.ok:
            outcome.data["removed"] = member_id(token)
    if outcome.ok and scope is not None:
        ban(session.journal, scope, session.id if scope == "game" else str(night), token)
        outcome.data["banned"] = scope
    return outcome, token


def listed(journal: Journal, game: str, night: str | None) -> list[dict[str, str]]:
    """The phones kept out of this game or its night: [{"scope", "phone"}] (short ids)."""
    scopes = [scope_key("game", game)] + ([scope_key("night", night)] if night else [])
    rows = journal.select(
        f"SELECT scope, token_hash FROM bans WHERE scope IN ({','.join('?' * len(scopes))}) "
        "ORDER BY created", tuple(scopes))
    return [{"scope": str(scope).split(":", 1)[0], "phone": member_id(str(token))}
            for scope, token in rows]


def unban(journal: Journal, scope: str, ident: str, phone: str) -> bool:
    """Let a phone back in (the host's mistake is cheap); False when it was not banned."""
    key = scope_key(scope, ident)
    rows = journal.select("SELECT token_hash FROM bans WHERE scope=?", (key,))
    tokens = [str(token) for (token,) in rows if member_id(str(token)) == phone]
    if not tokens:
        return False
    journal.write([("DELETE FROM bans WHERE scope=? AND token_hash=?", (key, token))
                   for token in tokens])
    return True


def remove_command(session: Session, body: dict[str, Any]) -> tuple[Outcome, str]:
    """`command` {"type": "remove_phone", "seat", "phone"?, "ban"?}, checked."""
    seat, phone, scope = body.get("seat"), body.get("phone"), body.get("ban")
    check_field("seat", seat, (int,))
    if phone is not None:
        check_field("phone", phone, (str,))
    if scope is not None:
        check_field("ban", scope, (str,))
    assert isinstance(seat, int)
    return remove_phone(session, seat, phone, scope)


def unban_command(session: Session, body: dict[str, Any]) -> list[dict[str, str]] | None:
    """`command` {"type": "unban", "phone", "scope"}: the bans left, or None when that phone
    was not kept out."""
    phone, scope = body.get("phone"), body.get("scope")
    check_field("phone", phone, (str,))
    check_field("scope", scope, (str,))
    assert isinstance(phone, str) and isinstance(scope, str)
    night = session.config.get("night")
    ident = session.id if scope == "game" else night
    if scope not in SCOPES or ident is None:
        raise BadMessage("'scope' is 'game', or 'night' for a game of a night")
    if not unban(session.journal, scope, str(ident), phone):
        return None
    return listed(session.journal, session.id, night)
