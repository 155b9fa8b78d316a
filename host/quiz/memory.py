"""Which questions past games used, kept in SQLite so a new night avoids repeats."""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Iterable
from pathlib import Path
from types import TracebackType
from typing import Self

MEMORY_FILENAME = "question-memory.sqlite3"

_SCHEMA = """
CREATE TABLE IF NOT EXISTS used_question (
    id TEXT PRIMARY KEY,
    last_used REAL NOT NULL,
    times INTEGER NOT NULL DEFAULT 1
)
"""


class QuestionMemory:
    """Question ids used in past games, each with the last time it was used.

    `used()` gives {id: last_used}; pass it to `QuestionBank.draw` as
    `remembered` so the bank reuses the least recently used questions first.
    """

    def __init__(self, db_path: str | Path) -> None:
        self.db_path = Path(db_path)
        self.db_path.parent.mkdir(parents=True, exist_ok=True)
        self._db = sqlite3.connect(self.db_path)
        with self._db:
            self._db.execute(_SCHEMA)

    @classmethod
    def in_dir(cls, data_dir: str | Path) -> QuestionMemory:
        """The memory kept in a data folder (the host's --data DIR)."""
        return cls(Path(data_dir) / MEMORY_FILENAME)

    def mark_used(self, ids: Iterable[str], when: float | None = None) -> None:
        """Record these ids as used now (or at `when`, seconds since the epoch)."""
        stamp = time.time() if when is None else when
        rows = [(qid, stamp) for qid in dict.fromkeys(ids)]
        with self._db:
            self._db.executemany(
                "INSERT INTO used_question (id, last_used) VALUES (?, ?) "
                "ON CONFLICT(id) DO UPDATE SET last_used = excluded.last_used, "
                "times = times + 1",
                rows,
            )

    def used(self) -> dict[str, float]:
        """Every remembered id with the time it was last used."""
        cursor = self._db.execute("SELECT id, last_used FROM used_question")
        return {qid: float(stamp) for qid, stamp in cursor}

    def times_used(self, qid: str) -> int:
        row = self._db.execute("SELECT times FROM used_question WHERE id = ?", (qid,)).fetchone()
        return 0 if row is None else int(row[0])

    def reset(self) -> int:
        """Forget every past game; returns how many ids were forgotten."""
        with self._db:
            cursor = self._db.execute("DELETE FROM used_question")
        return cursor.rowcount

    def close(self) -> None:
        self._db.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()
