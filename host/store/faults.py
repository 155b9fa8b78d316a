"""Storage faults: the disk, not our code, failed a journal write or read.

A full card, a read-only file system or an I/O error is a known condition, not a
bug: the journal raises `StorageError` with its reason ("full", "readonly",
"error"), found from SQLite's result code, the errno and the data folder's file
system (`classify`); the Session then pauses the game until the journal writes
again (host/session/recovery.py).
"""

from __future__ import annotations

import errno
import os
import sqlite3
from pathlib import Path

STORAGE_REASONS = ("full", "readonly", "error")
# SQLite result codes that say the disk, not our code, is at fault.
_STORAGE_CODES = ("SQLITE_FULL", "SQLITE_READONLY", "SQLITE_IOERR", "SQLITE_CANTOPEN",
                  "SQLITE_CORRUPT", "SQLITE_NOTADB", "SQLITE_BUSY", "SQLITE_LOCKED",
                  "SQLITE_PERM", "SQLITE_PROTOCOL")


class StorageError(Exception):
    """The journal could not be written (or read) because of the disk."""

    def __init__(self, reason: str, detail: str = "") -> None:
        super().__init__(f"storage {reason}: {detail}")
        self.reason = reason
        self.detail = detail


def is_storage_error(err: BaseException) -> bool:
    if isinstance(err, StorageError | OSError):
        return True
    if isinstance(err, sqlite3.OperationalError | sqlite3.DatabaseError) and not isinstance(
            err, sqlite3.IntegrityError | sqlite3.ProgrammingError | sqlite3.InterfaceError):
        name = getattr(err, "sqlite_errorname", "") or ""
        text = str(err).lower()
        return name.startswith(_STORAGE_CODES) or any(
            words in text for words in ("disk", "readonly", "read-only", "unable to open",
                                        "malformed", "locked"))
    return False


def classify(err: BaseException, folder: Path | None) -> str:
    """full | readonly | error: what the error and the data folder's file system say."""
    name = getattr(err, "sqlite_errorname", "") or ""
    number = getattr(err, "errno", None)
    if isinstance(err, StorageError):
        return err.reason
    if name.startswith("SQLITE_FULL") or number in (errno.ENOSPC, errno.EDQUOT):
        return "full"
    if name.startswith("SQLITE_READONLY") or number == errno.EROFS:
        return "readonly"
    if folder is not None:
        try:
            stat = os.statvfs(folder)
            if stat.f_flag & os.ST_RDONLY:
                return "readonly"
            if stat.f_bavail * stat.f_frsize < 8192:
                return "full"
        except OSError:
            pass
    return "error"
