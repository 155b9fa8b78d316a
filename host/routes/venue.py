"""The venue's look over HTTP (host/room/venue.py): read by every page, changed behind the host
key, and every change told at once to the projectors, phones and host pages (`venue`).

A refusal is `{"ok": false, "code", "reason", "text"}` (a colour refused for its contrast adds
`colour`, `ratio`, `least`, `background` and `proposal`, the nearest colour that passes); it
writes nothing and tells no page.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, current_app, jsonify, request, send_file

from host import messages
from host.room.venue import LOGO, Venue, VenueError, Venues, VenueStoreError
from host.routes.api import hub
from host.routes.pack_files import Refused
from host.routes.pack_uploads import UPLOAD_SLACK, read_upload
from host.routes.media import VERSIONED_CACHE
from host.routes.results import refused_without_key

bp = Blueprint("venue", __name__)

Answer = Response | tuple[Response, int]


def venues() -> Venues:
    return hub().venue


def refuse(status: int, code: str, reason: str, text: dict[str, str] | None = None,
           **extra: Any) -> tuple[Response, int]:
    return jsonify(ok=False, code=code, reason=reason,
                   text=text or messages.text(code, reason), **extra), status


def broadcast(venue: Venue) -> None:
    """Every open page hears of it: projectors, phones, host pages (no reload)."""
    body = {"venue": venue.public()}
    socketio = current_app.extensions["socketio"]
    for namespace in ("/screen", "/seat", "/host"):
        socketio.emit("venue", body, namespace=namespace)


def _changed(change: Any) -> Answer:
    """Run a change; tell every page; its refusal as an answer (nothing written)."""
    try:
        venue = change()
    except VenueError as err:
        return refuse(err.status, err.code, str(err), err.text, **err.extra)
    except VenueStoreError as err:
        return refuse(507, "storage", err.strerror or str(err))
    broadcast(venue)
    return jsonify(ok=True, venue=venue.public())


@bp.get("/api/venue")
def api_venue() -> Response:
    """The venue as the pages draw it (no key: the projector and phones read it)."""
    return jsonify(venue=venues().current.public())


@bp.put("/api/venue")
def api_venue_set() -> Answer:
    """{"name"?, "colour"?}: the fields given change ("" or null clears one)."""
    refusal = refused_without_key()
    if refusal is not None:
        return refusal
    body = request.get_json(silent=True)
    if not isinstance(body, dict):
        return refuse(400, "bad_request", "the body must be a JSON object")
    return _changed(lambda: venues().set(name=body.get("name", ...),
                                         colour=body.get("colour", ...)))


@bp.delete("/api/venue")
def api_venue_clear() -> Answer:
    """No venue: the pages look as they do without one."""
    return refused_without_key() or _changed(lambda: venues().clear())


@bp.post("/api/venue/logo")
def api_venue_logo() -> Answer:
    """The logo (multipart `file`), checked by its first bytes and its size."""
    refusal = refused_without_key()
    if refusal is not None:
        return refusal
    limit = LOGO.max_bytes
    try:  # a little over the limit is read whole: the logo's own check then names the file
        name, data = read_upload(
            limit + UPLOAD_SLACK, no_file="send the logo as the form's 'file'",
            too_large=f"the logo is larger than {limit // 1024} KB; nothing was written")
    except Refused as err:
        return refuse(err.status, err.code, err.reason)
    return _changed(lambda: venues().set_logo(name, data))


@bp.delete("/api/venue/logo")
def api_venue_logo_clear() -> Answer:
    return refused_without_key() or _changed(lambda: venues().clear_logo())


@bp.get("/venue/logo")
def venue_logo() -> Answer:
    """The logo's bytes; `?v=` (its digest, as GET /api/venue names it) may be cached."""
    found = venues().logo_path()
    if found is None:
        return refuse(404, "not_found", "this host has no logo")
    path, mimetype = found
    answer = send_file(path, mimetype=mimetype, conditional=True, etag=True)
    if request.args.get("v") == path.stem.removeprefix("logo-"):
        answer.headers["Cache-Control"] = VERSIONED_CACHE
    else:
        answer.headers["Cache-Control"] = "no-cache"
    answer.headers["X-Content-Type-Options"] = "nosniff"
    return answer
