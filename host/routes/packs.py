"""The pack editor's HTTP API, behind the host key: list, read, check, save, import, export.

Bundled packs and `--packs` files are read-only. The host page writes only in
the data folder's `packs/` (one YAML file per pack, named by its pack id, and
the pictures beside it). Every write is checked by the code behind
`tourelle questions check` (host/quiz/validate.py, host/quiz/packs.py) on a
temporary file first; only a file that loads replaces the pack, and then the
bank reloads, so a running game draws from the new pack at its next question.
A refusal says why (a question's problems name their field) and writes nothing.
"""

from __future__ import annotations

import os
import re
import tempfile
import threading
from pathlib import Path
from typing import Any

from flask import Blueprint, Response, current_app, jsonify, request, send_file
from werkzeug.exceptions import RequestEntityTooLarge

from host import messages
from host.config import HostConfig, host_key
from host.room.hub import Hub
from host.quiz.bank import PackInfo, QuestionBank
from host.quiz.importers import IMPORTERS, ImportOptions
from host.quiz.importers.common import slug
from host.quiz.media import check_in_pack
from host.quiz.memory import QuestionMemory
from host.quiz.audio import MAX_AUDIO_BYTES, MAX_VIDEO_BYTES
from host.quiz.packs import MEDIA_KINDS, bundled_packs_dir, load_pack, media_findings
from host.quiz.pictures import IMAGE_TYPES, MAX_IMAGE_BYTES, PICTURE, check_image_ref
from host.quiz.validate import (
    CATEGORIES,
    KINDS,
    LANGUAGES,
    MAX_DIFFICULTY,
    MIN_DIFFICULTY,
    PACK_ID_RE,
    Finding,
    check_pack_header,
    check_question,
)
from host.quiz.writer import pack_text
from host.quiz.importers.common import imported_title
from host.routes.pack_uploads import clip_kind, read_upload, store_media
from host.routes.pack_bundle import (
    MAX_BUNDLE_BYTES, bundle_file, media_questions, read_bundle, stored_media)
from host.routes.pack_files import (
    Refused,
    check_zip,
    data_packs_dir,
    guess_format,
    is_json_name,
    next_id,
    normalised,
    raw_pack,
    read_pack_upload,
    refuse,
    run_importer,
    staged_file,
)
from host.sockets import key_matches

bp = Blueprint("packs", __name__)

KEY_HEADER = "X-Tourelle-Key"
MAX_IMPORT_BYTES = 2_000_000  # a Kahoot sheet of 500 questions is about 60 KB
MAX_JSON_BYTES = 200_000  # one question, one pack header
IMPORT_FORMATS = (*sorted(IMPORTERS), "pack", "bundle")

MEDIA_SUFFIXES = {suffix for kind in MEDIA_KINDS for suffix in kind.types}
_writes = threading.Lock()  # one pack write (and bank reload) at a time


@bp.errorhandler(Refused)
def _refused(err: Refused) -> tuple[Response, int]:
    body: dict[str, Any] = {"ok": False, "code": err.code, "reason": err.reason,
                            "text": messages.text(err.code, err.reason), **err.extra}
    if err.findings:
        body["findings"] = [_finding_json(f) for f in err.findings]
    if "warnings" in body:
        body["warnings_text"] = [messages.both(w) for w in body["warnings"]]
    return jsonify(body), err.status


def _finding_json(finding: Finding) -> dict[str, Any]:
    """A finding for the editor: its field, its message, and the message in both languages."""
    return {"field": finding.field, "message": finding.message,
            "text": messages.both(finding.message)}


@bp.errorhandler(RequestEntityTooLarge)
def _too_large(_err: RequestEntityTooLarge) -> tuple[Response, int]:
    reason = "the upload is larger than this host takes; nothing was written"
    return jsonify(ok=False, code="too_large", reason=reason,
                   text=messages.text("too_large", reason)), 413


@bp.before_request
def _need_host_key() -> tuple[Response, int] | None:
    """Every route here needs the host key in the X-Tourelle-Key header (read at each
    request, so `tourelle key --rotate` takes effect at once)."""
    config: HostConfig = current_app.config["TOURELLE"]
    if not key_matches({"key": request.headers.get(KEY_HEADER)}, host_key(config.data_dir)):
        reason = f"host key missing or wrong (header {KEY_HEADER})"
        return jsonify(ok=False, code="forbidden", reason=reason,
                       text=messages.text("forbidden", reason)), 403
    return None


