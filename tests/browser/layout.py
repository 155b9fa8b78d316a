"""Draw a catalogued screen in a page and measure it: what is cut, what overlaps.

The projector and phone pages are opened once each with their Socket.IO blocked (no live
game may draw over the state under test); a state from tests/browser/screen_catalog.py is
handed to the page's own `render`, as if the host had sent it. `problems(page)` lists every
visible element outside the viewport (or outside a box that clips it), every pair of text
runs that overlap, and a projector page that scrolls.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.browser.screen_catalog import Screen

SIZES = {
    "projector": [(1920, 1080), (1280, 720)],
    "phone": [(390, 844), (360, 640)],
    "host": [(1366, 768)],
}

MEASURE = (Path(__file__).parent / "layout.js").read_text(encoding="utf-8")


def problems(page: Any, scroll_allowed: bool = False) -> list[str]:
    """What is cut or overlapping on the page as drawn now (empty: it fits)."""
    return list(page.evaluate(MEASURE, scroll_allowed))


# Animations and transitions at their end: a row rising into place is measured where it stays.
STILL = "*, *::before, *::after { animation: none !important; transition: none !important; }"


def catalogue_page(browser: Any, url: str, recorder: Any = None, locale: str = "fr-FR") -> Any:
    """A page for catalogued states: no Socket.IO (nothing live draws over them), no motion.
    Socket.IO's WebSocket is closed at once as well as its HTTP polling refused: `route` does
    not see WebSockets, and a page that connected drew its join screen over a state handed in
    (phone.js shows it on `connect`), which a loaded machine made likely."""
    context = browser.new_context(viewport={"width": 800, "height": 600}, locale=locale)
    context.route("**/socket.io/**", lambda route: route.abort())
    context.route_web_socket("**/socket.io/**", lambda socket: socket.close())
    page = context.new_page()
    if recorder is not None:
        recorder.watch(page)
    page.goto(url)
    page.add_style_tag(content=STILL)
    return page


# The page's sockets are refused: without this a phone drawn 2 s after load would show
# "Connexion au jeu…" over a state it was handed as if connected.
CONNECTED = "everConnected = true; document.getElementById('net').hidden = true;"


def show_and_read(page: Any, screen: Screen, audience: str, read: str) -> Any:
    """Hand the page a catalogued state and run `read` (a JS function's source) on the
    drawing in the same script task: none of the page's own timers (the join page's poll,
    the lobby's first fetch) can draw over the state in between, on a loaded machine too."""
    if audience == "projector":
        return page.evaluate(f"([s]) => {{ render(s); return ({read})(); }}", [screen.screen])
    payload = json.loads(json.dumps(screen.phone))
    return page.evaluate(f"([s, seat]) => {{ clearTimeout(pollHandle); {CONNECTED} "
                         f"joined = {{ game: s.meta.game, seat }}; state = s; render(); "
                         f"return ({read})(); }}", [payload, screen.seat])


def show(page: Any, screen: Screen, audience: str) -> None:
    """Hand the page a catalogued state as if the host had sent it, and wait for a frame."""
    if audience == "projector":
        if screen.screen is None:
            page.evaluate("showLobby(null)")
        else:
            page.evaluate("(s) => render(s)", screen.screen)
    else:
        payload = json.loads(json.dumps(screen.phone))
        # The join page's own poll (no game yet) must not draw over the state handed in.
        page.evaluate(f"([s, seat]) => {{ clearTimeout(pollHandle); {CONNECTED} "
                      "joined = { game: s.meta.game, seat }; state = s; render(); }",
                      [payload, screen.seat])
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => "
                  "requestAnimationFrame(done)))")
