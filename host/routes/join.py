"""Where phones join: `GET /api/join` for the projector's QR code and the host page."""

from __future__ import annotations

from flask import Blueprint, Response, current_app, jsonify

from host.config import HostConfig
from host.netinfo import join_urls

bp = Blueprint("join", __name__)


@bp.get("/api/join")
def api_join() -> Response:
    """{"url": best join URL, "addresses": every candidate URL, "mdns": .local URL or null}."""
    config: HostConfig = current_app.config["TOURELLE"]
    urls = join_urls(config)
    advertiser = current_app.extensions.get("tourelle_mdns")
    return jsonify(url=urls[0], addresses=urls, mdns=advertiser.url if advertiser else None)


@bp.get("/api/seats")
def api_seats() -> Response:
    """Each game's seats a phone may still take (not a bot, not bound to a phone; in a
    team game every team takes more phones; never a seat out of play, listed in `out`), and
    the room's current game:
    {"games": {"3f9a1c2e": {"status": "lobby", "free": [0, 2], "out": [1], "teams": false}},
     "current": "3f9a1c2e"}."""
    hub = current_app.extensions["tourelle_hub"]
    games = {}
    for session in list(hub.sessions.values()):
        seen = session.snapshot  # what the game's worker last committed
        games[session.id] = {"status": seen.status, "free": list(seen.joinable),
                             "out": list(seen.out),
                             "teams": session.teams.enabled}
    current = hub.latest()  # the room's game: the page's default (host/room/following.py)
    return jsonify(games=games, current=current.id if current is not None else None)
