"""Sound and video clips of questions (`audio:` or `video:` beside the pack, like pictures):
which files are allowed, checked by their first bytes and their size (host/quiz/media.py),
and a clip's start and end.

A clip is played on the projector (the room's speakers and screen), never on phones; a page
fetches it by question id (host/routes/media.py), so no path a client sends reaches the disk.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from host.quiz.media import MediaKind, check_file

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
# A film's scene: WebM or MP4, by suffix, as the host serves them. Larger than a sound (a
# minute of 720p video is about 10-20 MB); the projector reads it over the local network.
VIDEO_TYPES: dict[str, str] = {
    ".webm": "video/webm",
    ".mp4": "video/mp4",
}
MAX_VIDEO_BYTES = 60_000_000
MAX_CLIP_SECONDS = 3600
AUDIO_ROUTE_SUFFIX = "/audio"
VIDEO_ROUTE_SUFFIX = "/video"


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


SOUND = MediaKind(
    field="audio", noun="sound", types=AUDIO_TYPES,
    families={".ogg": "ogg", ".opus": "ogg", ".mp3": "mp3", ".m4a": "mp4", ".aac": "aac",
              ".webm": "webm"},
    sniff=sniff_audio, max_bytes=MAX_AUDIO_BYTES, formats="Ogg, MP3, MP4/AAC or WebM",
    smaller="cut it shorter")
VIDEO = MediaKind(
    field="video", noun="video", types=VIDEO_TYPES, families={".webm": "webm", ".mp4": "mp4"},
    sniff=sniff_audio, max_bytes=MAX_VIDEO_BYTES, formats="WebM or MP4",
    smaller="cut it shorter or lower its resolution")
CLIP_KINDS = (SOUND, VIDEO)  # a question has at most one clip: a sound or a video


def check_audio_file(path: str | Path, max_bytes: int = MAX_AUDIO_BYTES) -> list[str]:
    """Every problem of a question's sound file; an empty list means it is good: a known
    suffix, content that matches it by its first bytes, not empty, at most `max_bytes`."""
    return check_file(SOUND, path, max_bytes)


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
