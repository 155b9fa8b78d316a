"""Socket.IO namespaces, one per audience: thin edges that parse, submit and answer.

Every handler answers with an acknowledgement ({"ok": true, ...} or
{"ok": false, "code", "reason"}); a refusal is also sent as an `error` event,
so a client that did not ask for an ack still learns why. No handler holds
rules: they turn messages into events for the Session.
"""

from __future__ import annotations

import hmac
from collections import OrderedDict
from collections.abc import Callable
import logging
import threading
import time
from dataclasses import replace
from typing import Any

from flask import request
from flask_socketio import Namespace, SocketIO, emit, join_room, leave_room

from buzzers.clocksync import ClockSyncError
from host import bans, following, host_state, messages
from host.games.contract import GameError
from host.hub import Hub
from host.quiz.memory import QuestionMemory
from host.phone_clocks import STALL_MAX_NS, clocks_of
from host.schema import (
    MAX_CREATE_BYTES,
    BadMessage,
    check_field,
    parse_action,
    require_dict,
)
from host.session import HOST, PHONES, Origin, Outcome, Session, token_hash
from host.night import NightError
from host.teams import team_rules

log = logging.getLogger(__name__)

SEAT_EXTRA: dict[str, tuple[type, ...]] = {
    "stage": (str,), "t_client": (int, float), "seat": (int,), "aid": (str,),
}
REJOIN_GRACE_NS = 5_000_000_000  # how long after a rejoin its queued taps may still come
ACTIONS_REMEMBERED = 256  # per seat: the acks of its last actions, by action id (`aid`)
HOST_EXTRA: dict[str, tuple[type, ...]] = {"stage": (str,), "seat": (int,)}
SESSION_COMMANDS = ("start", "pause", "resume", "undo")


def current_sid() -> str:
    """The Socket.IO session id of the client being handled (Flask-SocketIO sets it)."""
    return str(request.sid)  # type: ignore[attr-defined]


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


class Rooms:
    """Which namespace, room and event an audience's views go to: a phone is in its seat's
    room (its private part) and in the game's room of phones (the public part)."""

    def room(self, game_id: str, audience: str) -> tuple[str, str]:
        if audience == "screen":
            return "/screen", f"{game_id}:screen"
        if audience == "host":
            return "/host", f"{game_id}:host"
        return "/seat", f"{game_id}:{audience}"

    def event(self, audience: str) -> str:
        if audience == PHONES:
            return "public"
        return "private" if audience.startswith("seat:") else "state"


ROOMS = Rooms()


def refused(code: str, reason: str) -> dict[str, Any]:
    payload = {"ok": False, "code": code, "reason": reason, "text": messages.text(code, reason)}
    emit("error", payload)
    return payload


def answer(outcome: Outcome) -> dict[str, Any]:
    payload = outcome.as_json()
    if not outcome.ok:
        emit("error", payload)
    return payload


class Guarded(Namespace):
    """A namespace that answers unknown events and never lets a handler's error escape."""

    def trigger_event(self, event: str, *args: Any) -> Any:
        if event in ("connect", "disconnect"):
            return super().trigger_event(event, *args)
        sid, payload = args[0], args[1:]
        handler = getattr(self, "on_" + event, None) if event.isidentifier() else None
        guarded = self._guard(event, handler, len(payload))
        # Flask-SocketIO's dispatcher gives the handler its request context (sid, emit).
        return self.socketio._handle_event(guarded, event, self.namespace, sid, *payload)

    def _guard(self, event: str, handler: Any, count: int) -> Any:
        def guarded(*payload: Any) -> Any:
            if handler is None:
                return refused("unknown_event", f"unknown event {event[:40]!r}")
            if count > 1:
                return refused("bad_message", "send one JSON object per event")
            try:
                return handler(*payload)
            except BadMessage as err:
                return refused(err.code, str(err))
            except GameError as err:
                return refused(err.code, str(err))
            except Exception:
                log.exception("handler %s failed", event)
                return refused("internal", "the host could not handle that; nothing changed")

        return guarded


