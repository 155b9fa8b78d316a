"""A question pack with its pictures and clips as one zip (a "bundle"), so a pack moves
between two hosts whole: the pack editor's export (GET /api/packs/<id>.zip) and its import
(format "bundle" of POST /api/packs/import; the routes are in host/routes/packs.py).

A bundle holds the pack as YAML at its top level and every file its questions name in
`image`, `audio` or `video`, at the path the pack names it by. The import reads it as the
editor reads any upload: nothing outside its scratch folder, the inflate limit of a sheet,
and each file checked as an editor upload is (store_media: its first bytes, its size), then
stored beside the new pack as <pack>.<digest>.<type>. A question whose file is missing or
refused is left out with a warning naming it and the file; a refusal writes nothing.
"""

from __future__ import annotations

import io
import re
import tempfile
import zipfile
import zlib
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import IO, Any

from host.quiz.bank import PackInfo, QuestionBank
from host.quiz.media import MediaKind, check_in_pack, check_ref
from host.quiz.packs import MEDIA_KINDS, load_pack
from host.routes.pack_files import MAX_UNZIPPED_BYTES, Refused, named, raw_pack, refuse
from host.routes.pack_uploads import store_media

# A bundle's pictures and clips are stored in it as they are (already compressed), so it
# is as large as its files: 60 MB takes one video at the editor's own limit
# (MAX_VIDEO_BYTES), or the music pack's 36 clips (2.7 MB) twenty times over, and stays a
# size a Raspberry Pi holds in memory once while it checks the files.
MAX_BUNDLE_BYTES = 60_000_000
MAX_PACK_FILE_BYTES = 2_000_000  # its pack file: as large as a pack uploaded alone may be
PACK_SUFFIXES = (".yaml", ".yml", ".json")
MEDIA_FIELDS = {kind.field for kind in MEDIA_KINDS}
# ----------------------------------------------------------------- export

def media_refs(question: dict[str, Any]) -> list[tuple[MediaKind, str]]:
    """The files a question names, by kind, as written in its pack."""
    return [(kind, ref) for kind in MEDIA_KINDS
            if isinstance(ref := question.get(kind.field), str) and ref.strip()]


def media_questions(bank: QuestionBank, info: PackInfo) -> int:
    """How many of a pack's loaded questions show a picture or play a clip."""
    return sum(1 for qid in info.question_ids if qid in bank
               and any(getattr(bank.get(qid), kind.field) for kind in MEDIA_KINDS))


def write_bundle(out: IO[bytes], pack_path: Path, pack_id: str, pack_yaml: str) -> None:
    """The pack (its YAML, deflated) and each good file its questions name (stored as it
    is, at the path the pack names it by); a missing or bad file is left out, and the
    import then says which questions lack it."""
    seen: set[str] = set()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_STORED) as archive:
        archive.writestr(f"{pack_id}.yaml", pack_yaml.encode("utf-8"),
                         compress_type=zipfile.ZIP_DEFLATED)
        for question in raw_pack(pack_path)["questions"]:
            if not isinstance(question, dict):
                continue
            for kind, ref in media_refs(question):
                if ref in seen or check_ref(kind, ref) is not None \
                        or check_in_pack(kind, pack_path, ref):
                    continue
                seen.add(ref)
                archive.write(pack_path.parent / ref, arcname=ref)


def bundle_file(pack_path: Path, pack_id: str, pack_yaml: str) -> IO[bytes]:
    """A bundle in a temporary file (a video pack need not sit in memory), at its start."""
    out = tempfile.TemporaryFile(prefix="tourelle-bundle-")  # noqa: SIM115 (send_file closes it)
    try:
        write_bundle(out, pack_path, pack_id, pack_yaml)
    except BaseException:
        out.close()
        raise
    out.seek(0)
    return out


# ----------------------------------------------------------------- import

@dataclass
class Bundle:
    """A bundle's pack as read, its good questions, and the files they name (bytes)."""

    pack_id: str
    language: str
    title: str
    questions: list[dict[str, Any]]
    warnings: list[str]
    files: dict[str, bytes] = field(default_factory=dict)  # a ref as written -> its bytes

    def parts(self) -> tuple[str, str, str, list[dict[str, Any]], list[str]]:
        """As read_pack_upload gives a pack: its id, language, title, questions, warnings."""
        return self.pack_id, self.language, self.title, self.questions, self.warnings


def _safe_members(archive: zipfile.ZipFile, name: str) -> dict[str, zipfile.ZipInfo]:
    """The bundle's files by name (folders ignored); a name that would leave the scratch
    folder, or a bundle that would inflate past the limit, is refused whole."""
    members: dict[str, zipfile.ZipInfo] = {}
    inflated = 0
    for info in archive.infolist():
        if info.is_dir():
            continue
        path = PurePosixPath(info.filename)
        if ("\\" in info.filename or path.is_absolute() or ".." in path.parts
                or re.match(r"^[A-Za-z]:", info.filename)):
            refuse(400, "not_a_pack", f"{name}: the zip names a file outside its folder "
                                      f"({info.filename!r}); nothing was written")
        # A stored file is as large as its bytes in the upload; a compressed one inflates.
        if info.compress_type != zipfile.ZIP_STORED:
            inflated += info.file_size
        members[info.filename] = info
    if inflated > MAX_UNZIPPED_BYTES:
        refuse(413, "too_large", f"{name}: the bundle would inflate to "
                                 f"{inflated // 1_000_000} MB (too big); nothing was written")
    return members


