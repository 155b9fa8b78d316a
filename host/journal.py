"""The write-ahead journal: every game and every event, in SQLite, before it is applied.

One database file holds every game of a data folder. An event row is committed
with `synchronous=FULL` (fsync) before the Session lets the new state be seen,
so a power cut or SIGKILL loses at most an event nobody was told about.
Replaying a game's rows through its engine rebuilds the exact state; host undo
is itself a row (`{"type": "undo", "cut_from": seq}`) that hides every row from
`cut_from` on, so undo survives a crash too.
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id          TEXT PRIMARY KEY,
    kind        TEXT NOT NULL,
    config      TEXT NOT NULL,          -- JSON: settings, seats, seed, map, title
    created     REAL NOT NULL,          -- wall clock, for people
    status      TEXT NOT NULL,          -- lobby | running | over
    result      TEXT,                   -- JSON, once over
    alive       REAL,                   -- wall clock of the last heartbeat
    timer_id    TEXT,                   -- the engine timer running at the heartbeat
    timer_left  REAL                    -- its seconds left at the heartbeat
);
CREATE TABLE IF NOT EXISTS events (
    game_id  TEXT NOT NULL REFERENCES games(id),
    seq      INTEGER NOT NULL,
    wall     REAL NOT NULL,
    mono_ns  INTEGER NOT NULL,
    origin   TEXT NOT NULL,             -- JSON: role, seat, client
    body     TEXT NOT NULL,             -- JSON: the event
    PRIMARY KEY (game_id, seq)
);
CREATE TABLE IF NOT EXISTS seats (
    game_id    TEXT NOT NULL REFERENCES games(id),
    seat       INTEGER NOT NULL,
    token_hash TEXT NOT NULL,
    PRIMARY KEY (game_id, seat)
);
"""


@dataclass(frozen=True)
class JournalRow:
    seq: int
    wall: float
    mono_ns: int
    origin: dict[str, Any]
    body: dict[str, Any]


@dataclass(frozen=True)
class GameRecord:
    id: str
    kind: str
    config: dict[str, Any]
    created: float
    status: str
    result: dict[str, Any] | None
    alive: float | None
    timer_id: str | None
    timer_left: float | None