class Base(Guarded):
    def __init__(self, namespace: str, hub: Hub) -> None:
        super().__init__(namespace)
        self.hub = hub
        self.watching: dict[str, str] = {}  # sid -> game id

    def session_for(self, payload: dict[str, Any] | None) -> Session:
        game_id = (payload or {}).get("game")
        if game_id is not None:
            check_field("game", game_id, (str,))
            session = self.hub.get(game_id)
            if session is None:
                raise BadMessage(f"no game {game_id!r}")
            return session
        session = self.hub.latest()
        if session is None:
            raise BadMessage("there is no game yet")
        return session

    def watch(self, session: Session, room: str, audience: str) -> None:
        sid = current_sid()
        old = self.watching.get(sid)
        if old is not None:
            leave_room(ROOMS.room(old, audience)[1])
        self.watching[sid] = session.id
        join_room(room)
        emit("state", session.view(audience))

    def on_disconnect(self, *args: Any) -> None:
        self.watching.pop(current_sid(), None)

    def on_ping(self, payload: Any = None) -> dict[str, Any]:
        """Clock sync: the host's monotonic time, for NTP-style offset estimates."""
        message = require_dict(payload if payload is not None else {}, "ping")
        client = message.get("c", 0)
        check_field("c", client, (int, float))
        return {"ok": True, "c": client, "h": time.monotonic_ns()}


class ScreenNamespace(Base):
    """The projector: watches a game (the newest by default) and gets the room's view."""

    def on_watch(self, payload: Any = None) -> dict[str, Any]:
        message = require_dict(payload if payload is not None else {}, "watch")
        session = self.session_for(message)
        self.watch(session, ROOMS.room(session.id, "screen")[1], "screen")
        return {"ok": True, "game": session.id}


class SeatNamespace(Base):
    """A player's phone: joins a seat with its token, then sends actions for that seat only."""

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
        emit("error", payload)
        return payload

    def let_go(self, game_id: str, token: str, scope: str | None) -> None:
        """The host removed this phone: its connections leave the seat and are told so."""
        with self._lock:
            sids = [sid for sid, held in self.tokens.items()
                    if held == token and self.bound.get(sid, ("", 0))[0] == game_id]
            for sid in sids:
                old = self._unbind(sid)
                if old is not None:
                    for room in (ROOMS.room(old[0], f"seat:{old[1]}")[1],
                                 ROOMS.room(old[0], PHONES)[1]):
                        self.socketio.server.leave_room(sid, room, namespace=self.namespace)
        reason = bans.REASONS.get(scope or "", "the host removed this phone")
        for sid in sids:
            self.socketio.emit("removed", {"game": game_id, "scope": scope, "reason": reason,
                                           "text": messages.text("banned", reason)},
                               to=sid, namespace=self.namespace)

    def on_action(self, payload: Any = None) -> dict[str, Any]:
        received_ns = time.monotonic_ns()
        binding = self.bound.get(current_sid())
        if binding is None:
            return refused("forbidden", "join a seat first")
        session = self.hub.get(binding[0])
        if session is None:
            return refused("stale", "that game is gone")
        event = parse_action(payload, session.kind.fields, SEAT_EXTRA)
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
        if event["type"] in session.kind.host_actions:
            return refused("forbidden", f"only the host may send {event['type']!r}")
        if event["type"] in session.kind.timed_seat_actions:
            clocks = clocks_of(self.hub)
            mapped = clocks.map_time(self.clock_key(current_sid()), t_client, received_ns,
                                     heard_before)
            event["t_ns"] = mapped.t_ns
            if event["type"] == session.kind.press_action:
                event.update(source="phone", u_ns=mapped.u_ns,
                             settle_ns=clocks.settle_ns(session.id, received_ns))
        sid = current_sid()
        origin = Origin("seat", binding[1], sid, token=self.tokens.get(sid, ""))
        return answer(session.submit(origin, event))

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
                                         MS, device=False)}

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


