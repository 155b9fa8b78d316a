"""The final showdown once everyone is on campaign, and the watchtower battle for its ties."""

from __future__ import annotations

from typing import Any

from host import rng
from host.cards.watchtower.state import State, strength, tower_value


def _line_length(state: State, hands: list[list[str]]) -> int:
    """The shortest hand sets the line; an even length loses its last card (ruling "drop")."""
    n = min(len(h) for h in hands)
    if n % 2 == 0 and n > 0 and state.settings.showdown_even == "drop":
        n -= 1
    return n


def _play(lines: dict[int, list[str]]) -> tuple[list[int | None], dict[int, int]]:
    """Each position's winner (None on a tie for the highest card) and tricks per seat."""
    length = len(next(iter(lines.values())))
    winners: list[int | None] = []
    tricks = {seat: 0 for seat in lines}
    for i in range(length):
        best = max(strength(line[i]) for line in lines.values())
        top = [seat for seat, line in lines.items() if strength(line[i]) == best]
        winners.append(top[0] if len(top) == 1 else None)
        if len(top) == 1:
            tricks[top[0]] += 1
    return winners, tricks


def _award(state: State, lines: dict[int, list[str]], winners: list[int | None]) -> None:
    """Won positions go to the winner's tricks; tied positions go back to their owners' armies."""
    for i, winner in enumerate(winners):
        for seat, line in lines.items():
            if winner is None:
                state.player(seat).army.append(line[i])
            else:
                state.player(winner).tricks.append(line[i])


def _leaders(tricks: dict[int, int]) -> list[int]:
    best = max(tricks.values())
    return [seat for seat, count in tricks.items() if count == best]


def run_showdown(state: State) -> None:
    """Play the showdown to the end: sets winner (None for a shared result) and ends the game."""
    seats = [p.seat for p in state.active()]
    n = _line_length(state, [state.player(s).army for s in seats])
    lines: dict[int, list[str]] = {}
    for seat in seats:
        p = state.player(seat)
        deck, state.rng = rng.shuffled(state.rng, p.army)
        lines[seat], p.army = deck[:n], deck[n:]
    winners, tricks = _play(lines)
    _award(state, lines, winners)
    report: dict[str, Any] = {
        "type": "showdown",
        "seat": state.turn,
        "lines": {str(s): list(line) for s, line in lines.items()},
        "tricks": {str(s): c for s, c in tricks.items()},
    }
    leaders = _leaders(tricks) if n else seats
    winner: int | None = leaders[0] if len(leaders) == 1 else None
    if winner is None:
        winner, report["tower_battle"] = _tower_battle(state, leaders)
    report["winner"] = winner
    state.last = report
    state.winner = winner
    state.phase = "over"
    state.end = "showdown"


def _tower_battle(state: State, seats: list[int]) -> tuple[int | None, dict[str, Any]]:
    """Tied leaders draw their watchtower's value from the barracks and play again.

    A tie replays the same line cards, reshuffled, up to `tie_replays` times;
    then the result is shared (no winner).
    """
    decks: dict[int, list[str]] = {}
    for seat in seats:
        p = state.player(seat)
        want = tower_value(p.tower[0]) if p.tower else 0
        decks[seat], state.barracks = state.barracks[:want], state.barracks[want:]
    n = _line_length(state, list(decks.values()))
    lines = {seat: deck[:n] for seat, deck in decks.items()}
    for seat, deck in decks.items():
        state.player(seat).army.extend(deck[n:])
    report: dict[str, Any] = {"drawn": {str(s): len(d) for s, d in decks.items()}, "replays": 0}
    if n == 0:
        for seat, line in lines.items():
            state.player(seat).army.extend(line)
        return None, report
    winners: list[int | None] = []
    tricks: dict[int, int] = {}
    for replay in range(state.settings.tie_replays):
        if replay:
            for seat in seats:
                lines[seat], state.rng = rng.shuffled(state.rng, lines[seat])
        winners, tricks = _play(lines)
        report["replays"] = replay
        if len(_leaders(tricks)) == 1:
            break
    _award(state, lines, winners)
    report["lines"] = {str(s): list(line) for s, line in lines.items()}
    report["tricks"] = {str(s): c for s, c in tricks.items()}
    leaders = _leaders(tricks)
    return (leaders[0] if len(leaders) == 1 else None), report
