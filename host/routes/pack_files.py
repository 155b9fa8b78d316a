"""The pack editor's files, apart from its routes (host/routes/packs.py): refusals, the
data folder's packs, staged writes, question numbering, and reading an uploaded file
(guessing its format, running its importer, a Tourelle pack as it is). Everything here
refuses with `Refused` (an HTTP status and a reason) and writes nothing on a refusal.
"""

from __future__ import annotations

import io
import re
import json
import os
import tempfile
import zipfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, NoReturn

import yaml

from host.quiz.errors import ImportFailed
from host.quiz.importers import IMPORTERS, ImportOptions
from host.quiz.packs import YAML_LOADER, as_yaml, load_pack
from host.quiz.validate import Finding

DATA_PACKS = "packs"  # the data folder's sub-folder of packs made on the host page
MAX_UNZIPPED_BYTES = 40_000_000  # an .xlsx that inflates beyond this is refused unread
SUFFIX_FORMATS = {".xlsx": "kahoot", ".gift": "gift", ".txt": "gift", ".csv": "csv",
                  ".yaml": "pack", ".yml": "pack"}
_NUMBERED = re.compile(r"-([0-9]+)$")


def data_packs_dir(data_dir: Path) -> Path:
    """Where the host page keeps the packs it writes."""
    return Path(data_dir) / DATA_PACKS


class Refused(Exception):
    """A request that changes nothing: an HTTP status, a reason, maybe per-field findings."""

    def __init__(self, status: int, code: str, reason: str,
                 findings: list[Finding] | None = None, **extra: Any) -> None:
        super().__init__(reason)
        self.status = status
        self.code = code
        self.reason = reason
        self.findings = findings or []
        self.extra = extra


def refuse(status: int, code: str, reason: str, **extra: Any) -> NoReturn:
    raise Refused(status, code, reason, **extra)


def raw_pack(path: Path) -> dict[str, Any]:
    """A pack file as plain data (its questions as written, good or not)."""
    text = as_yaml(path.read_text(encoding="utf-8-sig"), path.suffix)
    loaded = yaml.load(text, Loader=YAML_LOADER)
    if not isinstance(loaded, dict) or not isinstance(loaded.get("questions"), list):
        refuse(409, "broken_pack", f"{path.name} is not a readable pack; "
                                   "see `tourelle questions check`")
    return loaded


@contextmanager
def staged_file(folder: Path, name: str, suffix: str = ".new") -> Iterator[Path]:
    """A hidden temporary file for `name` in `folder` (a pack's is never read as a pack: its
    suffix is .new); removed unless the caller moved it into place."""
    folder.mkdir(parents=True, exist_ok=True)
    handle, raw = tempfile.mkstemp(prefix=f".{name}.", suffix=suffix, dir=folder)
    os.close(handle)
    path = Path(raw)
    path.chmod(0o644)  # as any pack file (mkstemp makes it private)
    try:
        yield path
    finally:
        path.unlink(missing_ok=True)


def next_id(language: str, pack_id: str, taken: set[str]) -> str:
    stem = pack_id[len(language) + 1:] if pack_id.startswith(language + "-") else pack_id
    prefix = f"{language}-{stem}-"
    numbers = [int(m.group(1)) for qid in taken if qid.startswith(prefix)
               and (m := _NUMBERED.search(qid)) is not None]
    return f"{prefix}{max(numbers, default=0) + 1:03d}"


def normalised(question: dict[str, Any]) -> dict[str, Any]:
    """A form's question: optional fields left empty are left out (a choice question
    with `unit: ""` is not an error, only an empty field)."""
    out = dict(question)
    for key in ("unit", "image", "id", "explain", "audio", "video", "clip"):
        if out.get(key) in (None, ""):
            out.pop(key, None)
    return out


def guess_format(name: str, data: bytes) -> str:
    suffix = Path(name).suffix.lower()
    if suffix in SUFFIX_FORMATS:
        return SUFFIX_FORMATS[suffix]
    if suffix == ".zip":  # a pack with its files (pack_bundle.py), or a sheet renamed
        return zip_format(name, data)
    if suffix == ".json":
        try:
            parsed = json.loads(data.decode("utf-8-sig"))
        except (UnicodeDecodeError, json.JSONDecodeError):
            return "opentdb"  # its importer says what is wrong
        if is_kahoot_json(parsed):
            return "kahoot"
        return "pack" if isinstance(parsed, dict) and "questions" in parsed else "opentdb"
    refuse(400, "bad_format", f"cannot tell the format of {name!r}: choose one (.xlsx or .json "
                              "Kahoot, .gift, .csv, .json Open Trivia DB, .yaml pack, .zip pack "
                              "with its files); nothing was written")