class HostNamespace(Base):
    """The host's control page: needs the host key to connect at all."""

    def __init__(self, namespace: str, hub: Hub, key: Callable[[], str],
                 seats: SeatNamespace | None = None) -> None:
        super().__init__(namespace, hub)
        self.key = key  # read at each connection: `tourelle key --rotate` takes effect at once
        self.seats = seats  # to let a removed phone go

    def on_connect(self, auth: Any = None) -> bool:
        return key_matches(auth, self.key())  # the page then asks for its `host_state`

    def host_state(self) -> dict[str, Any]:
        return host_state.snapshot(self.hub)

    def remember(self, **values: str | None) -> None:
        """The host's night or followed game changed: journal it, tell every host page."""
        if self.hub.host_state.set(**values):
            self.socketio.emit("host_state", self.host_state(), namespace=self.namespace)

    def on_host_state(self, payload: Any = None) -> dict[str, Any]:
        """{} reads the host's state; {"night": id | null} sets the night new games join."""
        message = require_dict(payload if payload is not None else {}, "host_state")
        if "night" in message:
            self.remember(night=host_state.night_of(self.hub, message["night"]))
        return {"ok": True, **self.host_state()}

    def on_watch(self, payload: Any = None) -> dict[str, Any]:
        message = require_dict(payload if payload is not None else {}, "watch")
        session = self.session_for(message)
        self.watch(session, ROOMS.room(session.id, "host")[1], "host")
        self.remember(game=session.id)
        return {"ok": True, "game": session.id}

    def on_reset_memory(self, payload: Any = None) -> dict[str, Any]:
        """Forget which questions past games used, so they may be drawn again."""
        require_dict(payload if payload is not None else {}, "reset_memory")
        if self.hub.memory_path is None:
            return refused("no_memory", "this host keeps no question memory")
        with QuestionMemory(self.hub.memory_path) as memory:
            return {"ok": True, "forgotten": memory.reset()}

    def on_night(self, payload: Any = None) -> dict[str, Any]:
        """Open a night: {"name": "Quiz du jeudi", "rules": {"default": {"places": [10, 6, 3]}}}."""
        message = require_dict(payload, "night")
        check_field("name", message.get("name"), (str,))
        try:
            night = self.hub.open_night(message["name"], message.get("rules"))
        except NightError as err:
            raise BadMessage(str(err)) from None
        self.remember(night=night)
        return {"ok": True, "night": night}

    def on_night_end(self, payload: Any = None) -> dict[str, Any]:
        """Close a night: its table is final and the projector shows its podium."""
        message = require_dict(payload, "night_end")
        check_field("night", message.get("night"), (str,))
        self.hub.end_night(message["night"])
        return {"ok": True, "night": self.hub.night(message["night"])}

    def on_block_name(self, payload: Any = None) -> dict[str, Any]:
        """Add a word to the host's name filter: {"word": "zut"} ("*zut": anywhere in a name);
        {} lists the host's words. Phones' names are checked against it (host/names.py)."""
        message = require_dict(payload if payload is not None else {}, "block_name")
        if "word" not in message:
            return {"ok": True, "words": self.hub.names.host_words()}
        check_field("word", message["word"], (str,))
        try:
            word = self.hub.names.add(message["word"])
        except (ValueError, OSError) as err:
            return refused("bad_message", str(err))
        return {"ok": True, "word": word, "words": self.hub.names.host_words()}

    def on_games(self, payload: Any = None) -> dict[str, Any]:
        return {"ok": True, "games": [
            {"id": s.id, "kind": s.kind.name, "status": s.status, "seats": s.meta()["seats"]}
            for s in self.hub.sessions.values()
        ]}

    def on_create(self, payload: Any = None) -> dict[str, Any]:
        message = require_dict(payload, "create", limit=MAX_CREATE_BYTES)
        kind = message.get("kind", "territory")
        check_field("kind", kind, (str,))
        seats = message.get("seats")
        if not isinstance(seats, list) or not all(isinstance(s, dict) for s in seats):
            raise BadMessage("'seats' must be a list of objects like {\"name\": ..., \"bot\": 3}")
        for seat in seats:
            if "name" in seat:
                check_field("name", seat["name"], (str,))
            if seat.get("bot") is not None:
                check_field("bot", seat["bot"], (int,))
                if not 1 <= seat["bot"] <= 5:
                    raise BadMessage("a bot level is 1 to 5")
        settings = message.get("settings", {})
        require_dict(settings, "settings")
        options: dict[str, Any] = {"settings": settings}
        for name, types in (("map", (str,)), ("seed", (int,)), ("language", (str,)),
                            ("title", (str,))):
            if name in message:
                check_field(name, message[name], types)
                options["game_map" if name == "map" else name] = message[name]
        if "pace" in message:
            check_field("pace", message["pace"], (int, float))
            options["pace"] = float(message["pace"])
        if "questions" in message:
            options["questions"] = require_dict(message["questions"], "questions")
        try:
            rules = team_rules(message.get("teams"), message.get("team_answers"))
        except ValueError as err:
            raise BadMessage(str(err)) from None
        if rules.enabled:
            options["teams"] = rules
        if "night" in message:
            check_field("night", message["night"], (str,))
            options["night"] = message["night"]
        session = self.hub.create_game(kind, seats, **options)
        if message.get("start"):
            session.submit(HOST, {"type": "start"})
        self.watch(session, ROOMS.room(session.id, "host")[1], "host")
        self.remember(game=session.id, **({"night": options["night"]} if "night" in options
                                          else {}))
        return {"ok": True, "game": session.id}

    def remove_phone(self, session: Session, body: dict[str, Any]) -> dict[str, Any]:
        """Take a phone off its seat or team; with "ban", keep it out (host/bans.py)."""
        outcome, token = bans.remove_command(session, body)
        if outcome.ok and self.seats is not None:
            self.seats.let_go(session.id, token, body.get("ban"))
        return answer(outcome)

    def unban(self, session: Session, body: dict[str, Any]) -> dict[str, Any]:
        """Let a phone the host kept out of this game or its night back in."""
        left = bans.unban_command(session, body)
        if left is None:
            return refused("stale", "that phone is not kept out")
        return {"ok": True, "bans": left}

    def on_bans(self, payload: Any = None) -> dict[str, Any]:
        """{"game": id}: the phones kept out of that game or its night."""
        session = self.session_for(require_dict(payload if payload is not None else {}, "bans"))
        return {"ok": True, "bans": bans.listed(self.hub.journal, session.id,
                                                session.config.get("night"))}

    def on_command(self, payload: Any = None) -> dict[str, Any]:
        message = require_dict(payload, "command")
        session = self.session_for(message)
        body = {k: v for k, v in message.items() if k != "game"}
        kind = body.get("type")
        if kind in SESSION_COMMANDS:
            if set(body) - {"type"}:
                raise BadMessage(f"{kind!r} takes no fields")
            return answer(session.submit(HOST, {"type": kind}))
        if kind == "release":
            seat = body.get("seat")
            check_field("seat", seat, (int,))
            assert isinstance(seat, int)
            return answer(session.submit_release(seat))
        if kind == "hand":  # {"seat": 1, "bot": 3}: a bot plays it; {"bot": null}: people again
            seat, level = body.get("seat"), body.get("bot")
            check_field("seat", seat, (int,))
            if level is not None:
                check_field("bot", level, (int,))
            return answer(session.submit(HOST, {"type": "hand", "seat": seat, "bot": level}))
        if kind == "rename":  # {"seat": 1, "name": "Les Castors"}, at any time (names.py)
            seat, name = body.get("seat"), body.get("name")
            check_field("seat", seat, (int,))
            check_field("name", name, (str,))
            return answer(session.submit(HOST, {"type": "_rename", "seat": seat, "name": name}))
        if kind in ("end", "delete") and (session.status == "lobby" or kind == "delete"):
            if set(body) - {"type"}:
                raise BadMessage(f"{kind!r} takes no fields")
            outcome = session.submit(HOST, {"type": "_lobby", "delete": kind == "delete"})
            if outcome.ok and kind == "delete":
                self.hub.forget(session)
            elif outcome.ok:
                self.hub.room_changed()
            return answer(outcome)
        if kind == "remove_phone":  # {"seat": 1, "phone": "<id>" (a team's), "ban": "game"}
            return self.remove_phone(session, body)
        if kind == "unban":  # {"phone": "<id>", "scope": "game" | "night"}: let it back in
            return self.unban(session, body)
        if kind == "captain":  # team games: {"seat": 1, "phone": "<id>"}
            seat, phone = body.get("seat"), body.get("phone")
            check_field("seat", seat, (int,))
            check_field("phone", phone, (str,))
            assert isinstance(seat, int) and isinstance(phone, str)
            action = "captain" if kind == "captain" else "remove"
            return answer(session.submit_team(action, seat, phone))
        event = parse_action(body, session.kind.fields, HOST_EXTRA)
        return answer(session.submit(HOST, event))


