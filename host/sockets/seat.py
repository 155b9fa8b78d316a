"""The /seat namespace: a player's phone joins a seat with its token, then acts for it.

A join goes where the room is (host/room/following.py) and claims the seat through the
Session; actions carry the phone's tap time, mapped to host time by the phone's
clock estimate (host/sockets/phone_clocks.py); an action id (`aid`) makes a resend after a
reconnect a no-op. The phones of a seat are counted so the Session knows when a
seat is away.
"""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from dataclasses import replace
from typing import Any

from flask_socketio import join_room, leave_room

from host import messages
from host.room import bans
from host.room import following
from host.room.hub import Hub
from host.wire.inbound import INBOUND
from host.people.names import RUDE_TYPED
from host.sockets.phone_clocks import STALL_MAX_NS, clocks_of
from host.schema import BadMessage, check_field, parse_action, require_dict
from host.session.core import PHONES, Origin, Session, token_hash
from host.sockets.base import (MS, ROOMS, Base, answer, current_sid, emit_here, record_sync,
                               refused)

SEAT_EXTRA: dict[str, tuple[type, ...]] = {
    "stage": (str,), "t_client": (int, float), "seat": (int,), "aid": (str,),
}
REJOIN_GRACE_NS = 5_000_000_000  # how long after a rejoin its queued taps may still come
ACTIONS_REMEMBERED = 256  # per seat: the acks of its last actions, by action id (`aid`)


def sync_sent_ns(payload: Any, now_ns: int) -> int:
    """When a `sync` left the phone, at the earliest: when the host answered its ping (`h`).

    A link that stalls delivers a sync sent before the stall together with the taps made
    during it; stamped with its arrival, the sync would hide the silence before those taps
    and their own times would be clamped away (PROTOCOL.md, reconnects). An `h` that is not
    a host time of the last `STALL_MAX_NS` counts as now.
    """
    sent = payload.get("h") if isinstance(payload, dict) else None
    if isinstance(sent, int) and not isinstance(sent, bool) and (
            now_ns - STALL_MAX_NS <= sent <= now_ns):
        return sent
    return now_ns


