"""One game's results from its journal (host/room/results.py), behind the host key: the header
X-Tourelle-Key, or `?key=` so that a plain download link works."""

from __future__ import annotations

import csv
import io

from flask import Blueprint, Response, current_app, jsonify, request

from host import messages
from host.config import HostConfig, host_key
from host.room.results import csv_rows, game_results
from host.routes.api import hub
from host.sockets import key_matches

bp = Blueprint("results", __name__)
KEY_HEADER = "X-Tourelle-Key"


def refused_without_key() -> tuple[Response, int] | None:
    """The 403 answer when the request does not carry the host key (None: it does)."""
    config: HostConfig = current_app.config["TOURELLE"]
    given = request.headers.get(KEY_HEADER) or request.args.get("key")
    if not key_matches({"key": given}, host_key(config.data_dir)):
        reason = f"the host key is missing or wrong (header {KEY_HEADER} or ?key=)"
        return jsonify(ok=False, code="forbidden", reason=reason,
                       text=messages.text("forbidden", reason)), 403
    return None


def _results(game_id: str) -> tuple[dict[str, object] | None, tuple[Response, int] | None]:
    refusal = refused_without_key()
    if refusal is not None:
        return None, refusal
    found = game_results(hub().journal, game_id)
    if found is None:
        reason = f"no game {game_id!r}"
        return None, (jsonify(ok=False, code="not_found", reason=reason,
                              text=messages.text("not_found", reason)), 404)
    return found, None


@bp.get("/api/games/<game_id>/results.json")
def results_json(game_id: str) -> Response | tuple[Response, int]:
    found, refusal = _results(game_id)
    if refusal is not None:
        return refusal
    answer = jsonify(found)
    if request.args.get("download"):
        answer.headers["Content-Disposition"] = (
            f"attachment; filename=tourelle-{game_id}-results.json")
    return answer


@bp.get("/api/games/<game_id>/results.csv")
def results_csv(game_id: str) -> Response | tuple[Response, int]:
    found, refusal = _results(game_id)
    if refusal is not None:
        return refusal
    assert found is not None
    out = io.StringIO()
    csv.writer(out).writerows(csv_rows(found))
    return Response(out.getvalue(), mimetype="text/csv", headers={
        "Content-Disposition": f"attachment; filename=tourelle-{game_id}-results.csv"})
