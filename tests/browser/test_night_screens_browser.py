"""What a night still showed between its seams (issue 42, item 18), each measured in Chromium
on states from seeded games (tests/browser/screen_catalog.py) handed to the page's own render:
a reveal row's number kept apart from its mark, a name cut only when its row has no room, a
paused question still readable with the pause said plainly, and a projector that never
scrolls while a card slides in."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from host.people.teams import TeamRules
from host.session.core import HOST, Origin
from host.session.phone_parts import merge
from tests.browser.driver import Recorder, host_page, join_seat
from tests.browser.layout import SIZES, catalogue_page, problems, show
from tests.browser.screen_catalog import Screen, catalog, table
from tests.browser.test_following_browser import create_game, end_game
from tests.live import LiveServer

pytestmark = pytest.mark.browser

PROJECTOR_SIZES = [(1920, 1080), (1280, 720)]


@pytest.fixture(scope="module")
def screens() -> dict[str, Screen]:
    return catalog()


def big_numbers(screen: Screen) -> Screen:
    """The four-row numeric reveal with answers in the thousands ("12 000", "13 140"): the
    widest a French number gets in a row, with its narrow no-break space."""
    state = copy.deepcopy(screen.screen)
    assert state is not None
    question = state["view"]["question"]
    question["content"] = {**question["content"], "answer": 13000, "unit": None}
    for answer, value in zip(question["answers"], (13140, 12000, 140000, 9500), strict=True):
        answer["value"] = value
    return Screen(screen.name, state)


# For each reveal row: the right end of its answer's text and the left end of its mark's, and
# the row's font size (a Range measures the text itself, overflowing its box or not).
ROW_GAPS = """() => [...document.querySelectorAll('#q-result .reveal-row')].map((row) => {
  const text = (el) => { const r = document.createRange(); r.selectNodeContents(el);
    return r.getBoundingClientRect(); };
  const val = text(row.querySelector('.val')), mark = text(row.querySelector('.mark'));
  return { val: row.querySelector('.val').textContent, mark: row.querySelector('.mark').textContent,
    gap: mark.left - val.right, em: parseFloat(getComputedStyle(row).fontSize) };
})"""


@pytest.mark.parametrize("size", PROJECTOR_SIZES)
def test_a_reveal_rows_number_stays_apart_from_its_mark(live: LiveServer, browser: Any,
                                                        screens: dict[str, Screen],
                                                        size: tuple[int, int]) -> None:
    """"12 0004ᵉ plus proche" at 1280x720: the answer ran into its mark. At least a quarter
    of an em between them, on every row, and the reveal still fits."""
    page = catalogue_page(browser, live.url + "/screen")
    page.set_viewport_size({"width": size[0], "height": size[1]})
    show(page, big_numbers(screens["reveal-numeric-4"]), "projector")
    rows = page.evaluate(ROW_GAPS)
    assert len(rows) == 4
    close = [row for row in rows if row["gap"] < 0.25 * row["em"]]
    assert close == [], close
    assert problems(page) == []
    page.context.close()


TEAMS = ["Les Sages du Comptoir", "Bleu", "Les Ours", "Quiz Kids"]


@pytest.fixture(scope="module")
def team_night() -> dict[str, Screen]:
    """A night's team quiz round (one numeric question): its lobby, the question, the
    reveal, the board and the game over with the night's table, then the night's podium;
    the phone is the team "Les Sages du Comptoir"'s (21 characters)."""
    screens: dict[str, Screen] = {}
    with table() as tab:
        night = tab.hub.open_night("Soirée du jeudi")
        game = tab.hub.create_game("quiz-round", [{"name": n} for n in TEAMS], seed=1,
                                   language="fr", night=night, teams=TeamRules(enabled=True),
                                   settings={"plan": [{"questions": 1, "mix": "numeric"}]})

        def keep(name: str) -> None:
            screens[name] = Screen(name, game.view("screen"), merge(*game.phone_payloads(0)), 0)

        keep("team-lobby")
        game.submit(HOST, {"type": "start"})
        while game.status != "over" and tab.scheduler.run_next():
            stage = (game.view("screen")["view"] or {}).get("stage")
            if stage and f"team-{stage}" not in screens:
                keep(f"team-{stage}")
                if stage == "answering":
                    right = game.view("host")["view"]["truth"]["answer"]
                    for seat in range(4):
                        game.submit(Origin("seat", seat), {"type": "answer",
                                                           "value": right + 3 * seat})
        keep("team-over")
        tab.hub.end_night(night)
        keep("team-night-podium")
    return screens


