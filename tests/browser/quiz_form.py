"""The host form's quiz round, filled as a host does (the Chromium tests' shared steps)."""

from __future__ import annotations

from typing import Any

from tests.browser.driver import create_and_wait, phone_seats

__all__ = ["HOST_PACED", "create_and_wait", "fill_quiz_round"]

# Every wait in the host's hands: no intro, reveal or board on a timer; two minutes a question.
HOST_PACED = {"intro_seconds": "0", "reveal_seconds": "0", "board_seconds": "0",
              "seconds": "120"}


def fill_quiz_round(host: Any, teams: list[str], settings: dict[str, str],
                    mix: str | None = None) -> None:
    """The quiz round chosen, its settings typed in, a phone seat named per team and the
    form's other seats left empty (the form shows four to start with)."""
    host.select_option("#c-kind", "quiz-round")
    for key, value in settings.items():
        host.fill(f"#s-{key}", value)
    if mix is not None:
        host.select_option("#s-mix", mix)
    phone_seats(host, teams)

