"""The pages of a whole night in one Chromium (test_whole_night_browser.py): the projector,
the host page and five phones in three teams, in French or English; the screenshots of its
key moments at the issue's sizes; what a person checks between two games (the night's
table, a game's podium, phones that follow the room)."""

from __future__ import annotations

import re
import shutil
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tests.browser.driver import Recorder, new_page
from tests.live import LiveServer

ROOT = Path(__file__).resolve().parents[2]
BUNDLED = ROOT / "questions" / "packs"
# The bundled packs the night draws from: a general pack (choice and number questions), a
# typed one, an ordering one and the music pack with its clips, in each language.
PACKS = ("fr-general-1", "fr-typed-1", "fr-order", "fr-music",
         "en-general", "en-typed-1", "en-order", "en-music")
SIZES = {"screen": [(1920, 1080), (1280, 720)], "phone": [(390, 844), (360, 640)],
         "host": [(1366, 768), (390, 844)]}
# Drawn and still: no finite animation running (a podium's steps rise one after the other).
SETTLED = ("document.getAnimations().every((a) => a.playState !== 'running'"
           " || a.effect.getComputedTiming().iterations === Infinity)")
LOCALE = {"fr": "fr-FR", "en": "en-GB"}
# Who plays: three teams, the first two of two phones (seat, name of the phone).
PHONES = [(0, "Ana"), (0, "Zoé"), (1, "Bruno"), (1, "Chloé"), (2, "Dan")]
WORDS: dict[str, dict[str, Any]] = {
    "fr": {"night": "Soirée du jeudi", "teams": ["Les Ours", "Les Loups", "Les Aigles"],
           "colours": ["Rouge", "Bleu", "Jaune", "Vert"],
           "needs_click": "Le projecteur attend un clic pour le son",
           "sound_on": "Son du projecteur : activé", "touch": "Touchez l’écran",
           "clip_on": "Extrait en cours", "night_end": "Terminer la soirée",
           "finish": "Vous finissez", "podium": "Podium · Soirée du jeudi", "one_phone": "1 tél.",
           "two_phones": "2 tél.",
           "night_over": "soirée terminée", "game_over": "Partie terminée",
           "after": ["aucune partie jouée", "classement après 1 partie",
                     "classement après {n} parties"]},
    "en": {"night": "Thursday night", "teams": ["The Bears", "The Wolves", "The Eagles"],
           "colours": ["Red", "Blue", "Yellow", "Green"],
           "needs_click": "The projector needs a click to play sound",
           "sound_on": "Projector sound: on", "touch": "Touch the screen",
           "clip_on": "Clip playing", "night_end": "End the night",
           "finish": "You finish", "podium": "Podium · Thursday night", "one_phone": "1 phone",
           "two_phones": "2 phones",
           "night_over": "night over", "game_over": "Game over",
           "after": ["no game played yet", "standings after 1 game", "standings after {n} games"]},
}


def copy_packs(folder: Path) -> None:
    """The night's bundled packs, and the music pack's clips, in a server's packs folder."""
    folder.mkdir(parents=True)
    for pack in PACKS:
        shutil.copy(BUNDLED / f"{pack}.yaml", folder / f"{pack}.yaml")
    shutil.copytree(BUNDLED / "music", folder / "music")


