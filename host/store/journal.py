"""The write-ahead journal: every game and every event, in SQLite, before it is applied.

One database file holds every game of a data folder. An event row is committed
with `synchronous=FULL` (fsync) before the Session lets the new state be seen,
so a power cut or SIGKILL loses at most an event nobody was told about.
Replaying a game's rows through its engine rebuilds the exact state; host undo
is itself a row (`{"type": "undo", "cut_from": seq, "keep": [seqs]}`) that hides every
row from `cut_from` on but those in `keep` (the teams' moves after the decision that still
apply, host/store/replay.py), so undo survives a crash too.

Storage faults (a full disk, a read-only file system, an I/O error) are a known
condition, not a bug: a write that meets one raises `StorageError` with its
reason ("full", "readonly", "error"), and the connection is closed so that no
file of the data folder stays open for writing (a card can then be remounted);
reads meanwhile use short-lived connections. `probe()` says when writing works
again. What counts as a storage fault is host/store/faults.py; the tables are
host/store/schema.py.

Group commit: `write(ops)` commits a list of statements in one transaction; the
writers that arrive while a commit runs (other Sessions' workers) are committed
together in the next one, with one fsync for all.
"""

from __future__ import annotations

import json
import logging
import os
import shutil
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from host.store.schema import OWN_TABLES, SCHEMA, Op, own_table
from host.store.faults import STORAGE_REASONS, StorageError, classify, is_storage_error

log = logging.getLogger(__name__)

# Re-exported: the names other modules import from host.store.journal.
__all__ = ["OWN_TABLES", "SCHEMA", "STORAGE_REASONS", "GameRecord", "Journal", "JournalRow",
           "Op", "StorageError", "classify", "effective", "env_float", "is_storage_error",
           "own_table"]

T = TypeVar("T")

# A probe only says "writable again" with at least this much room: a write that
# fits in a WAL page already there is no sign the card has space.
PROBE_MIN_FREE = 64 * 1024
WAL_PAGES = 50


def env_float(name: str, default: float) -> float:
    try:
        return float(os.environ.get(name, default))
    except ValueError:
        return default


