"""The venue's look in Debian's Chromium: with no venue the projector and a phone look as they
always did; on the host page a colour that reads badly is refused with its ratio and the
nearest colour that reads well, taken in one tap; a logo is uploaded (an SVG refused, the logo
kept); the projector's header, lobby and podium and the phone's top bar show the venue's logo,
name and colour without a reload.

Screenshots (projector 1920x1080 and 1280x720, phones 390x844 and 360x640, host page 1366x768
and 390x844, French and English) go to $TOURELLE_SHOTS (else the test's temporary folder)."""

from __future__ import annotations

import math
import os
import struct
import zlib
from pathlib import Path
from typing import Any

from host.room import contrast
from tests.browser.driver import (PROJECTOR, Recorder, create_phone_game, join_seat, new_page,
                                  screenshots_on)
from tests.live import LiveServer

HOST_WIDE = {"width": 1366, "height": 768}
SIZES = {"projector": [(1920, 1080), (1280, 720)], "phone": [(390, 844), (360, 640)],
         "host": [(1366, 768), (390, 844)]}
DARK = "#333366"  # 1.3:1 on the bars: refused
NAME = "Le Chat Noir"


def logo_png(size: int = 96) -> bytes:
    """A round orange badge with a dark tower, made here (RGBA, transparent corners)."""
    rows = []
    for y in range(size):
        row = bytearray(b"\x00")
        for x in range(size):
            dx, dy = x - size / 2 + 0.5, y - size / 2 + 0.5
            inside = math.hypot(dx, dy) < size / 2 - 1
            tower = abs(dx) < size * 0.16 and -size * 0.22 < dy < size * 0.3
            crenel = abs(dx) < size * 0.24 and -size * 0.32 < dy < -size * 0.2 \
                and int((dx + size) / (size * 0.08)) % 2 == 0
            colour = (32, 24, 40, 255) if tower or crenel else (255, 140, 0, 255)
            row += bytes(colour if inside else (0, 0, 0, 0))
        rows.append(bytes(row))

    def chunk(kind: bytes, body: bytes) -> bytes:
        return (struct.pack(">I", len(body)) + kind + body
                + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF))

    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)  # 8-bit RGBA
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(b"".join(rows))) + chunk(b"IEND", b""))


def rgb(colour: str) -> str:
    return "rgb({}, {}, {})".format(*(int(colour[i:i + 2], 16) for i in (1, 3, 5)))


def host_page(browser: Any, recorder: Recorder, server: LiveServer, locale: str) -> Any:
    page = new_page(browser, recorder, f"{server.url}/host#key={server.key}", HOST_WIDE,
                    locale=locale)
    page.wait_for_selector("#c-kind option[value='buzzer']", state="attached")
    return page


def shoot(pages: dict[str, Any], folder: Path, lang: str, what: str) -> list[Path]:
    written = []
    for role, page in pages.items():
        for width, height in SIZES[role]:
            page.set_viewport_size({"width": width, "height": height})
            page.wait_for_timeout(150)  # a resize's reflow (fitZoom), not a wait on the server
            if role == "host":
                page.locator("#venue-card").evaluate("(el) => el.scrollIntoView({block: 'start'})")
            path = folder / f"venue-{what}-{role}-{width}x{height}-{lang}.png"
            page.screenshot(path=str(path))
            written.append(path)
    return written


def refuse_dark(host: Any, words: str) -> str:
    """The host chooses a colour that reads badly: refused, with its ratio and a proposal."""
    host.check("#venue-colour-on")
    host.fill("#venue-colour", DARK)
    host.click("#venue-save")
    host.wait_for_selector("#venue-proposal:not([hidden])")
    assert host.inner_text("#venue-msg").startswith(words)
    proposal = contrast.nearest_passing(DARK)
    assert proposal in host.inner_text("#venue-use")
    return proposal


