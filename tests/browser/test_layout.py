"""Every screen fits, in Debian's Chromium: the projector at 1920x1080 and 1280x720, phones
at 390x844 and 360x640, the host page at 1366x768.

The screens come from seeded games played on virtual time (tests/browser/screen_catalog.py:
every kind of territory reveal, the map, podiums, a night's table, the buzzer board with
24-character names, every card game, the lobby with and without a game); each is handed to
the page's own `render` and measured (tests/browser/layout.py): every visible element inside
the viewport and inside any box that clips it, no two text runs overlapping, and no page
scroll on the projector (phones and the host page may scroll down, never sideways). One
server and one page per audience; the viewport changes per size.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from host.quiz.packs import bundled_packs_dir
from tests.browser.driver import Recorder, new_page
from tests.browser.layout import SIZES, catalogue_page, problems, show, show_and_read
from tests.browser.screen_catalog import Screen, catalog
from tests.live import LiveServer

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def screens() -> dict[str, Screen]:
    return catalog()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """The bundled packs, so a picture question's image is served."""
    root = tmp_path_factory.mktemp("layout")
    live = LiveServer(data=root / "data", packs=bundled_packs_dir()).start()
    yield live
    live.stop()


def misfits(page: Any, screens: dict[str, Screen], audience: str) -> list[str]:
    found = []
    for width, height in SIZES[audience]:
        page.set_viewport_size({"width": width, "height": height})
        for name, screen in screens.items():
            if audience == "phone" and screen.phone is None:
                continue
            show(page, screen, audience)
            found += [f"{name} at {width}x{height}: {p}"
                      for p in problems(page, scroll_allowed=audience != "projector")]
    return found


def test_the_catalogue_has_every_screen_kind(screens: dict[str, Screen]) -> None:
    wanted = {"lobby", "lobby-empty", "question-numeric", "question-choice", "map-attack",
              "reveal-numeric-2", "reveal-numeric-3", "reveal-numeric-4", "reveal-duel",
              "reveal-speed", "reveal-picture", "reveal-campaign", "podium", "night-table",
              "night-game-over", "night-podium", "buzzer-decided", "russian-bank-play",
              "q-squared-joe-play", "watchtower-play", "challengers-play", "challengers-over",
              "quiz-order-question", "quiz-order-locked", "quiz-order-reveal",
              "quiz-video-question"}
    assert wanted <= set(screens)
    decided = screens["buzzer-decided"].screen
    assert decided is not None
    assert max(len(s["name"]) for s in decided["meta"]["seats"]) == 24


def test_every_projector_screen_fits(server: LiveServer, browser: Any,
                                     screens: dict[str, Screen]) -> None:
    recorder = Recorder()
    page = catalogue_page(browser, server.url + "/screen", recorder)
    found = misfits(page, screens, "projector")
    page.context.close()
    assert found == [], "\n".join(found)
    assert recorder.errors == []


def test_every_phone_screen_fits(server: LiveServer, browser: Any,
                                 screens: dict[str, Screen]) -> None:
    recorder = Recorder()
    page = catalogue_page(browser, server.url + "/", recorder)
    found = misfits(page, screens, "phone")
    assert found == [], "\n".join(found)
    # Q Squared Joe: the phone's own hand and its five actions on screen at 390x844, above the
    # other players' panels (an eliminated one's is only its name).
    page.set_viewport_size({"width": 390, "height": 844})
    show(page, screens["q-squared-joe-play"], "phone")
    actions = ("draw", "take", "defend", "sacrifice", "attack")
    for selector in [".qsj-player.mine .qsj-hand",
                     *(f".qsj-action[data-action='{a}']" for a in actions)]:
        box = page.locator(selector).bounding_box()
        assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 844, selector
    page.context.close()
    assert recorder.errors == []


def in_view(page: Any, selector: str) -> bool:
    return bool(page.evaluate("""(s) => {
        const r = document.querySelector(s).getBoundingClientRect();
        return r.width > 0 && r.top >= 0 && r.bottom <= innerHeight && r.left >= 0
          && r.right <= innerWidth; }""", selector))


def cut_choices(page: Any, selector: str) -> list[str]:
    """The menu's choices whose text, drawn in the menu's font, is wider than the closed
    menu has room for (its width less padding and the arrow's 1.5em); none for a menu the
    page does not show."""
    return list(page.eval_on_selector(selector, """(menu) => {
        if (!menu.getClientRects().length) return [];  // not shown (a row with nothing to offer)
        const style = getComputedStyle(menu);
        const context = document.createElement("canvas").getContext("2d");
        context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const room = menu.clientWidth - parseFloat(style.paddingLeft)
          - parseFloat(style.paddingRight) - 1.5 * parseFloat(style.fontSize);
        return [...menu.options].map((o) => o.textContent)
          .filter((text) => context.measureText(text).width > room); }"""))