class Shots:
    """Screenshots of a moment at the issue's sizes; each page's size is put back after."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.taken: list[Path] = []
        folder.mkdir(parents=True, exist_ok=True)

    def take(self, moment: str, pages: dict[str, Any], settle: bool = True,
             shown: dict[str, str] | None = None) -> None:
        """`shown`: per role, a part of the page scrolled into view first (as a person would)."""
        for role, page in pages.items():
            before = page.viewport_size
            for width, height in SIZES[role]:
                page.set_viewport_size({"width": width, "height": height})
                if role in (shown or {}):
                    page.locator((shown or {})[role]).scroll_into_view_if_needed()
                if settle:
                    page.wait_for_function(SETTLED)
                path = self.folder / f"{len(self.taken):03d}-{moment}-{role}-{width}x{height}.png"
                page.screenshot(path=str(path))
                self.taken.append(path)
            page.set_viewport_size(before)


@dataclass
class Night:
    """One night's pages: the projector, the host page (its states recorded) and the phones."""

    browser: Any
    live: LiveServer
    lang: str
    shots: Shots
    recorder: Recorder = field(default_factory=Recorder)
    screen: Any = None
    host: Any = None
    phones: list[Any] = field(default_factory=list)
    night: str = ""

    @property
    def words(self) -> dict[str, Any]:
        return WORDS[self.lang]

    @property
    def teams(self) -> list[str]:
        return list(self.words["teams"])

    def page(self, path: str, size: dict[str, int], states: bool = False) -> Any:
        return new_page(self.browser, self.recorder, self.live.url + path, size, states=states,
                        locale=LOCALE[self.lang])

    def shoot(self, moment: str, *roles: str, phone: int = 0, settle: bool = True,
              host_at: str | None = None) -> None:
        """The moment on the projector, phone `phone` and the host page (or the roles named);
        `host_at`: the part of the host page a host would scroll to (else the game's panel)."""
        everyone = {"screen": self.screen, "phone": self.phones[phone] if self.phones else None,
                    "host": self.host}
        chosen = roles or ("screen", "phone", "host")
        self.shots.take(moment, {r: everyone[r] for r in chosen if everyone[r] is not None},
                        settle=settle, shown={"host": host_at or "#live"})

    def open(self) -> None:
        """The projector and the host page; the host opens the night with its own controls.
        Nothing is asked of the projector's page here: anything Playwright evaluates in a
        page counts as a user's gesture there (test_video_sound_browser.py), and its sound
        must wait for the tap in the lobby."""
        self.screen = self.page("/screen", {"width": 1920, "height": 1080})
        self.host = self.page(f"/host#key={self.live.key}", {"width": 1366, "height": 768},
                              states=True)
        self.host.wait_for_selector("#c-kind option[value='quiz-round']", state="attached")
        self.host.fill("#n-name", self.words["night"])
        self.host.click("#n-open")
        self.host.wait_for_function("document.querySelector('#n-choose').value !== ''")
        self.night = str(self.host.evaluate("document.querySelector('#n-choose').value"))
        assert self.host.inner_text("#n-end") == self.words["night_end"]

    def join(self) -> None:
        """Five phones scan and name themselves: two on each of the first two colours."""
        for seat, name in PHONES:
            phone = self.page("/", {"width": 360, "height": 740})
            phone.fill("#name", name)
            phone.click(f".colour-btn[data-seat='{seat}']")
            phone.wait_for_function(f"document.body.dataset.seat === '{seat}'")
            phone.evaluate("window.__sameLoad = true")  # gone if the page ever reloads
            self.phones.append(phone)
        self.phones[0].set_viewport_size({"width": 390, "height": 844})

    def tap_projector(self) -> None:
        """One tap on the projector in the lobby: its sound is on, the host page says so."""
        self.screen.click("#lobby")
        self.host.wait_for_selector("#projector-sound-on", state="visible")
        assert self.words["sound_on"] in self.host.inner_text("#projector-sound-on")
        assert self.words["touch"] not in self.screen.inner_text("#mute")

    def followed(self, game: str) -> None:
        """Every phone is in `game` on its own colour, with its team, and never reloaded."""
        for (seat, _name), phone in zip(PHONES, self.phones, strict=True):
            phone.wait_for_function(
                "([game, seat]) => document.body.dataset.seat === String(seat) &&"
                " JSON.parse(localStorage.getItem('tourelle.seat') || 'null')?.game === game",
                arg=[game, seat])
            assert phone.evaluate("window.__sameLoad === true"), "a phone reloaded"
        # Each team led by its captain of the first game, whichever phone came back first.
        self.host.wait_for_function(
            "(names) => JSON.stringify(state.meta.seats.slice(0, 3).map((s) =>"
            " ((s.team || []).find((p) => p.captain) || {}).name)) === JSON.stringify(names)",
            arg=["Ana", "Bruno", "Dan"])

    def team_names_in_lobby(self) -> None:
        """The projector's lobby names each team as the host named it in the first game."""
        for seat, name in enumerate(self.teams):
            self.screen.wait_for_function(
                "([seat, name]) => [...document.querySelectorAll('#lobby-seats li')]"
                ".some((li) => li.textContent.includes(name))", arg=[seat, name])
        self.screen.wait_for_selector("#lobby-seats .team-count[data-phones='2']")
        alone = self.screen.inner_text("#lobby-seats .team-count[data-phones='1']")
        assert alone.endswith(self.words["one_phone"]), alone  # "1 phone", not "1 phones"

    def podium(self, phones: bool = True) -> list[str]:
        """A game's end: the projector's podium (its names, left to right), or a card game's
        own ranking (its lines, first to last); each phone's place in words."""
        self.screen.wait_for_selector("#podium:not([hidden]) .step,"
                                      " #kind-over:not([hidden]) .cards-ranking li")
        self.screen.wait_for_function(SETTLED)
        if self.screen.is_visible("#kind-over"):
            names = self.screen.eval_on_selector_all(".cards-ranking li",
                                                     "(n) => n.map((e) => e.innerText)")
        else:
            names = self.screen.eval_on_selector_all("#podium-steps .who strong",
                                                     "(n) => n.map((e) => e.textContent)")
            # Every step is drawn, a tie of two colours too (a block of its own colour).
            # (A tie's block wears its teams' colours as a gradient: a background image.)
            backgrounds = self.screen.eval_on_selector_all(
                "#podium-steps .block", "(b) => b.map((e) => { const s = getComputedStyle(e);"
                " return s.backgroundImage !== 'none' ? s.backgroundImage : s.backgroundColor; })")
            assert "rgba(0, 0, 0, 0)" not in backgrounds, backgrounds
        if phones:
            for phone in self.phones:
                phone.wait_for_function("(w) => document.body.innerText.includes(w)",
                                        arg=self.words["finish"])
        return list(names)

    def table(self, page: Any, selector: str) -> list[tuple[str, str, str]]:
        """The night's table as a page shows it: (place, name, points) a row."""
        rows = page.eval_on_selector_all(
            f"{selector} tr", "(rows) => rows.map((r) => [...r.cells].map((c) => c.innerText))")
        return [(place.strip(), name.strip(), points.strip()) for place, name, points in rows]

    def night_table_checks(self, played: int, bots: tuple[str, ...] = ()) -> None:
        """Between games: one row a team on the projector and the host page, named as the
        host named them (never a colour), no row twice; a robot has no place and comes last."""
        self.screen.wait_for_function(
            "(n) => !document.querySelector('#night-board').hidden && document.querySelector("
            "'#night-title').textContent.includes(String(n))", arg=played)
        self.host.wait_for_function(
            "(n) => document.querySelectorAll('#n-table tr').length >= n", arg=3 + len(bots))
        title = self.screen.inner_text("#night-title")  # "after 2 games", never "game(s)"
        after = self.words["after"][min(played, 2)].format(n=played)
        assert title == f"{self.words['night']} · {after}", title
        for page, selector in ((self.screen, "#night-table"), (self.host, "#n-table")):
            rows = self.table(page, selector)
            names = [re.sub(r"\s+", " ", name) for _place, name, _points in rows]
            assert len(names) == len(set(names)), rows  # no row twice
            people = [row for row in rows if not any(bot in row[1] for bot in bots)]
            robots = [row for row in rows if any(bot in row[1] for bot in bots)]
            assert sorted(name for _p, name, _s in people) == sorted(self.teams), rows
            assert all(place for place, _n, _s in people), rows
            assert all(place == "" for place, _n, _s in robots), rows
            assert rows[:len(people)] == people, rows  # robots after the people
            for colour in self.words["colours"]:
                assert all(colour not in name for _p, name, _s in people), rows

    def fits_on_screen(self, selector: str) -> None:
        """At each projector size, `selector` ends inside the window: nothing cut at the bottom
        or the right (drawn smaller, or scrolled inside its own box)."""
        before = self.screen.viewport_size
        for width, height in SIZES["screen"]:
            self.screen.set_viewport_size({"width": width, "height": height})
            self.screen.wait_for_function(SETTLED)
            box = self.screen.eval_on_selector(
                selector, "(e) => { const r = e.getBoundingClientRect();"
                " return [r.bottom, r.right, innerHeight, innerWidth]; }")
            assert box[0] <= box[2] + 1 and box[1] <= box[3] + 1, (width, height, box)
        self.screen.set_viewport_size(before)

    def phone_header_whole(self, phone: Any, team: str) -> None:
        """At each phone size, the header's team name and "2 tél." are drawn whole: their text
        ends inside every box around it (never "Les Lou…" or "2 t…" under an ellipsis)."""
        before = phone.viewport_size
        for (width, height), words in ((size, w) for size in SIZES["phone"]
                                       for w in (self.words["two_phones"], team)):
            phone.set_viewport_size({"width": width, "height": height})
            cut = phone.evaluate(
                """(words) => {
                  const me = document.querySelector('#me');
                  const walk = document.createTreeWalker(me, NodeFilter.SHOW_TEXT);
                  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
                    if (!n.textContent.includes(words)) continue;
                    const range = document.createRange();
                    range.selectNodeContents(n);
                    const right = range.getBoundingClientRect().right;
                    for (let box = n.parentElement; box; box = box.parentElement) {
                      if (box.getBoundingClientRect().right + 1 < right) return box.outerHTML;
                      if (box === me) return null;
                    }
                  }
                  return 'not in the header: ' + me.innerText;
                }""", words)
            assert cut is None, (width, cut)
        phone.set_viewport_size(before)

    def host_hand_menus(self) -> None:
        """At 390 px, each seat's "who plays it" menu says so ("Joué par") and stays inside
        the players' card."""
        before = self.host.viewport_size
        self.host.set_viewport_size({"width": 390, "height": 844})
        menus = self.host.eval_on_selector_all(
            "#h-seats select[data-hand]", "(all) => all.map((s) => [s.closest('label')?.innerText"
            " || '', s.getBoundingClientRect().right, s.closest('.card').getBoundingClientRect()"
            ".right])")
        assert menus, "no menu"
        label = {"fr": "Joué par", "en": "Played by"}[self.lang]
        for text, right, card in menus:
            assert text.startswith(label) and right <= card + 1, menus
        self.host.set_viewport_size(before)
