"""The Flask app factory: HTTP routes, Socket.IO namespaces, the Hub."""

from __future__ import annotations

import io
import logging
from pathlib import Path
from typing import Any

import segno
from flask import Flask, Response, abort, jsonify, render_template, request
from flask_socketio import SocketIO

from host import __version__
from host.config import HostConfig, host_key
from host.games.registry import DEFAULT_MAP
from host.hub import Hub
from host.journal import Journal
from host.kinds_meta import all_kinds
from host.quiz.bank import QuestionBank
from host.quiz.memory import MEMORY_FILENAME
from host.quiz.packs import bundled_packs_dir
from host.quiz.validate import CATEGORIES, LANGUAGES, MAX_DIFFICULTY, MIN_DIFFICULTY
from host.resources import bundled, static_dir
from host.sockets import ROOMS, register_namespaces
from host.routes import join as join_routes
from host.territory.gamemap import GameMap
from host.territory.mapgen import generate_map
from host.territory.maps import load_map, map_to_json, shipped_map_names

log = logging.getLogger(__name__)


def question_bank(config: HostConfig) -> QuestionBank:
    """The bundled packs (unless turned off) plus the host's own."""
    paths: list[Path] = [bundled_packs_dir()] if config.bundled_packs else []
    return QuestionBank.from_paths(paths + list(config.packs))


def map_by_name(name: str) -> GameMap:
    """A shipped map (by name only, never a path) or generated:<territories>:<seed>."""
    if name.startswith("generated:"):
        _, count, seed = (name.split(":") + ["", ""])[:3]
        if not (count.isdigit() and seed.isdigit()):
            raise ValueError("a generated map is named generated:<territories>:<seed>")
        return generate_map(int(count), int(seed))
    if name not in shipped_map_names():
        raise ValueError(f"no shipped map {name!r}")
    return load_map(name)


def category_counts(bank: QuestionBank) -> dict[str, Any]:
    """{languages: {fr: {total, categories: {history: 12, ...}}}, categories, difficulty}."""
    per_language = bank.stats()["per_language"]
    languages = {}
    for lang in LANGUAGES:
        counts = per_language.get(lang, {"total": 0, "category": {}})
        languages[lang] = {"total": counts["total"],
                           "categories": {c: counts["category"].get(c, 0) for c in CATEGORIES}}
    return {"languages": languages, "categories": list(CATEGORIES),
            "difficulty": {"min": MIN_DIFFICULTY, "max": MAX_DIFFICULTY}}


def create_app(config: HostConfig) -> tuple[Flask, SocketIO, Hub]:
    app = Flask(__name__, template_folder=str(bundled("templates")),
                static_folder=str(static_dir()))
    app.config["TOURELLE"] = config
    config.data_dir.mkdir(parents=True, exist_ok=True)
    key = host_key(config.data_dir)
    socketio = SocketIO(
        app,
        async_mode=config.async_mode,
        cors_allowed_origins=None,
        max_http_buffer_size=1_000_000,  # bigger frames close the connection; ours say why
        ping_interval=5,
        ping_timeout=10,
        logger=False,
        engineio_logger=False,
    )

    def publish(game_id: str, audience: str, payload: dict[str, Any]) -> None:
        namespace, room = ROOMS.room(game_id, audience)
        socketio.emit("state", payload, namespace=namespace, to=room)

    journal = Journal(config.journal_path)
    bank = question_bank(config)
    def listening(game_id: str, audience: str) -> bool:
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

    @app.get("/healthz")
    def healthz() -> Response:
        return jsonify(ok=True, version=__version__, games=len(hub.sessions),
                       async_mode=socketio.async_mode)

    @app.get("/api/games")
    def api_games() -> Response:
        return jsonify(games=[
            {"id": s.id, "kind": s.kind.name, "status": s.status,
             "seats": s.meta()["seats"], "seq": s.last_seq}
            for s in hub.sessions.values()
        ])

    @app.get("/api/games/<game_id>")
    def api_game(game_id: str) -> Response:
        session = hub.get(game_id)
        if session is None:
            abort(404)
        return jsonify(session.view("screen"))

    @app.get("/api/maps")
    def api_maps() -> Response:
        """The shipped map names, for the host page's map menu."""
        return jsonify(maps=shipped_map_names(), default=DEFAULT_MAP)

    @app.get("/api/maps/<name>")
    def api_map(name: str) -> Response:
        """A map as JSON for the screens: a shipped map's name or generated:<N>:<seed>."""
        try:
            return jsonify(map_to_json(map_by_name(name)))
        except ValueError as err:
            return Response(str(err), status=404, mimetype="text/plain")

    @app.get("/api/kinds")
    def api_kinds() -> Response:
        """Every game kind for the host page's form: label, seats, map/questions, settings."""
        return jsonify(kinds=all_kinds())

    @app.get("/api/questions/categories")
    def api_categories() -> Response:
        """Question counts per language and category in this host's bank."""
        return jsonify(category_counts(bank))

    @app.get("/qr.svg")
    def qr_svg() -> Response:
        """A QR code made here (no internet): the join address for the lobby."""
        data = request.args.get("data", "")[:256] or request.host_url
        out = io.BytesIO()
        segno.make(data, error="m").save(out, kind="svg", scale=8, border=2, dark="#111",
                                         light="#fff")
        return Response(out.getvalue(), mimetype="image/svg+xml")

    @app.get("/")
    def phone() -> str:
        return render_template("phone.html", version=__version__)

    @app.get("/screen")
    def screen() -> str:
        return render_template("screen.html", version=__version__)

    @app.get("/host")
    def host_page() -> str:
        return render_template("host.html", version=__version__)

    app.register_blueprint(join_routes.bp)  # GET /api/join
    return app, socketio, hub