# ----------------------------------------------------------------- helpers

def _bank() -> QuestionBank:
    bank: QuestionBank = current_app.extensions["tourelle_bank"]
    return bank


def _data_dir() -> Path:
    config: HostConfig = current_app.config["TOURELLE"]
    return data_packs_dir(config.data_dir)


def _asked() -> set[str]:
    """Ids past games asked (the question memory); empty when the host keeps none."""
    hub: Hub = current_app.extensions["tourelle_hub"]
    if hub.memory_path is None or not hub.memory_path.exists():
        return set()
    with QuestionMemory(hub.memory_path) as memory:
        return set(memory.used())


def _editable(info: PackInfo) -> bool:
    path = Path(info.path)
    return path.parent.resolve() == _data_dir().resolve() and path.stem == info.pack_id


def _source(info: PackInfo) -> str:
    """"data" (made or imported here: editable), "bundled", or "host" (a --packs file)."""
    if _editable(info):
        return "data"
    if bundled_packs_dir().resolve() in Path(info.path).resolve().parents:
        return "bundled"
    return "host"


def _find(pack_id: str) -> PackInfo:
    for info in _bank().packs:
        if info.pack_id == pack_id:
            return info
    refuse(404, "no_pack", f"there is no pack {pack_id!r}")


def _find_editable(pack_id: str) -> PackInfo:
    info = _find(pack_id)
    if not _editable(info):
        refuse(403, "read_only", f"pack {pack_id!r} is read-only ({_source(info)}); "
                                 "only the packs made or imported here can be edited")
    return info


def _summaries() -> list[dict[str, Any]]:
    bank = _bank()
    infos = {info.pack_id: info for info in bank.packs}
    out = []
    for summary in bank.pack_summaries(_asked()):
        info = infos[summary["id"]]
        path = Path(summary.pop("path"))
        summary.update(file=path.name, source=_source(info), editable=_editable(info),
                       media=media_questions(bank, info))
        out.append(summary)
    return out


def _summary(pack_id: str) -> dict[str, Any]:
    return next(s for s in _summaries() if s["id"] == pack_id)


def _json_body() -> dict[str, Any]:
    if (request.content_length or 0) > MAX_JSON_BYTES:
        refuse(413, "too_large", f"the request is larger than {MAX_JSON_BYTES // 1000} KB")
    body = request.get_json(silent=True)
    if not isinstance(body, dict):
        refuse(400, "bad_request", "send a JSON object (Content-Type: application/json)")
    return body


def _write_pack(folder: Path, pack_id: str, language: str, title: str,
                questions: list[dict[str, Any]], check_id: str | None = None) -> None:
    """Write a pack through a checked temporary file, then reload the bank.

    The file must load as `tourelle questions check` would: no problem about the pack
    itself, none about `check_id` (or about any question when `check_id` is None).
    """
    with staged_file(folder, pack_id + ".yaml") as staged:
        staged.write_text(pack_text(pack_id, language, title, questions), encoding="utf-8")
        loaded = load_pack(staged)
        bad = [p for p in loaded.errors
               if p.question_id is None or check_id is None or p.question_id == check_id]
        if bad:
            findings = [Finding(p.field, p.message) for p in bad]
            raise Refused(400, "invalid", "; ".join(f.message for f in findings), findings)
        os.replace(staged, folder / f"{pack_id}.yaml")
    _bank().reload()


def _checks(info: PackInfo, raw: dict[str, Any], question: dict[str, Any],
            replaces: str | None) -> tuple[dict[str, Any], list[Finding]]:
    """The question with its id (a new one numbered), and every finding about it: the
    pack format's checks, then what needs the other packs (the id is free) and the
    folder (the picture is there and is a picture)."""
    question = normalised(question)
    in_file = [q.get("id") for q in raw["questions"] if isinstance(q, dict)]
    bank_ids = {q.id for q in _bank().questions}
    taken = (bank_ids | {i for i in in_file if isinstance(i, str)}) - {replaces}
    if "id" not in question:
        question["id"] = (replaces if replaces is not None
                          else next_id(str(raw.get("language")), info.pack_id, taken))
    findings = check_question(question, raw.get("language"))
    qid = question.get("id")
    if isinstance(qid, str) and qid in taken:
        findings.append(Finding("id", f"{qid!r} is already used by another question"))
    if replaces is not None and replaces not in in_file:
        findings.append(Finding(None, f"there is no question {replaces!r} in this pack to edit"))
    # as `questions check` does it (packs.py): the files are there, and are good
    findings += media_findings(Path(info.path), question, upload_advice=True)
    return question, findings


