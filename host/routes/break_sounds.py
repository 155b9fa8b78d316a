"""The break's music over HTTP (host/room/break_sounds.py): the sounds the host uploaded and
the pack questions' sound clips to choose from, an upload, a removal (behind the host key);
and a sound's bytes for the projector (`/break/sounds/<id>`, checked again when served, with
range requests, as a question's clip is).

A refusal is `{"ok": false, "code", "reason", "text"}` and writes nothing.
"""

from __future__ import annotations


from flask import Blueprint, Response, jsonify, send_file

from host import messages
from host.quiz.audio import SOUND
from host.room.break_sounds import BreakSounds, SoundError, SoundStoreError, question_sounds
from host.routes.api import hub
from host.routes.pack_files import Refused
from host.routes.pack_uploads import read_upload
from host.routes.results import refused_without_key

bp = Blueprint("break_sounds", __name__)

Answer = Response | tuple[Response, int]


def sounds() -> BreakSounds:
    return hub().break_sounds


def refuse(status: int, code: str, reason: str) -> tuple[Response, int]:
    return jsonify(ok=False, code=code, reason=reason, text=messages.text(code, reason)), status


@bp.get("/api/break/sounds")
def api_sounds() -> Answer:
    """{"sounds": [{"id", "name"}], "clips": [{"question", "pack", "language", "prompt",
    "clip"}]}: what a break may play."""
    return refused_without_key() or jsonify(
        sounds=sounds().all(), clips=question_sounds(hub().bank.questions))


@bp.post("/api/break/sounds")
def api_sound_add() -> Answer:
    """A sound (multipart `file`): Ogg/Opus, MP3, AAC/M4A or WebM, at most 10 MB."""
    refusal = refused_without_key()
    if refusal is not None:
        return refusal
    limit = SOUND.max_bytes
    try:
        name, data = read_upload(
            limit, no_file="send the sound as the form's 'file'",
            too_large=f"the sound is larger than {limit // 1_000_000} MB; nothing was written")
    except Refused as err:
        return refuse(err.status, err.code, err.reason)
    try:
        added = sounds().add(name, data)
    except SoundError as err:
        return refuse(err.status, err.code, str(err))
    except SoundStoreError as err:
        return refuse(507, "storage", err.strerror or str(err))
    return jsonify(ok=True, sound=added), 201


@bp.delete("/api/break/sounds/<sound_id>")
def api_sound_delete(sound_id: str) -> Answer:
    refusal = refused_without_key()
    if refusal is not None:
        return refusal
    try:
        deleted = sounds().delete(sound_id)
    except SoundStoreError as err:
        return refuse(507, "storage", err.strerror or str(err))
    if not deleted:
        return refuse(404, "not_found", "there is no such sound")
    return jsonify(ok=True, deleted=sound_id)


@bp.get("/break/sounds/<sound_id>")
def break_sound(sound_id: str) -> Answer:
    """A sound's bytes, for the projector (its name holds its digest: cached for good)."""
    path = sounds().path(sound_id)
    if path is None:
        return refuse(404, "not_found", "there is no such sound")
    answer = send_file(path, mimetype=SOUND.types[path.suffix.lower()], conditional=True,
                       etag=True, max_age=None)
    answer.headers["Cache-Control"] = "public, max-age=86400, immutable"
    answer.headers["X-Content-Type-Options"] = "nosniff"
    return answer
