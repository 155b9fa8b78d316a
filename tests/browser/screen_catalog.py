"""Every screen the room, the phones and the host read, as the pages receive them, from
seeded games played on virtual time (the same Session, journal and bots as a live night).

`catalog()` plays a few seeded games headless (a second or two in all) and keeps, for each
screen kind, the projector's payload and a phone's merged payload at a moment that shows
it: each kind of territory reveal, the map, the podiums, a night's table, the buzzer board
with long names, every card game and the lobby. The layout test and tools/screenshots.py
draw these in Chromium by handing them to the page's own `render` (pages/inject.js below).
"""

from __future__ import annotations

import base64
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from host.clock import VirtualClock, VirtualScheduler
from host.room.hub import Hub
from host.store.journal import Journal
from host.session.phone_parts import merge
from host.quiz.bank import QuestionBank
from host.session.core import HOST, Origin, Session

# Two short names and two of 24 characters, the longest a seat takes (they must end with an
# ellipsis, never overflow).
NAMES = ["Ana", "Jean-Baptiste de la Font", "Chloé", "Anne-Sophie Vandenbroeck"]
LONG_NAMES = ["Marie-Christine Dupont-L", "Jean-Baptiste de la Font", "Zoé",
              "Anne-Sophie Vandenbroeck"]


@dataclass
class Screen:
    """One screen kind: the projector's payload, and a phone's (its seat) when it has one."""

    name: str
    screen: dict[str, Any] | None
    phone: dict[str, Any] | None = None
    seat: int = 0


@dataclass
class Table:
    hub: Hub
    clock: VirtualClock
    scheduler: VirtualScheduler
    screens: dict[str, Screen] = field(default_factory=dict)

    def keep(self, name: str, session: Session, seat: int | None = 0) -> None:
        if name in self.screens:
            return
        phone = merge(*session.phone_payloads(seat)) if seat is not None else None
        self.screens[name] = Screen(name, session.view("screen"), phone, seat or 0)

    def play(self, session: Session, watch: Callable[[Session], None]) -> None:
        """Run the game's timers and bots to its end, calling `watch` after every step."""
        session.submit(HOST, {"type": "start"})
        watch(session)
        while session.status != "over" and self.scheduler.run_next():
            watch(session)


@contextmanager
def table() -> Iterator[Table]:
    with tempfile.TemporaryDirectory() as tmp:
        clock = VirtualClock()
        scheduler = VirtualScheduler(clock)
        journal = Journal(Path(tmp) / "journal.sqlite")
        hub = Hub(journal, QuestionBank.bundled(), publish=None, clock=clock,
                  scheduler_factory=lambda: scheduler, threaded=False)
        try:
            yield Table(hub, clock, scheduler)
        finally:
            journal.close()


def reveal_name(view: dict[str, Any]) -> str | None:
    """The screen kind a territory reveal is: choice, numeric-<rows>, picture, duel, campaign."""
    question = view.get("question")
    if view.get("stage") != "reveal" or not question:
        return None
    content = question.get("content") or {}
    rows = len(question.get("answers") or [])
    if view.get("mode") == "campaign" and question.get("purpose") == "conquest":
        return "reveal-campaign-picture" if content.get("image") else "reveal-campaign"
    if content.get("image"):
        return "reveal-picture"
    if question.get("purpose") == "duel":
        return "reveal-duel"
    if content.get("kind") == "numeric":
        return f"reveal-numeric-{rows}" if question.get("purpose") == "expansion" \
            else "reveal-speed"
    return "reveal-choice"


def territory(tab: Table, players: int, mode: str = "classic", seed: int = 1,
              names: list[str] = NAMES) -> None:
    seats = [{"name": n, "bot": 3} for n in names[:players]]
    session = tab.hub.create_game("territory", seats, seed=seed, language="fr",
                                  settings={"mode": mode}, game_map="france-regions")
    tab.keep("lobby", session)

    def watch(s: Session) -> None:
        view = s.view("screen")["view"] or {}
        name = reveal_name(view)
        if name:
            tab.keep(name, s)
        question = view.get("question")
        if question and view.get("stage") == "answering":
            kind = (question.get("content") or {}).get("kind")
            if f"question-{kind}" not in tab.screens and s.meta()["timer"]:
                tab.keep(f"question-{kind}", s)
                if kind == "numeric":  # the same question while the host has paused the game
                    s.submit(HOST, {"type": "pause"})
                    tab.keep("question-paused", s)
                    s.submit(HOST, {"type": "resume"})
        if view.get("stage") == "attack":
            tab.keep("map-attack", s, seat=view["turn_seat"])  # the attacker's phone
        if s.status == "over":
            tab.keep("podium", s)

    tab.play(session, watch)


def buzzer(tab: Table) -> None:
    """A board of four long names: a ranking window closed and decided, one answer marked."""
    session = tab.hub.create_game("buzzer", [{"name": n} for n in LONG_NAMES], seed=3,
                                  language="fr")
    session.submit(HOST, {"type": "start"})
    tab.keep("buzzer-idle", session)
    now = tab.clock.now_ns()
    session.submit(HOST, {"type": "open", "mode": "ranking", "t_ns": now})
    for order, seat in enumerate((3, 0, 1)):
        pressed = now + 10**8 + order * 3 * 10**6
        session.submit(Origin("seat", seat), {"type": "buzz", "t_ns": pressed, "source": "phone",
                                              "u_ns": 2 * 10**6})
    session.submit(HOST, {"type": "close", "t_ns": now + 5 * 10**8})
    while tab.scheduler.run_next():
        pass
    tab.keep("buzzer-decided", session, seat=3)