# ----------------------------------------------------------------- reading

@bp.get("/api/packs")
def list_packs() -> Response:
    """Every loaded pack with its counts and "N of M not asked yet", and the editor's limits."""
    packs = _summaries()
    return jsonify(
        packs=packs,
        total=sum(p["total"] for p in packs),
        not_asked=sum(p["not_asked"] for p in packs),
        languages=list(LANGUAGES), categories=list(CATEGORIES), kinds=list(KINDS),
        difficulty={"min": MIN_DIFFICULTY, "max": MAX_DIFFICULTY},
        formats=list(IMPORT_FORMATS),
        limits={"import_bytes": MAX_IMPORT_BYTES, "bundle_bytes": MAX_BUNDLE_BYTES,
                "image_bytes": MAX_IMAGE_BYTES,
                "audio_bytes": MAX_AUDIO_BYTES, "video_bytes": MAX_VIDEO_BYTES},
    )


@bp.get("/api/packs/<pack_id>")
def get_pack(pack_id: str) -> Response:
    """A pack's questions as written in its file, each with its problems and whether past
    games asked it."""
    info = _find(pack_id)
    path = Path(info.path)
    asked = _asked()
    problems: dict[str | None, list[dict[str, Any]]] = {}
    for problem in _bank().problems:
        if problem.path == info.path:
            problems.setdefault(problem.question_id, []).append(
                {"field": problem.field, "message": problem.message,
                 "text": messages.both(problem.message),
                 "severity": problem.severity, "line": problem.line})
    raw = raw_pack(path)
    questions = []
    for item in raw["questions"]:
        if not isinstance(item, dict):
            continue
        qid = item.get("id")
        questions.append({"question": item, "asked": qid in asked,
                          "problems": problems.get(qid if isinstance(qid, str) else None, [])})
    return jsonify(pack=_summary(pack_id), questions=questions,
                   problems=problems.get(None, []))


def _pack_yaml(path: Path, pack_id: str) -> str:
    """A pack file as YAML (a JSON pack is turned into YAML)."""
    if path.suffix == ".json":
        raw = raw_pack(path)
        return pack_text(pack_id, str(raw.get("language")), str(raw.get("title")),
                         raw["questions"])
    return path.read_text(encoding="utf-8-sig")


@bp.get("/api/packs/<pack_id>.yaml")
def download_pack(pack_id: str) -> Response:
    """The pack as YAML (a JSON pack is turned into YAML), as a download."""
    path = Path(_find(pack_id).path)
    return Response(_pack_yaml(path, pack_id), mimetype="application/yaml", headers={
        "Content-Disposition": f"attachment; filename={pack_id}.yaml"})


@bp.get("/api/packs/<pack_id>.zip")
def download_bundle(pack_id: str) -> Response:
    """The pack as YAML with its pictures and clips, as a zip (host/routes/pack_bundle.py)."""
    path = Path(_find(pack_id).path)
    return send_file(bundle_file(path, pack_id, _pack_yaml(path, pack_id)),
                     mimetype="application/zip", as_attachment=True,
                     download_name=f"{pack_id}.zip", max_age=0)


@bp.get("/api/packs/<pack_id>/images/<path:name>")
def get_image(pack_id: str, name: str) -> Response:
    """A picture beside a pack, for the editor's preview (also one not yet in a saved question)."""
    info = _find(pack_id)
    path = Path(info.path).parent / name
    if check_image_ref(name) is not None or check_in_pack(PICTURE, Path(info.path), name):
        refuse(404, "no_image", f"no good picture {name!r} beside pack {pack_id!r}")
    response = send_file(path, mimetype=IMAGE_TYPES[path.suffix.lower()], max_age=3600)
    response.headers["Content-Security-Policy"] = "default-src 'none'; style-src 'unsafe-inline'"
    response.headers["X-Content-Type-Options"] = "nosniff"
    return response


# ----------------------------------------------------------------- writing