@dataclass
class _Request:
    ops: list[Op]
    done: bool = False
    error: BaseException | None = None


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
    """A SQLite journal shared by every Session of one host (one connection, one lock).

    `slow_commit` (seconds, default from TOURELLE_FSYNC_DELAY_MS) is slept after
    each commit, inside the lock: a slow SD card's fsync, for the bench.
    """

    def __init__(self, path: Path | str, slow_commit: float | None = None) -> None:
        self.path = Path(path)
        self._memory = str(path) == ":memory:"
        if not self._memory:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        self.slow_commit = (env_float("TOURELLE_FSYNC_DELAY_MS", 0.0) / 1000
                            if slow_commit is None else slow_commit)
        self._lock = threading.RLock()
        self._cv = threading.Condition()
        self._pending: list[_Request] = []
        self._leading = False
        self.commits = 0  # transactions committed (one fsync each), for the bench and tests
        self.fault: str | None = None  # the last storage fault's reason, until a write works
        self._db: sqlite3.Connection | None = self._connect()
        self._db.executescript(SCHEMA)

    @property
    def folder(self) -> Path | None:
        return None if self._memory else self.path.parent

    def _connect(self) -> sqlite3.Connection:
        db = sqlite3.connect(str(self.path), check_same_thread=False, isolation_level=None,
                             timeout=5)
        try:
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA synchronous=FULL")
            db.execute("PRAGMA foreign_keys=ON")
            # A small WAL, truncated after each checkpoint: on a nearly full card the
            # journal's own growth is bounded (about 200 KB beyond the database).
            db.execute(f"PRAGMA wal_autocheckpoint={WAL_PAGES}")
            db.execute(f"PRAGMA journal_size_limit={WAL_PAGES * 4096}")
        except BaseException:
            db.close()
            raise
        return db

    def close(self) -> None:
        with self._lock:
            if self._db is not None:
                self._db.close()
                self._db = None

    def _storage(self, err: BaseException) -> StorageError:
        """Turn a disk error into a StorageError; close the connection (no file left open
        for writing, so the card can be remounted); the next write or probe reopens it."""
        reason = classify(err, self.folder)
        if self.fault != reason:
            log.warning("journal %s: storage %s (%s)", self.path, reason, err)
        self.fault = reason
        if self._db is not None:
            with suppress(sqlite3.Error):
                self._db.close()
            self._db = None
        return StorageError(reason, str(err))

    def _writer(self) -> sqlite3.Connection:
        if self._db is None:
            self._db = self._connect()
            self._db.executescript(SCHEMA)
        return self._db

    def _read(self, fn: Callable[[sqlite3.Connection], T]) -> T:
        """A read on the connection, or (after a storage fault) on a short-lived one."""
        with self._lock:
            try:
                if self._db is not None:
                    return fn(self._db)
                db = sqlite3.connect(str(self.path), check_same_thread=False, timeout=5)
                try:
                    return fn(db)
                finally:
                    db.close()
            except (sqlite3.Error, OSError) as err:
                if is_storage_error(err):
                    raise StorageError(classify(err, self.folder), str(err)) from err
                raise

    @contextmanager
    def _tx(self) -> Iterator[sqlite3.Connection]:
        with self._lock:
            try:
                db = self._writer()
                db.execute("BEGIN IMMEDIATE")
            except (sqlite3.Error, OSError) as err:
                if is_storage_error(err):
                    raise self._storage(err) from err
                raise
            try:
                yield db
                db.execute("COMMIT")
            except BaseException as err:
                if db.in_transaction:
                    with suppress(sqlite3.Error):
                        db.execute("ROLLBACK")
                if isinstance(err, sqlite3.Error | OSError) and is_storage_error(err):
                    raise self._storage(err) from err
                raise
            self.commits += 1
            self.fault = None
            if self.slow_commit > 0:
                time.sleep(self.slow_commit)

    # -- group commit ----------------------------------------------------------
    def write(self, ops: list[Op]) -> None:
        """Commit `ops` durably (one transaction, one fsync), together with the ops other
        threads hand in meanwhile. Returns once they are committed; raises StorageError
        (nothing of them was written) when the disk fails."""
        if not ops:
            return
        request = _Request(list(ops))
        with self._cv:
            self._pending.append(request)
            while not request.done and self._leading:
                self._cv.wait()
            if not request.done:
                self._leading = True
                batch, self._pending = self._pending, []
        if not request.done:
            try:
                self._commit(batch)
            finally:
                with self._cv:
                    self._leading = False
                    self._cv.notify_all()
        if request.error is not None:
            raise request.error

    def _commit(self, batch: list[_Request]) -> None:
        try:
            with self._tx() as db:
                for request in batch:
                    for sql, args in request.ops:
                        db.execute(sql, args)
        except StorageError as err:
            for request in batch:
                request.error = err
        except Exception as err:  # one request's bug (a duplicate seq?) must not fail the others
            if len(batch) == 1:
                batch[0].error = err
            else:
                for request in batch:
                    self._commit([request])
        for request in batch:
            request.done = True

    def probe(self) -> None:
        """Raise StorageError unless the journal can be written again (and has some room)."""
        with self._lock:
            if self.folder is not None:
                try:
                    stat = os.statvfs(self.folder)
                except OSError as err:
                    raise self._storage(err) from err
                free = stat.f_bavail * stat.f_frsize
                if stat.f_flag & os.ST_RDONLY:
                    self.fault = "readonly"
                    raise StorageError("readonly", f"{self.folder} is mounted read-only")
                if free < PROBE_MIN_FREE and self.fault == "full":
                    raise StorageError("full", f"{free} bytes free")
            with self._tx() as db:
                db.execute("INSERT OR REPLACE INTO probe(id, t) VALUES (1, ?)", (time.time(),))

    def free_bytes(self) -> int | None:
        if self.folder is None:
            return None
        try:
            return shutil.disk_usage(self.folder).free
        except OSError:
            return None

    # -- statements, for write() ---------------------------------------------------
    @staticmethod
    def op_event(game_id: str, seq: int, origin: dict[str, Any], body: dict[str, Any],
                 mono_ns: int) -> Op:
        return ("INSERT INTO events(game_id, seq, wall, mono_ns, origin, body)"
                " VALUES (?,?,?,?,?,?)",
                (game_id, seq, time.time(), mono_ns, json.dumps(origin),
                 json.dumps(body, separators=(",", ":"))))

    @staticmethod
    def op_status(game_id: str, status: str, result: dict[str, Any] | None = None) -> Op:
        return ("UPDATE games SET status=?, result=? WHERE id=?",
                (status, json.dumps(result) if result is not None else None, game_id))

    @staticmethod
    def op_heartbeat(game_id: str, timer_id: str | None, timer_left: float | None) -> Op:
        return ("UPDATE games SET alive=?, timer_id=?, timer_left=? WHERE id=?",
                (time.time(), timer_id, timer_left, game_id))

    @staticmethod
    def op_bind(game_id: str, seat: int, token_hash: str) -> Op:
        return ("INSERT OR REPLACE INTO seats(game_id, seat, token_hash) VALUES (?,?,?)",
                (game_id, seat, token_hash))

    @staticmethod
    def op_unbind(game_id: str, seat: int) -> Op:
        return ("DELETE FROM seats WHERE game_id=? AND seat=?", (game_id, seat))

    @staticmethod
    def op_add_teammate(game_id: str, seat: int, token_hash: str, name: str) -> Op:
        return ("INSERT OR REPLACE INTO team_phones(game_id, token_hash, seat, name, joined) "
                "VALUES (?,?,?,?, (SELECT COALESCE(MAX(joined), 0) + 1 FROM team_phones "
                "WHERE game_id=?))", (game_id, token_hash, seat, name, game_id))

    @staticmethod
    def op_remove_teammate(game_id: str, token_hash: str) -> Op:
        return ("DELETE FROM team_phones WHERE game_id=? AND token_hash=?",
                (game_id, token_hash))

    @staticmethod
    def op_clear_team(game_id: str, seat: int) -> Op:
        return ("DELETE FROM team_phones WHERE game_id=? AND seat=?", (game_id, seat))

    # -- games ---------------------------------------------------------------
    def create_game(self, game_id: str, kind: str, config: dict[str, Any]) -> None:
        self.write([(
            "INSERT INTO games(id, kind, config, created, status) VALUES (?,?,?,?, 'lobby')",
            (game_id, kind, json.dumps(config), time.time()),
        )])

    def set_status(self, game_id: str, status: str, result: dict[str, Any] | None = None) -> None:
        self.write([self.op_status(game_id, status, result)])

    def heartbeat(self, game_id: str, timer_id: str | None, timer_left: float | None) -> None:
        """Remember that the game was alive now, and how long its running timer had left.

        On restart the timer is re-armed with that time left, so the minutes the
        host was down do not count against the players.
        """
        self.write([self.op_heartbeat(game_id, timer_id, timer_left)])

    def game(self, game_id: str) -> GameRecord | None:
        row = self._read(lambda db: db.execute(
            "SELECT id, kind, config, created, status, result, alive, timer_id, timer_left"
            " FROM games WHERE id=?",
            (game_id,),
        ).fetchone())
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
        rows = self._read(lambda db: db.execute(query + " ORDER BY created", args).fetchall())
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
        rows = self._read(lambda db: db.execute(
            "SELECT seq, wall, mono_ns, origin, body FROM events WHERE game_id=? ORDER BY seq",
            (game_id,),
        ).fetchall())
        return [JournalRow(r[0], r[1], r[2], json.loads(r[3]), json.loads(r[4])) for r in rows]

    def effective_rows(self, game_id: str) -> list[JournalRow]:
        """The rows that count: each undo row hides every row from its `cut_from` on."""
        return effective(self.rows(game_id))

    def count(self, game_id: str) -> int:
        (n,) = self._read(lambda db: db.execute(
            "SELECT COUNT(*) FROM events WHERE game_id=?", (game_id,)
        ).fetchone())
        return int(n)

    def select(self, sql: str, args: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        """A read of the modules that keep their own table (bans, host state): none yet
        (the table is made by its first write, `OWN_TABLES`) reads as no rows."""
        try:
            return self._read(lambda db: db.execute(sql, args).fetchall())
        except sqlite3.OperationalError as err:
            if "no such table" in str(err):
                return []
            raise

    # -- seat bindings -------------------------------------------------------
    def bind_seat(self, game_id: str, seat: int, token_hash: str) -> None:
        self.write([self.op_bind(game_id, seat, token_hash)])

    def unbind_seat(self, game_id: str, seat: int) -> None:
        self.write([self.op_unbind(game_id, seat)])

    def seat_bindings(self, game_id: str) -> dict[int, str]:
        rows = self._read(lambda db: db.execute(
            "SELECT seat, token_hash FROM seats WHERE game_id=?", (game_id,)
        ).fetchall())
        return {int(seat): str(token) for seat, token in rows}

    # -- nights ----------------------------------------------------------------
    def create_night(self, night_id: str, name: str, rules: dict[str, Any]) -> None:
        self.write([("INSERT INTO nights(id, name, rules, created, status) "
                     "VALUES (?,?,?,?, 'open')", (night_id, name, json.dumps(rules), time.time()))])

    def end_night(self, night_id: str) -> None:
        self.write([("UPDATE nights SET status='over' WHERE id=?", (night_id,))])

    def nights(self) -> list[dict[str, Any]]:
        rows = self._read(lambda db: db.execute(
            "SELECT id, name, rules, created, status FROM nights ORDER BY created").fetchall())
        return [{"id": i, "name": n, "rules": json.loads(r), "created": c, "status": s}
                for i, n, r, c, s in rows]

    def teammates(self, game_id: str) -> dict[int, list[tuple[str, str]]]:
        """A team game's phones on each seat, (token hash, name), in the order they joined."""
        rows = self._read(lambda db: db.execute(
            "SELECT seat, token_hash, name FROM team_phones WHERE game_id=? ORDER BY joined",
            (game_id,)).fetchall())
        out: dict[int, list[tuple[str, str]]] = {}
        for seat, token, name in rows:
            out.setdefault(int(seat), []).append((str(token), str(name)))
        return out


def effective(rows: list[JournalRow]) -> list[JournalRow]:
    """Apply undo rows: what remains is the history the game's state is built from."""
    kept: list[JournalRow] = []
    for row in rows:
        if row.body.get("type") == "undo":
            cut_from = int(row.body["cut_from"])
            keep = {int(seq) for seq in row.body.get("keep", ())}  # moves the undo kept
            kept = [r for r in kept if r.seq < cut_from or r.seq in keep]
        else:
            kept.append(row)
    return kept


def _game_record(row: tuple[Any, ...]) -> GameRecord:
    return GameRecord(
        id=row[0], kind=row[1], config=json.loads(row[2]), created=row[3], status=row[4],
        result=json.loads(row[5]) if row[5] else None, alive=row[6], timer_id=row[7],
        timer_left=row[8],
    )
