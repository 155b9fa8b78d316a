"""Debian's Chromium driven by Playwright, for the browser tests and tools/screenshots.py.

Never `playwright install`: the browser is /usr/bin/chromium from apt. Every
request a page makes is recorded so a test can prove nothing leaves localhost.
"""

from __future__ import annotations

import atexit
import contextlib
import json
import os
import re
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar

from host.session.phone_parts import merge

CHROMIUM = Path("/usr/bin/chromium")
# No traffic but to the pages under test: the background services are off, and every host name
# but localhost resolves to nothing, so Chromium never asks a nameserver about Google's hosts.
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--no-first-run", "--disable-sync",
        "--disable-default-apps", "--disable-domain-reliability", "--no-pings",
        "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1"]
ARGS += os.environ.get("XARGS", "").split()
PHONE = {"width": 360, "height": 740}
PROJECTOR = {"width": 1920, "height": 1080}
HOST = {"width": 1280, "height": 900}


_PLAYWRIGHT: list[Any] = []


def screenshots_on() -> bool:
    """Screenshots are written only with $TOURELLE_SHOTS set (tests/browser/conftest.py)."""
    return bool(os.environ.get("TOURELLE_SHOTS"))


def playwright() -> Any:
    """The test process's one Playwright (its driver is a Node process): started once, as
    two sync Playwrights may not run in one thread, and stopped when the process ends."""
    if not _PLAYWRIGHT:
        from playwright.sync_api import sync_playwright

        _PLAYWRIGHT.append(sync_playwright().start())
        atexit.register(_stop_playwright)
    return _PLAYWRIGHT[0]


def _stop_playwright() -> None:
    with contextlib.suppress(Exception):  # the process is ending: nothing to tell anyone
        _PLAYWRIGHT.pop().stop()


@contextmanager
def chromium(executable: Path = CHROMIUM, args: list[str] | None = None) -> Iterator[Any]:
    """Headless Chromium; `executable` may be a wrapper that starts /usr/bin/chromium
    elsewhere, e.g. in a network namespace (Playwright talks to it over a pipe, not TCP)."""
    browser = playwright().chromium.launch(executable_path=str(executable), headless=True,
                                           args=ARGS if args is None else args)
    try:
        yield browser
    finally:
        with contextlib.suppress(Exception):  # already gone with a crashed browser
            browser.close()


