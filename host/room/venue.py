"""The venue's look: its name, its logo and its accent colour, on the projector and the phones.

Host data, not a game's: `<data folder>/venue/venue.json` ({"name", "colour", "logo"}) and the
logo beside it as `logo-<digest>.<png|jpg|webp>`, the digest being its version (the pages ask
for `/venue/logo?v=<digest>`, so a browser never shows an old logo from its cache). Every
write is whole (host/store/atomic.py) and checked first; a refusal writes nothing and keeps
what was there (the previous logo too).

- The name is cleaned as a team's is (host/people/names.py `clean`: text, trimmed, cut), at
  most NAME_MAX characters, its runs of spaces and line breaks one space.
- The logo is checked as a question's picture is (host/quiz/media.py `check_file`: its first
  bytes, its size, not empty), as the kind LOGO: PNG, JPEG or WebP, at most 512 KB. An SVG is
  refused: it can carry scripts, and a logo is opened from the host by every phone.
- The colour is '#rrggbb' that reads on the pages (host/room/contrast.py); one that does not
  is refused with the ratio measured and the nearest colour that passes.
"""

from __future__ import annotations

import hashlib
import json
import logging
import re
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from host.people.names import clean
from host.quiz.media import MediaKind, check_file, suffix_for
from host.quiz.pictures import sniff_image
from host.room import contrast
from host.store import atomic

log = logging.getLogger(__name__)

NAME_MAX = 40  # as a night's name: the projector's header holds it beside the phase
MAX_LOGO_BYTES = 512 * 1024
FILE = "venue.json"
_LOGO_FILE = re.compile(r"logo-([0-9a-f]{12})\.(png|jpg|webp)")

LOGO_TYPES = {".png": "image/png", ".jpg": "image/jpeg", ".webp": "image/webp"}
LOGO = MediaKind(
    field="logo", noun="logo", types=LOGO_TYPES,
    families={".png": ".png", ".jpg": ".jpg", ".webp": ".webp"},
    sniff=sniff_image, max_bytes=MAX_LOGO_BYTES, formats="PNG, JPEG or WebP",
    smaller="make it smaller", head_bytes=64, shown=lambda family: family[1:].upper())


class VenueError(ValueError):
    """A venue change refused (nothing written): a code of host/messages, the English
    reason, and the words for people when the catalogue cannot say them (a ratio)."""

    def __init__(self, code: str, reason: str, text: dict[str, str] | None = None,
                 status: int = 400, **extra: Any) -> None:
        super().__init__(reason)
        self.code, self.text, self.status, self.extra = code, text, status, extra


class VenueStoreError(OSError):
    """The data folder refuses the write (full, read-only): nothing changed."""


def clean_name(name: Any) -> str:
    """A venue's name as kept: its spaces and line breaks one space, trimmed, cut."""
    return clean(" ".join(str(name or "").split()), NAME_MAX)


@dataclass(frozen=True)
class Venue:
    name: str = ""
    colour: str | None = None  # '#rrggbb'
    logo: str | None = None  # the logo's file name in the venue folder

    def public(self) -> dict[str, Any]:
        """What the pages are sent (`venue`, GET /api/venue)."""
        found = _LOGO_FILE.fullmatch(self.logo or "")
        return {"name": self.name, "colour": self.colour,
                "logo": f"/venue/logo?v={found.group(1)}" if found else None}


def check_colour(colour: Any) -> str | None:
    """A colour given by the host, as kept ('#rrggbb'), None for none; VenueError when it is
    not a colour or does not read on the pages (with the ratio and a proposal)."""
    if colour is None or colour == "":
        return None
    found = contrast.normalise(colour) if isinstance(colour, str) else None
    if found is None:
        raise VenueError("bad_colour", "'colour' is a colour written #rrggbb")
    short = contrast.check(found)
    if short is not None:
        raise VenueError("low_contrast", short.reason(), short.text(), colour=found,
                         ratio=round(short.measured, 2), least=short.least,
                         background=short.background, proposal=short.proposal)
    return found