class DeviceNamespace(Base):
    """A buzzer process (GPIO / keys on this Pi or another): needs the host key.

    It syncs its clock like a phone (`ping`, then `sync` in ns of its own
    monotonic clock) and sends `press` {seat, t_ns, source, uncertainty_ns,
    game?} with t_ns on that clock. A press becomes the seat's `buzz` on the
    game's Session, sent as the seat (Origin("seat", n)) with source "gpio" or
    "key": the Session needs no device role, and the journal's event still says
    where the press came from. To light LEDs the process watches /screen.
    """

    def __init__(self, namespace: str, hub: Hub, key: Callable[[], str]) -> None:
        super().__init__(namespace, hub)
        self.key = key  # read at each connection: `tourelle key --rotate` takes effect at once

    def on_connect(self, auth: Any = None) -> bool:
        return key_matches(auth, self.key())

    def on_sync(self, payload: Any = None) -> dict[str, Any]:
        """Clock sync, second leg: {c0, h, c1}, the device's times in ns."""
        return {"ok": True, **record_sync(self.hub, DEVICE_PREFIX + current_sid(), None,
                                         payload, 1, device=True)}

    def on_press(self, payload: Any = None) -> dict[str, Any]:
        received_ns = time.monotonic_ns()
        message = require_dict(payload, "press")
        seat, t_device = message.get("seat"), message.get("t_ns")
        check_field("seat", seat, (int,))
        check_field("t_ns", t_device, (int,))
        source = message.get("source", "gpio")
        check_field("source", source, (str,))
        spread = message.get("uncertainty_ns", 0)
        check_field("uncertainty_ns", spread, (int,))
        assert isinstance(seat, int) and isinstance(t_device, int) and isinstance(spread, int)
        if spread < 0:
            raise BadMessage("uncertainty_ns must be >= 0")
        session = self.session_for(message)
        press = session.kind.press_action
        if press is None:
            return refused("wrong_game", f"game {session.id} ({session.kind.name}) takes no "
                           "buzzer presses")
        clocks = clocks_of(self.hub)
        mapped = clocks.map_time(DEVICE_PREFIX + current_sid(), t_device, received_ns)
        event = {"type": press, "seat": seat, "t_ns": mapped.t_ns, "source": source,
                 "u_ns": spread + mapped.u_ns,
                 "settle_ns": clocks.settle_ns(session.id, received_ns)}
        outcome = session.submit(Origin("seat", seat, current_sid()), event)
        return {**answer(outcome), "synced": mapped.synced}

    def on_disconnect(self, *args: Any) -> None:
        clocks_of(self.hub).forget(DEVICE_PREFIX + current_sid())
        super().on_disconnect()


