"""Question pictures and sound clips, served from the host (never from the internet).

A page asks for `/media/questions/<question id>`: the id is only a key into the
bank, so no path a client sends ever reaches the file system, and only pictures
of questions the bank loaded (and checked) are served. The picture is checked
again when served, in case the file changed since the bank loaded it.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from flask import Blueprint, Response, abort, current_app, request, send_file

from host.hub import Hub
from host.quiz.audio import AUDIO_ROUTE_SUFFIX, AUDIO_TYPES, check_audio_file
from host.quiz.packs import file_version
from host.quiz.question import IMAGE_ROUTE
from host.quiz.validate import IMAGE_TYPES, check_image_file

bp = Blueprint("media", __name__)

# A URL with the picture's digest (?v=...) names these exact bytes: cache it for a day.
# Without it, or with an old digest, the browser must ask again (an ETag makes that cheap).
VERSIONED_CACHE = "public, max-age=86400, immutable"
UNVERSIONED_CACHE = "no-cache"
# An SVG opened on its own (not in an <img>) must not run or load anything.
SVG_POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src data:"


@lru_cache(maxsize=1024)
def _checked(path: str, stamp: tuple[int, int]) -> tuple[tuple[str, ...], str]:
    """A picture's problems and digest, once per version of the file (`stamp`: its mtime
    and size): 200 phones fetching the same picture read, parse and hash it once."""
    return tuple(check_image_file(path)), file_version(Path(path))


def _hub() -> Hub:
    found: Hub = current_app.extensions["tourelle_hub"]
    return found


@bp.get(IMAGE_ROUTE + "<question_id>")
def question_image(question_id: str) -> Response:
    bank = _hub().bank
    if question_id not in bank:
        abort(404, description="no such question")
    question = bank.get(question_id)
    if not question.image:
        abort(404, description="this question has no picture")
    path = Path(question.image)
    try:
        stat = path.stat()
        problems, version = _checked(str(path), (stat.st_mtime_ns, stat.st_size))
    except OSError:
        problems, version = ("the file is missing",), ""
    if problems:
        current_app.logger.warning("question %s: picture refused: %s", question_id, problems[0])
        abort(404, description="the picture is missing or no longer valid")
    response = send_file(path, mimetype=IMAGE_TYPES[path.suffix.lower()], conditional=True,
                         etag=version or True, max_age=None)
    wanted = request.args.get("v")
    fresh = bool(version) and wanted == version
    response.headers["Cache-Control"] = VERSIONED_CACHE if fresh else UNVERSIONED_CACHE
    response.headers["X-Content-Type-Options"] = "nosniff"
    if path.suffix.lower() == ".svg":
        response.headers["Content-Security-Policy"] = SVG_POLICY
    return response


@lru_cache(maxsize=256)
def _checked_audio(path: str, stamp: tuple[int, int]) -> tuple[tuple[str, ...], str]:
    return tuple(check_audio_file(path)), file_version(Path(path))


@bp.get(IMAGE_ROUTE + "<question_id>" + AUDIO_ROUTE_SUFFIX)
def question_audio(question_id: str) -> Response:
    """A question's sound clip, for the projector: checked again when served, with range
    requests (a media element seeks and replays with them)."""
    bank = _hub().bank
    if question_id not in bank or not bank.get(question_id).audio:
        abort(404, description="no such question with a sound")
    path = Path(str(bank.get(question_id).audio))
    try:
        stat = path.stat()
        problems, version = _checked_audio(str(path), (stat.st_mtime_ns, stat.st_size))
    except OSError:
        problems, version = ("the file is missing",), ""
    if problems:
        current_app.logger.warning("question %s: sound refused: %s", question_id, problems[0])
        abort(404, description="the sound is missing or no longer valid")
    response = send_file(path, mimetype=AUDIO_TYPES[path.suffix.lower()], conditional=True,
                         etag=version or True, max_age=None)
    fresh = bool(version) and request.args.get("v") == version
    response.headers["Cache-Control"] = VERSIONED_CACHE if fresh else UNVERSIONED_CACHE
    response.headers["X-Content-Type-Options"] = "nosniff"
    return response