def _read_member(archive: zipfile.ZipFile, info: zipfile.ZipInfo, name: str) -> bytes:
    """A member's bytes, never more than its header says (a lying header is refused)."""
    try:
        with archive.open(info) as stream:
            data = stream.read(info.file_size + 1)
    except (zipfile.BadZipFile, OSError, NotImplementedError, EOFError, RuntimeError,
            ValueError, zlib.error) as err:  # broken, encrypted, an unknown compression
        refuse(400, "not_a_pack", f"{name}: cannot read {info.filename!r} in the zip "
                                  f"({err}); nothing was written")
    if len(data) > info.file_size:
        refuse(400, "not_a_pack", f"{name}: cannot read {info.filename!r} in the zip "
                                  "(it is larger than it says); nothing was written")
    return data


def read_bundle(data: bytes, name: str, scratch: Path, form: Any) -> Bundle:
    """A bundle's pack and its files, checked in `scratch` as `tourelle questions check`
    checks a pack beside its files: its good questions, a warning for each left out."""
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
    except zipfile.BadZipFile:
        refuse(400, "not_a_pack", f"{name}: not a pack bundle (it is not a zip archive); "
                                  "nothing was written")
    with archive:
        members = _safe_members(archive, name)
        packs = [n for n in members if "/" not in n and n.lower().endswith(PACK_SUFFIXES)]
        if len(packs) != 1:
            refuse(400, "not_a_pack", f"{name}: not a pack bundle (it must hold one .yaml or "
                                      f".json pack at its top level, it holds {len(packs)}); "
                                      "nothing was written")
        pack_name = packs[0]
        if members[pack_name].file_size > MAX_PACK_FILE_BYTES:
            refuse(413, "too_large", f"{name}: its pack {pack_name!r} is larger than "
                                     f"{MAX_PACK_FILE_BYTES // 1_000_000} MB; nothing was written")
        upload = scratch / ("bundle" + Path(pack_name).suffix.lower())
        upload.write_bytes(_read_member(archive, members[pack_name], name))
        files: dict[str, bytes] = {}
        for kind, ref in _named_files(upload):
            if check_ref(kind, ref) is None and ref in members and ref not in files:
                files[ref] = _read_member(archive, members[ref], name)
                try:
                    (scratch / ref).parent.mkdir(parents=True, exist_ok=True)
                    (scratch / ref).write_bytes(files[ref])
                except OSError:  # "a.png" and "a.png/b.png": the second is refused, unread
                    continue
    return _checked_bundle(upload, pack_name, files, form)


def _named_files(upload: Path) -> list[tuple[MediaKind, str]]:
    """Every file the pack's questions name; none when it is no readable pack (load_pack
    then says why)."""
    try:
        questions = raw_pack(upload)["questions"]
    except Exception:  # noqa: BLE001 - a broken file of any kind: load_pack tells the host
        return []
    return [found for q in questions if isinstance(q, dict) for found in media_refs(q)]


def _checked_bundle(upload: Path, pack_name: str, files: dict[str, bytes], form: Any) -> Bundle:
    loaded = load_pack(upload)
    fatal = [p for p in loaded.errors if p.question_id is None]
    if loaded.pack_id is None or loaded.language is None or fatal:
        reason = "; ".join(named(str(p), upload, pack_name) for p in fatal[:3]) or \
            "no pack id or language"
        refuse(400, "not_a_pack", f"not a question pack: {reason}; nothing was written")
    good = {q.id for q in loaded.questions}
    raw = raw_pack(upload)
    by_id = {q.get("id"): q for q in raw["questions"] if isinstance(q, dict)}
    warnings = []
    for problem in loaded.problems:
        question = by_id.get(problem.question_id)
        ref = question.get(problem.field or "") if question is not None else None
        if problem.field not in MEDIA_FIELDS or not isinstance(ref, str):
            warnings.append(named(str(problem), upload, pack_name))
        elif ref not in files:
            warnings.append(f"question {problem.question_id!r} skipped: the bundle has no "
                            f"file {ref!r}")
        else:
            warnings.append(f"question {problem.question_id!r} skipped: its file {ref!r} "
                            f"is refused: {problem.message}")
    questions = [q for qid, q in by_id.items() if qid in good]
    if not questions:
        refuse(400, "no_questions", "the pack has no good question; nothing was written",
               warnings=warnings)
    return Bundle(form.get("pack") or loaded.pack_id, loaded.language,
                  form.get("title") or loaded.title or loaded.pack_id, questions, warnings,
                  files)


@contextmanager
def stored_media(bundle: Bundle | None, folder: Path, pack_id: str,
                 questions: list[dict[str, Any]]) -> Iterator[list[dict[str, Any]]]:
    """The questions to write, each bundle file stored beside the new pack as an editor
    upload is (its field renamed to the stored file); a question whose file the checks
    refuse is left out with a warning. Files this stored are removed again if the pack
    is not written. The caller holds the editor's write lock."""
    if bundle is None:
        yield questions
        return
    before = set(folder.glob(f"{pack_id}.*"))
    kept = []
    try:
        for question in questions:
            stored = dict(question)
            try:
                for kind, ref in media_refs(question):
                    stored[kind.field] = store_media(folder, pack_id, PurePosixPath(ref).name,
                                                     bundle.files[ref], kind)
            except Refused as err:
                why = err.findings[0].message if err.findings else err.reason
                bundle.warnings.append(f"question {question.get('id')!r} skipped: its file "
                                       f"{ref!r} is refused: {why}")
                continue
            kept.append(stored)
        if not kept:
            refuse(400, "no_questions", "the pack has no good question; nothing was written",
                   warnings=bundle.warnings)
        yield kept
    except BaseException:
        # the pack is not written: its files stored here go too (a file there before stays)
        for path in set(folder.glob(f"{pack_id}.*")) - before:
            path.unlink(missing_ok=True)
        raise
