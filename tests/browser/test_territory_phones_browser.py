"""Territory on a phone, as a new player reads it (issue 49, point 7), in Debian's Chromium.

The states come from seeded bot games played on virtual time (the same Session and views as a
live night, tests/browser/screen_catalog.py), one in French and one in English, with team
names as subjects ("Les Ours", "The Bears") beside a person's ("Kim"); each is handed to the
phone page's own `render`, as if the host had sent it (tests/browser/layout.py). Checked:

- a duel's phone says who attacks whom, for which territory, and this phone's side: the
  attacker's, the defender's and an onlooker's words;
- a picture question the game shows on the projector only says so on the phone ("Look at the
  screen");
- on a 360x640 phone, every territory the player may tap now is reachable by a target of at
  least 44x44 px: its region on the map, else its name in the list under the map (whose tap is
  the region's); on the default map (France) and on the German states (Bremen, Hamburg, Berlin);
- the host page at 390x844 during a reveal, in English and French, never scrolls sideways (a
  live server and a bot game paused on its reveal).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from host.quiz.packs import bundled_packs_dir
from host.session.core import HOST, Session
from tests.browser.driver import Recorder, new_page
from tests.browser.layout import catalogue_page, show
from tests.browser.screen_catalog import Screen, Table, table
from tests.live import LiveServer, Peer

pytestmark = pytest.mark.browser

NAMES = {"fr": ["Les Aigles", "Les Ours", "Kim"], "en": ["The Eagles", "The Bears", "Kim"]}
SMALL_PHONE = {"width": 360, "height": 640}
TALL_PHONE = {"width": 390, "height": 844}


def play(tab: Table, language: str, game_map: str, seed: int,
         turns_wanted: int) -> dict[str, Screen]:
    """A 3-bot game on virtual time, until it has shown the first duel's phones (attacker,
    defender, onlooker), the first picture question's phone, and `turns_wanted` turns (a pick
    or an attack) on the phone whose turn it is ("turn-<n>"); then the host ends it."""
    tab.screens.clear()
    turns = 0
    session = tab.hub.create_game("territory", [{"name": n, "bot": 3} for n in NAMES[language]],
                                  seed=seed, language=language, game_map=game_map)

    def watch(s: Session) -> None:
        nonlocal turns
        view = s.view("screen")["view"] or {}
        question = view.get("question") or {}
        attack = view.get("attack")
        if view.get("stage") == "answering" and question.get("purpose") == "duel" and attack:
            onlooker = ({0, 1, 2} - {attack["attacker"], attack["defender"]}).pop()
            for name, seat in (("duel-attacker", attack["attacker"]),
                               ("duel-defender", attack["defender"]),
                               ("duel-onlooker", onlooker)):
                tab.keep(name, s, seat=seat)
        if view.get("stage") == "answering" and (question.get("content") or {}).get("image"):
            tab.keep("picture", s, seat=question["seats"][0])
        if view.get("stage") in ("pick", "attack") and view.get("turn_seat") is not None:
            tab.keep(f"turn-{turns}", s, seat=view["turn_seat"])
            turns += 1

    def done() -> bool:
        return turns >= turns_wanted and {"duel-attacker", "picture"} <= set(tab.screens)

    session.submit(HOST, {"type": "start"})
    watch(session)
    while session.status != "over" and not done() and tab.scheduler.run_next():
        watch(session)
    session.submit(HOST, {"type": "end"})
    assert done(), sorted(tab.screens)
    return dict(tab.screens)


@pytest.fixture(scope="module")
def games() -> dict[str, dict[str, Screen]]:
    """French and English games on the default map (France's regions), and the German states
    (Bremen, Hamburg and Berlin are small): their turns run into the combat's attacks."""
    with table() as tab:
        return {"fr": play(tab, "fr", "france-regions", 4, 14),
                "en": play(tab, "en", "france-regions", 4, 4),
                "de": play(tab, "fr", "germany-states", 5, 20)}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """The bundled packs, so a picture question's image is served."""
    root = tmp_path_factory.mktemp("territory-phones")
    live = LiveServer(data=root / "data", packs=bundled_packs_dir()).start()
    yield live
    live.stop()


def phone_page(browser: Any, server: LiveServer, locale: str, recorder: Recorder) -> Any:
    page = catalogue_page(browser, server.url + "/", recorder, locale=locale)
    page.set_viewport_size(SMALL_PHONE)
    return page


def drawn(page: Any, screen: Screen) -> None:
    """Show `screen` on the phone, and wait for its map (and the lines that need its names)."""
    show(page, screen, "phone")
    page.wait_for_function("Maps.cache.size > 0")
    page.evaluate("() => Promise.all([...Maps.cache.values()]).then(() => new Promise((done) => "
                  "requestAnimationFrame(() => requestAnimationFrame(done))))")


def attack_of(screen: Screen) -> dict[str, Any]:
    assert screen.phone is not None
    attack: dict[str, Any] = screen.phone["view"]["attack"]
    return attack


def name_of(page: Any, territory: str) -> str:
    return str(page.evaluate("(id) => Promise.all([...Maps.cache.values()]).then((maps) => { "
                             "const t = maps[0].byId[id]; "
                             "return T.lang === 'fr' ? t.name_fr : t.name_en; })", territory))


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_duel_phone_says_who_attacks_whom_where_and_its_side(
        server: LiveServer, browser: Any, games: dict[str, dict[str, Screen]], lang: str) -> None:
    screens = games[lang]
    recorder = Recorder()
    page = phone_page(browser, server, {"fr": "fr-FR", "en": "en-GB"}[lang], recorder)
    names = NAMES[lang]
    lines = {}
    for side in ("attacker", "defender", "onlooker"):
        screen = screens[f"duel-{side}"]
        drawn(page, screen)
        attack = attack_of(screen)
        where = name_of(page, attack["target"])
        a, d = names[attack["attacker"]], names[attack["defender"]]
        lines[side] = page.locator("#p-duel").inner_text()
        assert page.locator("#p-duel").is_visible()
        want = {
            "fr": {"attacker": f"Vous attaquez {where} (défense\u00a0: {d})",
                   "defender": f"Vous défendez {where} contre {a}",
                   "onlooker": f"Attaque\u00a0: {a} → {where} (défense\u00a0: {d})"},
            "en": {"attacker": f"You attack {where} (defended by {d})",
                   "defender": f"You defend {where} against {a}",
                   "onlooker": f"Attack: {a} → {where} (defended by {d})"},
        }[lang][side]
        assert lines[side] == want, (side, lines[side])
        side_mark = {"attacker": "attack", "defender": "defend", "onlooker": "watch"}[side]
        assert page.get_attribute("#p-duel", "data-side") == side_mark
    page.context.close()
    assert recorder.errors == []


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_picture_only_on_the_projector_is_pointed_at_on_the_phone(
        server: LiveServer, browser: Any, games: dict[str, dict[str, Screen]], lang: str) -> None:
    screen = games[lang]["picture"]
    assert screen.phone is not None
    content = screen.phone["view"]["question"]["content"]
    assert content["image"] and not content.get("image_on_phones")  # the game's default
    recorder = Recorder()
    page = phone_page(browser, server, {"fr": "fr-FR", "en": "en-GB"}[lang], recorder)
    drawn(page, screen)
    assert page.locator("#p-picture img").count() == 0
    look = page.locator("#p-look")
    assert look.is_visible()
    assert look.inner_text() == {"fr": "Image\u00a0: regardez l’écran",
                                 "en": "Picture: look at the screen"}[lang]
    # Above the question, on screen without scrolling.
    box, prompt = look.bounding_box(), page.locator("#p-prompt").bounding_box()
    assert box is not None and prompt is not None
    assert box["y"] + box["height"] <= prompt["y"] + 1 and box["y"] + box["height"] <= 640
    # Under the duel's line and this one, the four options are still on the first screen.
    last = page.locator("#controls .choice").last.bounding_box()
    assert page.locator("#controls .choice").count() == 4 and last is not None
    assert last["y"] + last["height"] <= 640 and last["height"] >= 44, last
    # Shown on the phone, the picture takes the line's place.
    phone = {**screen.phone, "view": {**screen.phone["view"], "question": {
        **screen.phone["view"]["question"], "content": {**content, "image_on_phones": True}}}}
    drawn(page, Screen(screen.name, screen.screen, phone, screen.seat))
    assert page.locator("#p-picture img.q-image").get_attribute("src") == content["image"]
    assert look.is_hidden()
    page.context.close()
    assert recorder.errors == []


REACH = """(min) => {
  const legal = (state.view.legal || []).map((a) => a.territory);
  const big = (el) => { if (!el) return false; const r = el.getBoundingClientRect();
    return r.width >= min && r.height >= min && getComputedStyle(el).visibility !== 'hidden'; };
  const on = (sel) => document.querySelector(sel);
  return legal.filter((id) => !big(on(`#p-map path.land.legal[data-id="${id}"]`))
    && !big(on(`#p-targets:not([hidden]) .target-btn[data-id="${id}"]`)));
}"""


def test_every_legal_territory_is_a_44_px_target_on_a_360_phone(
        server: LiveServer, browser: Any, games: dict[str, dict[str, Screen]]) -> None:
    recorder = Recorder()
    page = phone_page(browser, server, "fr-FR", recorder)
    listed = []
    for game in ("fr", "de"):
        turns = [s for name, s in games[game].items() if name.startswith("turn-")]
        assert len(turns) >= 10, game
        for screen in turns:
            drawn(page, screen)
            assert page.evaluate(REACH, 44) == [], (game, screen.name)
            if page.locator("#p-targets:not([hidden]) .target-btn").count():
                listed.append(screen)
    assert len(listed) >= 5  # the German states' small ones are offered by name
    # A name's tap is its region's: the same action goes out.
    drawn(page, listed[-1])
    page.evaluate("Outbox.pending.clear()")
    button = page.locator("#p-targets .target-btn").first
    territory = button.get_attribute("data-id")
    button.click()
    sent = page.evaluate("[...Outbox.pending.values()].map((item) => item.action)")
    assert len(sent) == 1 and sent[0]["territory"] == territory, sent
    assert sent[0]["type"] == page.evaluate("state.view.stage")
    page.context.close()
    assert recorder.errors == []


def test_a_land_under_a_finger_stays_when_a_state_changes_nothing_it_shows(
        server: LiveServer, browser: Any, games: dict[str, dict[str, Screen]]) -> None:
    """A state for another reason (a teammate's phone away, a rename) while it is this
    phone's pick: the lands and the names to tap stay the same elements (the phone drew them
    anew at every state, and one replaced between a tap's press and its release lost the
    tap). Another turn draws them again."""
    recorder = Recorder()
    page = phone_page(browser, server, "fr-FR", recorder)
    turns = [s for name, s in games["de"].items() if name.startswith("turn-")]
    screen = next(s for s in turns if s.phone is not None and len(s.phone["view"]["legal"]) > 1)
    assert screen.phone is not None
    drawn(page, screen)
    marked = """() => { for (const el of document.querySelectorAll(
        '#p-map path.land.legal, #p-targets .target-btn')) el.dataset.kept = 'yes';
        return document.querySelectorAll('[data-kept]').length; }"""
    count = page.evaluate(marked)
    assert count >= 2
    meta = screen.phone["meta"]
    seats = [{**seat, "away": True} if n == 0 else seat for n, seat in enumerate(meta["seats"])]
    later = {**screen.phone, "meta": {**meta, "seq": meta["seq"] + 1, "seats": seats}}
    drawn(page, Screen(screen.name, screen.screen, later, screen.seat))
    assert page.evaluate("document.querySelectorAll('[data-kept]').length") == count
    other = next(s for s in turns if s is not screen and s.phone is not None
                 and s.phone["view"]["territories"] != screen.phone["view"]["territories"])
    drawn(page, other)
    assert page.evaluate("document.querySelectorAll('#p-map [data-kept]').length") == 0
    page.context.close()
    assert recorder.errors == []


@pytest.mark.parametrize("locale", ["en-GB", "fr-FR"])
def test_the_host_page_never_scrolls_sideways_at_390_during_a_reveal(
        server: LiveServer, browser: Any, locale: str) -> None:
    recorder = Recorder()
    peer = Peer(server, "/host", auth={"key": server.key})
    names = ["Marie-Christine Dupont-L", "Jean-Baptiste de la Font", "Anne-Sophie Vandenbroeck"]
    ack = peer.call("create", {
        "kind": "territory", "language": locale[:2], "seed": 3, "pace": 0.2, "start": True,
        "settings": {"reveal_seconds": 30}, "seats": [{"name": n, "bot": 3} for n in names],
    })
    assert ack["ok"], ack
    game = ack["game"]
    try:
        peer.wait_for(lambda s: bool(s["view"]) and s["view"]["stage"] == "reveal", timeout=60)
        assert peer.call("command", {"game": game, "type": "pause"})["ok"]
        # The host page follows the room's game, paused on its reveal.
        host = new_page(browser, recorder, f"{server.url}/host#key={server.key}", TALL_PHONE,
                        locale=locale)
        host.wait_for_selector("#h-question .live-table [data-override]")
        host.wait_for_function("document.fonts.ready.then(() => true)")
        wide = host.evaluate("""() => [...document.querySelectorAll('body *')].filter((el) => {
            const r = el.getBoundingClientRect(); return r.width > 0 && r.right > innerWidth + 1; })
            .map((el) => el.tagName + '#' + el.id + '.' + el.className).slice(0, 8)""")
        assert host.evaluate("document.scrollingElement.scrollWidth") <= 390, wide
        assert wide == []
    finally:
        peer.call("command", {"game": game, "type": "end"})
        peer.close()
    assert recorder.errors == []