@bp.post("/api/packs")
def create_pack() -> tuple[Response, int]:
    """A new, empty pack in the data folder: {"pack": "quiz-du-jeudi", "language": "fr",
    "title": "Quiz du jeudi"} (the id defaults to the title's words)."""
    body = _json_body()
    title = body.get("title")
    pack_id = body.get("pack") or (slug(title) if isinstance(title, str) else None)
    header: dict[str, Any] = {"pack": pack_id, "language": body.get("language"),
                              "title": title, "questions": []}
    findings = check_pack_header(header)
    if findings:
        raise Refused(400, "invalid", "; ".join(f"{f.field}: {f.message}" for f in findings),
                      findings)
    assert isinstance(pack_id, str) and isinstance(title, str)
    with _writes:
        folder = _data_dir()
        if pack_id in _bank().pack_ids() or (folder / f"{pack_id}.yaml").exists():
            raise Refused(409, "exists", f"a pack {pack_id!r} exists already",
                          [Finding("pack", f"{pack_id!r} is already a pack's id")])
        _write_pack(folder, pack_id, str(header["language"]), title.strip(), [])
    return jsonify(ok=True, pack=_summary(pack_id)), 201


@bp.delete("/api/packs/<pack_id>")
def delete_pack(pack_id: str) -> Response:
    """Remove a data-folder pack and its pictures and clips; a game that drew from it keeps what it
    drew (questions are journaled), and its next draws come from the other packs."""
    with _writes:
        info = _find_editable(pack_id)
        path = Path(info.path)
        for media in path.parent.glob(f"{pack_id}.*"):
            if media.suffix.lower() in MEDIA_SUFFIXES:
                media.unlink()
        path.unlink()
        _bank().reload()
    return jsonify(ok=True, deleted=pack_id)


@bp.post("/api/packs/<pack_id>/check")
def check(pack_id: str) -> Response:
    """Live validation: {"question": {...}, "replaces": "fr-quiz-003" or null} ->
    {"ok", "question" (with its id), "findings": [{"field", "message"}]}. Writes nothing."""
    body = _json_body()
    info = _find(pack_id)
    raw = raw_pack(Path(info.path))
    question, findings = _checks(info, raw, _question_of(body), _replaces_of(body))
    return jsonify(ok=not findings, question=question,
                   findings=[_finding_json(f) for f in findings])


def _question_of(body: dict[str, Any]) -> dict[str, Any]:
    question = body.get("question")
    if not isinstance(question, dict):
        refuse(400, "bad_request", "'question' must be an object with the question's fields")
    return question


def _replaces_of(body: dict[str, Any]) -> str | None:
    replaces = body.get("replaces")
    if replaces is not None and not isinstance(replaces, str):
        refuse(400, "bad_request", "'replaces' must be the id of the question edited, or null")
    return replaces


@bp.post("/api/packs/<pack_id>/questions")
def save_question(pack_id: str) -> tuple[Response, int]:
    """Create ({"question": {...}}) or edit ({"question": {...}, "replaces": "<old id>"})
    a question of a data-folder pack; refused with per-field findings, nothing written."""
    body = _json_body()
    replaces = _replaces_of(body)
    with _writes:
        info = _find_editable(pack_id)
        raw = raw_pack(Path(info.path))
        question, findings = _checks(info, raw, _question_of(body), replaces)
        if findings:
            raise Refused(400, "invalid", "; ".join(
                (f"{f.field}: " if f.field else "") + f.message for f in findings), findings)
        questions = [q for q in raw["questions"] if isinstance(q, dict)]
        at = next((i for i, q in enumerate(questions) if q.get("id") == replaces), None)
        if at is None:
            questions.append(question)
        else:
            questions[at] = question
        _write_pack(Path(info.path).parent, pack_id, str(raw["language"]), str(raw["title"]),
                    questions, check_id=question["id"])
    status = 201 if at is None else 200
    return jsonify(ok=True, question=question, pack=_summary(pack_id)), status


@bp.delete("/api/packs/<pack_id>/questions/<qid>")
def delete_question(pack_id: str, qid: str) -> Response:
    with _writes:
        info = _find_editable(pack_id)
        raw = raw_pack(Path(info.path))
        questions = [q for q in raw["questions"] if isinstance(q, dict)]
        kept = [q for q in questions if q.get("id") != qid]
        if len(kept) == len(questions):
            refuse(404, "no_question", f"there is no question {qid!r} in pack {pack_id!r}")
        _write_pack(Path(info.path).parent, pack_id, str(raw["language"]), str(raw["title"]),
                    kept, check_id="")
    return jsonify(ok=True, deleted=qid, pack=_summary(pack_id))


