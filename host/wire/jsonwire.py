"""The JSON Socket.IO messages are written with: orjson when it is installed.

Why: a publication to 200 phones encodes about 200 payloads (each seat's private
part, plus the projector's, the host page's and the public part); with the
standard library that was about 4 ms of the publication's work, with orjson
0.3 ms (bench/json_cost.py, docs/PERFORMANCE.md). Messages from clients are
still read with the standard library: they are small, and its errors are the
ones the edge already answers. Without orjson (a platform with no wheel) the
standard library writes them too; TOURELLE_JSON=stdlib forces it (the bench's
before/after).

`Packet` is python-socketio's packet with a quicker question before each emit: "does
this payload hold bytes?" (a binary event is framed differently). The library walks the
payload in Python, building a list per dict and list: 0.68 ms for the projector's
17.7 KB state of a 201-seat board, 20 of the 34 us a phone's message cost, about a fifth
of the host's interpreter time in bench/buzz_latency.py with 200 phones (py-spy). A
payload orjson can write holds no bytes (orjson refuses bytes): that is the answer in
0.8-18 us; anything orjson refuses is walked as before.
"""

from __future__ import annotations

import json
import os
from types import ModuleType
from typing import Any

from socketio import packet as sio_packet

_orjson: ModuleType | None
try:
    import orjson as _orjson
except ImportError:  # pragma: no cover - every platform we ship to has a wheel
    _orjson = None

if os.environ.get("TOURELLE_JSON") == "stdlib":
    _orjson = None

ENCODER = f"orjson {_orjson.__version__}" if _orjson is not None else "json (stdlib)"


def dumps(obj: Any, **_options: Any) -> str:
    """Compact JSON text (python-socketio passes `separators`; orjson is always compact)."""
    if _orjson is not None:
        try:
            return str(_orjson.dumps(obj, option=_orjson.OPT_NON_STR_KEYS).decode())
        except TypeError:  # orjson's limits, not JSON's: a client's integer past 64 bits echoed
            pass  # in a refusal, or nesting deeper than 255; the standard library writes them
    return json.dumps(obj, separators=(",", ":"))


def loads(text: str | bytes, **options: Any) -> Any:
    return json.loads(text, **options)


class Packet(sio_packet.Packet):
    """python-socketio's packet (`serializer=` of the server), asked about bytes quickly."""

    @classmethod
    def data_is_binary(cls, data: Any) -> bool:
        if _orjson is not None:
            try:
                _orjson.dumps(data, option=_orjson.OPT_NON_STR_KEYS)
            except TypeError:
                pass  # bytes, or a type orjson does not write: the library's own walk
            else:
                return False
        return bool(super().data_is_binary(data))
