"""The break's background music: the sounds the host uploaded for it, and the music a break
plays (one of those, or a pack question's sound clip), on the projector only.

Host data, not a game's: `<data folder>/sounds/<digest>-<name>.<type>`, the digest (12 hex
digits of its SHA-256) making the same file twice one file, the name the uploaded file's own,
cleaned (letters, digits, dashes), for the host page's list. An upload is checked as a pack's
sound is (host/quiz/audio.py SOUND, host/quiz/media.py `check_file`: a sound type by its first
bytes, whatever its name says; not empty; at most MAX_AUDIO_BYTES), staged beside its place
and written whole (host/store/atomic.py); a refusal writes nothing. A sound is checked again
when served (host/routes/breaks.py), as a question's clip is.

A break's music (`read_music`) is resolved when the break starts and kept with it (the host's
state, host/room/breaks.py): its name, its URL, the part of the file it loops (a question's
`clip`, else the whole file) and whether it plays. Phones are never sent it.
"""

from __future__ import annotations

import hashlib
import re
import threading
from pathlib import Path
from typing import Any, Protocol

from host.quiz.audio import SOUND
from host.quiz.media import check_file, suffix_for
from host.quiz.question import Question
from host.schema import BadMessage, check_field
from host.store import atomic

NAME_MAX = 40
ROUTE = "/break/sounds/"
_FILE = re.compile(r"([0-9a-f]{12})-([\w-]{0,40})(\.(?:ogg|opus|mp3|m4a|aac|webm))")  # 40: NAME_MAX


class SoundError(ValueError):
    """An upload refused (nothing written): a code of host/messages and the English reason."""

    def __init__(self, code: str, reason: str, status: int = 400) -> None:
        super().__init__(reason)
        self.code, self.status = code, status


class SoundStoreError(OSError):
    """The data folder refuses the write (full, read-only): nothing changed."""


class Bank(Protocol):
    """What a break's music reads of the question bank (host/quiz/bank.py)."""

    def __contains__(self, qid: object) -> bool: ...

    def get(self, qid: str) -> Question: ...


def _shown(file: str) -> str:
    """"jazz-du-jeudi.mp3" for "a1b2c3d4e5f6-jazz-du-jeudi.mp3"."""
    found = _FILE.fullmatch(file)
    assert found is not None
    return (found.group(2) or "son") + found.group(3)


class BreakSounds:
    """The uploaded sounds of one data folder (None: a host without one keeps none)."""

    def __init__(self, folder: Path | None) -> None:
        self.folder = folder
        self._lock = threading.Lock()

    def all(self) -> list[dict[str, str]]:
        """[{"id": file, "name"}], the latest uploaded first."""
        if self.folder is None or not self.folder.is_dir():
            return []
        files = [p for p in self.folder.iterdir() if _FILE.fullmatch(p.name) and p.is_file()]
        files.sort(key=lambda p: (-p.stat().st_mtime_ns, p.name))
        return [{"id": p.name, "name": _shown(p.name)} for p in files]

    def path(self, sound_id: str) -> Path | None:
        """The file of a sound the host uploaded, still good (checked again), or None."""
        if self.folder is None or not _FILE.fullmatch(sound_id):
            return None
        path = self.folder / sound_id
        return path if path.is_file() and not check_file(SOUND, path) else None

    def add(self, upload_name: str, data: bytes) -> dict[str, str]:
        """Check `data` as a sound and keep it; {"id", "name"} (SoundError: refused, nothing
        written)."""
        if self.folder is None:
            raise SoundStoreError(0, "this host keeps no sounds (no data folder)")
        if len(data) > SOUND.max_bytes:
            raise SoundError("too_large", f"{upload_name}: the sound is {len(data):,} bytes, "
                             f"more than the {SOUND.max_bytes:,} allowed (cut it shorter); "
                             "nothing was written", 413)
        suffix = suffix_for(SOUND, SOUND.sniff(data[:SOUND.head_bytes]))
        if suffix is None:
            raise SoundError("not_clip", f"{upload_name}: not a sound (its content is not "
                                         f"{SOUND.formats}); nothing was written")
        stem = re.sub(r"[^\w]+", "-", Path(upload_name).stem.lower()).strip("-_")[:NAME_MAX]
        stored = f"{hashlib.sha256(data).hexdigest()[:12]}-{stem.strip('-')}{suffix}"
        with self._lock:
            staged = self.folder / f".staged-{stored}"
            try:
                self.folder.mkdir(parents=True, exist_ok=True)
                staged.write_bytes(data)
                problems = [p.replace(staged.name, upload_name)
                            for p in check_file(SOUND, staged)]
                if problems:
                    raise SoundError("not_clip", f"{problems[0]}; nothing was written")
                atomic.write_atomically(self.folder / stored, data)
            except OSError as err:
                raise SoundStoreError(err.errno, f"the sound could not be written: "
                                                 f"{err.strerror}") from err
            finally:
                staged.unlink(missing_ok=True)
        return {"id": stored, "name": _shown(stored)}

    def delete(self, sound_id: str) -> bool:
        if self.folder is None or not _FILE.fullmatch(sound_id):
            return False
        path = self.folder / sound_id
        if not path.is_file():
            return False
        try:
            path.unlink()
            atomic.sync_folder(self.folder)
        except OSError as err:
            raise SoundStoreError(err.errno, f"the sound could not be deleted: "
                                             f"{err.strerror}") from err
        return True


def read_music(value: Any, sounds: BreakSounds, bank: Bank) -> dict[str, Any] | None:
    """`break`'s "music": null, {"sound": id} (an uploaded sound) or {"question": id} (a pack
    question's sound clip), as the break keeps it: {"sound" | "question", "name", "url",
    "clip": [start, end] | null, "playing": true}. BadMessage when there is no such sound."""
    if value is None:
        return None
    if not isinstance(value, dict) or len(value) != 1 or not {"sound", "question"} & set(value):
        raise BadMessage("'music' is null, {\"sound\": id} or {\"question\": id}")
    if "sound" in value:
        check_field("sound", value["sound"], (str,))
        sound_id = value["sound"]
        if sounds.path(sound_id) is None:
            raise BadMessage(f"there is no sound {sound_id!r} on this host")
        return {"sound": sound_id, "name": _shown(sound_id), "url": ROUTE + sound_id,
                "clip": None, "playing": True}
    check_field("question", value["question"], (str,))
    qid = value["question"]
    question = bank.get(qid) if qid in bank else None
    if question is None or not question.audio or question.audio_url is None:
        raise BadMessage(f"there is no question {qid!r} with a sound")
    return {"question": qid, "name": question.prompt[:80], "url": question.audio_url,
            "clip": list(question.clip) if question.clip else None, "playing": True}


def question_sounds(questions: list[Question]) -> list[dict[str, Any]]:
    """The bank's questions with a sound clip, for the host page's choice: {"question",
    "pack", "language", "prompt", "clip"}."""
    return [{"question": q.id, "pack": q.pack, "language": q.language, "prompt": q.prompt,
             "clip": list(q.clip) if q.clip else None}
            for q in questions if q.audio]