def form_menus_cut(host: Any) -> list[tuple[str, str, str]]:
    """(kind, menu, choice) for every choice of the form that its closed menu cuts: the maps,
    who answers for a team (shown once teams are ticked), every kind's rule menus."""
    assert host.is_hidden("#c-team-answers")  # it only matters with teams
    host.check("#c-teams")
    cut = [("", menu, choice) for menu in ("#c-map", "#c-team-answers")
           for choice in cut_choices(host, menu)]
    host.uncheck("#c-teams")
    kind_now = host.input_value("#c-kind")
    for kind in host.eval_on_selector("#c-kind", "(m) => [...m.options].map((o) => o.value)"):
        host.select_option("#c-kind", kind)
        menus = host.eval_on_selector_all("#c-settings select", "(ms) => ms.map((m) => '#' + m.id)")
        cut += [(kind, menu, choice) for menu in menus for choice in cut_choices(host, menu)]
    host.select_option("#c-kind", kind_now)
    return cut


def test_host_form_reads_its_menus_whole_in_english(server: LiveServer, browser: Any) -> None:
    recorder = Recorder()
    host = new_page(browser, recorder, f"{server.url}/host#key={server.key}",
                    {"width": 1366, "height": 768}, locale="en-GB")
    host.wait_for_selector("#c-kind option[value='territory']", state="attached")
    host.wait_for_function("document.querySelector('#c-map').options.length > 0")
    maps = host.evaluate("fetch('/api/maps').then((r) => r.json())")
    shown = host.eval_on_selector("#c-map", "(menu) => menu.selectedOptions[0].textContent")
    assert shown == maps["titles"][maps["default"]]["en"]  # the English page's menus
    assert form_menus_cut(host) == []
    assert recorder.errors == []


def test_host_page_keeps_create_and_live_controls_in_view(server: LiveServer, browser: Any) -> None:
    """At 1366x768 "Créer et lancer" is on screen without scrolling through the form, the
    form's map is the host's default, and the live controls stay on screen wherever the page
    is scrolled."""
    recorder = Recorder()
    host = new_page(browser, recorder, f"{server.url}/host#key={server.key}",
                    {"width": 1366, "height": 768})
    host.wait_for_selector("#c-kind option[value='territory']", state="attached")
    host.wait_for_function("document.querySelector('#c-map').options.length > 0")
    assert in_view(host, "#c-create-start")
    default = host.evaluate("fetch('/api/maps').then((r) => r.json()).then((m) => m.default)")
    assert host.input_value("#c-map") == default
    # The menu reads the map's French title, not its file name.
    titles = host.evaluate("fetch('/api/maps').then((r) => r.json()).then((m) => m.titles)")
    shown = host.eval_on_selector("#c-map", "(menu) => menu.selectedOptions[0].textContent")
    assert shown == titles[default]["fr"]
    assert form_menus_cut(host) == []
    for seat in range(4):
        host.select_option(f"#seat-kind-{seat}", "bot3" if seat else "phone")
    host.click("#c-create-start")
    host.wait_for_selector("#live:not([hidden]) [data-cmd]")
    for where in (0, 10**6):
        host.evaluate(f"window.scrollTo(0, {where})")
        assert in_view(host, "#commands"), f"the live controls are out of view at scroll {where}"
    found = [p for p in problems(host, scroll_allowed=True) if "outside the viewport" not in p]
    assert found == [], "\n".join(found)
    assert recorder.errors == []


def test_docs_have_a_screenshot_of_every_screen_kind(screens: dict[str, Screen]) -> None:
    """tools/screenshots.py --layout keeps docs/screenshots/layout/ in step with the catalogue."""
    shots = Path(__file__).resolve().parents[2] / "docs" / "screenshots" / "layout"
    missing = [name for name, screen in screens.items()
               if not (shots / f"projector-{name}-1280x720.png").exists()
               or screen.phone is not None and not (shots / f"phone-{name}-360x640.png").exists()]
    assert missing == [], "run tools/screenshots.py --layout"
    assert (shots / "host-form-1366x768.png").exists()


# -- the small things (issue 28, item 4), each on the screens above ------------------------------

def test_countdowns_show_the_seconds_left(server: LiveServer, browser: Any,
                                         screens: dict[str, Screen]) -> None:
    """A number beside the bar (css .timer::after from the track's data-secs), on the
    projector and the phones: the question's 20 s."""
    for audience, path, timer in (("projector", "/screen", "#question .timer"),
                                  ("phone", "/", "#play .timer")):
        page = catalogue_page(browser, server.url + path)
        shown = show_and_read(page, screens["question-numeric"], audience,
                              f"() => getComputedStyle(document.querySelector('{timer}'), "
                              "'::after').content")
        assert shown == '"20"', (audience, shown)
        page.context.close()


