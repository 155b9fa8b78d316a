"""A file written whole or not at all: a temporary file beside it, synced, renamed over it,
and the folder synced, so a power cut leaves the old file or the new one, never half of one.
Used for the host's own files outside the journal (night plans, the venue)."""

from __future__ import annotations

import os
import secrets
from pathlib import Path


def write_atomically(path: Path, data: bytes) -> None:
    """Write `data` as `path` (OSError: nothing changed, the temporary file removed)."""
    temporary = path.with_name(f".{path.name}.{secrets.token_hex(4)}.tmp")
    try:
        with open(temporary, "wb") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temporary, path)
        sync_folder(path.parent)
    except OSError:
        temporary.unlink(missing_ok=True)
        raise


def sync_folder(folder: Path) -> None:
    """A rename or a removal in `folder` made durable."""
    handle = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(handle)
    finally:
        os.close(handle)
