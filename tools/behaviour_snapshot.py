"""Print seeded games' outcomes as JSON, to compare the behaviour before and after a refactor.

    python tools/behaviour_snapshot.py > before.json
    ... change the code ...
    python tools/behaviour_snapshot.py > after.json && diff before.json after.json

Covers the territory demo (headless, virtual time), every card game's
simulator at each player count, and a bot game of every bot-playing kind
through the real Session (the journal's event types, seats and final
scores). The numbers are what the games did; nothing here is expected.
"""

from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from host.clock import VirtualClock, VirtualScheduler  # noqa: E402
from host.serve.demo import run_headless  # noqa: E402
from host.room.hub import Hub  # noqa: E402
from host.store.journal import Journal  # noqa: E402
from host.session.core import HOST  # noqa: E402
from tests.synthetic import synthetic_bank  # noqa: E402

CARD_PLAYERS = {"russian-bank": (2,), "q-squared-joe": (2, 3, 4), "watchtower": (2, 3, 4),
                "challengers": (1, 2, 4, 8)}


def territory(folder: Path) -> list[dict[str, Any]]:
    out = []
    for players in (2, 3, 4):
        for seed in (1, 2, 3):
            data = folder / f"t{players}-{seed}"
            data.mkdir()
            summary = run_headless(seed, players, data_dir=data)
            summary.pop("journal")
            summary.pop("game")
            out.append({"players": players, "seed": seed, **summary})
    return out


def simulations() -> list[dict[str, Any]]:
    from host.cards import challengers, q_squared_joe, russian_bank, watchtower

    runs = {"russian-bank": lambda p: russian_bank.simulate(20, 1, players=p),
            "q-squared-joe": lambda p: q_squared_joe.simulate(20, 1, p),
            "watchtower": lambda p: watchtower.simulate(10, 1, p),
            "challengers": lambda p: challengers.simulate(10, 1, p)}
    out = []
    for name, run in runs.items():
        for players in CARD_PLAYERS[name]:
            result = run(players)
            result.pop("seconds", None)
            out.append({"game": name, "players": players, **result})
    return out


def session_games(folder: Path) -> list[dict[str, Any]]:
    out = []
    for name, counts in CARD_PLAYERS.items():
        for players in counts[:2]:
            clock = VirtualClock()
            scheduler = VirtualScheduler(clock)
            journal = Journal(folder / f"{name}-{players}.sqlite")
            hub = Hub(journal, synthetic_bank(10), publish=None, clock=clock,
                      scheduler_factory=lambda s=scheduler: s, threaded=False)
            seats = [{"name": f"B{i}", "bot": 1 + (i * 2) % 5} for i in range(players)]
            session = hub.create_game(name, seats, seed=7, title="snapshot")
            session.submit(HOST, {"type": "start"})
            steps = 0
            while session.status != "over" and steps < 200_000 and scheduler.run_next():
                steps += 1
            events = [(row.body.get("type"), row.body.get("seat"))
                      for row in journal.rows(session.id)]
            out.append({"game": name, "players": players, "status": session.status,
                        "events": len(events), "event_digest": digest(events),
                        "result": session.game.result(session.state)})
            journal.close()
    return out


def digest(items: list[Any]) -> str:
    import hashlib

    return hashlib.sha256(json.dumps(items, sort_keys=True).encode()).hexdigest()[:16]


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        snapshot = {"territory_demo": territory(folder), "simulations": simulations(),
                    "session_games": session_games(folder)}
    print(json.dumps(snapshot, indent=1, sort_keys=True, default=str))


if __name__ == "__main__":
    main()