def test_the_venue_on_the_projector_and_a_phone(live: LiveServer, browser: Any,
                                               tmp_path: Path) -> None:
    shots = Path(os.environ.get("TOURELLE_SHOTS") or tmp_path / "shots")
    shots.mkdir(parents=True, exist_ok=True)
    recorder = Recorder()
    host = host_page(browser, recorder, live, "fr-FR")
    create_phone_game(host, "buzzer", ["Ana", "Bob"])
    screen = new_page(browser, recorder, live.url + "/screen", PROJECTOR)
    screen.wait_for_selector("#lobby:not([hidden]) #lobby-seats li")
    phone = join_seat(browser, recorder, live.url, 0)

    # No venue: today's look, exactly.
    for page in (screen, phone):
        assert page.locator(".venue-slot:not([hidden])").count() == 0
        assert page.evaluate("document.body.dataset.venue") == ""
    assert screen.locator(".bar .brand").is_visible()
    assert screen.locator(".bar").evaluate("(el) => getComputedStyle(el).boxShadow") == "none"
    assert screen.locator("#room-code").evaluate("(el) => getComputedStyle(el).color") == \
        rgb("#ffcc33")

    # A colour that reads badly: refused with its ratio, nothing written; the proposal taken.
    host.fill("#venue-name", NAME)
    proposal = refuse_dark(host, "Contraste 1,3:1 avec le fond des bandeaux (#1f2330)")
    assert not (live.data / "venue" / "venue.json").exists()
    host.click("#venue-use")
    host.wait_for_function("document.querySelector('#venue-msg').textContent"
                           ".startsWith('Lieu enregistré')")
    assert host.input_value("#venue-colour") == proposal
    host.set_input_files("#venue-logo-file", files={"name": "chat.png", "mimeType": "image/png",
                                                    "buffer": logo_png()})
    host.wait_for_selector("#venue-logo-remove:not([hidden])")

    # The projector and the phone follow without a reload: logo, name, colour.
    for page, slot in ((screen, ".venue-head"), (screen, ".venue-welcome"),
                       (phone, ".venue-phone")):
        page.wait_for_function(f"""() => {{
            const slot = document.querySelector('{slot}');
            const logo = slot.querySelector('img');
            return !slot.hidden && slot.textContent === {NAME!r} && logo.naturalWidth === 96; }}""")
        assert page.locator(slot).evaluate("(el) => getComputedStyle(el).color") == rgb(proposal)
    assert screen.locator(".bar .brand").is_hidden()
    assert screen.locator("#room-code").evaluate("(el) => getComputedStyle(el).color") == \
        rgb(proposal)
    logo = screen.locator(".venue-head img").get_attribute("src")

    # An SVG logo is refused; the logo stays.
    host.set_input_files("#venue-logo-file", files={
        "name": "chat.svg", "mimeType": "image/svg+xml",
        "buffer": b'<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'})
    host.wait_for_function("document.querySelector('#venue-logo-msg').textContent"
                           ".includes('un logo SVG est refusé')")
    assert live.get("/api/venue")["venue"]["logo"] == logo
    written = shoot({"projector": screen, "phone": phone, "host": host}, shots, "fr", "lobby")

    # English pages: the same venue; an English refusal.
    english = {"projector": new_page(browser, recorder, live.url + "/screen", PROJECTOR,
                                     locale="en-GB"),
               "phone": join_seat(browser, recorder, live.url, 1, locale="en-GB"),
               "host": host_page(browser, recorder, live, "en-GB")}
    english["projector"].wait_for_selector(".venue-welcome:not([hidden])")
    english["phone"].wait_for_selector(".venue-phone:not([hidden])")
    english["host"].wait_for_function(
        f"document.querySelector('#venue-name').value === {NAME!r}")
    refuse_dark(english["host"], "Contrast 1.3:1 with the top bars' background (#1f2330)")
    written += shoot(english, shots, "en", "lobby")

    # The podium in the venue's colours.
    host.click("[data-cmd='start']")
    host.wait_for_selector("[data-cmd='end']:not([disabled])")
    host.click("[data-cmd='end']")
    host.click("#confirm-yes")
    for page in (screen, english["projector"]):
        page.wait_for_selector("#podium:not([hidden]) .venue-podium:not([hidden])")
        assert page.locator("#podium h1").evaluate("(el) => getComputedStyle(el).color") == \
            rgb(proposal)
    written += shoot({"projector": screen, "phone": phone}, shots, "fr", "podium")
    written += shoot({"projector": english["projector"], "phone": english["phone"]}, shots,
                     "en", "podium")
    assert not screenshots_on() or all(path.stat().st_size > 10_000 for path in written)
    # The refusals' 400s are the only errors the pages log ("Failed to load resource").
    assert [e for e in recorder.errors if "status of 400" not in e] == []
