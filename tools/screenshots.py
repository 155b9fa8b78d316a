"""Take the screenshots in docs/screenshots/ from a real server and Debian's Chromium.

    .venv/bin/python tools/screenshots.py [out_dir]

A game with one phone seat and two bots on the French map, with the bundled
question packs: the projector lobby, the map mid-game, a duel reveal, the
phone's keypad and the host page.

    .venv/bin/python tools/screenshots.py --maps [NAME ...] [--out DIR]

The projector during a four-bot game on each shipped map named (default: every
one but france-regions, which the main set shows): projector-map-NAME.png.

    .venv/bin/python tools/screenshots.py --layout [--all-sizes] [--out DIR]

Every screen kind of the layout test (tests/browser/screen_catalog.py: each territory
reveal, podiums, a night's table, the buzzer board with long names, every card game, the
lobby), drawn by the pages from seeded games, into docs/screenshots/layout/: the projector at
1280x720, phones at 360x640 (the tighter of each pair; --all-sizes adds 1920x1080 and
390x844) and the host page at 1366x768. What the layout test would find is printed.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from host.quiz.packs import bundled_packs_dir  # noqa: E402
from tests.browser.driver import PHONE, PROJECTOR, Recorder, chromium, new_page  # noqa: E402
from tests.live import LiveServer, Peer  # noqa: E402

SETTINGS = {"numeric_seconds": 12, "choice_seconds": 8, "pick_seconds": 3, "reveal_seconds": 6}


def main(out: Path, maps: list[str] | None = None) -> None:
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        server = LiveServer(data=Path(tmp) / "data", packs=bundled_packs_dir()).start()
        try:
            if maps is None:
                shoot(server, out)
            else:
                shoot_maps(server, out, maps)
        finally:
            server.stop()


def shoot_maps(server: LiveServer, out: Path, maps: list[str]) -> None:
    """Each map on the projector (1920x1080) once a four-bot game reaches its first attack."""
    host = Peer(server, "/host", auth={"key": server.key})
    recorder = Recorder()
    with chromium() as browser:
        for name in maps:
            game = host.call("create", {
                "kind": "territory", "map": name, "language": "fr", "pace": 0.3,
                "settings": SETTINGS,
                "seats": [{"name": n, "bot": 3} for n in ("Ana", "Bruno", "Chloé", "David")],
            })["game"]
            screen = new_page(browser, recorder, server.url + "/screen", PROJECTOR)
            screen.wait_for_selector("#lobby-seats li")
            host.call("command", {"game": game, "type": "start"})
            screen.wait_for_function("document.body.dataset.stage === 'attack'", timeout=300000)
            screen.wait_for_timeout(400)
            screen.screenshot(path=str(out / f"projector-map-{name}.png"))
            screen.context.close()
    host.close()
    print("pages errors:", recorder.errors or "none")


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
        host_page.evaluate("window.scrollTo(0, 0)")  # "Suivre" scrolled down to the games list
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


def shoot_layout(server: LiveServer, out: Path, all_sizes: bool) -> None:
    """Each catalogued screen at each size, as the layout test measures it."""
    from tests.browser.layout import SIZES, catalogue_page, problems, show
    from tests.browser.screen_catalog import catalog

    out.mkdir(parents=True, exist_ok=True)
    screens = catalog()
    recorder = Recorder()
    found: list[str] = []
    with chromium() as browser:
        for audience, path in (("projector", "/screen"), ("phone", "/")):
            page = catalogue_page(browser, server.url + path, recorder)
            sizes = SIZES[audience] if all_sizes else SIZES[audience][-1:]
            for width, height in sizes:
                page.set_viewport_size({"width": width, "height": height})
                for name, screen in screens.items():
                    if audience == "phone" and screen.phone is None:
                        continue
                    show(page, screen, audience)
                    found += [f"{audience} {name} {width}x{height}: {p}" for p in
                              problems(page, scroll_allowed=audience != "projector")]
                    page.screenshot(path=str(out / f"{audience}-{name}-{width}x{height}.png"))
            page.context.close()
        host = new_page(browser, recorder, f"{server.url}/host#key={server.key}",
                        {"width": 1366, "height": 768})
        host.wait_for_function("document.querySelector('#c-map').options.length > 0")
        host.screenshot(path=str(out / "host-form-1366x768.png"))
        for seat in range(4):
            host.select_option(f"#seat-kind-{seat}", "bot3" if seat else "phone")
        host.fill("#seat-name-0", "Anne-Sophie Vandenbroeck")
        host.click("#c-create-start")
        host.wait_for_selector("#live:not([hidden]) .answer-key", timeout=60000)
        host.evaluate("window.scrollTo(0, 10 ** 6)")
        host.screenshot(path=str(out / "host-live-scrolled-1366x768.png"))
    print("layout problems:", "\n".join(found) or "none")
    print("pages errors:", recorder.errors or "none")


if __name__ == "__main__":
    if "--layout" in sys.argv[1:]:
        parser = argparse.ArgumentParser()
        parser.add_argument("--layout", action="store_true")
        parser.add_argument("--all-sizes", action="store_true")
        parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots" / "layout")
        args = parser.parse_args()
        with tempfile.TemporaryDirectory() as tmp:
            live = LiveServer(data=Path(tmp) / "data", packs=bundled_packs_dir()).start()
            try:
                shoot_layout(live, args.out, args.all_sizes)
            finally:
                live.stop()
    elif "--maps" in sys.argv[1:]:
        from host.territory.maps import shipped_map_names

        parser = argparse.ArgumentParser()
        parser.add_argument("--maps", nargs="*", metavar="NAME")
        parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots")
        args = parser.parse_args()
        names = args.maps or [n for n in shipped_map_names() if n != "france-regions"]
        main(args.out, names)
    else:
        main(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "docs" / "screenshots")
