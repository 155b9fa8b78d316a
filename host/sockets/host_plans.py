"""The `/host` events of night plans and breaks (the host page's plan bar and break form).

`plan_start` {"plan": id}: the plan's night opened, its first game created (the host page
follows it); `plan_next` {}: the plan's next game in that night (the phones of the game that
ended follow the room); `plan_stop` {}: the host leaves the plan. `break` {"message",
"seconds", "music"}: the interval on the projector and phones, its music on the projector
only; `break_music` {"playing"}: the music stops or plays again; `break_end` {}. Every host
page, the projectors and the phones are told (`break`, `host_state`; phones without the
music). Plans are edited over HTTP
(host/routes/plans.py).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from flask_socketio import SocketIO

from host.room import plan_run
from host.room.break_sounds import read_music
from host.room.breaks import for_phones, read_break
from host.room.hub import Hub
from host.room.plans import PlanError
from host.schema import BadMessage, check_field, require_dict
from host.session.core import Session
from host.sockets.base import refused


class HostPage(Protocol):
    """What these events use of the host's namespace (host/sockets/host_page.py)."""

    hub: Hub
    socketio: SocketIO

    def on_create(self, payload: Any = None) -> dict[str, Any]: ...

    def tell_host_pages(self) -> None: ...


def _creator(page: HostPage) -> Callable[[dict[str, Any]], Session]:
    def create(message: dict[str, Any]) -> Session:
        ack = page.on_create(message)  # the form's own path: watched, remembered
        session = page.hub.get(ack["game"])
        assert session is not None
        return session
    return create


def broadcast_break(page: HostPage) -> None:
    """Every page hears of the break (or its end): projectors, phones, host pages; the
    phones without its music."""
    shown = page.hub.breaks.current()
    for namespace in ("/screen", "/seat", "/host"):
        page.socketio.emit("break", {"break": for_phones(shown) if namespace == "/seat"
                                     else shown}, namespace=namespace)


def plan_start(page: HostPage, payload: Any) -> dict[str, Any]:
    message = require_dict(payload, "plan_start")
    check_field("plan", message.get("plan"), (str,))
    try:
        session = plan_run.start(page.hub, message["plan"], _creator(page))
    except PlanError as err:  # a game no longer possible (a pack deleted since): nothing opened
        return refused(err.code, str(err))
    page.tell_host_pages()
    return {"ok": True, "game": session.id, "night": session.config.get("night"),
            "plan": plan_run.progress(page.hub)}


def plan_next(page: HostPage, payload: Any) -> dict[str, Any]:
    require_dict(payload if payload is not None else {}, "plan_next")
    had_break = page.hub.breaks.current() is not None
    session = plan_run.next_game(page.hub, _creator(page))
    if had_break:
        broadcast_break(page)
    page.tell_host_pages()
    return {"ok": True, "game": session.id, "plan": plan_run.progress(page.hub)}


def plan_stop(page: HostPage, payload: Any) -> dict[str, Any]:
    require_dict(payload if payload is not None else {}, "plan_stop")
    plan_run.stop(page.hub)
    page.tell_host_pages()
    return {"ok": True}


def break_start(page: HostPage, payload: Any) -> dict[str, Any]:
    message = require_dict(payload, "break")
    text, seconds = read_break(message)
    music = read_music(message.get("music"), page.hub.break_sounds, page.hub.bank)
    shown = page.hub.breaks.start(text, seconds, page.hub.host_state.get("night"), music)
    broadcast_break(page)
    return {"ok": True, "break": shown}


def break_music(page: HostPage, payload: Any) -> dict[str, Any]:
    """The break's music stops (faded out on the projector) or plays again."""
    message = require_dict(payload, "break_music")
    check_field("playing", message.get("playing"), (bool,))
    shown = page.hub.breaks.play(message["playing"])
    if shown is None:
        raise BadMessage("no break with music is shown")
    broadcast_break(page)
    return {"ok": True, "break": shown}


def break_end(page: HostPage, payload: Any) -> dict[str, Any]:
    require_dict(payload if payload is not None else {}, "break_end")
    page.hub.breaks.end()
    broadcast_break(page)
    return {"ok": True}
