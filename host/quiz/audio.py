"""Sound clips of questions (`audio:` beside the pack, like pictures): which files are
allowed, checked by their first bytes and their size, and a clip's start and end.

A clip is played on the projector (the room's speakers), never on phones; a page fetches
it by question id (host/routes/media.py), so no path a client sends reaches the disk.
"""

from __future__ import annotations

import re
from pathlib import Path, PurePosixPath
from typing import Any

# The formats a clip may be, by file suffix, and what the host serves them as.
AUDIO_TYPES: dict[str, str] = {
    ".ogg": "audio/ogg",
    ".opus": "audio/ogg",
    ".mp3": "audio/mpeg",
    ".m4a": "audio/mp4",
    ".aac": "audio/aac",
    ".webm": "audio/webm",
}
MAX_AUDIO_BYTES = 10_000_000  # a minute or two of music at a projector's quality
MAX_CLIP_SECONDS = 3600
AUDIO_ROUTE_SUFFIX = "/audio"


def check_audio_ref(ref: str) -> str | None:
    """What is wrong with an `audio:` value as written in a pack, or None: a file beside
    the pack or under it, with forward slashes, no absolute path and no '..'."""
    if "\\" in ref:
        return f"{ref!r}: use forward slashes ('/') in the path"
    path = PurePosixPath(ref)
    if path.is_absolute() or re.match(r"^[A-Za-z]:", ref):
        return f"{ref!r} must be a path relative to the pack file, not an absolute one"
    if ".." in path.parts:
        return f"{ref!r} must be beside the pack or in a folder under it ('..' is not allowed)"
    if path.suffix.lower() not in AUDIO_TYPES:
        return f"{ref!r} is not a sound file name (allowed: {', '.join(sorted(AUDIO_TYPES))})"
    return None


def sniff_audio(head: bytes) -> str | None:
    """The family a file's first bytes belong to: 'ogg', 'mp3', 'mp4', 'aac', 'webm'."""
    if head.startswith(b"OggS"):
        return "ogg"
    if head.startswith(b"ID3"):
        return "mp3"
    if head[4:8] == b"ftyp":
        return "mp4"
    if head.startswith(b"\x1a\x45\xdf\xa3"):
        return "webm"
    if len(head) >= 2 and head[0] == 0xFF:
        if head[1] & 0xF6 == 0xF0:  # ADTS: layer bits 00
            return "aac"
        if head[1] & 0xE0 == 0xE0 and head[1] & 0x06:  # MPEG audio frame sync, a layer
            return "mp3"
    return None


_FAMILY = {".ogg": "ogg", ".opus": "ogg", ".mp3": "mp3", ".m4a": "mp4", ".aac": "aac",
           ".webm": "webm"}


def check_audio_file(path: str | Path, max_bytes: int = MAX_AUDIO_BYTES) -> list[str]:
    """Every problem of a question's sound file; an empty list means it is good: a known
    suffix, content that matches it by its first bytes, not empty, at most `max_bytes`."""
    file = Path(path)
    suffix = file.suffix.lower()
    if suffix not in AUDIO_TYPES:
        return [f"{file.name}: not a sound file name (allowed: {', '.join(sorted(AUDIO_TYPES))})"]
    try:
        size = file.stat().st_size
        if not file.is_file():
            return [f"{file.name}: not a file"]
        if size == 0:
            return [f"{file.name}: the sound file is empty"]
        if size > max_bytes:
            return [f"{file.name}: the sound is {size:,} bytes, more than the {max_bytes:,} "
                    "allowed (cut it shorter)"]
        with file.open("rb") as stream:
            head = stream.read(64)
    except OSError as err:
        return [f"{file.name}: cannot read the sound: {err.strerror or err}"]
    found = sniff_audio(head)
    if found is None:
        return [f"{file.name}: not a sound (its content is not Ogg, MP3, MP4/AAC or WebM)"]
    if found != _FAMILY[suffix]:
        return [f"{file.name}: the content is {found.upper()}, not what the name says ({suffix})"]
    return []


def check_clip(value: Any) -> str | None:
    """What is wrong with a `clip: [start, end]` (seconds into the file), or None."""
    numbers = (isinstance(value, list) and len(value) == 2
               and all(isinstance(v, int | float) and not isinstance(v, bool) for v in value))
    if not numbers:
        return "must be [start, end] in seconds, e.g. [12, 42]"
    start, end = value
    if not 0 <= start < end <= MAX_CLIP_SECONDS:
        return f"needs 0 <= start < end <= {MAX_CLIP_SECONDS} seconds, not [{start}, {end}]"
    return None
