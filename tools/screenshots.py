"""Take the screenshots in docs/screenshots/ from a real server and Debian's Chromium.

    .venv/bin/python tools/screenshots.py [out_dir]

A game with one phone seat and two bots on the French map, with the bundled
question packs: the projector lobby, the map mid-game, a duel reveal, the
phone's keypad and the host page.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from host.quiz.packs import bundled_packs_dir  # noqa: E402
from tests.browser.driver import PHONE, PROJECTOR, Recorder, chromium, new_page  # noqa: E402
from tests.live import LiveServer, Peer  # noqa: E402

SETTINGS = {"numeric_seconds": 12, "choice_seconds": 8, "pick_seconds": 3, "reveal_seconds": 6}


def main(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        server = LiveServer(data=Path(tmp) / "data", packs=bundled_packs_dir()).start()
        try:
            shoot(server, out)
        finally:
            server.stop()


def shoot(server: LiveServer, out: Path) -> None:
    host = Peer(server, "/host", auth={"key": server.key})
    game = host.call("create", {
        "kind": "territory", "map": "france-regions", "language": "fr", "pace": 0.5,
        "settings": SETTINGS,
        "seats": [{"name": "Ana"}, {"name": "Bruno", "bot": 4}, {"name": "Chloé", "bot": 2}],
    })["game"]
    recorder = Recorder()
    with chromium() as browser:
        screen = new_page(browser, recorder, server.url + "/screen", PROJECTOR)
        phone = new_page(browser, recorder, server.url + "/", PHONE)
        phone.fill("#name", "Ana")
        phone.click("[data-seat='0']")
        screen.wait_for_selector("#lobby-seats li")
        screen.wait_for_timeout(500)
        screen.screenshot(path=str(out / "projector-lobby.png"))
        host_page = new_page(browser, recorder, f"{server.url}/host#key={server.key}",
                             {"width": 1440, "height": 1000})
        host_page.click("#games button")
        host_page.wait_for_selector("#live:not([hidden])")
        host.call("command", {"game": game, "type": "start"})
        phone.wait_for_selector(".keypad", timeout=30000)
        for key in "1789":
            phone.click(f"[data-key='{key}']")
        phone.screenshot(path=str(out / "phone-keypad.png"))
        host_page.wait_for_selector(".answer-key")
        host_page.screenshot(path=str(out / "host.png"))
        phone.click("[data-key='ok']")
        screen.wait_for_function("document.body.dataset.stage === 'attack'", timeout=120000)
        screen.wait_for_timeout(400)
        screen.screenshot(path=str(out / "projector-map.png"))
        screen.wait_for_function(
            "document.body.dataset.stage === 'reveal' && "
            "document.querySelector('#question').dataset.purpose === 'duel'", timeout=120000)
        screen.wait_for_timeout(1200)
        screen.screenshot(path=str(out / "projector-duel-reveal.png"))
    host.close()
    outside = [u for u in recorder.urls if not u.split("//", 1)[-1].startswith("127.0.0.1")]
    print("pages errors:", recorder.errors or "none", "; outside requests:", outside or "none")


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "docs" / "screenshots")