# Every name ending with an ellipsis while a row holding it has the room it lacks: for each
# flex row among its ancestors, the row's width less its padding, the gaps and the things on
# the name's line (a wrapped row's other lines do not count).
CUT_WITH_ROOM = """() => [...document.querySelectorAll('body *')].filter((e) => {
  const s = getComputedStyle(e);
  return s.textOverflow === 'ellipsis' && e.getClientRects().length && s.visibility === 'visible'
    && e.scrollWidth > e.clientWidth + 1 && e.textContent.trim();
}).flatMap((e) => {
  const missing = e.scrollWidth - e.clientWidth;
  const found = [];
  for (let child = e, row = e.parentElement; row && row !== document.body;
       child = row, row = row.parentElement) {
    const rs = getComputedStyle(row);
    if (!rs.display.endsWith('flex') || !rs.flexDirection.startsWith('row')) continue;
    const at = child.getBoundingClientRect();
    const line = [...row.children].map((c) => c.getBoundingClientRect())
      .filter((r) => r.width && r.bottom > at.top && r.top < at.bottom);
    const free = row.clientWidth - parseFloat(rs.paddingLeft) - parseFloat(rs.paddingRight)
      - line.reduce((sum, r) => sum + r.width, 0)
      - (parseFloat(rs.columnGap) || 0) * (line.length - 1);
    if (free >= missing) found.push({ text: e.textContent, missing, free: Math.round(free),
                                      row: row.className || row.id });
  }
  return found;
})"""


@pytest.mark.parametrize("audience", ["projector", "phone"])
def test_a_name_is_cut_only_when_its_row_has_no_room(live: LiveServer, browser: Any,
                                                     team_night: dict[str, Screen],
                                                     screens: dict[str, Screen],
                                                     audience: str) -> None:
    """"Les Sages d…" with half its row empty (the territory's order of attack cut every name
    at 7em): a team night's lobby, question, boards and podiums, the map with its order of
    attack and a question over it, the buzzer board, at every size."""
    page = catalogue_page(browser, live.url + ("/screen" if audience == "projector" else "/"))
    shown = {**team_night, **{name: screens[name] for name in (
        "map-attack", "question-choice", "question-numeric", "reveal-duel", "buzzer-decided",
        "night-table", "night-podium", "podium")}}
    found = []
    for width, height in SIZES[audience]:
        page.set_viewport_size({"width": width, "height": height})
        for name, screen in shown.items():
            if audience == "phone" and screen.phone is None:
                continue
            show(page, screen, audience)
            found += [f"{name} at {width}x{height}: {cut}" for cut in page.evaluate(CUT_WITH_ROOM)]
            found += [f"{name} at {width}x{height}: {p}"
                      for p in problems(page, scroll_allowed=audience == "phone")]
    page.context.close()
    assert found == [], "\n".join(found)


def paused(screen: Screen) -> Screen:
    """The same screen while the host has paused the game."""
    shown = copy.deepcopy(screen)
    for state in (shown.screen, shown.phone):
        if state is not None:
            state["meta"]["paused"] = True
    return shown


def overlaps(a: dict[str, float], b: dict[str, float]) -> bool:
    return (a["x"] < b["x"] + b["width"] and b["x"] < a["x"] + a["width"]
            and a["y"] < b["y"] + b["height"] and b["y"] < a["y"] + a["height"])


# The layer over a paused phone's controls: its background's opacity and its words.
PAUSE_LAYER = """() => { const s = getComputedStyle(document.querySelector('#play'), '::after');
  const alpha = s.backgroundColor.startsWith('rgba') ? parseFloat(s.backgroundColor.split(',')[3])
    : s.backgroundColor === 'transparent' ? 0 : 1;
  return { alpha, words: s.content }; }"""


@pytest.mark.parametrize("size", SIZES["phone"])
def test_a_paused_phone_keeps_its_question_readable(live: LiveServer, browser: Any,
                                                    screens: dict[str, Screen],
                                                    size: tuple[int, int]) -> None:
    """"En pause" was written over the prompt on a dark layer: the prompt stays readable (no
    wash and no words over it), the notice "En pause" is a banner on screen above it, and the
    layer still takes the taps (tests/browser/test_layout.py)."""
    page = catalogue_page(browser, live.url + "/")
    page.set_viewport_size({"width": size[0], "height": size[1]})
    for name, prompt in (("question-paused", "#p-prompt"),
                         ("quiz-order-question", "#qr-p-prompt")):
        screen = screens[name] if name.endswith("paused") else paused(screens[name])
        show(page, screen, "phone")
        layer = page.evaluate(PAUSE_LAYER)
        assert layer["alpha"] <= 0.3 and layer["words"] in ("none", '""', "normal"), (name, layer)
        notice = page.locator("#p-paused")
        assert notice.is_visible() and notice.inner_text() == "En pause", name
        banner, text = notice.bounding_box(), page.locator(prompt).bounding_box()
        assert banner is not None and text is not None
        assert banner["y"] >= 0, (name, banner)
        assert banner["y"] + banner["height"] <= text["y"], (name, banner, text)
    page.context.close()


