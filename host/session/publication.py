"""A Session's publication: what each audience sees, and sending it.

`meta` is the game's public facts (status, pause, timer, seats, storage); `view`
an audience's view of the state, with the seats' names as they are now
(host/people/names.py) and a seat's legal moves as `legal`, in one place for every
kind. Once a batch is committed the newest (state, meta) goes to the
publisher thread (host/wire/broadcast.py): projector and host page first (at once
when the game's headline moved), then the phones, each seat's private part
when it changed and one public part for every other phone (host/session/phone_parts.py).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from typing import Any

from host import messages
from host.people import names as naming
from host.session import phone_parts
from host.wire.broadcast import Broadcaster, Parts
from host.games.contract import View
from host.session.terms import PHONES, Publisher
from host.session.shape import SessionShape
from host.session.snapshot import Snapshot, build



class Publication:
    """The publisher thread's Broadcaster, what each seat was last sent, the seats
    (re)joined since the last round, and the game's headline at the last publication."""

    def __init__(self, session: SessionShape, publish: Publisher, threaded: bool,
                 listening: Callable[[str, str], bool] | None) -> None:
        self.session = session
        self._publish = publish
        self.listening = listening  # whether anyone is in an audience's room right now
        # seat -> (the state, its private part) last sent to it
        self._sent_private: dict[int, tuple[Any, tuple[Any, Any]]] = {}
        self._catch_up: set[int] = set()  # seats (re)joined since the last round
        self._last_headline: Any = None  # the game's `headline` at the last publication
        # The worker goes on with the next batch while this thread sends: projector first,
        # states that pile up sent as the newest: screens at most every 30 ms, phones every
        # 200 ms and not inside a burst of input.
        self._broadcaster: Broadcaster[Snapshot] | None = (
            Broadcaster(session.id, self._send, threaded=threaded,
                        last_input=lambda: session.batches.burst_at,
                        decision_due=self._decision_due)
            if publish is not None else None)

    def stop(self) -> None:
        if self._broadcaster is not None:
            self._broadcaster.stop()

    def _decision_due(self) -> float | None:
        """When a decision is coming, if soon (the phones' round waits for it): the game's
        timer firing (a buzz's settle wait), or now while a stamped press is on its way into
        the Session (host/session/in_flight.py), which may take the floor and arm that timer. A
        round that went on building 200 phones' views meanwhile kept the interpreter from the
        press's threads, 2 ms at each of its hops (docs/PERFORMANCE.md, seventh look)."""
        s = self.session
        due = s.timers.due_soon()
        if due is None and len(s.in_flight):
            return time.monotonic()
        return due

    # -- what each audience sees -----------------------------------------------
    def meta(self) -> dict[str, Any]:
        s = self.session
        low_space = s.recovery.low_space()
        reason = ("storage" if s.storage is not None else
                  "host" if s.paused else self.rules_pause())
        return {
            "game": s.id,
            "kind": s.kind.name,
            "status": s.status,
            "paused": reason is not None,
            "pause_reason": reason,
            "storage": s.storage,
            "low_space": low_space,
            "seq": s.last_seq,
            "stage": s.timers.stage_key(),
            "timer": s.timers.as_meta(),
            "seats": [s.seating.entry(seat) for seat in s.seats],
            "waiting": s.seating.waiting(),
            "teams": s.teams.as_config(),
            "night": self._night(),
            "config": {k: v for k, v in s.config.items()
                       if k in ("map", "settings", "title", "language", "clips")},
        }

    def rules_pause(self) -> str | None:
        """A pause the game's rules call for (contract: the optional `pause_reason`)."""
        s = self.session
        reason = getattr(s.game, "pause_reason", None)
        return reason(s.state) if reason is not None and s.state is not None else None

    def _night(self) -> dict[str, Any] | None:
        s = self.session
        summary = s.night_summary() if s.night_summary is not None else None
        if summary is None:
            return None
        return {k: summary[k] for k in ("id", "name", "status", "standings")}

    def view(self, audience: str, meta: dict[str, Any] | None = None) -> dict[str, Any]:
        """What one audience sees of the Session as it is now: the worker's (and an inline
        Session's caller's); another thread reads `shown`. A seat's view lists its legal
        moves as `legal`, in one place for every kind, so a phone offers only those."""
        now = build(self.session, self.meta() if meta is None else meta)
        if meta is not None:
            return {"meta": meta, "view": self._view_of(now, audience)}
        return self._payload(now, audience, dict(now.meta))

    def shown(self, seen: Snapshot, audience: str) -> dict[str, Any]:
        """What one audience sees of a committed snapshot: any thread (a page that starts
        watching, /api/games/<id>), reading nothing of the Session but the snapshot."""
        meta = seen.meta_at(self.session.clock.now_ns())
        if self.session.night_summary is not None:  # the night's table now (the hub's, built
            meta["night"] = self._night()  # from the journal and the games' snapshots)
        return self._payload(seen, audience, meta)

    def _view_of(self, seen: Snapshot, audience: str) -> dict[str, Any] | None:
        """An audience's view of the snapshot's state: its names and undone moves are the
        snapshot's too (the publisher thread and a page's handler read nothing else)."""
        s, state = self.session, seen.state
        seat = int(audience[5:]) if audience.startswith("seat:") else None
        left_out = seat is not None and bool(seen.seats[seat].get("out"))  # never dealt in
        view = s.game.view(state, "screen" if left_out else audience) \
            if state is not None else None
        if view is not None:
            view = naming.renamed_in(view, dict(seen.renames))
        if view is not None and seat is not None:
            view["legal"] = [] if left_out else s.game.legal_actions(state, seat)
            undone = seen.undone.get(seat)
            context = getattr(s.game, "undo_context", None)
            if undone is not None and context is not None and context(state) == undone[0]:
                view["undone"] = messages.undone_text(undone[1])
        return view

    def _payload(self, seen: Snapshot, audience: str, meta: dict[str, Any]) -> dict[str, Any]:
        return {"meta": self._meta_for(audience, meta, seen.state),
                "view": self._view_of(seen, audience)}

    @staticmethod
    def _meta_for(audience: str, meta: dict[str, Any], state: Any) -> dict[str, Any]:
        """A phone's meta lists only its own seat once the game runs (the view names the
        players): with 200 phones, 200 copies of every seat's entry were most of the bytes."""
        if state is None or not audience.startswith("seat:"):
            return meta
        own = int(audience.split(":", 1)[1])
        return {**meta, "seats": [s for s in meta["seats"] if s["seat"] == own]}

    def _phone_views(self, seen: Snapshot, seat: int) -> tuple[View | None, View | None]:
        """(public, private) halves of a seat's view; None before the game starts."""
        view = self._view_of(seen, f"seat:{seat}")
        if view is None:
            return None, None
        return phone_parts.split(view, self.session.kind.private_keys | {"legal", "undone"})

    def phone_payloads(self, seat: int) -> tuple[dict[str, Any], dict[str, Any]]:
        """(public, private) payloads of the current state for one seat (tests, benches)."""
        meta = self.meta()
        shared, own = self._phone_views(build(self.session, meta), seat)
        return (phone_parts.public_payload(meta, shared),
                phone_parts.private_payload(meta, seat, own))

    # -- sending -------------------------------------------------------------------
    def publish(self, seen: Snapshot) -> None:
        """The committed snapshot to the publisher (in a batch: once it is committed)."""
        s = self.session
        if s.batches.in_batch():
            s.changed()  # once the batch is committed (its snapshot's meta built anew)
            return
        if self._publish is None:
            return
        if self._broadcaster is not None:
            self._broadcaster.changed(seen, urgent=self._headline_moved())

    def committed(self, dirty: bool, seen: Snapshot, rescreen: bool = False) -> None:
        """A batch is committed: its snapshot to everyone, or only the (re)joined seats'
        (`rescreen`: and to the screens again, a page started watching)."""
        if dirty:
            self.publish(seen)
            return
        if self._catch_up and self._broadcaster is not None:
            self._broadcaster.changed(seen, full=False)
        if rescreen:
            self.rescreen(seen)

    def rescreen(self, seen: Snapshot) -> None:
        """The committed snapshot to the projectors and host pages again (not the phones)."""
        if self._broadcaster is not None:
            self._broadcaster.changed(seen, phones=False)

    def resend(self, seat: int) -> None:
        """A phone (re)joined the seat: its two parts go again once the batch is done."""
        self._sent_private.pop(seat, None)
        self._catch_up.add(seat)

    def _headline_moved(self) -> bool:
        """Whether the state's headline (contract: the optional `headline`) changed since
        the last publication: such a state goes to the screens at once."""
        s = self.session
        headline = getattr(s.game, "headline", None)
        if headline is None or s.state is None:
            return False
        now = headline(s.state)
        moved, self._last_headline = now != self._last_headline, now
        return moved

    def _listened(self, audience: str) -> bool:
        return self.listening is None or self.listening(self.session.id, audience)

    def _send(self, seen: Snapshot, parts: Parts) -> Iterator[str]:
        """Each audience with listeners gets its view of the snapshot's state (immutable:
        the engine makes new values): projector and host page (`parts.screens`), then the
        phones (`parts.phones`) - each seat's private part when it changed, then one public
        part for all (host/session/phone_parts.py).

        A phones' part that is not `full` (nothing changed, phones joined) sends the joined
        seats their two parts, to their own rooms, and nothing to anyone else: with 500
        phones joining, a public part to all of them on each join would cost 500 x 500
        emits."""
        state, meta = seen.state, seen.meta_at(self.session.clock.now_ns())
        game_id = self.session.id
        assert self._publish is not None
        if parts.screens:
            for audience in ("screen", "host"):
                if self._listened(audience):
                    self._publish(game_id, audience, self._payload(seen, audience, meta))
                    yield audience
        if not parts.phones:
            return
        if not parts.full:
            yield from self._catch_up_round(seen, meta)
            return
        self._catch_up.clear()  # their private parts were forgotten: this round sends them
        if not self._listened(PHONES):
            return
        public: View | None = None
        shared_payload: dict[str, Any] = {}
        changed: list[str] = []  # the seats that got both parts in one message
        for entry in meta["seats"]:
            seat = entry["seat"]
            audience = f"seat:{seat}"
            listened = self._listened(audience)
            sent = self._sent_private.get(seat)
            if public is not None and (not listened or sent is not None and sent[0] is state
                                       and sent[1][1] == [entry]):
                yield ""  # nobody there, or the same state (a pause): the same private part
                continue
            shared, own = self._phone_views(seen, seat)
            if public is None:
                public = shared
                shared_payload = phone_parts.public_payload(meta, public)
            private = phone_parts.private_payload(meta, seat, own, entry)
            mark = (private["view"], private["meta"].get("seats"))
            if listened and (sent is None or sent[1] != mark):
                # One message per phone and round: a changed private part carries the
                # public part with it, and the public emit below skips this seat.
                self._publish(game_id, audience, {**private, "public": shared_payload})
                changed.append(audience)
                yield audience
            else:
                # Nothing new for this phone: the publisher may still hold here for a
                # decision (a round where few private parts changed, 200 views built without
                # a pause, kept a press's timer waiting 4 ms: docs/PERFORMANCE.md, seventh look).
                yield ""
            if listened:
                self._sent_private[seat] = (state, mark)
        if public is None:
            shared_payload = phone_parts.public_payload(meta, None)
        if changed:
            self._publish(game_id, PHONES, shared_payload, skip=tuple(changed))
        else:
            self._publish(game_id, PHONES, shared_payload)
        yield PHONES

    def _catch_up_round(self, seen: Snapshot, meta: dict[str, Any]) -> Iterator[str]:
        s = self.session
        assert self._publish is not None
        seats, self._catch_up = self._catch_up, set()
        public: View | None = None
        if seen.state is not None and seen.seats:
            public, _ = self._phone_views(seen, int(seen.seats[0]["seat"]))
        for seat in sorted(seats):
            audience = f"seat:{seat}"
            shared, own = self._phone_views(seen, seat)
            private = phone_parts.private_payload(meta, seat, own)
            self._sent_private[seat] = (seen.state,
                                        (private["view"], private["meta"].get("seats")))
            self._publish(s.id, audience,
                          {**private, "public": phone_parts.public_payload(meta, public)})
            yield audience