def test_a_paused_phone_is_greyed_and_refuses_taps_visibly(server: LiveServer, browser: Any,
                                                           screens: dict[str, Screen]) -> None:
    page = catalogue_page(browser, server.url + "/")
    page.set_viewport_size({"width": 390, "height": 844})
    show(page, screens["question-paused"], "phone")
    assert page.evaluate("document.body.dataset.paused") == "yes"
    assert page.locator("#p-paused").inner_text() == "En pause"  # the banner above the question
    key = page.locator("[data-key='7']").bounding_box()
    assert key is not None
    page.mouse.click(key["x"] + key["width"] / 2, key["y"] + key["height"] / 2)
    refused = page.locator("#p-paused").inner_text()
    assert refused == "Partie en pause : votre geste n’est pas envoyé"
    assert "7" not in page.locator(".typed").inner_text()  # the key under the layer got nothing
    show(page, screens["question-numeric"], "phone")  # resumed: the keys take taps again
    assert page.evaluate("document.body.dataset.paused") == "no"
    page.click("[data-key='7']")
    assert "7" in page.locator(".typed").inner_text()
    page.context.close()


def test_an_illegal_tap_says_why(server: LiveServer, browser: Any,
                                 screens: dict[str, Screen]) -> None:
    page = catalogue_page(browser, server.url + "/")
    page.set_viewport_size({"width": 390, "height": 844})
    show(page, screens["map-attack"], "phone")  # the attacker's phone
    page.wait_for_selector("#p-map .land.legal")
    page.locator("#p-map .land:not(.legal)").first.dispatch_event("click")
    assert page.locator("#status").inner_text() == (
        "Ce territoire n’est pas jouable : touchez un territoire en surbrillance")
    show(page, screens["russian-bank-play"], "phone")
    page.locator(".cards-kind .illegal").first.dispatch_event("click")
    assert page.locator(".cards-kind .error").inner_text() == (
        "Pas possible ici : touchez une carte ou une place mise en évidence")
    page.context.close()


def test_an_ordering_question_is_tapped_in_order_without_scrolling(
        server: LiveServer, browser: Any, screens: dict[str, Screen]) -> None:
    """Six items of about 40 characters and the lock-in button on a 360x640 phone, no scroll:
    each tap gives an item the next place, a tap on the last one takes it back, and the
    lock-in is offered once every item has its place."""
    page = catalogue_page(browser, server.url + "/")
    page.set_viewport_size({"width": 360, "height": 640})
    show(page, screens["quiz-order-question"], "phone")
    assert page.evaluate("document.scrollingElement.scrollHeight <= innerHeight")
    assert in_view(page, "#qr-order-lock") and page.is_disabled("#qr-order-lock")
    for item in (4, 2, 2, 2, 0, 1, 3):  # the third tap on 2 takes it back, the fourth puts it again
        page.click(f"[data-item='{item}']")
    places = page.locator(".qr-order-item .qr-order-place").all_inner_texts()
    assert places == ["3", "4", "2", "5", "1", "F"]
    page.click("[data-item='0']")  # not the last placed: nothing moves
    page.click("#qr-order-undo")
    assert page.locator(".qr-order-item.placed").count() == 4
    page.click("[data-item='3']")
    page.click("[data-item='5']")
    assert not page.is_disabled("#qr-order-lock") and in_view(page, "#qr-order-lock")
    page.context.close()


def test_projector_lobby_words_without_a_game(server: LiveServer, browser: Any) -> None:
    page = catalogue_page(browser, server.url + "/screen")
    assert page.locator("#lobby h1").inner_text() == "Scannez pour jouer"
    assert page.locator("#lobby [data-t='room_code']").inner_text() == "Code de la salle"
    page.context.close()


def test_the_buzz_button_has_no_square_inside(server: LiveServer, browser: Any,
                                              screens: dict[str, Screen]) -> None:
    """Its gradient is drawn from the border box: from the padding box it tiled into the
    round border and showed a square."""
    page = catalogue_page(browser, server.url + "/")
    page.set_viewport_size({"width": 390, "height": 844})
    for name in ("buzzer-idle", "buzzer-decided"):
        style = show_and_read(page, screens[name], "phone", """() => {
            const s = getComputedStyle(document.querySelector('#bz-button'));
            return [s.backgroundOrigin, s.borderTopWidth]; }""")
        assert style[0] == "border-box" or style[1] == "0px", (name, style)
    page.context.close()


def test_french_quotes_and_questions_marks_keep_to_their_words(server: LiveServer,
                                                               browser: Any) -> None:
    """T.prose: in French no line breaks between « and its word, nor before ? ! : ; » (a
    "«" left at the end of the projector's line read badly); English text is left alone."""
    page = catalogue_page(browser, server.url + "/screen")
    text = "Avec quel acteur Dalida chante-t-elle « Paroles, paroles » ?"
    french = page.evaluate("(t) => { T.use('fr'); return T.prose(t); }", text)
    assert french == ("Avec quel acteur Dalida chante-t-elle «\u00a0Paroles, paroles\u00a0»"
                      "\u00a0?")
    assert page.evaluate("(t) => { T.use('en'); return T.prose(t); }", text) == text
    page.context.close()
