"""Phones spread over processes: the answer-leak, teams and night tests, unchanged.

Each test below is an existing test of one process (tests/core/), run against a house of
three processes (`serve --workers 3`, Redis started by the host; one test on four):
every client it makes
(host page, projector, phones) connects to the next process in turn, so a game's phones,
its projector and its host page sit in different processes.
"""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from tests.core import test_night, test_no_answer_leak, test_teams
from tests.live import LiveServer
from tests.workers.conftest import processes, wait_for_workers

pytestmark = pytest.mark.slow


class RoundRobin:
    """A LiveServer whose `url` is each process's own address in turn (re-read after a
    restart: the workers' addresses change)."""

    def __init__(self, server: LiveServer, count: int) -> None:
        self.server = server
        self.count = count
        self._turn = itertools.count()
        self.used: list[str] = []  # which process each client got, in order

    @property
    def url(self) -> str:
        table = processes(self.server)
        names = sorted(table)
        name = names[next(self._turn) % len(names)]
        self.used.append(name)
        return table[name].url

    def start(self) -> RoundRobin:
        self.server.start(timeout=60)
        wait_for_workers(self.server, self.count)
        return self

    def __getattr__(self, name: str) -> Any:
        return getattr(self.server, name)


def spread(three: LiveServer) -> RoundRobin:
    return RoundRobin(three, 3)


@pytest.mark.parametrize("teams", [False, True], ids=["one-phone-seats", "a-team-of-two"])
def test_no_answer_leaks_with_phones_on_three_processes(three: LiveServer, teams: bool) -> None:
    house = spread(three)
    test_no_answer_leak.test_every_payload_of_a_game_is_free_of_answers_before_the_reveal(
        house, teams)
    assert {"owner", "w1", "w2"} <= set(house.used)


def test_a_team_of_three_phones_on_three_processes(three: LiveServer) -> None:
    house = spread(three)
    test_teams.test_three_phones_one_team_the_first_press_counts(house)  # type: ignore[arg-type]
    assert {"owner", "w1", "w2"} <= set(house.used)


def test_a_team_and_its_projector_on_four_processes(four: LiveServer) -> None:
    """Four processes: the host page, the projector and the team's three phones, each
    client on the next process (the host page and the third phone share one)."""
    house = RoundRobin(four, 4)
    test_teams.test_three_phones_one_team_the_first_press_counts(house)  # type: ignore[arg-type]
    assert {"owner", "w1", "w2", "w3"} <= set(house.used)


def test_a_night_survives_kill_9_of_the_whole_house(three: LiveServer) -> None:
    house = spread(three)
    test_night.test_a_night_of_two_games_survives_kill_9(house)  # type: ignore[arg-type]
    assert {"owner", "w1", "w2"} <= set(house.used)


def test_a_team_reload_and_a_restart_on_three_processes(three: LiveServer) -> None:
    house = spread(three)
    test_teams.test_a_reload_a_restart_and_a_removal(house)  # type: ignore[arg-type]


