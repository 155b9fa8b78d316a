"""The read-only JSON API: health, games, maps, game kinds, question counts, ready rounds."""

from __future__ import annotations

import sys
import threading

from typing import Any

from flask import Blueprint, Response, abort, current_app, jsonify

from host import __version__
from host.wire import heap
from host.wire import jsonwire
from host.games import forms, registry
from host.room.hub import Hub
from host.quiz.bank import QuestionBank
from host.quiz.validate import CATEGORIES, LANGUAGES, MAX_DIFFICULTY, MIN_DIFFICULTY
from host.territory.kind import DEFAULT_MAP, map_by_name
from host.territory.maps import map_to_json, shipped_map_names, shipped_map_titles

bp = Blueprint("api", __name__)


def hub() -> Hub:
    found: Hub = current_app.extensions["tourelle_hub"]
    return found


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


@bp.get("/healthz")
def healthz() -> Response:
    return jsonify(ok=True, version=__version__, games=len(hub().sessions),
                   async_mode=current_app.extensions["socketio"].async_mode,
                   json=jsonwire.ENCODER, heap_frozen=heap.frozen,
                   switch_interval_ms=round(sys.getswitchinterval() * 1000, 3),
                   threads=threading.active_count())


@bp.get("/api/games")
def api_games() -> Response:
    current = hub().latest()  # the room's current game (host/room/following.py)
    seen = [(s, s.snapshot) for s in list(hub().sessions.values())]  # each game's committed
    return jsonify(games=[
        {"id": s.id, "kind": s.kind.name, "status": snap.status, "seats": snap.meta["seats"],
         "seq": snap.seq, "night": s.config.get("night")}
        for s, snap in seen
    ], current=current.id if current is not None else None)


@bp.get("/api/games/<game_id>")
def api_game(game_id: str) -> Response:
    session = hub().get(game_id)
    if session is None:
        abort(404)
    return jsonify(session.shown("screen"))  # the committed snapshot (the game's worker's)


@bp.get("/api/maps")
def api_maps() -> Response:
    """The shipped map names, for the host page's map menu, with their titles by language."""
    return jsonify(maps=shipped_map_names(), default=DEFAULT_MAP, titles=shipped_map_titles())


@bp.get("/api/maps/<name>")
def api_map(name: str) -> Response:
    """A map as JSON for the screens: a shipped map's name or generated:<N>:<seed>."""
    try:
        return jsonify(map_to_json(map_by_name(name)))
    except ValueError as err:
        return Response(str(err), status=404, mimetype="text/plain")


@bp.get("/api/kinds")
def api_kinds() -> Response:
    """Every game kind for the host page's form: label, seats, map/questions, settings."""
    return jsonify(kinds=[forms.describe(kind) for kind in registry.all_kinds()])


@bp.get("/api/questions/categories")
def api_categories() -> Response:
    """Question counts per language and category in this host's bank."""
    return jsonify(category_counts(current_app.extensions["tourelle_bank"]))


@bp.get("/api/questions/rounds")
def api_ready_rounds() -> Response:
    """The ready rounds (host/quiz/rounds.py) whose questions the bank holds, for the host
    form's round plan: id, language, title and question ids, in file order."""
    bank: QuestionBank = current_app.extensions["tourelle_bank"]
    return jsonify(rounds=[ready.to_json() for ready in bank.ready_rounds()])
