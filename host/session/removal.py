"""The host takes a phone off its seat, and maybe keeps it out: decided on the game's worker.

The host's command names the phone it saw (its token hash, host/room/bans.py); here, on
the worker, that phone must still be on that seat (else `stale`: a phone that left the
lobby and another that claimed the seat meanwhile is not the one the host meant). The
release (or the team's loss of the phone) and the ban row are staged in one batch, so no
claim can come between them; a claim reads the bans on the worker too (`kept_out`), and
the freed phone's connections are let go once the batch is committed (Seating.release).

A night's ban is committed by one game's worker, while a claim of the same phone may be
queued on another game of the night, or the phone already seated there: once the ban is
committed, the hub hands every other game of the night a `_night_ban` (host/room/hub.py),
and each game's own worker takes the phone off its seat there (a claim queued after it reads
the committed ban and is refused).
"""

from __future__ import annotations


from collections.abc import Callable

from host.games.contract import Event
from host.people.teams import member_id
from host.session.terms import Outcome
from host.store import bans
from host.session.shape import SessionShape


def remove(session: SessionShape, event: Event) -> Outcome:
    """`_remove` {seat, token_hash, ban}: the phone off the seat (or team), then its ban."""
    s = session
    seat, token, scope = event.get("seat"), event.get("token_hash"), event.get("ban")
    if not isinstance(seat, int) or not isinstance(token, str):
        return Outcome.refuse("bad_event", "a removal names a seat and a phone")
    night = s.config.get("night")
    if scope is not None and (scope not in bans.SCOPES or (scope == "night" and not night)):
        return Outcome.refuse("bad_event", "'ban' is 'game', 'night' or null")
    if s.teams.enabled:
        still = s.phones.phone(seat, token) is not None
    else:
        captain = s.phones.captain(seat)
        still = captain is not None and captain.token_hash == token
    if not still:
        return Outcome.refuse("stale", "that phone is no longer on that seat")
    if s.teams.enabled:
        outcome = s.seating.team_command({"seat": seat, "action": "remove",
                                          "phone": member_id(token), "ban": scope})
    else:
        outcome = s.seating.release(seat, scope)
        if outcome.ok:
            outcome.data["removed"] = member_id(token)
    if outcome.ok and scope is not None:
        for op in bans.ops_ban(scope, s.id if scope == "game" else str(night), token):
            s.stage(op)
        outcome.data["banned"] = scope
    return outcome


def kept_out(session: SessionShape, token: str) -> Outcome | None:
    """A claim's ban check, on the worker: the refusal for a phone the host keeps out of
    this game or its night (the rows before the claim are committed: a claim is handled
    alone, host/session/batches.py)."""
    scope = bans.banned(session.journal, token, session.id, session.config.get("night"))
    if scope is None:
        return None
    return Outcome(False, code="banned", reason=bans.REASONS[scope], data={"scope": scope})


def unban(session: SessionShape, event: Event) -> Outcome:
    """`_unban` {scope, phone}: the host lets a phone it kept out back in (the phone by its
    short id). On the worker, like the ban: the rows are deleted in the game's batch, in
    order with its claims and removals (a removal queued before it is committed first: a
    barrier). A night's ban is one row for every game of the night: whichever game's worker
    deletes it, SQLite commits one whole batch at a time, and the next claim in any of
    them reads the journal."""
    s = session
    scope, phone = event.get("scope"), event.get("phone")
    night = s.config.get("night")
    ident = s.id if scope == "game" else night if scope == "night" else None
    if ident is None or not isinstance(phone, str):
        return Outcome.refuse("bad_event", "'scope' is 'game', or 'night' for a game of a night")
    tokens = [token for token in bans.tokens(s.journal, str(scope), str(ident))
              if member_id(token) == phone]
    if not tokens:
        return Outcome.refuse("stale", "that phone is not kept out")
    for token in tokens:
        s.stage(bans.ops_unban(str(scope), str(ident), token))
    return Outcome(True)


def night_ban(session: SessionShape, event: Event) -> Outcome:
    """`_night_ban` {token_hash}: the phone the host kept out of the night (committed by
    another game of the night) off its seat here, if it is on one; else nothing."""
    s = session
    token = event.get("token_hash")
    if not isinstance(token, str):
        return Outcome.refuse("bad_event", "a night's ban names a phone")
    seat = s.phones.seat_of(token)
    if seat is None or s.status == "over":
        return Outcome(True, data={"removed": None})
    if s.teams.enabled:
        return s.seating.team_command({"seat": seat, "action": "remove",
                                       "phone": member_id(token), "ban": "night"})
    outcome = s.seating.release(seat, "night")
    outcome.data["removed"] = member_id(token)
    return outcome


# The host's events over phones, decided on the worker (host/session/core.py dispatches them).
EVENTS: dict[str, Callable[[SessionShape, Event], Outcome]] = {
    "_remove": remove, "_unban": unban, "_night_ban": night_ban}