DEVICE_PREFIX = "device:"
MS = 1_000_000


def record_sync(hub: Hub, client: str, game: str | None, payload: Any, unit_ns: int,
                device: bool) -> dict[str, Any]:
    """Add one {c0, h, c1} sample to the client's clock estimate; says if it is usable."""
    message = require_dict(payload, "sync")
    values = [message.get(name) for name in ("c0", "h", "c1")]
    for name, value in zip(("c0", "h", "c1"), values, strict=True):
        check_field(name, value, (int, float))
    c0, h, c1 = values
    assert isinstance(c0, int | float) and isinstance(h, int) and isinstance(c1, int | float)
    clocks = clocks_of(hub)
    try:
        rtt = clocks.add_sample(client, game, c0, h, c1, unit_ns=unit_ns, device=device)
    except ClockSyncError as err:
        raise BadMessage(str(err)) from None
    return {"rtt_ms": round(rtt / MS, 3), "synced": clocks.usable(client, time.monotonic_ns())}


def key_matches(auth: Any, key: str) -> bool:
    given = auth.get("key") if isinstance(auth, dict) else None
    return isinstance(given, str) and hmac.compare_digest(given.encode(), key.encode())


def register_namespaces(socketio: SocketIO, hub: Hub, key: Callable[[], str]) -> SeatNamespace:
    seat = SeatNamespace("/seat", hub)
    socketio.on_namespace(ScreenNamespace("/screen", hub))
    socketio.on_namespace(seat)
    socketio.on_namespace(HostNamespace("/host", hub, key, seat))
    socketio.on_namespace(DeviceNamespace("/device", hub, key))

    def announce(session: Session) -> None:
        socketio.emit("game_created", {"game": session.id, "kind": session.kind.name},
                      namespace="/screen")

    def room_moved() -> None:
        """Phones of a game the room left join again and follow it (host/following.py)."""
        current = hub.latest()
        payload = {"game": current.id if current is not None else None}
        for namespace in ("/seat", "/screen"):
            socketio.emit("room", payload, namespace=namespace)

    hub.on_created.append(announce)
    hub.on_room.append(room_moved)
    return seat