def is_kahoot_json(parsed: Any) -> bool:
    """A kahoot as its pages load it (or under a "kahoot" key): `questions` whose slides have
    a `type` and `choices` (a pack's questions have a `kind` and `options` instead)."""
    if isinstance(parsed, dict) and isinstance(parsed.get("kahoot"), dict):
        parsed = parsed["kahoot"]
    questions = parsed.get("questions") if isinstance(parsed, dict) else None
    return isinstance(questions, list) and any(
        isinstance(q, dict) and "type" in q and "choices" in q for q in questions)




def is_json_name(name: str) -> bool:
    """A kahoot saved as JSON is read as JSON (import_kahoot goes by the suffix), not as a zip."""
    return Path(name).suffix.lower() == ".json"


def check_zip(name: str, data: bytes) -> None:
    """An .xlsx is a zip: refuse one that is not, or that would inflate past the limit."""
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            inflated = sum(item.file_size for item in archive.infolist())
    except zipfile.BadZipFile:
        refuse(400, "not_a_pack", f"{name}: not an .xlsx file (it is not a zip archive); "
                                  "nothing was written")
    if inflated > MAX_UNZIPPED_BYTES:
        refuse(413, "too_large", f"{name}: the sheet would inflate to {inflated // 1_000_000} MB "
                                 "(too big); nothing was written")


def run_importer(fmt: str, upload: Path, name: str, pack_id: str, language: str,
                  category: str | None) -> tuple[list[dict[str, Any]], list[str]]:
    prefix = ImportOptions(language).prefix_for(Path(pack_id + ".yaml"))
    try:
        result = IMPORTERS[fmt](upload, ImportOptions(language, category, prefix))
    except ImportFailed as err:
        refuse(400, "not_a_pack", named(str(err), upload, name) + "; nothing was written")
    except Exception as err:  # a malformed file may break a reader anywhere: still a refusal
        refuse(400, "not_a_pack", f"{name}: not a readable {fmt} file ({type(err).__name__}: "
                                  f"{named(str(err), upload, name)}); nothing was written")
    warnings = [named(w, upload, name) for w in result.warnings]
    if not result.questions and category is None and any("no category" in w for w in warnings):
        # The page asks its category question (editor.js: the Category field, in its words).
        refuse(400, "needs_category", "this file gives no category: choose a category for its "
                                      "questions; nothing was written", warnings=warnings)
    if not result.questions:
        refuse(400, "no_questions", f"no question could be imported from {name}; "
                                    "nothing was written", warnings=warnings)
    return result.questions, warnings


def read_pack_upload(upload: Path, form: Any) -> tuple[str, str, str, list[dict[str, Any]],
                                                        list[str]]:
    """A Tourelle pack uploaded as it is (an export from another host): its good questions."""
    loaded = load_pack(upload)
    fatal = [p for p in loaded.errors if p.question_id is None and p.field != "image"]
    if loaded.pack_id is None or loaded.language is None or fatal:
        reason = "; ".join(named(str(p), upload, upload.name) for p in fatal[:3]) or \
            "no pack id or language"
        refuse(400, "not_a_pack", f"not a question pack: {reason}; nothing was written")
    good = {q.id for q in loaded.questions}
    raw = raw_pack(upload)
    questions = [q for q in raw["questions"] if isinstance(q, dict) and q.get("id") in good
                 and not q.get("image")]
    warnings = [named(str(p), upload, upload.name) for p in loaded.problems]
    skipped = len(good) - len(questions)
    if skipped:
        warnings.append(f"{skipped} question(s) with a picture skipped: upload their pictures "
                        "in the editor")
    if not questions:
        refuse(400, "no_questions", "the pack has no good question; nothing was written",
               warnings=warnings)
    return (form.get("pack") or loaded.pack_id, loaded.language,
            form.get("title") or loaded.title or loaded.pack_id, questions, warnings)


def named(text: str, upload: Path, name: str) -> str:
    """A message about the scratch copy, told with the name the host uploaded."""
    return text.replace(str(upload), name).replace(upload.name, name)


XLSX_MARK = "[Content_Types].xml"  # every .xlsx (an Office zip) holds it; a bundle does not


def zip_format(name: str, data: bytes) -> str:
    """What an uploaded .zip is: a bundle; an Office file (a sheet renamed .zip) is refused."""
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            office = XLSX_MARK in archive.namelist()
    except zipfile.BadZipFile:
        return "bundle"  # its reading says it is not a zip
    if office:
        refuse(400, "bad_format", f"{name}: an Office file, not a pack bundle (a Kahoot sheet? "
                                  "name it .xlsx); nothing was written")
    return "bundle"
