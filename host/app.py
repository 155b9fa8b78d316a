"""The Flask app factory: builds the Hub, the Socket.IO namespaces, and registers the
routes' blueprints (host/routes/)."""

from __future__ import annotations

import contextlib
import logging
from pathlib import Path
from typing import Any

from flask import Flask
from flask_socketio import SocketIO

from host.wire import jsonwire
from host.wire import outbox
from host.wire import pinger
from host.wire import reader
from host.wire import rooms
from host.wire import wsdeflate
from host.config import HostConfig, host_key
from host.room.hub import Hub
from host.store.journal import Journal
from host.quiz.bank import QuestionBank, bundled_paths
from host.quiz.memory import MEMORY_FILENAME
from host.resources import bundled, static_dir
from host.routes import (api, break_sounds, join, media, nights, pack_media, packs, pages,
                         plans, printing, results, venue, words)
from host.routes.packs import data_packs_dir
from host.sockets import ROOMS, register_namespaces
from host.workers.link import LinkWatch
from host.workers.manager import RoomSkippingRedisManager, queue_channel, skip_rooms
from host.workers.owner import Owner
from host.workers.relay import RelayServer

log = logging.getLogger(__name__)


def question_bank(config: HostConfig) -> QuestionBank:
    """The bundled packs (unless turned off), the host's own, then the packs made on the
    host page (the data folder's packs/; last, so their ids never shadow the others')."""
    paths: list[Path] = bundled_paths() if config.bundled_packs else []  # with ready rounds
    paths += config.packs
    edited = data_packs_dir(config.data_dir)
    with contextlib.suppress(OSError):  # a read-only card: no edited packs, nothing to write
        edited.mkdir(parents=True, exist_ok=True)
    if edited.is_dir():
        paths.append(edited)
    return QuestionBank.from_paths(paths)


def _message_queue(config: HostConfig) -> dict[str, Any]:
    """Several processes share rooms through Redis (host/workers/); one needs nothing."""
    if config.redis_url is None:
        return {"client_manager": rooms.Manager()}  # rooms under one lock (wire/rooms.py)
    return {"client_manager": RoomSkippingRedisManager(
        config.redis_url, channel=queue_channel(config.house), json=jsonwire)}


def create_app(config: HostConfig) -> tuple[Flask, SocketIO, Hub]:
    app = Flask(__name__, template_folder=str(bundled("templates")),
                static_folder=str(static_dir()))
    app.config["TOURELLE"] = config
    config.data_dir.mkdir(parents=True, exist_ok=True)
    key = host_key(config.data_dir)
    wsdeflate.install(config.async_mode)  # a broadcast compressed once, no zlib state per phone
    if config.async_mode == "threading":
        pinger.install()  # one thread for every connection's pings, not one per ping
        outbox.install()  # one thread writes every WebSocket's messages, screens first
        reader.install()  # each WebSocket read by the thread that handles its messages
    socketio = SocketIO(
        app,
        async_mode=config.async_mode,
        cors_allowed_origins=None,
        max_http_buffer_size=1_000_000,  # bigger frames close the connection; ours say why
        ping_interval=5,
        ping_timeout=10,
        logger=False,
        engineio_logger=False,
        json=jsonwire,  # orjson when installed: a publication encodes ~200 payloads
        serializer=jsonwire.Packet,  # no walk of every payload in Python (jsonwire.py)
        # Threading: a message is handled on its connection's own reader thread instead of
        # a new thread per message: a burst of 200 presses started 200 threads that fought
        # the Session's worker for the GIL (bench/burst.py: acknowledgements p50 ~200 ->
        # ~150 ms). A connection waits for its own message's answer, as a phone does
        # anyway. Eventlet's green threads cost nothing to start, and handling inline there
        # made the same burst slower (acknowledgements max 0.2 -> 0.4-0.9 s).
        async_handlers=config.async_mode != "threading",
        **_message_queue(config),
    )
    several = config.redis_url is not None

    def publish(game_id: str, audience: str, payload: dict[str, Any],
                skip: tuple[str, ...] = ()) -> None:
        namespace, room = ROOMS.room(game_id, audience)
        skipped = None
        if skip and several:  # each process skips its own members of these rooms
            skipped = skip_rooms([ROOMS.room(game_id, other)[1] for other in skip])
        elif skip:
            # get_participants copies each room at once: phones join and leave rooms on
            # their own threads while this publisher thread reads them.
            members = socketio.server.manager.get_participants
            skipped = [sid for other in skip
                       for sid, _ in members(namespace, ROOMS.room(game_id, other)[1])]
        socketio.emit(ROOMS.event(audience), payload, namespace=namespace, to=room,
                      skip_sid=skipped)

    journal = Journal(config.journal_path)
    bank = question_bank(config)
    def listening(game_id: str, audience: str) -> bool:
        if several:  # a room's members may be in another process: assume someone listens
            return True
        namespace, room = ROOMS.room(game_id, audience)
        rooms = socketio.server.manager.rooms.get(namespace, {})
        return bool(rooms.get(room))

    hub = Hub(journal, bank, publish, memory_path=config.data_dir / MEMORY_FILENAME,
              listening=listening)
    app.extensions["tourelle_hub"] = hub
    app.extensions["tourelle_key"] = key
    register_namespaces(socketio, hub, lambda: host_key(config.data_dir))
    if config.resume:
        resumed = hub.resume_all()
        if resumed:
            log.info("resumed %d unfinished game(s)", len(resumed))

    if several:
        assert config.redis_url is not None
        owner = Owner(app, socketio)
        app.extensions["tourelle_owner"] = owner
        app.extensions["tourelle_relay"] = RelayServer(config.redis_url, config.house,
                                                       owner.handle).start()
        app.extensions["tourelle_link"] = LinkWatch(
            config.redis_url, hub,
            lambda message: socketio.emit("link", message, namespace="/host",
                                          ignore_queue=True),  # each process its own
            channel=queue_channel(config.house)).start()
    app.extensions["tourelle_bank"] = bank
    for blueprint in (pages.bp, words.bp, api.bp, join.bp, nights.bp, packs.bp, pack_media.bp,
                      media.bp, results.bp, plans.bp, printing.bp, venue.bp,
                      break_sounds.bp):
        app.register_blueprint(blueprint)
    return app, socketio, hub
