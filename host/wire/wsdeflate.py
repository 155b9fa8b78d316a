"""WebSocket compression (permessage-deflate) with no per-connection state: a broadcast is
compressed once, not once per phone.

Why: every browser offers permessage-deflate and the threading mode's WebSocket stack
(simple-websocket on wsproto) accepts it with context takeover, the default: each
connection keeps its own zlib compressor (about 256 KB) and decompressor (about 40 KB),
and compresses every message for itself. With 200 phones that was about 60 MB of the
host's memory and 200 compressions of the same public part per publication.

Here the host answers with `server_no_context_takeover` and `client_no_context_takeover`,
which RFC 7692 (7.1.1) lets a server add to its answer even when the browser did not ask
for them: each message is then compressed on its own, from an empty window. The same
bytes compressed with the same parameters give the same output, so one process-wide
cache (the last few messages) hands the same compressed bytes to every connection that
sends them: a publication to N phones is compressed once. Messages from phones are
small, are decompressed on their own, and keep no window either. Eventlet's own WebSocket
server gets the same answer and the same cache (`install("eventlet")`), without the
small-message rule (its framing compresses every message once the extension is on).

Deflate itself stays: a 7.6 KB public part for a 200-seat board is 1.3 KB on the air,
which matters on a Raspberry Pi's own Wi-Fi. A message below `MIN_BYTES` goes as it is
(RFC 7692 lets a sender leave any message uncompressed): it fits one Wi-Fi frame either
way, and a phone's own part with a small public part inside (the buzzer board's opening:
one distinct message per phone) would be compressed once per phone. 1 KB is also the
threshold of Node's `ws`, the server under most Socket.IO hosts.
"""

from __future__ import annotations

import logging
import threading
import zlib
from collections import OrderedDict
from typing import Any

from wsproto.extensions import PerMessageDeflate
from wsproto.frame_protocol import Opcode, RsvBits

log = logging.getLogger(__name__)

MIN_BYTES = 1024  # smaller messages go uncompressed: one Wi-Fi frame either way
CACHED_MESSAGES = 8  # a publication sends a handful of different messages at most


class _Compressed:
    """The process-wide cache: the compressed form of the last few messages, the most
    recently asked for last."""

    def __init__(self, size: int = CACHED_MESSAGES) -> None:
        self._size = size
        self._lock = threading.Lock()
        self._entries: OrderedDict[tuple[int, bytes], bytes] = OrderedDict()
        self.hits = 0  # for tests and benches
        self.misses = 0

    def get(self, bits: int, data: bytes) -> bytes:
        key = (bits, data)
        with self._lock:
            if self._entries:
                # A broadcast asks for the same message N times in a row: comparing it with
                # the newest entry is ~20x cheaper than hashing it (44 KB: 0.5 against 9 us).
                (newest_bits, newest), compressed = next(reversed(self._entries.items()))
                if newest_bits == bits and newest == data:
                    self.hits += 1
                    return compressed
            found = self._entries.get(key)
            if found is not None:
                self._entries.move_to_end(key)
                self.hits += 1
                return found
        compressor = zlib.compressobj(zlib.Z_DEFAULT_COMPRESSION, zlib.DEFLATED, -bits)
        # A sync flush ends with 00 00 ff ff, which the receiver adds back (RFC 7692, 7.2.1).
        compressed = (compressor.compress(data) + compressor.flush(zlib.Z_SYNC_FLUSH))[:-4]
        with self._lock:
            self.misses += 1
            self._entries[key] = compressed
            self._entries.move_to_end(key)
            while len(self._entries) > self._size:
                self._entries.popitem(last=False)
        return compressed


COMPRESSED = _Compressed()


class SharedDeflate(PerMessageDeflate):
    """permessage-deflate without context takeover either way, compressing each whole
    outgoing message once per process (see the module's docstring)."""

    def __init__(self, **_ignored: Any) -> None:
        super().__init__(client_no_context_takeover=True, server_no_context_takeover=True)

    def frame_outbound(self, proto: Any, opcode: Opcode, rsv: RsvBits, data: bytes,
                       fin: bool) -> tuple[RsvBits, bytes]:
        if opcode not in (Opcode.TEXT, Opcode.BINARY) or not fin or proto.client:
            # Fragments and continuations (wsproto sends whole messages here, but be safe),
            # and a client's side: the library's own way, one message at a time.
            return super().frame_outbound(proto, opcode, rsv, data, fin)
        if len(data) < MIN_BYTES:
            return rsv, data
        return (RsvBits(True, rsv[1], rsv[2]),
                COMPRESSED.get(self.server_max_window_bits, bytes(data)))


class _CompressedOnce:
    """Stands for a zlib compressor in eventlet's framing, which compresses a whole message
    with `compress` then `flush(Z_SYNC_FLUSH)` and strips the 4-byte tail: the same bytes
    from the process-wide cache."""

    def __init__(self, bits: int) -> None:
        self._bits = bits
        self._data = b""

    def compress(self, data: bytes) -> bytes:
        self._data += data
        return b""

    def flush(self, _mode: int) -> bytes:
        return COMPRESSED.get(self._bits, self._data) + b"\x00\x00\xff\xff"


def install(async_mode: str = "threading") -> None:
    """Make the WebSocket server of this async mode compress as the module says.

    Threading: simple-websocket builds its `PerMessageDeflate()` by the name in its own
    module, with no setting to pass one in; this swaps that name. Eventlet: its server
    negotiates and compresses in two methods, wrapped here (the negotiated parameters gain
    both no_context_takeover flags; a server's compressor becomes the shared cache). Both
    are idempotent; a library version without these names is left as it is, with a
    warning (tests/core/test_wsdeflate.py then fails)."""
    if async_mode == "eventlet":
        _install_eventlet()
        return
    import simple_websocket.ws

    if not hasattr(simple_websocket.ws, "PerMessageDeflate"):
        # Another simple-websocket: its own compression works, only less economically.
        log.warning("simple-websocket: websocket compression left as it does it")
        return
    simple_websocket.ws.PerMessageDeflate = SharedDeflate


def _install_eventlet() -> None:
    from eventlet import websocket

    server, connection = websocket.WebSocketWSGI, websocket.RFC6455WebSocket
    if getattr(server, "_tourelle_shared_deflate", False):
        return
    if not (hasattr(server, "_negotiate_permessage_deflate")
            and hasattr(connection, "_get_permessage_deflate_enc")):
        # Another eventlet: its own compression works, only less economically.
        log.warning("eventlet %s: websocket compression left as eventlet does it",
                    getattr(websocket, "__version__", "?"))
        return
    negotiate = server._negotiate_permessage_deflate
    compressor = connection._get_permessage_deflate_enc

    def negotiated(self: Any, extensions: Any) -> Any:
        config = negotiate(self, extensions)
        if config is not None:
            config.update(server_no_context_takeover=True, client_no_context_takeover=True)
        return config

    def shared(self: Any) -> Any:
        options = self.extensions.get("permessage-deflate")
        if options is None or self.client or not options.get("server_no_context_takeover"):
            return compressor(self)
        return _CompressedOnce(int(options.get("server_max_window_bits", zlib.MAX_WBITS)))

    server._negotiate_permessage_deflate = negotiated
    connection._get_permessage_deflate_enc = shared
    server._tourelle_shared_deflate = True