@bp.post("/api/packs/<pack_id>/images")
def upload_image(pack_id: str) -> tuple[Response, int]:
    """A picture for a question, stored beside the pack (host/routes/pack_uploads.py); the
    question's `image` field then names it."""
    name, data = read_upload(MAX_IMAGE_BYTES)
    with _writes:
        folder = Path(_find_editable(pack_id).path).parent
        stored = store_media(folder, pack_id, name, data, PICTURE)
    return jsonify(ok=True, image=stored, bytes=len(data)), 201


@bp.post("/api/packs/<pack_id>/clips")
def upload_clip(pack_id: str) -> tuple[Response, int]:
    """A sound or video for a question (form field `kind`: audio or video, else by the
    file's name), stored beside the pack; the question's `audio` or `video` names it."""
    name, data = read_upload(MAX_VIDEO_BYTES)
    kind = clip_kind(name, request.form.get("kind"))
    with _writes:
        folder = Path(_find_editable(pack_id).path).parent
        stored = store_media(folder, pack_id, name, data, kind)
    return jsonify(ok=True, field=kind.field, file=stored, bytes=len(data)), 201


@bp.post("/api/packs/import")
def import_pack() -> tuple[Response, int]:
    """A new data-folder pack from an uploaded file (multipart): `file`, and optionally
    `format` (opentdb, kahoot, gift, csv, pack, bundle: a pack .zip with its files; else guessed
    from the name, a .json's keys and a .zip's contents), `language`,
    `category`, `title`, `pack` (the new pack's id; else from the file name)."""
    name, data = read_upload(MAX_BUNDLE_BYTES)
    form = request.form
    fmt = form.get("format") or guess_format(name, data)
    if fmt not in IMPORT_FORMATS:
        refuse(400, "bad_format", f"unknown format {fmt!r} (known: {', '.join(IMPORT_FORMATS)})")
    if fmt != "bundle" and len(data) > MAX_IMPORT_BYTES:
        refuse(413, "too_large", f"the file is larger than {MAX_IMPORT_BYTES // 1_000_000} MB; "
                                 "nothing was written")
    language = form.get("language") or "fr"
    category = form.get("category") or None
    try:
        ImportOptions(language, category)
    except ValueError as err:
        refuse(400, "bad_request", str(err))
    if fmt == "kahoot" and not is_json_name(name):
        check_zip(name, data)
    with tempfile.TemporaryDirectory(prefix="tourelle-import-") as scratch:
        safe = re.sub(r"[^A-Za-z0-9._-]+", "-", name).strip(".-") or "upload"
        upload = Path(scratch) / safe
        upload.write_bytes(data)
        bundle = read_bundle(data, name, Path(scratch), form) if fmt == "bundle" else None
        if bundle is not None:
            pack_id, language, title, questions, warnings = bundle.parts()
        elif fmt == "pack":
            pack_id, language, title, questions, warnings = read_pack_upload(upload, form)
        else:
            pack_id = form.get("pack") or slug(Path(safe).stem) or "imported"
            title = form.get("title") or imported_title(name, language)
            questions, warnings = run_importer(fmt, upload, name, pack_id, language, category)
    if not PACK_ID_RE.match(pack_id):
        refuse(400, "bad_request", f"{pack_id!r} is not a pack id (lower-case words joined "
                                   "by '-')")
    with _writes:
        folder = _data_dir()
        if pack_id in _bank().pack_ids() or (folder / f"{pack_id}.yaml").exists():
            refuse(409, "exists", f"a pack {pack_id!r} exists already: give another pack id, "
                                  "or delete that pack first; nothing was written")
        clash = sorted({q["id"] for q in questions} & {q.id for q in _bank().questions})
        if clash:
            refuse(409, "ids_taken", f"question ids already used by other packs: "
                                     f"{', '.join(clash[:5])}; nothing was written")
        with stored_media(bundle, folder, pack_id, questions) as questions:
            _write_pack(folder, pack_id, language, title, questions)
    return jsonify(ok=True, pack=_summary(pack_id), imported=len(questions),
                   warnings=warnings, warnings_text=[messages.both(w) for w in warnings]), 201