@dataclass
class Recorder:
    """Every URL the pages asked for, console errors, and the states received: `state`
    frames, and a phone's parts merged as its page merges them (host/session/phone_parts.py).
    `frames` keeps every state, public and private frame as it came (for leak checks);
    `actions` the page's own `action` messages the host accepted (a phone's states are
    paced and merged: a move's report may be merged away, the move itself is not)."""

    urls: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    states: list[dict[str, Any]] = field(default_factory=list)
    frames: list[dict[str, Any]] = field(default_factory=list)
    actions: list[dict[str, Any]] = field(default_factory=list)
    # Requests not yet answered, and each socket's last news: what a failed test reports
    # (conftest.py), to tell a page that waited on the server from one that never asked.
    pending: dict[Any, tuple[str, float]] = field(default_factory=dict)
    sockets: dict[Any, dict[str, Any]] = field(default_factory=dict)
    failed: list[str] = field(default_factory=list)  # requests given up (aborted media too)
    slow: list[str] = field(default_factory=list)  # requests answered after over 2 s
    pages: list[Any] = field(default_factory=list)

    # The recorders of the running test, for its failure report (tests/browser/conftest.py).
    current: ClassVar[list[Recorder]] = []

    def __post_init__(self) -> None:
        Recorder.current.append(self)

    def watch(self, page: Any, states: bool = False) -> Any:
        self.pages.append(page)
        page.on("request", lambda request: self._asked(request))
        page.on("requestfinished", lambda request: self._answered(request))
        page.on("requestfailed", lambda request: self._failed(request))
        page.on("pageerror", lambda err: self.errors.append(f"{page.url}: {err}"))
        page.on("console", lambda msg: self._console(page, msg))
        page.on("websocket", lambda ws: self._socket(ws, states))
        return page

    def _asked(self, request: Any) -> None:
        self.urls.append(request.url)
        self.pending[request] = (request.url, time.monotonic())

    def _answered(self, request: Any) -> None:
        """A request that took over 2 s is kept with its timing (ms from its start: when its
        connection was made, its request sent, its answer begun), for a failure's report."""
        self.pending.pop(request, None)
        timing = request.timing
        if timing.get("responseEnd", 0) > 2000:
            steps = ("connectEnd", "requestStart", "responseStart", "responseEnd")
            self.slow.append(f"{request.url}: " + ", ".join(
                f"{step} {timing.get(step, -1):.0f}" for step in steps))

    def _failed(self, request: Any) -> None:
        self.pending.pop(request, None)
        self.failed.append(f"{request.url} ({request.failure})")

    def unanswered(self) -> list[str]:
        """The requests still waiting, with how long they have waited."""
        now = time.monotonic()
        return [f"{url} ({now - since:.1f} s)" for url, since in list(self.pending.values())]

    def socket_news(self) -> list[str]:
        """Each socket: open or closed, since when, and when it last received a frame."""
        now = time.monotonic()
        return [f"{ws.url}: {news['state']}, opened {now - news['opened']:.1f} s ago, last frame "
                + (f"{now - news['frame']:.1f} s ago" if news["frame"] else "never")
                for ws, news in list(self.sockets.items())]

    def _console(self, page: Any, msg: Any) -> None:
        if msg.type == "error":
            self.errors.append(f"{page.url}: {msg.text}")

    def _socket(self, ws: Any, states: bool) -> None:
        self.urls.append(ws.url)
        news = self.sockets[ws] = {"state": "open", "opened": time.monotonic(), "frame": None}
        ws.on("framereceived", lambda _frame: news.__setitem__("frame", time.monotonic()))
        ws.on("socketerror", lambda error: news.__setitem__("state", f"error {error}"))
        ws.on("close", lambda _ws: news.__setitem__("state", "closed"))
        if states:
            own: dict[str, Any] = {}  # this socket's last private part
            sent: dict[str, dict[str, Any]] = {}  # ack id -> the action sent with it
            ws.on("framereceived", lambda frame: self._frame(frame, own, sent))
            ws.on("framesent", lambda frame: self._sent(frame, sent))

    @staticmethod
    def _sent(frame: Any, sent: dict[str, dict[str, Any]]) -> None:
        """`42/seat,<id>["action", {...}]`: an action waiting for its acknowledgement."""
        match = re.match(r"42(?:/[^,]*,)?(\d+)(\[.*)", frame if isinstance(frame, str) else "",
                         re.S)
        if match:
            event = json.loads(match.group(2))
            if event and event[0] == "action" and isinstance(event[1], dict):
                sent[match.group(1)] = event[1]

    def _frame(self, frame: Any, own: dict[str, Any], sent: dict[str, dict[str, Any]]) -> None:
        """Socket.IO events (packet type 42, possibly with a namespace before the body) and
        the acknowledgements of the page's actions (43)."""
        text = frame if isinstance(frame, str) else ""
        ack = re.match(r"43(?:/[^,]*,)?(\d+)(\[.*)", text, re.S)
        if ack and ack.group(1) in sent:
            answer = json.loads(ack.group(2))
            action = sent.pop(ack.group(1))
            if answer and isinstance(answer[0], dict) and answer[0].get("ok"):
                self.actions.append(action)
            return
        if not text.startswith("42"):
            return
        body = text[text.index("["):]
        event = json.loads(body)
        if not event or event[0] not in ("state", "public", "private"):
            return
        self.frames.append(event[1])
        if event[0] == "private":
            own["part"] = event[1]
            if "public" in event[1]:  # a changed private part brings the public one along
                self.states.append(merge(event[1]["public"], event[1]))
        elif event[0] == "public":
            self.states.append(merge(event[1], own.get("part")))
        else:
            self.states.append(event[1])


