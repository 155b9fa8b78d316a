"""Night plans over HTTP, behind the host key: list, read, save, edit, copy, delete, export,
import (host/room/plans.py); and the break, read by the projector and the phones.

A refusal is `{"ok": false, "code", "reason", "text"}`; a plan refused also names `file` and
`line`, and nothing is written. Starting a plan is the `/host` namespace's (it creates games).
"""

from __future__ import annotations

import re
from typing import Any

from flask import Blueprint, Response, jsonify, request

from host import messages
from host.room.breaks import for_phones
from host.room.plan_file import MAX_BYTES, PlanError
from host.room.plans import PlanStoreError, Plans, plan_text
from host.routes.api import hub
from host.routes.results import refused_without_key

bp = Blueprint("plans", __name__)

Answer = Response | tuple[Response, int]


def plans() -> Plans:
    return hub().plans


def refuse(status: int, code: str, reason: str, **extra: Any) -> tuple[Response, int]:
    return jsonify(ok=False, code=code, reason=reason, text=messages.text(code, reason),
                   **extra), status


def refuse_plan(err: PlanError) -> tuple[Response, int]:
    return refuse(400, err.code, str(err), file=err.file, line=err.line)


def _saved(write: Any, status: int = 200) -> Answer:
    """Run a write; its refusal as an answer (nothing written)."""
    try:
        plan = write()
    except PlanError as err:
        return refuse_plan(err)
    except LookupError:
        return refuse(404, "not_found", "there is no such plan")
    except PlanStoreError as err:
        return refuse(507, "storage", err.strerror or str(err))
    return jsonify(ok=True, plan=plan), status


def _body_text() -> str | tuple[Response, int]:
    body = request.get_json(silent=True)
    if not isinstance(body, dict):
        return refuse(400, "bad_request", "the body must be a plan as a JSON object")
    return plan_text(body)


@bp.get("/api/plans")
def api_plans() -> Answer:
    return refused_without_key() or jsonify(plans=plans().all())


@bp.get("/api/plans/<plan_id>")
def api_plan(plan_id: str) -> Answer:
    refusal = refused_without_key()
    if refusal is not None:
        return refusal
    found = plans().get(plan_id)
    return jsonify(found) if found is not None else refuse(404, "not_found",
                                                          "there is no such plan")


@bp.get("/api/plans/<plan_id>.json")
def api_plan_file(plan_id: str) -> Answer:
    """The plan as one file, to keep or to import on another host."""
    refusal = refused_without_key()
    if refusal is not None:
        return refusal
    found = plans().get(plan_id)
    if found is None:
        return refuse(404, "not_found", "there is no such plan")
    slug = re.sub(r"[^a-z0-9]+", "-", found["name"].lower()).strip("-") or plan_id
    return Response(plan_text(found), mimetype="application/json", headers={
        "Content-Disposition": f"attachment; filename=tourelle-plan-{slug}.json"})


@bp.post("/api/plans")
def api_plan_new() -> Answer:
    refusal = refused_without_key()
    if refusal is not None:
        return refusal
    text = _body_text()
    if not isinstance(text, str):
        return text
    return _saved(lambda: plans().save(text, "plan"), 201)


@bp.put("/api/plans/<plan_id>")
def api_plan_edit(plan_id: str) -> Answer:
    refusal = refused_without_key()
    if refusal is not None:
        return refusal
    text = _body_text()
    if not isinstance(text, str):
        return text
    return _saved(lambda: plans().save(text, "plan", plan_id))


@bp.post("/api/plans/<plan_id>/copy")
def api_plan_copy(plan_id: str) -> Answer:
    """"Same as last week": a new plan with the same games, under the name given."""
    refusal = refused_without_key()
    if refusal is not None:
        return refusal
    body = request.get_json(silent=True) or {}
    name = body.get("name") if isinstance(body, dict) else None
    if name is not None and not isinstance(name, str):
        return refuse(400, "bad_request", "'name' is a text")
    old = plans().get(plan_id)
    if old is None:
        return refuse(404, "not_found", "there is no such plan")
    return _saved(lambda: plans().copy(plan_id, name or old["name"]), 201)


@bp.delete("/api/plans/<plan_id>")
def api_plan_delete(plan_id: str) -> Answer:
    refusal = refused_without_key()
    if refusal is not None:
        return refusal
    try:
        deleted = plans().delete(plan_id)
    except PlanStoreError as err:
        return refuse(507, "storage", err.strerror or str(err))
    if not deleted:
        return refuse(404, "not_found", "there is no such plan")
    return jsonify(ok=True, deleted=plan_id)


@bp.post("/api/plans/import")
def api_plan_import() -> Answer:
    """A plan file (multipart `file`, JSON or YAML), checked whole; saved as a new plan."""
    refusal = refused_without_key()
    if refusal is not None:
        return refusal
    upload = request.files.get("file")
    if upload is None:
        return refuse(400, "no_file", "send the plan as the form's 'file'")
    file = upload.filename or "plan"
    raw = upload.stream.read(MAX_BYTES + 1)
    if len(raw) > MAX_BYTES:
        return refuse(413, "too_large", f"{file}: the file is too large "
                                        f"(at most {MAX_BYTES // 1024} KB)")
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        return refuse_plan(PlanError(file, raw[: err.start].count(b"\n") + 1, "not UTF-8 text"))
    return _saved(lambda: plans().save(text, file), 201)


@bp.get("/api/break")
def api_break() -> Response:
    """The break the host shows now, or null: what a projector (`?for=screen`: with its
    music) or a phone (never its music) shows on (re)load."""
    shown = hub().breaks.current()
    return jsonify({"break": shown if request.args.get("for") == "screen" else for_phones(shown)})
