"""The journal's tables: the SQLite schema every data folder's journal has, and the tables
of modules of their own (bans, the host's state), made by their first write."""

from __future__ import annotations

from typing import Any

# One statement of a write: SQL and its parameters.
Op = tuple[str, tuple[Any, ...]]

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id          TEXT PRIMARY KEY,
    kind        TEXT NOT NULL,
    config      TEXT NOT NULL,          -- JSON: settings, seats, seed, map, title
    created     REAL NOT NULL,          -- wall clock, for people
    status      TEXT NOT NULL,          -- lobby | running | over | deleted (a lobby game)
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
CREATE TABLE IF NOT EXISTS probe (
    id  INTEGER PRIMARY KEY,            -- one row, rewritten to see whether writes work
    t   REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS seats (
    game_id    TEXT NOT NULL REFERENCES games(id),
    seat       INTEGER NOT NULL,
    token_hash TEXT NOT NULL,               -- the seat's phone (a team's captain)
    PRIMARY KEY (game_id, seat)
);
CREATE TABLE IF NOT EXISTS nights (          -- host/people/night.py: games with one running total
    id      TEXT PRIMARY KEY,
    name    TEXT NOT NULL,
    rules   TEXT NOT NULL,                  -- JSON: points per kind
    created REAL NOT NULL,
    status  TEXT NOT NULL                   -- open | over
);
CREATE TABLE IF NOT EXISTS team_phones (    -- a team game's phones (`seats`: its captain)
    game_id    TEXT NOT NULL REFERENCES games(id),
    token_hash TEXT NOT NULL,
    seat       INTEGER NOT NULL,
    name       TEXT NOT NULL,               -- the name the phone gave
    joined     INTEGER NOT NULL,            -- order of joining
    PRIMARY KEY (game_id, token_hash)
);
"""


# Tables of modules of their own, made by their first write (an op of `own_table`).
OWN_TABLES = {
    "bans": """CREATE TABLE IF NOT EXISTS bans (           -- host/room/bans.py: removed phones
    scope      TEXT NOT NULL,               -- game:<id> | night:<id>
    token_hash TEXT NOT NULL,
    created    REAL NOT NULL,
    PRIMARY KEY (scope, token_hash))""",
    "host_state": """CREATE TABLE IF NOT EXISTS host_state ( -- host/room/host_state.py
    key   TEXT PRIMARY KEY,                 -- night | game
    value TEXT)""",
}


def own_table(name: str) -> Op:
    """The statement that makes a module's table if it is not there yet (first write)."""
    return (OWN_TABLES[name], ())
