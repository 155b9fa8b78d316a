"""A Session's clockwork: the game's timer, its heartbeat, and the bots' planned moves.

The engine says which timer runs (`Game.timer`); here it is armed on the
Session's scheduler, paused with the time it had left, written to the journal
once a second while it runs (a restart re-arms it with what was left), and
re-armed after a restart, an unexpected error or a storage fault. A bot plans
its move when its seat's legal moves change and plays it when its delay is up;
both a timeout and a bot's move come back through the Session's queue.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any

from host import rng
from host.games.contract import Event
from host.session.terms import SESSION, TIMER, Origin
from host.session.shape import SessionShape



class Clockwork:
    """The running timer (id, total, when it is due, time left while paused) and the
    bots' current plans (seat -> what the plan was made for)."""

    HEARTBEAT_SECONDS = 1.0
    TRUSTED_LAG_NS = 60_000_000_000  # a timer counted from longer ago: another clock

    def __init__(self, session: SessionShape) -> None:
        self.session = session
        self.timer_id: str | None = None
        self.total = 0.0
        self.due_ns = 0
        self.paused_left: float | None = None
        self.resume_left: float | None = None  # a restart's time left, until carried on
        self.bot_keys: dict[int, str] = {}

    def reset(self) -> None:
        """The state was rebuilt from the journal: no timer armed, no bot plan."""
        self.timer_id = None
        self.bot_keys = {}
        self.paused_left = None

    def checkpoint(self) -> tuple[str | None, float | None]:
        """The timer and its time left now (what a recovery re-arms)."""
        return self.timer_id, self.left() if self.timer_id is not None else None

    def as_meta(self) -> dict[str, Any] | None:
        if self.timer_id is None:
            return None
        return {"id": self.timer_id, "left": round(self.left(), 2), "total": self.total}

    def stage_key(self) -> str:
        """Names the step the game is at; a client action for another step is stale."""
        s = self.session
        if s.state is None:
            return "lobby"
        request = s.game.timer(s.state)
        return request.timer_id if request else f"seq:{s.last_seq}"

    def arm(self, seconds_left: float | None = None) -> None:
        s = self.session
        request = s.game.timer(s.state)
        if request is None:
            s.scheduler.cancel("game")
            self.timer_id = None
            return
        if request.timer_id == self.timer_id and seconds_left is None:
            return
        total = request.seconds * s.pace
        left = total if seconds_left is None else max(min(1.0, total), seconds_left)
        if seconds_left is None and request.counted_from_ns is not None:
            # Counted from a host time already past (a settle wait from the first press
            # heard): the Session's work since then is not added to the wait. A time on
            # another clock (far off, or ahead) is not trusted: the whole wait, as before.
            late_ns = s.clock.now_ns() - request.counted_from_ns
            if 0 <= late_ns <= self.TRUSTED_LAG_NS:
                left = max(0.0, total - late_ns / 1e9)
        timer_id = request.timer_id
        self.timer_id = timer_id
        self.total = total
        self.due_ns = s.clock.now_ns() + int(left * 1e9)
        def fire() -> None:
            s.submit_nowait(TIMER, {"type": "timeout", "timer": timer_id})

        def cap(seconds: float, late: Callable[[], None]) -> None:
            s.scheduler.call_later("game:late", seconds, late)

        # Due: after any press the socket layer heard before now (host/session/in_flight.py).
        s.scheduler.call_later("game", left, lambda: s.in_flight.fire_after_heard(fire, cap))
        if s.batches.threaded:
            s.scheduler.call_later("heartbeat", 0, self._beat)

    def _beat(self) -> None:
        self.session.submit_nowait(SESSION, {"type": "_heartbeat"})

    def heartbeat(self) -> None:
        s = self.session
        if self.timer_id is None or s.paused or s.status == "over" or s.storage:
            return
        s.stage(s.journal.op_heartbeat(s.id, self.timer_id, self.left()))
        s.scheduler.call_later("heartbeat", self.HEARTBEAT_SECONDS, self._beat)

    def due_soon(self, within: float = 0.1) -> float | None:
        """When (`time.monotonic` seconds) the running timer fires, if it does within
        `within` seconds: a decision is coming (a buzz's settle wait), and the phones'
        round holds until it is out. None otherwise, or while paused."""
        if self.timer_id is None or self.session.paused:
            return None
        left = self.left()
        return time.monotonic() + left if left <= within else None

    def left(self) -> float:
        s = self.session
        if s.paused and self.paused_left is not None:
            return self.paused_left
        return max(0.0, (self.due_ns - s.clock.now_ns()) / 1e9)

    def pause(self) -> None:
        s = self.session
        self.paused_left = self.left() if self.timer_id else None
        s.stage(s.journal.op_heartbeat(s.id, self.timer_id, self.paused_left))
        s.scheduler.cancel_all()
        self.bot_keys.clear()

    def carry_on(self) -> None:
        """After a restart or a reload: re-arm the timer with the time it had left (or keep
        it paused with that time), then the game's next step."""
        s = self.session
        left = self.resume_left
        if s.state is not None and not s.paused and s.status == "running":
            if left is not None:
                self.arm(seconds_left=left)
            s.after_change()
        elif s.paused and left is not None:
            request = s.game.timer(s.state) if s.state is not None else None
            self.paused_left = left
            self.timer_id = request.timer_id if request else None
            s.publish()
        else:
            s.publish()

    # -- bots ------------------------------------------------------------------
    def forget_bot(self, seat: int) -> None:
        """The bot's plan is spent or void: it thinks again at the next change."""
        self.bot_keys.pop(seat, None)

    def plan_bots(self) -> None:
        s = self.session
        if self.paused_left is not None and self.timer_id is not None:
            left, self.paused_left = self.paused_left, None
            self.arm(seconds_left=left)
        planner = s.kind.plan_bot
        if planner is None:
            return
        for seat in s.seats:
            level = seat.get("bot")
            number = int(seat["seat"])
            if not level:
                continue
            legal = s.game.legal_actions(s.state, number)
            # Same timer and same legal moves: the bot keeps thinking about the plan it has
            # (another seat's move in a simultaneous phase does not restart its clock).
            request = s.game.timer(s.state)
            key = (request.timer_id if request else "") + json.dumps(legal, sort_keys=True,
                                                                      default=str)
            if not legal:
                self.bot_keys.pop(number, None)
                s.scheduler.cancel(f"bot:{number}")
                continue
            if self.bot_keys.get(number) == key:
                continue
            self.bot_keys[number] = key
            plan, _ = planner(
                s.game, s.state, number, int(level),
                rng.derive(s.seed, f"bot:{number}:{s.last_seq}"),
            )
            if plan is None:
                continue
            fire = self._bot_firer(Origin("bot", number), plan.event)
            s.scheduler.call_later(f"bot:{number}", plan.delay * s.pace, fire)

    def _bot_firer(self, bot: Origin, event: Event) -> Callable[[], None]:
        return lambda: self.session.submit_nowait(bot, dict(event))