@pytest.mark.parametrize("size", PROJECTOR_SIZES)
def test_the_projector_says_the_pause_plainly_beside_the_question(
        live: LiveServer, browser: Any, screens: dict[str, Screen], size: tuple[int, int]) -> None:
    """A small pill in the header was all the room saw: a banner across the screen, its words
    larger than the page's, over nothing of the question; the question still fits."""
    page = catalogue_page(browser, live.url + "/screen")
    page.set_viewport_size({"width": size[0], "height": size[1]})
    for name, panel in (("question-paused", "#question"),
                        ("quiz-order-question", "#qr-prompt")):
        screen = screens[name] if name.endswith("paused") else paused(screens[name])
        show(page, screen, "projector")
        notice = page.locator("#paused")
        assert notice.is_visible() and notice.inner_text() == "Partie en pause", name
        banner, question = notice.bounding_box(), page.locator(panel).bounding_box()
        assert banner is not None and question is not None
        assert banner["width"] >= 0.9 * size[0], (name, banner)
        sizes = page.evaluate("""() => [document.querySelector('#paused'), document.body]
            .map((e) => parseFloat(getComputedStyle(e).fontSize))""")
        assert sizes[0] >= 1.3 * sizes[1], (name, sizes)
        assert not overlaps(banner, question), (name, banner, question)
        assert problems(page) == [], name
    page.context.close()


def test_a_phone_never_says_the_room_moved_on_while_there_is_no_game(live: LiveServer,
                                                                      browser: Any) -> None:
    """A phone whose seat the next game has not is told "La salle est passée à la partie
    suivante : choisissez votre place"; the host deletes that game: the phone reads "Pas encore
    de partie", and no longer the red line about a game that is gone."""
    recorder = Recorder()
    host = host_page(browser, recorder, live)
    create_game(host, names=("Rouge", "Bleu"))
    phone = join_seat(browser, recorder, live.url, 1, name="Bea")
    end_game(host)
    create_game(host, names=("Rouge",))  # no blue seat: the phone is told to choose one
    notice = phone.locator("#join-notice")
    phone.wait_for_function("document.querySelector('#join-notice').textContent"
                            ".startsWith('La salle est passée')")
    assert notice.is_visible()
    host.click("[data-cmd='delete']")
    host.click("#confirm-yes")
    phone.wait_for_function("document.querySelector('#colours').textContent"
                            ".startsWith('Pas encore de partie')")
    assert not notice.is_visible(), notice.inner_text()
    # The line reads across the page (it was squeezed into one colour's cell of the grid).
    line = phone.locator("#colours .note").bounding_box()
    page = phone.locator("#colours").bounding_box()
    assert line is not None and page is not None and line["width"] >= 0.9 * page["width"]
    assert recorder.errors == []


# Every frame for `ms` after a render: the page's scroll size beyond the window, and any box
# that shows a scroll bar or was scrolled (the largest seen of each).
WATCH_SCROLL = """(ms) => new Promise((done) => {
  const worst = { page: [0, 0], boxes: {} };
  const start = performance.now();
  const look = () => {
    const root = document.scrollingElement;
    worst.page = [Math.max(worst.page[0], root.scrollWidth - innerWidth),
                  Math.max(worst.page[1], root.scrollHeight - innerHeight, root.scrollTop)];
    for (const e of document.querySelectorAll('body *')) {
      const bar = e.offsetHeight - e.clientHeight > 4 && e.clientHeight > 0
        || e.offsetWidth - e.clientWidth > 4 && e.clientWidth > 0;
      if (bar && e.scrollHeight > e.clientHeight || e.scrollTop || e.scrollLeft) {
        const name = e.tagName + '#' + e.id + '.' + e.className;
        worst.boxes[name] = Math.max(worst.boxes[name] || 0, e.scrollTop, e.scrollLeft, 1);
      }
    }
    if (performance.now() - start < ms) requestAnimationFrame(look); else done(worst);
  };
  requestAnimationFrame(look);
})"""


@pytest.mark.parametrize("size", PROJECTOR_SIZES)
def test_the_projector_never_scrolls_while_a_card_slides_in(
        live: LiveServer, browser: Any, screens: dict[str, Screen], size: tuple[int, int]) -> None:
    """The duel's question panel rises into place (css `rise`) at the foot of the side column:
    for a moment the page scrolled. Played with its animations, watched every frame."""
    context = browser.new_context(viewport={"width": size[0], "height": size[1]},
                                  locale="fr-FR")
    context.route("**/socket.io/**", lambda route: route.abort())
    context.route_web_socket("**/socket.io/**", lambda socket: socket.close())
    page = context.new_page()
    page.goto(live.url + "/screen")
    found = {}
    for name in ("map-attack", "question-choice", "reveal-duel", "question-numeric",
                 "reveal-numeric-4", "buzzer-decided", "podium"):
        page.evaluate("(s) => render(s)", screens[name].screen)
        worst = page.evaluate(WATCH_SCROLL, 1200)
        if worst["page"] != [0, 0] or worst["boxes"]:
            found[name] = worst
    context.close()
    assert found == {}, found
