"""The pack editor's preview of a question's sound or video, behind the host key: a clip file
beside a pack, also one no saved question names yet (the projector's route, host/routes/media.py,
serves only the clips of questions the bank loaded). Checked as the pack loader checks a clip
(host/quiz/media.py: a plain name of the kind's types, inside the pack's folder once links are
followed, content that is what its name says), with range requests so the editor's player seeks.
"""

from __future__ import annotations

from pathlib import Path

from flask import Blueprint, Response, current_app, jsonify, request, send_file

from host import messages
from host.config import HostConfig, host_key
from host.quiz.bank import QuestionBank
from host.quiz.media import check_in_pack, check_ref
from host.routes.pack_files import Refused, refuse
from host.routes.pack_uploads import clip_kind
from host.sockets import key_matches

bp = Blueprint("pack_media", __name__)

KEY_HEADER = "X-Tourelle-Key"  # as host/routes/packs.py


@bp.errorhandler(Refused)
def _refused(err: Refused) -> tuple[Response, int]:
    return jsonify(ok=False, code=err.code, reason=err.reason,
                   text=messages.text(err.code, err.reason)), err.status


@bp.before_request
def _need_host_key() -> None:
    """The host key in the X-Tourelle-Key header, read at each request (as the editor's API)."""
    config: HostConfig = current_app.config["TOURELLE"]
    if not key_matches({"key": request.headers.get(KEY_HEADER)}, host_key(config.data_dir)):
        refuse(403, "forbidden", f"host key missing or wrong (header {KEY_HEADER})")


def _pack_file(pack_id: str) -> Path:
    bank: QuestionBank = current_app.extensions["tourelle_bank"]
    for info in bank.packs:
        if info.pack_id == pack_id:
            return Path(info.path)
    refuse(404, "no_pack", f"there is no pack {pack_id!r}")


@bp.get("/api/packs/<pack_id>/clips/<path:name>")
def get_clip(pack_id: str, name: str) -> Response:
    """A sound or video beside a pack (`?kind=audio` or `video`; without it, a .webm or .mp4
    is a video), for the editor's player: never cached, since the editor fetches it once."""
    pack_file = _pack_file(pack_id)
    kind = clip_kind(name, request.args.get("kind"))
    if check_ref(kind, name) is not None or check_in_pack(kind, pack_file, name):
        refuse(404, "no_clip", f"no good sound or video {name!r} beside pack {pack_id!r}")
    path = pack_file.parent / name
    response = send_file(path, mimetype=kind.types[path.suffix.lower()], conditional=True,
                         max_age=0)
    response.headers["X-Content-Type-Options"] = "nosniff"
    return response