def cards(tab: Table, kind: str, players: int, seed: int = 5) -> None:
    seats = [{"name": n, "bot": 2} for n in NAMES[:players]]
    session = tab.hub.create_game(kind, seats, seed=seed, language="fr")
    steps = 0

    def watch(s: Session) -> None:
        nonlocal steps
        steps += 1
        view = s.view("screen")["view"] or {}
        if kind == "challengers" and "challengers-draft" not in tab.screens:
            for seat in range(players):  # a phone choosing its cards: card names on a phone
                mine = merge(*s.phone_payloads(seat))["view"] or {}
                if mine.get("legal") and mine.get("phase") != "match":
                    tab.keep("challengers-draft", s, seat=seat)
                    break
        if kind == "challengers" and view.get("phase") == "match" and view.get("matches"):
            tab.keep("challengers-match", s, seat=view["matches"][0].get("actor") or 0)
        if steps == 12:
            tab.keep(f"{kind}-play", s)
        if s.status == "over":
            tab.keep(f"{kind}-over", s)

    tab.play(session, watch)


def night(tab: Table) -> None:
    """A night of two games: its running table between them, then its podium."""
    night_id = tab.hub.open_night("Soirée du jeudi")
    first = tab.hub.create_game("territory", [{"name": n, "bot": 3} for n in LONG_NAMES],
                                seed=2, language="fr", night=night_id)
    tab.play(first, lambda s: None)
    tab.keep("night-game-over", first)  # the game's podium with the night's table
    second = tab.hub.create_game("territory", [{"name": n, "bot": 3} for n in LONG_NAMES],
                                 seed=3, language="fr", night=night_id)
    tab.keep("night-table", second)
    tab.play(second, lambda s: None)
    tab.hub.end_night(night_id)
    tab.keep("night-podium", second)


def quiz_order(tab: Table) -> None:
    """A quiz round's ordering question of six long items (fr-ord-017): the phones' tap-to-order,
    a phone locked in, and the reveal (seat 0 has two items swapped: its order against the
    right one)."""
    session = tab.hub.create_game("quiz-round", [{"name": n} for n in LONG_NAMES], seed=4,
                                  language="fr", settings={"plan": [{"ids": ["fr-ord-017"]}]})
    session.submit(HOST, {"type": "start"})
    while (session.view("screen")["view"] or {}).get("stage") != "answering":
        assert tab.scheduler.run_next(), "the quiz round never asked its question"
    tab.keep("quiz-order-question", session)
    right = session.view("host")["view"]["truth"]["answer"]
    swapped = [right[1], right[0], *right[2:]]
    now = tab.clock.now_ns()
    for seat, order in ((0, swapped), (1, right), (2, sorted(right))):
        session.submit(Origin("seat", seat), {"type": "answer", "value": order,
                                              "t_ns": now + (seat + 3) * 10**9})
    tab.keep("quiz-order-locked", session)
    session.submit(HOST, {"type": "close"})
    tab.keep("quiz-order-reveal", session)


def quiz_numeric(tab: Table) -> None:
    """A quiz round's numeric reveal on the phone of a team that was second closest: its
    points by rank, its place ("2e plus proche") and its own answer."""
    session = tab.hub.create_game("quiz-round", [{"name": n} for n in LONG_NAMES], seed=5,
                                  language="fr", settings={"plan": [{"mix": "numeric"}]})
    session.submit(HOST, {"type": "start"})
    while (session.view("screen")["view"] or {}).get("stage") != "answering":
        assert tab.scheduler.run_next(), "the quiz round never asked its question"
    right = session.view("host")["view"]["truth"]["answer"]
    now = tab.clock.now_ns()
    for seat, value in ((0, right + 3), (1, right), (2, right + 500)):
        session.submit(Origin("seat", seat), {"type": "answer", "value": value,
                                              "t_ns": now + (seat + 3) * 10**9})
    session.submit(HOST, {"type": "close"})
    tab.keep("quiz-numeric-reveal", session)


def quiz_video(tab: Table) -> None:
    """A quiz round's choice question with a video clip on the projector (no bundled pack has
    one: the room's `clip` names the tiny test video, in the page, where host/quiz_round/clip.py
    names its URL); phones get no video, so the screen has no phone part."""
    session = tab.hub.create_game("quiz-round", [{"name": n} for n in LONG_NAMES], seed=6,
                                  language="fr", settings={"plan": [{"mix": "choice"}]})
    session.submit(HOST, {"type": "start"})
    while (session.view("screen")["view"] or {}).get("stage") != "answering":
        assert tab.scheduler.run_next(), "the quiz round never asked its question"
    shown = session.view("screen")
    film = base64.b64encode((Path(__file__).parents[1] / "fixtures" / "tiny-clip.webm")
                            .read_bytes()).decode()
    shown["view"] = {**shown["view"], "clip": {"plays": 1, "playing": False,
                                               "video": "data:video/webm;base64," + film}}
    tab.screens["quiz-video-question"] = Screen("quiz-video-question", shown, None)


def catalog() -> dict[str, Screen]:
    """Every screen kind, by name (see the module's docstring)."""
    with table() as tab:
        territory(tab, 4)
        territory(tab, 3)
        territory(tab, 2)
        territory(tab, 4, seed=2)  # a picture question
        territory(tab, 4, mode="campaign")
        buzzer(tab)
        for kind, players in (("russian-bank", 2), ("q-squared-joe", 4), ("watchtower", 4),
                              ("challengers", 4)):
            cards(tab, kind, players)
        night(tab)
        quiz_order(tab)
        quiz_numeric(tab)
        quiz_video(tab)
        screens = dict(tab.screens)
    screens["lobby-empty"] = Screen("lobby-empty", None, None)
    return screens
