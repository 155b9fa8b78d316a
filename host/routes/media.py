"""Question pictures, sound and video clips, served from the host (never from the internet).

A page asks for `/media/questions/<question id>`: the id is only a key into the
bank, so no path a client sends ever reaches the file system, and only files
of questions the bank loaded (and checked) are served. The picture is checked
again when served, in case the file changed since the bank loaded it.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from flask import Blueprint, Response, abort, current_app, request, send_file

from host.room.hub import Hub
from host.quiz.audio import AUDIO_ROUTE_SUFFIX, SOUND, VIDEO, VIDEO_ROUTE_SUFFIX
from host.quiz.media import MediaKind, check_file
from host.quiz.packs import file_version
from host.quiz.question import IMAGE_ROUTE
from host.quiz.pictures import PICTURE

bp = Blueprint("media", __name__)

# A URL with the picture's digest (?v=...) names these exact bytes: cache it for a day.
# Without it, or with an old digest, the browser must ask again (an ETag makes that cheap).
VERSIONED_CACHE = "public, max-age=86400, immutable"
UNVERSIONED_CACHE = "no-cache"
# An SVG opened on its own (not in an <img>) must not run or load anything.
SVG_POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src data:"


@lru_cache(maxsize=1024)
def _checked(kind: MediaKind, path: str, stamp: tuple[int, int]) -> tuple[tuple[str, ...], str]:
    """A file's problems and digest, once per version of the file (`stamp`: its mtime and
    size): 200 phones fetching the same picture read, parse and hash it once."""
    return tuple(check_file(kind, path)), file_version(Path(path))


def _hub() -> Hub:
    found: Hub = current_app.extensions["tourelle_hub"]
    return found


def _serve(question_id: str, kind: MediaKind) -> Response:
    """A question's file of one kind, by question id: only for a question the bank knows,
    checked again when served (the file may have changed since the bank loaded it), with
    range requests (a media element seeks and replays with them)."""
    bank = _hub().bank
    if question_id not in bank:
        abort(404, description="no such question")
    named = getattr(bank.get(question_id), kind.field)
    if not named:
        abort(404, description=f"this question has no {kind.noun}")
    path = Path(named)
    try:
        stat = path.stat()
        problems, version = _checked(kind, str(path), (stat.st_mtime_ns, stat.st_size))
    except OSError:
        problems, version = ("the file is missing",), ""
    if problems:
        current_app.logger.warning("question %s: %s refused: %s", question_id, kind.noun,
                                   problems[0])
        abort(404, description=f"the {kind.noun} is missing or no longer valid")
    response = send_file(path, mimetype=kind.types[path.suffix.lower()], conditional=True,
                         etag=version or True, max_age=None)
    fresh = bool(version) and request.args.get("v") == version
    response.headers["Cache-Control"] = VERSIONED_CACHE if fresh else UNVERSIONED_CACHE
    response.headers["X-Content-Type-Options"] = "nosniff"
    if path.suffix.lower() == ".svg":
        response.headers["Content-Security-Policy"] = SVG_POLICY
    return response


@bp.get(IMAGE_ROUTE + "<question_id>")
def question_image(question_id: str) -> Response:
    return _serve(question_id, PICTURE)


@bp.get(IMAGE_ROUTE + "<question_id>" + AUDIO_ROUTE_SUFFIX)
def question_audio(question_id: str) -> Response:
    """A question's sound clip, for the projector."""
    return _serve(question_id, SOUND)


@bp.get(IMAGE_ROUTE + "<question_id>" + VIDEO_ROUTE_SUFFIX)
def question_video(question_id: str) -> Response:
    """A question's video clip, for the projector."""
    return _serve(question_id, VIDEO)
