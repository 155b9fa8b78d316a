"""Night plans: a night prepared ahead, saved on the host, one file per plan.

A plan is host data, not a game: `<data folder>/plans/<id>.json`, each written whole
(a temporary file, fsync, rename, fsync of the folder), so a power cut leaves the old plan
or the new one, never half of one. Every write is checked first by the plan file's reader
(host/room/plan_file.py: its games by the Hub's own check of a `create`); a refusal writes
nothing. Starting a plan opens its night and creates its first game; `next` creates the
following one in the same night (host/sockets/host_plans.py).
"""

from __future__ import annotations

import json
import logging
import re
import secrets
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from host.room.plan_file import PlanError, read_plan
from host.store import atomic

log = logging.getLogger(__name__)

PLAN_ID = re.compile(r"p[0-9a-f]{8}")
CheckGame = Callable[[str, list[dict[str, Any]], dict[str, Any]], None]


class PlanStoreError(OSError):
    """The plans folder cannot be written (full, read-only): nothing changed."""


def plan_text(plan: dict[str, Any]) -> str:
    """A plan as its file holds it (and as it is exported): JSON, two spaces, keys in order."""
    return json.dumps(plan, ensure_ascii=False, indent=2) + "\n"


def write_atomically(path: Path, text: str) -> None:
    """The whole plan file or the old one (host/store/atomic.py)."""
    try:
        atomic.write_atomically(path, text.encode("utf-8"))
    except OSError as err:
        raise PlanStoreError(err.errno, f"the plan could not be written: {err.strerror}") from err


class Plans:
    """The saved plans of one data folder (None: a host without a folder keeps none)."""

    def __init__(self, folder: Path | None, check_game: CheckGame) -> None:
        self.folder = folder
        self.check_game = check_game
        self._lock = threading.Lock()  # two host pages saving at once: one after the other

    def _path(self, plan_id: str) -> Path | None:
        if self.folder is None or not PLAN_ID.fullmatch(plan_id):
            return None
        return self.folder / f"{plan_id}.json"

    def all(self) -> list[dict[str, Any]]:
        """Every readable plan, the latest changed first (a file that no longer reads, e.g.
        edited by hand, is left out and logged)."""
        if self.folder is None or not self.folder.is_dir():
            return []
        plans = []
        for path in self.folder.glob("p*.json"):
            found = self._read(path)
            if found is not None:
                plans.append(found)
        return sorted(plans, key=lambda p: (-p.get("updated", 0), p["name"]))

    def _read(self, path: Path) -> dict[str, Any] | None:
        try:
            plan = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError) as err:
            log.warning("plan %s left out: %s", path, err)
            return None
        if not isinstance(plan, dict) or not isinstance(plan.get("games"), list) \
                or not isinstance(plan.get("name"), str):
            log.warning("plan %s left out: not a plan", path)
            return None
        plan["id"] = path.stem
        return plan

    def get(self, plan_id: str) -> dict[str, Any] | None:
        path = self._path(plan_id)
        return None if path is None or not path.is_file() else self._read(path)

    def check(self, text: str, file: str) -> dict[str, Any]:
        """The plan `text` holds, checked (PlanError: file, line, problem)."""
        return read_plan(text, file, self.check_game)

    def save(self, text: str, file: str, plan_id: str | None = None) -> dict[str, Any]:
        """Write a checked plan: a new one (`plan_id` None) or over `plan_id` (LookupError
        when there is none). Nothing is written on a refusal."""
        plan = self.check(text, file)
        if self.folder is None:
            raise PlanStoreError(0, "this host keeps no plans (no data folder)")
        with self._lock:
            now = round(time.time())
            if plan_id is None:
                plan_id, created = "p" + secrets.token_hex(4), now
            else:
                old = self.get(plan_id)
                if old is None:
                    raise LookupError(plan_id)
                created = old.get("created", now)
            stored = {"tourelle": plan["tourelle"], "version": plan["version"], "id": plan_id,
                      "name": plan["name"], "created": created, "updated": now,
                      **({"rules": plan["rules"]} if "rules" in plan else {}),
                      "games": plan["games"]}
            try:
                self.folder.mkdir(parents=True, exist_ok=True)
            except OSError as err:
                raise PlanStoreError(err.errno, f"the plan could not be written: "
                                                f"{err.strerror}") from err
            path = self._path(plan_id)
            assert path is not None
            write_atomically(path, plan_text(stored))
        return stored

    def copy(self, plan_id: str, name: str) -> dict[str, Any]:
        """A new plan with `plan_id`'s games ("same as last week"), named `name`."""
        old = self.get(plan_id)
        if old is None:
            raise LookupError(plan_id)
        fresh = {k: v for k, v in old.items() if k not in ("id", "created", "updated")}
        fresh["name"] = name
        return self.save(plan_text(fresh), "plan")

    def delete(self, plan_id: str) -> bool:
        path = self._path(plan_id)
        if path is None or not path.is_file():
            return False
        try:
            path.unlink()
        except OSError as err:
            raise PlanStoreError(err.errno, f"the plan could not be deleted: "
                                            f"{err.strerror}") from err
        return True


__all__ = ["PlanError", "PlanStoreError", "Plans", "plan_text", "write_atomically"]
