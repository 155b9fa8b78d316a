from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser.driver import CHROMIUM, Recorder, chromium, screenshots_on
from tests.live import LiveServer

# What a page shows of itself when its test fails: its sections and the socket's state.
PAGE_STATE = """() => ({
  data: {...document.body.dataset},
  shown: [...document.querySelectorAll("section[id]")]
    .filter((e) => !e.hidden && e.offsetParent !== null).map((e) => e.id),
  socket: typeof socket === "undefined" ? "none" : socket.connected ? "connected" : "not connected",
})"""


# The longest modules first (`make test` hands whole modules to its Chromium workers in this
# order, tools/test-passes.sh): the issue-42 night last, alphabetically, ran alone for its
# last minute and a half while the other workers had nothing left.
LONG_FIRST = ("test_whole_night_browser", "test_card_phones_browser", "test_night_screens_browser",
              "test_layout", "test_editor_browser", "test_one_language",
              "test_quiz_round_rules_browser", "test_screens", "test_night_more_browser",
              "test_quiz_round_knockout_browser", "test_plans_browser",
              "test_territory_phones_browser", "test_access_browser", "test_buzzer_board")


# A screen checked at two sizes or in two languages: `make test` checks the first (the
# smaller phone, French), `make nightly` the other too. `make test` still fits every
# screen of the layout catalogue at both sizes (test_layout.py) and reads every French page
# for English words (test_one_language.py).
SECOND_VARIANTS = {
    "test_the_turn_and_its_refusal_on_the_first_screen": ("390x844",),
    "test_a_reveal_rows_number_stays_apart_from_its_mark": ("size1",),
    "test_a_paused_phone_keeps_its_question_readable": ("size1",),
    "test_the_projector_says_the_pause_plainly_beside_the_question": ("size1",),
    "test_the_projector_never_scrolls_while_a_card_slides_in": ("size1",),
    "test_a_host_on_a_phone_has_the_games_commands_first_and_nothing_sideways": ("size1",),
    "test_a_nights_lobby_and_podium_fit_above_ten_rows": ("size1",),
    "test_the_teams_own_row_shows_its_whole_score": ("size1",),
    "test_a_duel_phone_says_who_attacks_whom_where_and_its_side": ("en",),
    "test_a_picture_only_on_the_projector_is_pointed_at_on_the_phone": ("en",),
    "test_the_host_page_never_scrolls_sideways_at_390_during_a_reveal": ("en-GB",),
    "test_a_ready_round_is_picked_on_the_host_form_and_asked": ("en",),
}


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Everything in tests/browser is a browser test (make test runs them on their own);
    without Debian's chromium they are skipped."""
    here = Path(__file__).parent
    for item in items:
        if here in Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.browser)
        name, _, variant = item.name.partition("[")
        if any(variant.rstrip("]").endswith(ending) for ending in SECOND_VARIANTS.get(name, ())):
            item.add_marker(pytest.mark.nightly)
    rank = {name: place for place, name in enumerate(LONG_FIRST)}
    items.sort(key=lambda item: rank.get(Path(str(item.fspath)).stem, len(rank)))
    if CHROMIUM.exists():
        return
    skip = pytest.mark.skip(reason=f"{CHROMIUM} is missing (apt-get install chromium)")
    for item in items:
        if "browser" in item.keywords:
            item.add_marker(skip)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    """A failed browser test says what each page was doing (its unanswered requests, its
    sockets, its shown sections) and ends with its server's log: a page that waited on the
    server is told apart from one whose script never asked."""
    outcome = yield
    report = outcome.get_result()  # type: ignore[attr-defined]
    if report.when != "call" or not report.failed:
        return
    lines = []
    for recorder in Recorder.current:
        for page in recorder.pages:
            try:
                state = page.evaluate(PAGE_STATE) if not page.is_closed() else "closed"
            except Exception as err:  # noqa: BLE001 - a report never fails the report
                state = f"unreadable: {err}"
            lines.append(f"{page.url}: {state}")
        lines += [f"  waiting: {url}" for url in recorder.unanswered()]
        lines += [f"  socket: {news}" for news in recorder.socket_news()]
        lines += [f"  given up: {url}" for url in recorder.failed]
        lines += [f"  slow: {url}" for url in recorder.slow]
    report.sections.append(("pages", "\n".join(lines)))
    for name, value in getattr(item, "funcargs", {}).items():
        if isinstance(value, LiveServer):
            tail = "\n".join(value.log().splitlines()[-80:])
            report.sections.append((f"server log ({name}, {value.url})", tail))


@pytest.fixture(scope="session", autouse=True)
def screenshots_only_when_asked() -> Iterator[None]:
    """Screenshots are for a person to look at: written only with $TOURELLE_SHOTS set
    (`TOURELLE_SHOTS=/tmp/shots make test`). Nothing reads them back, and in `make test`
    they took a tenth of the issue-42 night alone (PNG encoding at 1920x1080 and more:
    docs/PERFORMANCE.md, "The test suite"). Every test's other steps run the same."""
    if screenshots_on():
        yield
        return
    from playwright.sync_api import ElementHandle, Locator, Page

    def no_picture(self: Any, *args: Any, **kwargs: Any) -> bytes:
        return b""

    kept = {cls: cls.screenshot for cls in (Page, Locator, ElementHandle)}
    for cls in kept:
        cls.screenshot = no_picture  # type: ignore[method-assign]
    yield
    for cls, screenshot in kept.items():
        cls.screenshot = screenshot  # type: ignore[method-assign]


@pytest.fixture(autouse=True)
def fresh_recorders() -> Iterator[None]:
    Recorder.current.clear()
    yield


class WorkersChromium:
    """One Chromium per test process, launched when a module first asks for it (59 modules
    each launching their own took about a CPU-minute of `make test`), and again if it died."""

    def __init__(self) -> None:
        self._running: contextlib.ExitStack | None = None
        self._browser: Any = None

    def get(self) -> Any:
        if self._browser is None or not self._browser.is_connected():
            self.close()
            self._running = contextlib.ExitStack()
            self._browser = self._running.enter_context(chromium())
        return self._browser

    def close(self) -> None:
        if self._running is not None:
            self._running.close()
        self._running = self._browser = None


@pytest.fixture(scope="session")
def workers_chromium() -> Iterator[WorkersChromium]:
    shared = WorkersChromium()
    yield shared
    shared.close()


@pytest.fixture(scope="module")
def browser(workers_chromium: WorkersChromium) -> Iterator[Any]:
    """The worker's Chromium; the module's pages (each in its own context) are closed after
    its last test, as if the browser were its own."""
    if not CHROMIUM.exists():
        pytest.skip(f"{CHROMIUM} is missing")
    launched = workers_chromium.get()
    yield launched
    if launched.is_connected():
        for context in list(launched.contexts):
            context.close()



@pytest.fixture(autouse=True)
def phones_go_home(request: pytest.FixtureRequest) -> Iterator[None]:
    """After each test its pages close, as its players go home: phones left open on a
    module's shared server would follow the room into the next test's game (PROTOCOL.md,
    "Phones follow the room") and take its seats."""
    yield
    if "browser" in request.fixturenames:
        for context in list(request.getfixturevalue("browser").contexts):
            context.close()
