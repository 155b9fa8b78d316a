"""The venue over HTTP on a real `tourelle serve` with real Socket.IO clients
(host/routes/venue.py): every write behind the host key; a change told at once to the
projector, a phone and the host page (`venue`); the logo served by version; every refusal
(no key, a colour that reads badly, not a colour, wrong bytes, SVG, too big, empty) says why
in both languages, writes nothing and tells no page."""

from __future__ import annotations

import html
import json
import re
import urllib.error
import urllib.request
import uuid
from pathlib import Path
from typing import Any

from tests.core.test_venue import files, png
from tests.live import LiveServer, Peer
from tests.waiting import wait_until


def ask(server: LiveServer, method: str, path: str, body: Any = None, key: bool = True,
        upload: tuple[str, bytes] | None = None) -> tuple[int, Any, dict[str, str]]:
    """(status, JSON or bytes, headers) of one request; the host key unless `key` is False."""
    headers = {"X-Tourelle-Key": server.key} if key else {}
    data = None
    if body is not None:
        data, headers["Content-Type"] = json.dumps(body).encode(), "application/json"
    if upload is not None:
        boundary = uuid.uuid4().hex
        data = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; "
                f"filename=\"{upload[0]}\"\r\nContent-Type: application/octet-stream\r\n\r\n"
                ).encode() + upload[1] + f"\r\n--{boundary}--\r\n".encode()
        headers["Content-Type"] = f"multipart/form-data; boundary={boundary}"
    request = urllib.request.Request(server.url + path, data=data, method=method,
                                     headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            status, raw, got = answer.status, answer.read(), dict(answer.headers)
    except urllib.error.HTTPError as err:
        status, raw, got = err.code, err.read(), dict(err.headers)
    is_json = got.get("Content-Type", "").startswith("application/json")
    return status, json.loads(raw) if is_json else raw, got


def told(peer: Peer) -> list[dict[str, Any]]:
    return [args[0]["venue"] for event, args in list(peer.events) if event == "venue"]


def test_the_venue_reaches_every_page_and_refusals_change_nothing(live: LiveServer) -> None:
    folder = live.data / "venue"
    screen = Peer(live, "/screen")
    phone = Peer(live, "/seat")
    host = Peer(live, "/host", auth={"key": live.key})
    pages = (screen, phone, host)
    assert ask(live, "GET", "/api/venue", key=False)[1] == {
        "venue": {"name": "", "colour": None, "logo": None}}  # no venue: today's look

    # No host key: refused, nothing written.
    for method, path, body, upload in (
            ("PUT", "/api/venue", {"name": "Pirate"}, None),
            ("DELETE", "/api/venue", None, None),
            ("POST", "/api/venue/logo", None, ("logo.png", png())),
            ("DELETE", "/api/venue/logo", None, None)):
        status, answer, _ = ask(live, method, path, body, key=False, upload=upload)
        assert status == 403 and answer["code"] == "forbidden", path
        assert answer["text"]["fr"] and answer["text"]["en"]
    assert files(folder) == {}

    # The name and the colour: every page told, without a reload.
    status, answer, _ = ask(live, "PUT", "/api/venue", {"name": " Le  Chat Noir ",
                                                        "colour": "#FF8800"})
    assert status == 200 and answer["venue"]["name"] == "Le Chat Noir", answer
    for page in pages:
        wait_until(lambda p=page: told(p), f"the venue on {page.namespace}")
        assert told(page)[-1] == {"name": "Le Chat Noir", "colour": "#ff8800", "logo": None}
    for path in ("/", "/screen"):  # a page opened now draws it before its socket connects
        page_html = ask(live, "GET", path, key=False)[1].decode()
        drawn = re.search(r'data-venue-now="([^"]*)"', page_html)
        assert drawn and json.loads(html.unescape(drawn.group(1))) == told(screen)[-1], path

    # A colour that reads badly: its ratio, the proposal, in both languages; nothing written.
    before = files(folder)
    status, answer, _ = ask(live, "PUT", "/api/venue", {"name": "Autre", "colour": "#333366"})
    assert status == 400 and answer["code"] == "low_contrast"
    assert answer["ratio"] == 1.35 and answer["least"] == 4.5
    assert answer["text"]["fr"].startswith("Contraste 1,3:1 avec le fond des bandeaux")
    assert answer["text"]["en"].startswith("Contrast 1.3:1 with the top bars' background")
    assert answer["proposal"] in answer["text"]["fr"]
    status, answer, _ = ask(live, "PUT", "/api/venue", {"colour": "orange"})
    assert status == 400 and answer["code"] == "bad_colour"
    assert answer["text"]["fr"] == "« colour » est une couleur écrite #rrvvbb."
    status, answer, _ = ask(live, "PUT", "/api/venue", {"name": 12})
    assert status == 400 and answer["text"]["fr"] == "« name » est un texte."
    assert files(folder) == before

    # The logo, served by its version.
    logo = png(rgb=(255, 136, 0))
    status, answer, _ = ask(live, "POST", "/api/venue/logo", upload=("chat.png", logo))
    assert status == 200, answer
    url = answer["venue"]["logo"]
    for page in pages:
        wait_until(lambda p=page: told(p)[-1]["logo"] == url, "the logo on every page")
    status, served, headers = ask(live, "GET", url, key=False)
    assert status == 200 and served == logo and headers["Content-Type"] == "image/png"
    assert "immutable" in headers["Cache-Control"]
    assert "immutable" not in ask(live, "GET", "/venue/logo?v=old", key=False)[2]["Cache-Control"]

    # Logos refused: the previous one stays, its bytes served as before.
    before = files(folder)
    for name, data, code, status_wanted, french in (
            ("chat.png", b"GIF89a" + b"\x00" * 64, "not_image", 400, "chat.png : pas un logo"),
            ("chat.svg", b'<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script>'
                         b'</svg>', "not_image", 400, "chat.svg : un logo SVG est refusé"),
            ("big.png", logo + b"\x00" * (520 * 1024), "too_large", 413, "big.png : le logo fait"),
            ("huge.png", logo + b"\x00" * (2 * 1024 * 1024), "too_large", 413,
             "Le logo dépasse 512 Ko"),
            ("empty.png", b"", "empty", 400, "Le fichier est vide")):
        status, answer, _ = ask(live, "POST", "/api/venue/logo", upload=(name, data))
        assert (status, answer["code"]) == (status_wanted, code), (name, answer)
        assert answer["text"]["fr"].startswith(french), answer["text"]
        assert "nothing was written" in answer["text"]["en"]
    assert files(folder) == before
    assert ask(live, "GET", url, key=False)[1] == logo
    assert ask(live, "GET", "/api/venue", key=False)[1]["venue"] == told(screen)[-1]
    counts = [len(told(page)) for page in pages]

    # Cleared: today's look again, on every page.
    assert ask(live, "DELETE", "/api/venue")[0] == 200
    for page, count in zip(pages, counts, strict=True):
        wait_until(lambda p=page, c=count: len(told(p)) > c, "the venue cleared")
        # no refusal above told a page anything: the clearing is the next message
        assert len(told(page)) == count + 1
        assert told(page)[-1] == {"name": "", "colour": None, "logo": None}
    assert ask(live, "GET", url, key=False)[0] == 404
    assert sorted(files(folder)) == ["venue.json"]
    for page in pages:
        page.close()


def test_the_venue_survives_a_restart(tmp_path: Path, packs: Path) -> None:
    server = LiveServer(data=tmp_path / "data", packs=packs).start()
    try:
        ask(server, "PUT", "/api/venue", {"name": "Le Chat Noir", "colour": "#ff8800"})
        logo = ask(server, "POST", "/api/venue/logo", upload=("c.png", png()))[1]["venue"]["logo"]
        server.stop()
        server.start()
        assert ask(server, "GET", "/api/venue", key=False)[1]["venue"] == {
            "name": "Le Chat Noir", "colour": "#ff8800", "logo": logo}
        assert ask(server, "GET", logo, key=False)[1] == png()
    finally:
        server.stop()
