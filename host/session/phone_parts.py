"""A phone's state in two parts: one public part for every phone of a game, a small private one.

Why: with 200 phones, building and encoding 200 whole views (each with the full
scoreboard) after every event cost 140 ms of CPU per broadcast. What every phone
may see is the same for all of them; it is built and encoded once and emitted once
to the game's room of phones (event `public`). What is a seat's own (its hand, its
answer, its status, its legal moves: the kind's `private_keys`, plus `legal`) is sent
to that seat's room (event `private`), and only when it changed.

A page's state is the merge of the two (`merge`, and the same lines in phone.js):
`{meta: {...public.meta, ...private.meta}, view: {...public.view, ...private.view}}`,
or a null view while the game has not started. A private part that changed carries
the public part of the same publication in it (`"public"`), and the emit to the room
of phones skips that seat: each phone gets one message per publication, and draws
both halves of one state (PROTOCOL.md, "Phones: public and private parts").
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from host.games.contract import View

Payload = dict[str, Any]


def split(view: View, private_keys: Iterable[str]) -> tuple[View, View]:
    """(public, private) halves of one seat's view, by the kind's private keys."""
    own = set(private_keys)
    return ({k: v for k, v in view.items() if k not in own},
            {k: v for k, v in view.items() if k in own})


def public_payload(meta: dict[str, Any], view: View | None) -> Payload:
    """For every phone: the meta without the seats once the game runs (the view names
    the players; a phone's own seat entry comes with its private part)."""
    if view is None:
        return {"meta": meta, "view": None}
    return {"meta": {k: v for k, v in meta.items() if k != "seats"}, "view": view}


def private_payload(meta: dict[str, Any], seat: int, view: View | None,
                    entry: dict[str, Any] | None = None) -> Payload:
    """`entry`: the seat's entry of meta["seats"], when the caller has it at hand."""
    started = view is not None
    own: dict[str, Any] = {"game": meta["game"], "seq": meta["seq"], "seat": seat}
    if started:
        own["seats"] = ([entry] if entry is not None
                        else [s for s in meta["seats"] if s["seat"] == seat])
    return {"meta": own, "view": view if started else {}}


def merge(public: Payload, private: Payload | None) -> Payload:
    """A seat's whole state, as a page puts it together."""
    if private is None or private["meta"].get("game") != public["meta"].get("game"):
        return public
    meta = {**public["meta"], **{k: v for k, v in private["meta"].items() if k != "seat"}}
    meta["seq"] = public["meta"]["seq"]
    view = None if public["view"] is None else {**public["view"], **private["view"]}
    return {"meta": meta, "view": view}
