"""A night's running totals, read-only: JSON for pages and scripts, CSV for a spreadsheet
(behind the host key, as a game's results: host/routes/results.py)."""

from __future__ import annotations

import csv
import io

from flask import Blueprint, Response, abort, jsonify

from host.people.night import csv_rows
from host.routes.api import hub
from host.routes.results import refused_without_key

bp = Blueprint("nights", __name__)


@bp.get("/api/nights")
def api_nights() -> Response:
    return jsonify(nights=[{k: n[k] for k in ("id", "name", "status")}
                           for n in hub().journal.nights()])


@bp.get("/api/nights/<night_id>")
def api_night(night_id: str) -> Response:
    night = hub().night(night_id)
    if night is None:
        abort(404)
    return jsonify(night)


@bp.get("/api/nights/<night_id>.csv")
def api_night_csv(night_id: str) -> Response | tuple[Response, int]:
    refusal = refused_without_key()
    if refusal is not None:
        return refusal
    night = hub().night(night_id)
    if night is None:
        abort(404)
    out = io.StringIO()
    csv.writer(out).writerows(csv_rows(night))
    return Response(out.getvalue(), mimetype="text/csv", headers={
        "Content-Disposition": f"attachment; filename=tourelle-night-{night_id}.csv"})