class Journal:
    """A SQLite journal shared by every Session of one host (one connection, one lock)."""

    def __init__(self, path: Path | str) -> None:
        self.path = Path(path)
        if str(path) != ":memory:":
            self.path.parent.mkdir(parents=True, exist_ok=True)
        self._lock = threading.Lock()
        self._db = sqlite3.connect(str(path), check_same_thread=False, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=FULL")
        self._db.execute("PRAGMA foreign_keys=ON")
        self._db.executescript(SCHEMA)

    def close(self) -> None:
        with self._lock:
            self._db.close()

    @contextmanager
    def _tx(self) -> Iterator[sqlite3.Connection]:
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                yield self._db
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")

    # -- games ---------------------------------------------------------------
    def create_game(self, game_id: str, kind: str, config: dict[str, Any]) -> None:
        with self._tx() as db:
            db.execute(
                "INSERT INTO games(id, kind, config, created, status) VALUES (?,?,?,?, 'lobby')",
                (game_id, kind, json.dumps(config), time.time()),
            )

    def set_status(self, game_id: str, status: str, result: dict[str, Any] | None = None) -> None:
        with self._tx() as db:
            db.execute(
                "UPDATE games SET status=?, result=? WHERE id=?",
                (status, json.dumps(result) if result is not None else None, game_id),
            )

    def heartbeat(self, game_id: str, timer_id: str | None, timer_left: float | None) -> None:
        """Remember that the game was alive now, and how long its running timer had left.

        On restart the timer is re-armed with that time left, so the minutes the
        host was down do not count against the players.
        """
        with self._tx() as db:
            db.execute(
                "UPDATE games SET alive=?, timer_id=?, timer_left=? WHERE id=?",
                (time.time(), timer_id, timer_left, game_id),
            )

    def game(self, game_id: str) -> GameRecord | None:
        with self._lock:
            row = self._db.execute(
                "SELECT id, kind, config, created, status, result, alive, timer_id, timer_left"
                " FROM games WHERE id=?",
                (game_id,),
            ).fetchone()
        return _game_record(row) if row else None

    def games(self, status: str | None = None) -> list[GameRecord]:
        query = (
            "SELECT id, kind, config, created, status, result, alive, timer_id, timer_left"
            " FROM games"
        )
        args: tuple[Any, ...] = ()
        if status is not None:
            query += " WHERE status=?"
            args = (status,)
        with self._lock:
            rows = self._db.execute(query + " ORDER BY created", args).fetchall()
        return [_game_record(row) for row in rows]

    # -- events --------------------------------------------------------------
    def append(self, game_id: str, origin: dict[str, Any], body: dict[str, Any],
               mono_ns: int) -> int:
        """Append one event and fsync it; returns its sequence number."""
        text = json.dumps(body, separators=(",", ":"))
        with self._tx() as db:
            (last,) = db.execute(
                "SELECT COALESCE(MAX(seq), 0) FROM events WHERE game_id=?", (game_id,)
            ).fetchone()
            seq = int(last) + 1
            db.execute(
                "INSERT INTO events(game_id, seq, wall, mono_ns, origin, body)"
                " VALUES (?,?,?,?,?,?)",
                (game_id, seq, time.time(), mono_ns, json.dumps(origin), text),
            )
        return seq

    def rows(self, game_id: str) -> list[JournalRow]:
        with self._lock:
            rows = self._db.execute(
                "SELECT seq, wall, mono_ns, origin, body FROM events WHERE game_id=? ORDER BY seq",
                (game_id,),
            ).fetchall()
        return [JournalRow(r[0], r[1], r[2], json.loads(r[3]), json.loads(r[4])) for r in rows]

    def effective_rows(self, game_id: str) -> list[JournalRow]:
        """The rows that count: each undo row hides every row from its `cut_from` on."""
        return effective(self.rows(game_id))

    def count(self, game_id: str) -> int:
        with self._lock:
            (n,) = self._db.execute(
                "SELECT COUNT(*) FROM events WHERE game_id=?", (game_id,)
            ).fetchone()
        return int(n)

    # -- seat bindings -------------------------------------------------------
    def bind_seat(self, game_id: str, seat: int, token_hash: str) -> None:
        with self._tx() as db:
            db.execute(
                "INSERT OR REPLACE INTO seats(game_id, seat, token_hash) VALUES (?,?,?)",
                (game_id, seat, token_hash),
            )

    def unbind_seat(self, game_id: str, seat: int) -> None:
        with self._tx() as db:
            db.execute("DELETE FROM seats WHERE game_id=? AND seat=?", (game_id, seat))

    def seat_bindings(self, game_id: str) -> dict[int, str]:
        with self._lock:
            rows = self._db.execute(
                "SELECT seat, token_hash FROM seats WHERE game_id=?", (game_id,)
            ).fetchall()
        return {int(seat): str(token) for seat, token in rows}


def effective(rows: list[JournalRow]) -> list[JournalRow]:
    """Apply undo rows: what remains is the history the game's state is built from."""
    kept: list[JournalRow] = []
    for row in rows:
        if row.body.get("type") == "undo":
            cut_from = int(row.body["cut_from"])
            kept = [r for r in kept if r.seq < cut_from]
        else:
            kept.append(row)
    return kept


def _game_record(row: tuple[Any, ...]) -> GameRecord:
    return GameRecord(
        id=row[0], kind=row[1], config=json.loads(row[2]), created=row[3], status=row[4],
        result=json.loads(row[5]) if row[5] else None, alive=row[6], timer_id=row[7],
        timer_left=row[8],
    )