class SeatNamespace(Base):
    """A player's phone: joins a seat with its token, then sends actions for that seat only."""

    # A press, an answer and a clock ping: no Flask request context (base.py).
    LIGHT_EVENTS = frozenset({"ping", "sync", "buzz", "action"})

    def __init__(self, namespace: str, hub: Hub) -> None:
        super().__init__(namespace, hub)
        self.bound: dict[str, tuple[str, int]] = {}  # sid -> (game id, seat)
        self.tokens: dict[str, str] = {}  # sid -> its token's hash (which phone of a team)
        self.connected: dict[tuple[str, int], set[str]] = {}
        self._lock = threading.Lock()
        # Exactly once across reconnects: (game, seat) -> action id -> its ack.
        self.done: dict[tuple[str, int], OrderedDict[str, dict[str, Any]]] = {}
        self.seat_locks: dict[tuple[str, int], threading.Lock] = {}
        self.heard: dict[tuple[str, int], int] = {}  # (game, seat) -> host ns, last message
        # (game, seat) -> (last heard before a rejoin, the rejoin): a link that dropped.
        self.gaps: dict[tuple[str, int], tuple[int, int]] = {}

    def clock_key(self, sid: str) -> str:
        """A seated phone's clock estimate belongs to its seat, so it survives a reconnect."""
        binding = self.bound.get(sid)
        return sid if binding is None else f"seat:{binding[0]}:{binding[1]}"

    def hear(self, binding: tuple[str, int], at_ns: int) -> int | None:
        """Note a message from this seat; returns when the one before it came."""
        with self._lock:
            before = self.heard.get(binding)
            self.heard[binding] = max(at_ns, before or 0)
        return before

    def on_join(self, payload: Any = None) -> dict[str, Any]:
        message = require_dict(payload, "join")
        token = message.get("token")
        check_field("token", token, (str,))
        assert isinstance(token, str)
        if len(token) < 16:
            raise BadMessage("the token must be at least 16 characters")
        clock = message.get("clock")
        if clock is not None:
            check_field("clock", clock, (str,))
        claim: dict[str, Any] = {"type": "claim", "token_hash": token_hash(token)}
        if "name" in message:
            check_field("name", message["name"], (str,))
            claim["name"] = message["name"]
        if "seat" in message:
            check_field("seat", message["seat"], (int,))
            claim["seat"] = message["seat"]
        if "game" in message:
            check_field("game", message["game"], (str,))
        arrival = following.arrival(self.hub, message.get("game"), claim)
        if isinstance(arrival, dict):  # the room moved, an old room code, a banned phone
            return self.refuse_with(arrival)
        session, moved_from = arrival
        outcome = session.submit(Origin("seat", client=current_sid()), claim)
        if outcome.code == "banned":  # decided by the game's worker (host/session/removal.py)
            return self.refuse_with(outcome.as_json())
        if not outcome.ok:
            move = following.destination(self.hub, moved_from, claim["token_hash"]) \
                if moved_from else None
            if move is not None:  # its seat was taken meanwhile: it chooses another
                return self.refuse_with(replace(move, seat=None).refusal(moved_from or ""))
            return answer(outcome)
        seat = int(outcome.data["seat"])
        sid = current_sid()
        with self._lock:
            old = self._unbind(sid)
            if session.snapshot.seat_of.get(claim["token_hash"]) != seat:
                # Released since its claim (the host removed it): the release's let_go ran,
                # or runs after this lock and finds nothing of this connection's to let go.
                if old is not None:
                    for audience in (f"seat:{old[1]}", PHONES):
                        leave_room(ROOMS.room(old[0], audience)[1])
                return refused("banned", "the host removed this phone")
            self.bound[sid] = (session.id, seat)
            self.tokens[sid] = claim["token_hash"]
            phones = self.connected.setdefault((session.id, seat), set())
            if not phones:
                session.presence(seat, connected=True)
            phones.add(sid)
            last = self.heard.get((session.id, seat))
            if last is not None and outcome.data.get("rejoined"):
                self.gaps[(session.id, seat)] = (last, time.monotonic_ns())
        # Same phone, same clock (a reconnect): its clock samples still hold.
        clocks_of(self.hub).claim(self.clock_key(sid), clock)
        self.watching[sid] = session.id
        if old is not None and old != (session.id, seat):  # the phone changed seat or game
            leave_room(ROOMS.room(old[0], f"seat:{old[1]}")[1])
            if old[0] != session.id:
                leave_room(ROOMS.room(old[0], PHONES)[1])
        join_room(ROOMS.room(session.id, f"seat:{seat}")[1])
        join_room(ROOMS.room(session.id, PHONES)[1])
        session.resend(seat)  # its private part, then the public one, from the publisher
        team: dict[str, Any] = {k: outcome.data[k] for k in (
            "captain", "member", "name", "name_refused", "name_generated") if k in outcome.data}
        moved = {"moved_from": moved_from} if moved_from else {}
        return {"ok": True, "game": session.id, "seat": seat,
                "rejoined": bool(outcome.data.get("rejoined")), **team, **moved}

    @staticmethod
    def refuse_with(payload: dict[str, Any]) -> dict[str, Any]:
        messages.with_text(payload)
        emit_here("error", payload)
        return payload

    def _unseat(self, game_id: str, token: str) -> list[str]:
        """This phone's connections to the game leave its seat's rooms; returns them."""
        with self._lock:
            sids = [sid for sid, held in self.tokens.items()
                    if held == token and self.bound.get(sid, ("", 0))[0] == game_id]
            for sid in sids:
                old = self._unbind(sid)
                if old is not None:
                    for room in (ROOMS.room(old[0], f"seat:{old[1]}")[1],
                                 ROOMS.room(old[0], PHONES)[1]):
                        self.socketio.server.leave_room(sid, room, namespace=self.namespace)
        return sids

    def on_leave(self, payload: Any = None) -> dict[str, Any]:
        """The phone leaves its seat (or its team) before the start, to take another: the
        Session refuses it once the game runs (PROTOCOL.md, `/seat`)."""
        require_dict(payload if payload is not None else {}, "leave")
        sid = current_sid()
        binding, token = self.bound.get(sid), self.tokens.get(sid)
        if binding is None or token is None:
            return refused("forbidden", "join a seat first")
        session = self.hub.get(binding[0])
        if session is None:
            return refused("stale", "that game is gone")
        outcome = session.submit_leave(Origin("seat", binding[1], sid, token=token))
        if not outcome.ok:
            return answer(outcome)
        self._unseat(session.id, token)
        return {"ok": True, "game": session.id, "seat": binding[1]}

    def on_team_name(self, payload: Any = None) -> dict[str, Any]:
        """A team's captain names the team: {"name": "Les Ours"} (PROTOCOL.md, `/seat`)."""
        body = require_dict(payload, "team_name")
        name = body.get("name")
        if not isinstance(name, str) or len(name) > 200:
            return refused("bad_message", "team_name needs a 'name' text")
        sid = current_sid()
        binding, token = self.bound.get(sid), self.tokens.get(sid)
        if binding is None or token is None:
            return refused("forbidden", "join a seat first")
        session = self.hub.get(binding[0])
        if session is None:
            return refused("stale", "that game is gone")
        return answer(session.submit_team_name(Origin("seat", binding[1], sid, token=token),
                                               name))

    def let_go(self, game_id: str, token: str, scope: str | None) -> None:
        """The host removed this phone: its connections leave the seat and are told so."""
        sids = self._unseat(game_id, token)
        reason = bans.REASONS.get(scope or "", "the host removed this phone")
        for sid in sids:
            self.socketio.emit("removed", {"game": game_id, "scope": scope, "reason": reason,
                                           "text": messages.text("banned", reason)},
                               to=sid, namespace=self.namespace)

    def on_action(self, payload: Any = None) -> dict[str, Any]:
        received_ns = INBOUND.arrived_ns()  # when it reached the host (host/wire/inbound.py)
        binding = self.bound.get(current_sid())
        if binding is None:
            return refused("forbidden", "join a seat first")
        session = self.hub.get(binding[0])
        if session is None:
            return refused("stale", "that game is gone")
        event = parse_action(payload, session.kind.fields, SEAT_EXTRA)
        if event["type"] not in session.kind.timed_seat_actions:
            return self._take(session, binding, event, received_ns)
        with session.in_flight.carrying():  # a timer due meanwhile waits for it: in_flight.py
            return self._take(session, binding, event, received_ns)

    def _take(self, session: Session, binding: tuple[str, int], event: dict[str, Any],
              received_ns: int) -> dict[str, Any]:
        """A parsed action of a bound phone, heard at `received_ns`, into its Session."""
        heard_before = self.hear(binding, received_ns)
        gap = self.gaps.get(binding)
        if gap is not None and received_ns - gap[1] < REJOIN_GRACE_NS:
            # Back from a dropped link: what it queued may be as old as the drop.
            heard_before = gap[0] if heard_before is None else min(heard_before, gap[0])
        aid = event.pop("aid", None)
        if aid is None:
            return self._act(session, binding, event, received_ns, heard_before)
        # An action id makes a resend (after a reconnect, or a lost ack) a no-op:
        # the first copy's ack is answered again, with "duplicate": true.
        with self._lock:
            lock = self.seat_locks.setdefault(binding, threading.Lock())
        with lock:
            done = self.done.setdefault(binding, OrderedDict())
            if aid in done:
                return {**done[aid], "duplicate": True}
            reply = self._act(session, binding, event, received_ns, heard_before)
            done[aid] = reply
            while len(done) > ACTIONS_REMEMBERED:
                done.popitem(last=False)
        return reply

    def _act(self, session: Session, binding: tuple[str, int], event: dict[str, Any],
             received_ns: int, heard_before: int | None) -> dict[str, Any]:
        t_client = event.pop("t_client", None)
        typed = event.get("value")
        if (event["type"] in session.kind.typed_text_actions and isinstance(typed, str)
                and self.hub.names.blocked(typed) is not None):
            return refused("bad_event", RUDE_TYPED)  # the bundled list and the host's words
        if event["type"] in session.kind.timed_seat_actions:
            clocks = clocks_of(self.hub)
            mapped = clocks.map_time(self.clock_key(current_sid()), t_client, received_ns,
                                     heard_before)
            event["t_ns"] = mapped.t_ns
            if event["type"] == session.kind.press_action:
                event.update(source="phone", u_ns=mapped.u_ns, rx_ns=received_ns,
                             settle_ns=clocks.settle_ns(session.id, received_ns))
        sid = current_sid()
        token = self.tokens.get(sid)
        if token is None:  # let go meanwhile (host/session/seats.py, release)
            return refused("forbidden", "join a seat first")
        return answer(session.submit(Origin("seat", binding[1], sid, token=token), event))

    def on_buzz(self, payload: Any = None) -> dict[str, Any]:
        """A tap on the buzzer page: the same as the action {"type": "buzz"}."""
        message = dict(require_dict(payload if payload is not None else {}, "buzz"))
        message["type"] = "buzz"
        return self.on_action(message)

    def on_sync(self, payload: Any = None) -> dict[str, Any]:
        """Clock sync, second leg: {c0, h, c1} = the ping's send time (client ms), the host
        time it got back and the client's receive time; one sample for this phone's clock."""
        sid = current_sid()
        binding = self.bound.get(sid)
        if binding is not None:
            self.hear(binding, sync_sent_ns(payload, time.monotonic_ns()))
        return {"ok": True, **record_sync(self.hub, self.clock_key(sid),
                                         None if binding is None else binding[0], payload,
                                         MS, device=False, connection=sid)}

    def _unbind(self, sid: str) -> tuple[str, int] | None:
        self.tokens.pop(sid, None)
        old = self.bound.pop(sid, None)
        if old is not None:
            phones = self.connected.get(old, set())
            phones.discard(sid)
            session = self.hub.get(old[0])
            if not phones and session is not None:
                session.presence(old[1], connected=False)  # away after a while
        return old

    def on_disconnect(self, *args: Any) -> None:
        with self._lock:
            self._unbind(current_sid())
        super().on_disconnect()
