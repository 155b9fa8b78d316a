"""The /device namespace: a buzzer process (GPIO or keys, on this Pi or another).

It needs the host key, syncs its clock like a phone, and sends presses that
become the seat's press action on the game's Session.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from host.room.hub import Hub
from host.wire.inbound import INBOUND
from host.sockets.phone_clocks import clocks_of
from host.schema import BadMessage, check_field, require_dict
from host.session.core import Origin
from host.sockets.base import Base, answer, current_sid, key_matches, record_sync, refused

DEVICE_PREFIX = "device:"


class DeviceNamespace(Base):
    """A buzzer process (GPIO / keys on this Pi or another): needs the host key.

    It syncs its clock like a phone (`ping`, then `sync` in ns of its own
    monotonic clock) and sends `press` {seat, t_ns, source, uncertainty_ns,
    game?} with t_ns on that clock. A press becomes the seat's `buzz` on the
    game's Session, sent by the device for the seat (Origin("device", n)) with source
    "gpio" or "key": a phone's actions must come from the phone on the seat (its token),
    a wired buzzer's from the host's own device. To light LEDs the process watches /screen.
    """

    # A press and a clock ping: no Flask request context (base.py).
    LIGHT_EVENTS = frozenset({"ping", "sync", "press"})

    def __init__(self, namespace: str, hub: Hub, key: Callable[[], str]) -> None:
        super().__init__(namespace, hub)
        self.key = key  # read at each connection: `tourelle key --rotate` takes effect at once

    def on_connect(self, auth: Any = None) -> bool:
        return key_matches(auth, self.key())

    def on_sync(self, payload: Any = None) -> dict[str, Any]:
        """Clock sync, second leg: {c0, h, c1}, the device's times in ns."""
        sid = current_sid()
        return {"ok": True, **record_sync(self.hub, DEVICE_PREFIX + sid, None, payload, 1,
                                         device=True, connection=sid)}

    def on_press(self, payload: Any = None) -> dict[str, Any]:
        received_ns = INBOUND.arrived_ns()  # when it reached the host (host/wire/inbound.py)
        message = require_dict(payload, "press")
        seat, t_device = message.get("seat"), message.get("t_ns")
        check_field("seat", seat, (int,))
        check_field("t_ns", t_device, (int,))
        source = message.get("source", "gpio")
        check_field("source", source, (str,))
        spread = message.get("uncertainty_ns", 0)
        check_field("uncertainty_ns", spread, (int,))
        assert isinstance(seat, int) and isinstance(t_device, int) and isinstance(spread, int)
        if spread < 0:
            raise BadMessage("uncertainty_ns must be >= 0")
        session = self.session_for(message)
        press = session.kind.press_action
        if press is None:
            return refused("wrong_game", f"game {session.id} ({session.kind.name}) takes no "
                           "buzzer presses")
        clocks = clocks_of(self.hub)
        mapped = clocks.map_time(DEVICE_PREFIX + current_sid(), t_device, received_ns)
        event = {"type": press, "seat": seat, "t_ns": mapped.t_ns, "source": source,
                 "u_ns": spread + mapped.u_ns,
                 "settle_ns": clocks.settle_ns(session.id, received_ns), "rx_ns": received_ns}
        with session.in_flight.carrying():  # a timer due meanwhile waits for it
            outcome = session.submit(Origin("device", seat, current_sid()), event)
        return {**answer(outcome), "synced": mapped.synced}

    def on_disconnect(self, *args: Any) -> None:
        clocks_of(self.hub).forget(DEVICE_PREFIX + current_sid())
        super().on_disconnect()
