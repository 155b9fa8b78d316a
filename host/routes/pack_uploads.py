"""The pack editor's uploads of a question's files: a picture, a sound or a video, stored
beside the pack as <pack>.<digest>.<type> (the same file twice is one file), checked as
`tourelle questions check` checks a pack's files (host/quiz/media.py) before it is moved
into place. A refusal says why, names the uploaded file, and writes nothing.
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

from flask import request

from host.quiz.audio import SOUND, VIDEO
from host.quiz.media import MediaKind, check_file, suffix_for
from host.quiz.validate import Finding
from host.routes.pack_files import Refused, refuse, staged_file

CLIP_KINDS_BY_NAME = {"audio": SOUND, "video": VIDEO}
UPLOAD_SLACK = 64_000  # a multipart form's own bytes around the file


def read_upload(limit: int, too_large: str | None = None,
                no_file: str = "no file: send it as the form field 'file'") -> tuple[str, bytes]:
    """The uploaded file's name and bytes; a larger one is refused before it is read whole
    (raises Refused). `too_large` and `no_file`: the refusals' words for this upload (a logo,
    a sound) where the file's are not the right ones."""
    too_large = too_large or (f"the file is larger than {limit // 1_000_000} MB; "
                              "nothing was written")
    if (request.content_length or 0) > limit + UPLOAD_SLACK:
        refuse(413, "too_large", too_large)
    request.max_content_length = limit + UPLOAD_SLACK
    upload = request.files.get("file")
    if upload is None:
        refuse(400, "no_file", no_file)
    data = upload.stream.read(limit + 1)
    if len(data) > limit:
        refuse(413, "too_large", too_large)
    if not data:
        refuse(400, "empty", "the file is empty; nothing was written")
    return Path(upload.filename or "upload").name, data


def clip_kind(name: str, wanted: str | None) -> MediaKind:
    """A clip upload's kind: the form's `kind` (audio or video), else by the file's name (a
    .mp4 or .webm is a video, any other a sound)."""
    if wanted:
        if wanted not in CLIP_KINDS_BY_NAME:
            refuse(400, "bad_request", f"'kind' must be audio or video, not {wanted!r}")
        return CLIP_KINDS_BY_NAME[wanted]
    return VIDEO if Path(name).suffix.lower() in VIDEO.types else SOUND


def store_media(folder: Path, pack_id: str, name: str, data: bytes, kind: MediaKind) -> str:
    """Check an uploaded file as a `kind` and store it beside the pack; its stored name.
    The caller holds the editor's write lock."""
    suffix = suffix_for(kind, kind.sniff(data[:kind.head_bytes]))
    if suffix is None:
        problems = [f"{name}: not a {kind.noun} (its content is not {kind.formats})"]
    else:
        stored = f"{pack_id}.{hashlib.sha256(data).hexdigest()[:12]}{suffix}"
        with staged_file(folder, stored, suffix) as staged:
            staged.write_bytes(data)
            problems = [p.replace(staged.name, name) for p in check_file(kind, staged)]
            if not problems:
                os.replace(staged, folder / stored)
    if problems:
        code = "not_image" if kind.field == "image" else "not_clip"
        raise Refused(400, code, f"{problems[0]}; nothing was written",
                      [Finding(kind.field, problems[0])])
    return stored