class Venues:
    """The venue of one data folder (None: a host without one keeps its venue in memory)."""

    def __init__(self, folder: Path | None) -> None:
        self.folder = folder
        self._lock = threading.Lock()  # two host pages at once: one after the other
        self.current = self._read()

    def _read(self) -> Venue:
        if self.folder is None:
            return Venue()
        try:
            kept = json.loads((self.folder / FILE).read_text(encoding="utf-8"))
        except FileNotFoundError:
            return Venue()
        except (OSError, ValueError) as err:
            log.warning("venue %s left out: %s", self.folder / FILE, err)
            return Venue()
        if not isinstance(kept, dict):
            return Venue()
        colour = kept.get("colour")
        logo = kept.get("logo")
        return Venue(
            name=clean_name(kept.get("name")),
            colour=contrast.normalise(colour) if isinstance(colour, str) else None,
            logo=logo if isinstance(logo, str) and _LOGO_FILE.fullmatch(logo)
            and (self.folder / logo).is_file() else None)

    def logo_path(self) -> tuple[Path, str] | None:
        """The logo's file and its type, or None."""
        logo = self.current.logo
        if self.folder is None or logo is None:
            return None
        return self.folder / logo, LOGO_TYPES["." + logo.rsplit(".", 1)[1]]

    def _write(self, venue: Venue) -> None:
        """venue.json whole; then the logo files it no longer names are removed."""
        if self.folder is not None:
            kept = {"name": venue.name, "colour": venue.colour, "logo": venue.logo}
            try:
                self.folder.mkdir(parents=True, exist_ok=True)
                atomic.write_atomically(self.folder / FILE, (json.dumps(
                    kept, ensure_ascii=False, indent=2) + "\n").encode("utf-8"))
            except OSError as err:
                raise VenueStoreError(err.errno, f"the venue could not be written: "
                                                 f"{err.strerror}") from err
            for old in self.folder.glob("logo-*"):
                if old.name != venue.logo:
                    old.unlink(missing_ok=True)
        self.current = venue

    def set(self, name: Any = ..., colour: Any = ...) -> Venue:
        """Change the name and/or the colour (a field left out stays; "" or None clears it)."""
        with self._lock:
            now = self.current
            fresh = Venue(
                name=now.name if name is ... else clean_name(_text(name, "name")),
                colour=now.colour if colour is ... else check_colour(colour),
                logo=now.logo)
            self._write(fresh)
            return fresh

    def set_logo(self, upload_name: str, data: bytes) -> Venue:
        """Check `data` as a logo and keep it in place of the old one (VenueError: refused,
        the old logo kept)."""
        if self.folder is None:
            raise VenueStoreError(0, "this host keeps no venue logo (no data folder)")
        family = sniff_image(data[:LOGO.head_bytes])
        if family == ".svg":
            raise VenueError("not_image", f"{upload_name}: an SVG logo is refused (an SVG can "
                                          "carry scripts): send a PNG, JPEG or WebP; "
                                          "nothing was written")
        suffix = suffix_for(LOGO, family)
        if suffix is None:
            raise VenueError("not_image", f"{upload_name}: not a logo (its content is not "
                                          f"{LOGO.formats}); nothing was written")
        stored = f"logo-{hashlib.sha256(data).hexdigest()[:12]}{suffix}"
        with self._lock:
            try:
                self.folder.mkdir(parents=True, exist_ok=True)
                staged = self.folder / f".staged-{stored}"
                staged.write_bytes(data)
            except OSError as err:
                raise VenueStoreError(err.errno, f"the venue could not be written: "
                                                 f"{err.strerror}") from err
            try:
                problems = [p.replace(staged.name, upload_name) for p in check_file(LOGO, staged)]
                if problems:
                    big = len(data) > LOGO.max_bytes
                    raise VenueError("too_large" if big else "not_image",
                                     f"{problems[0]}; nothing was written",
                                     status=413 if big else 400)
                atomic.write_atomically(self.folder / stored, data)
            except OSError as err:
                raise VenueStoreError(err.errno, f"the venue could not be written: "
                                                 f"{err.strerror}") from err
            finally:
                staged.unlink(missing_ok=True)
            fresh = Venue(self.current.name, self.current.colour, stored)
            try:
                self._write(fresh)
            except VenueStoreError:
                if stored != self.current.logo:
                    (self.folder / stored).unlink(missing_ok=True)
                raise
            return fresh

    def clear_logo(self) -> Venue:
        with self._lock:
            fresh = Venue(self.current.name, self.current.colour, None)
            self._write(fresh)
            return fresh

    def clear(self) -> Venue:
        """No venue: the pages look as they do without one."""
        with self._lock:
            self._write(Venue())
            return self.current


def _text(value: Any, field: str) -> str:
    if value is not None and not isinstance(value, str):
        raise VenueError("bad_request", f"'{field}' is a text")
    return value or ""
