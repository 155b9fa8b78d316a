"""The /host namespace: the host's control page, behind the host key.

It creates games and nights, watches a game, and sends commands: the Session's
own (start, pause, resume, undo), seats (release, hand, rename, captain), phones
(remove_phone, unban), a lobby's end or deletion, and the kind's host actions.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from host.room import bans
from host.room import host_state, plan_run
from host.sockets import host_plans
from host.room.game_request import read_game
from host.room.hub import Hub
from host.people.night import NightError
from host.quiz.memory import QuestionMemory
from host.schema import MAX_CREATE_BYTES, BadMessage, check_field, parse_action, require_dict
from host.session.core import HOST, Session
from host.sockets.base import ROOMS, Base, answer, key_matches, refused

HOST_EXTRA: dict[str, tuple[type, ...]] = {"stage": (str,), "seat": (int,)}
SESSION_COMMANDS = ("start", "pause", "resume", "undo")


class HostNamespace(Base):
    """The host's control page: needs the host key to connect at all."""

    def __init__(self, namespace: str, hub: Hub, key: Callable[[], str],
                 projector_sound: Callable[[], dict[str, bool]] = lambda: {}) -> None:
        super().__init__(namespace, hub)
        self.key = key  # read at each connection: `tourelle key --rotate` takes effect at once
        self.projector_sound = projector_sound  # a projector's sound: blocked, or on

    def on_connect(self, auth: Any = None) -> bool:
        return key_matches(auth, self.key())  # the page then asks for its `host_state`

    def host_state(self) -> dict[str, Any]:
        sound = self.projector_sound()
        return {**host_state.snapshot(self.hub), "plan": plan_run.progress(self.hub),
                "break": self.hub.breaks.current(),
                "projector_needs_click": sound.get("needs_click", False),
                "projector_sound_on": sound.get("sound_on", False)}

    def on_sound_test(self, payload: Any = None) -> dict[str, Any]:
        """The host page's "test the sound": every projector plays a short chime and says
        again whether its sound plays (`sound`)."""
        require_dict(payload if payload is not None else {}, "sound_test")
        self.socketio.emit("sound_test", {}, namespace="/screen")
        return {"ok": True}

    def remember(self, **values: str | None) -> None:
        """The host's night or followed game changed: journal it, tell every host page."""
        if self.hub.host_state.set(**values):
            self.tell_host_pages()

    def tell_host_pages(self) -> None:
        self.socketio.emit("host_state", self.host_state(), namespace=self.namespace)

    # Night plans and breaks (host/sockets/host_plans.py)
    def on_plan_start(self, payload: Any = None) -> dict[str, Any]:
        return host_plans.plan_start(self, payload)

    def on_plan_next(self, payload: Any = None) -> dict[str, Any]:
        return host_plans.plan_next(self, payload)

    def on_plan_stop(self, payload: Any = None) -> dict[str, Any]:
        return host_plans.plan_stop(self, payload)

    def on_break(self, payload: Any = None) -> dict[str, Any]:
        return host_plans.break_start(self, payload)

    def on_break_music(self, payload: Any = None) -> dict[str, Any]:
        return host_plans.break_music(self, payload)

    def on_break_end(self, payload: Any = None) -> dict[str, Any]:
        return host_plans.break_end(self, payload)

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
        {} lists the host's words. Phones' names are checked against it (host/people/names.py)."""
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
            {"id": s.id, "kind": s.kind.name, "status": s.snapshot.status,
             "seats": s.snapshot.meta["seats"],  # as the game's worker last committed them
             "title": str(s.config.get("title") or "")}
            for s in list(self.hub.sessions.values())  # a copy: another host may create one
        ]}

    def on_create(self, payload: Any = None) -> dict[str, Any]:
        request = read_game(require_dict(payload, "create", limit=MAX_CREATE_BYTES))
        session = self.hub.create_game(request.kind, request.seats, **request.options)
        if request.start:
            session.submit(HOST, {"type": "start"})
        self.watch(session, ROOMS.room(session.id, "host")[1], "host")
        night = request.options.get("night")
        self.remember(game=session.id, **({"night": night} if night is not None else {}))
        return {"ok": True, "game": session.id}

    def remove_phone(self, session: Session, body: dict[str, Any]) -> dict[str, Any]:
        """Take a phone off its seat or team; with "ban", keep it out (host/room/bans.py).
        The game's worker decides, and lets the phone's connections go (Hub.on_let_go)."""
        return answer(bans.remove_command(session, body))

    def unban(self, session: Session, body: dict[str, Any]) -> dict[str, Any]:
        """Let a phone the host kept out of this game or its night back in."""
        return answer(bans.unban_command(session, body))  # on the game's worker

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
        if kind == "start" and "without" in body:  # {"without": [2]}: seats left out
            if set(body) - {"type", "without"}:
                raise BadMessage("'start' takes only 'without'")
            return answer(session.submit(HOST, {"type": "start", "without": body["without"]}))
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
            if "paper" in body:  # {"seat": 1, "paper": true}: a table without phones
                check_field("paper", body["paper"], (bool,))
                return answer(session.submit(HOST, {"type": "hand", "seat": seat, "bot": None,
                                                    "paper": body["paper"]}))
            return answer(session.submit(HOST, {"type": "hand", "seat": seat, "bot": level}))
        if kind == "rename":  # {"seat": 1, "name": "Les Castors"}, at any time (names.py)
            seat, name = body.get("seat"), body.get("name")
            check_field("seat", seat, (int,))
            check_field("name", name, (str,))
            return answer(session.submit(HOST, {"type": "_rename", "seat": seat, "name": name}))
        if kind in ("end", "delete") and (session.snapshot.status == "lobby"
                                          or kind == "delete"):
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
