"""A question's media files beside its pack, one way for all three kinds: pictures (`image:`),
sounds (`audio:`) and videos (`video:`).

Each kind says which file names it takes, how its content is recognised by its first bytes
(never by its name alone), and how large it may be. A pack names a file relative to itself;
the file must stay inside the pack's folder, also once symbolic links are followed, so a
pack cannot make the host read or serve its other files. Pages never send a path: the host
serves a file by question id (host/routes/media.py).

The checks return English sentences that start with the file's name; the pack loader adds
the pack file and the line, the editor's upload route says them as a refusal.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path, PurePosixPath


@dataclass(frozen=True, eq=False)
class MediaKind:
    """One kind of media file a question may carry (compared and hashed by identity: the
    three kinds are module constants)."""

    field: str  # the pack's field: image, audio, video
    noun: str  # what the English messages call one: picture, sound, video
    types: dict[str, str]  # file suffix -> the type the host serves it as
    families: dict[str, str]  # file suffix -> what sniff() says of such content
    sniff: Callable[[bytes], str | None]  # the family of a file's first bytes
    max_bytes: int
    formats: str  # "PNG, JPEG, WebP or SVG": what a file of this kind may be
    smaller: str  # the advice when a file is too large
    head_bytes: int = 64  # how much of the start sniff() reads
    # a whole-file check of content of a family (a picture's SVG safety), or None
    inspect: Callable[[str, bytes], list[str]] | None = None
    shown: Callable[[str], str] = str.upper  # a family as the messages say it


def check_ref(kind: MediaKind, ref: str) -> str | None:
    """What is wrong with a media field's value as written in a pack, or None: a file
    beside the pack or in a folder under it, with forward slashes, no absolute path, no
    '..', and a name of the kind's types."""
    if "\\" in ref:
        return f"{ref!r}: use forward slashes ('/') in the path"
    path = PurePosixPath(ref)
    if path.is_absolute() or re.match(r"^[A-Za-z]:", ref):
        return f"{ref!r} must be a path relative to the pack file, not an absolute one"
    if ".." in path.parts:
        return f"{ref!r} must be beside the pack or in a folder under it ('..' is not allowed)"
    if path.suffix.lower() not in kind.types:
        return (f"{ref!r} is not a {kind.noun} file name (allowed: "
                f"{', '.join(sorted(kind.types))})")
    return None


def check_file(kind: MediaKind, path: str | Path, max_bytes: int | None = None) -> list[str]:
    """Every problem of a media file; an empty list means it is good: a name of the kind,
    content that is what the name says by its first bytes, not empty, at most `max_bytes`
    (the kind's limit by default), and the kind's own whole-file check (SVG safety)."""
    most = kind.max_bytes if max_bytes is None else max_bytes
    file = Path(path)
    suffix = file.suffix.lower()
    if suffix not in kind.types:
        return [f"{file.name}: not a {kind.noun} file name "
                f"(allowed: {', '.join(sorted(kind.types))})"]
    try:
        size = file.stat().st_size
        if not file.is_file():
            return [f"{file.name}: not a file"]
        if size == 0:
            return [f"{file.name}: the {kind.noun} file is empty"]
        if size > most:
            return [f"{file.name}: the {kind.noun} is {size:,} bytes, more than the {most:,} "
                    f"allowed ({kind.smaller})"]
        with file.open("rb") as stream:
            data = stream.read() if kind.inspect else stream.read(kind.head_bytes)
    except OSError as err:
        return [f"{file.name}: cannot read the {kind.noun}: {err.strerror or err}"]
    found = kind.sniff(data[:kind.head_bytes])
    if found is None:
        return [f"{file.name}: not a {kind.noun} (its content is not {kind.formats})"]
    if found != kind.families[suffix]:
        return [f"{file.name}: the content is {kind.shown(found)}, not what the name says "
                f"({suffix})"]
    if kind.inspect is not None:
        return [f"{file.name}: {problem}" for problem in kind.inspect(found, data)]
    return []


def inside(folder: Path, ref: str) -> Path | None:
    """The file a pack in `folder` names, with symbolic links followed, or None when it
    lies outside the folder (a link that leads out)."""
    base = folder.resolve()
    target = (folder / ref).resolve()
    return target if target.is_relative_to(base) else None


def check_in_pack(kind: MediaKind, pack_file: Path, ref: str) -> list[str]:
    """The problems of the media file a pack names (its reference already checked by
    check_ref): there, inside the pack's folder once links are followed, and good."""
    file = pack_file.parent / ref
    if not file.is_file():
        return [f"no file {ref!r} next to the pack"]
    if inside(pack_file.parent, ref) is None:
        return [f"{ref!r} leads outside the pack's folder (a link): copy the file beside "
                "the pack"]
    return check_file(kind, file)


def suffix_for(kind: MediaKind, family: str | None) -> str | None:
    """The file suffix a content `family` is stored under (an upload is named by what it
    is, not by what its name says), or None when the kind takes no such content."""
    return next((suffix for suffix, found in kind.families.items() if found == family), None)
