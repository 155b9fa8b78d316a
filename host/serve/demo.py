"""The demo: a territory game with a bot in every seat, watched live or run headless.

Headless and fast, it runs the very same Session and journal as a live night,
on a virtual clock that jumps to the next timer instead of waiting for it, so
a whole game takes a fraction of a second and the same seed gives the same game.
"""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

from host.clock import VirtualClock, VirtualScheduler
from host.room.hub import Hub
from host.store.journal import Journal
from host.quiz.bank import QuestionBank
from host.session.core import HOST, Session

# Each bot is named after its own seat's colour, in the pages' order (i18n.js `colours`: seat 2
# is yellow, seat 3 green); tests/core/test_demo_names.py holds the two lists together.
BOT_NAMES = {
    "fr": ["Rouge", "Bleu", "Jaune", "Vert"],
    "en": ["Red", "Blue", "Yellow", "Green"],
}


def bot_seats(players: int, language: str = "fr", levels: list[int] | None = None,
              ) -> list[dict[str, Any]]:
    names = BOT_NAMES.get(language, BOT_NAMES["en"])
    levels = levels or [3, 4, 2, 5]
    return [{"name": names[i], "bot": levels[i % len(levels)]} for i in range(players)]


def summary(session: Session) -> dict[str, Any]:
    """The final result: each player's score, bonus and territories; the winner; the journal."""
    result = session.game.result(session.state)
    players = result["players"]
    winner = next((p for p in players if p["seat"] == result.get("winner")), None)
    return {
        "game": session.id,
        "status": session.status,
        "players": players,
        "winner": winner["name"] if winner else None,
        "journal": str(session.journal.path),
        "events": session.last_seq,
    }


def run_headless(seed: int, players: int = 3, game_map: str | None = None,
                 data_dir: Path | None = None, language: str = "fr",
                 settings: dict[str, Any] | None = None,
                 bank: QuestionBank | None = None) -> dict[str, Any]:
    """Play a bot game to its end on virtual time; returns the summary."""
    clock = VirtualClock()
    scheduler = VirtualScheduler(clock)
    journal = Journal((data_dir or Path(".")) / "journal.sqlite")
    hub = Hub(journal, bank or QuestionBank.bundled(), publish=None, clock=clock,
              scheduler_factory=lambda: scheduler, threaded=False)
    session = hub.create_game("territory", bot_seats(players, language), game_map=game_map,
                              seed=seed, language=language, settings=settings, demo=True,
                              title="demo")
    session.submit(HOST, {"type": "start"})
    while session.status != "over" and scheduler.run_next():
        pass
    if session.status != "over":
        raise RuntimeError(f"the demo game {session.id} stalled")
    out = summary(session)
    journal.close()
    return out


NEXT_DEMO_SECONDS = 20.0  # the podium stays up this long before the next demo game


def start_live_demo(hub: Hub, players: int = 3, game_map: str | None = None,
                    language: str = "fr", pace: float = 1.0, loop: bool = True,
                    settings: dict[str, Any] | None = None) -> Session:
    """Served demo: a bot game that starts at once, for anyone to watch on /screen.

    With `loop`, a new game starts a little after each one ends, so a demo left
    running on a projector keeps playing.
    """
    def start() -> Session:
        session = hub.create_game("territory", bot_seats(players, language), game_map=game_map,
                                  language=language, demo=True, title="demo", pace=pace,
                                  settings=settings)
        session.submit_nowait(HOST, {"type": "start"})
        return session

    def again(finished: Session) -> None:
        if finished.config.get("demo"):
            timer = threading.Timer(NEXT_DEMO_SECONDS * pace, start)
            timer.daemon = True
            timer.start()

    if loop:
        hub.on_finished.append(again)
    return start()
