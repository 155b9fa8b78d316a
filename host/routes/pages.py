"""The three pages (phone, projector, host) and the QR codes they show."""

from __future__ import annotations

import io

import segno
from flask import Blueprint, Response, render_template, request

from host import __version__
from host.games import registry
from host.routes.api import hub
from host.routes.words import words_version

bp = Blueprint("pages", __name__)


def page_scripts() -> list[str]:
    """Every kind's page script (static paths, its helpers first), in the registry's order."""
    return [script for kind in registry.all_kinds() if kind.page
            for script in (*kind.page_helpers, kind.page)]


def render(template: str) -> str:
    return render_template(template, version=__version__, kind_scripts=page_scripts(),
                           words_version=words_version(),
                           venue=hub().venue.current.public())  # drawn before the socket


@bp.get("/")
def phone() -> str:
    return render("phone.html")


@bp.get("/screen")
def screen() -> str:
    return render("screen.html")


@bp.get("/host")
def host_page() -> str:
    return render("host.html")


@bp.get("/qr.svg")
def qr_svg() -> Response:
    """A QR code made here (no internet): the join address for the lobby."""
    data = request.args.get("data", "")[:256] or request.host_url
    out = io.BytesIO()
    segno.make(data, error="m").save(out, kind="svg", scale=8, border=2, dark="#111",
                                     light="#fff")
    return Response(out.getvalue(), mimetype="image/svg+xml")