class Stall:
    """A play loop's guard: it fails when the game stops moving (no new state recorded for
    `quiet` seconds), not when a total time runs out, so a slow, loaded machine plays on
    and a stuck game still fails. The recorder must watch a page with `states=True`."""

    def __init__(self, recorder: Recorder, what: str, quiet: float = 60.0) -> None:
        self.recorder, self.what, self.quiet = recorder, what, quiet
        self.seen, self.moved_at = len(recorder.states), time.monotonic()

    def check(self) -> None:
        if len(self.recorder.states) != self.seen:
            self.seen, self.moved_at = len(self.recorder.states), time.monotonic()
        assert time.monotonic() - self.moved_at < self.quiet, f"{self.what} stopped moving"


def local_only(urls: list[str]) -> list[str]:
    """The URLs that went anywhere but 127.0.0.1 (data: and blob: URLs stay in the page)."""
    return [u for u in urls if not u.startswith(("data:", "blob:"))
            and u.split("//", 1)[-1].split("/", 1)[0].split(":")[0] != "127.0.0.1"]


def new_page(browser: Any, recorder: Recorder, url: str, viewport: dict[str, int],
             states: bool = False, locale: str = "fr-FR") -> Any:
    """A page in its own context (its own localStorage, like a separate phone)."""
    context = browser.new_context(viewport=viewport, locale=locale)
    page = recorder.watch(context.new_page(), states)
    page.goto(url)
    return page


def host_page(browser: Any, recorder: Recorder, server: Any, locale: str = "fr-FR") -> Any:
    """The host page with its key, once its form has the game kinds."""
    host = new_page(browser, recorder, f"{server.url}/host#key={server.key}", HOST, locale=locale)
    host.wait_for_selector("#c-kind option[value='buzzer']", state="attached")
    return host


def phone_seats(host: Any, names: list[str]) -> None:
    """On the host form: one phone seat per name, the form's other seats left empty (it shows
    four to start with)."""
    for seat, name in enumerate(names):
        host.select_option(f"#seat-kind-{seat}", "phone")
        host.fill(f"#seat-name-{seat}", name)
    for seat in range(len(names), 4):
        if host.locator(f"#seat-kind-{seat}").count():
            host.select_option(f"#seat-kind-{seat}", "none")


def create_and_wait(host: Any) -> None:
    """"Créer", then the game's lobby on the host page, its start ready."""
    host.click("#c-create")
    host.wait_for_selector("#live:not([hidden]) [data-cmd='start']:not([disabled])")


def create_phone_game(host: Any, kind: str, names: list[str], teams: bool = False) -> None:
    """The host form as a host fills it: the kind, one phone seat per name (`phone_seats`),
    teams when asked; then the game's lobby (`create_and_wait`)."""
    host.wait_for_selector(f"#c-kind option[value='{kind}']", state="attached")
    host.select_option("#c-kind", kind)
    phone_seats(host, names)
    if teams:
        host.check("#c-teams")
    create_and_wait(host)


def join_seat(browser: Any, recorder: Recorder, base_url: str, seat: int,
              game: str | None = None, name: str | None = None, states: bool = False,
              locale: str = "fr-FR") -> Any:
    """A new phone on the join page: the game's room code (when given), a name, then the
    seat's colour; returns the page once it is seated."""
    phone = new_page(browser, recorder, base_url + "/", PHONE, states=states, locale=locale)
    if game is not None:
        phone.fill("#code", game[:4].upper())
    if name is not None:
        phone.fill("#name", name)
    phone.click(f".colour-btn[data-seat='{seat}']")
    phone.wait_for_function(f"document.body.dataset.seat === '{seat}'")
    return phone
