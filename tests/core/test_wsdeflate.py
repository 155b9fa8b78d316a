"""WebSocket compression: once per message for every connection, no zlib state kept per phone.

The handshakes and frames are wsproto's own (the library under simple-websocket), a real
`tourelle serve` answers the last test.
"""

from __future__ import annotations

import json
import zlib
from pathlib import Path

import pytest
from wsproto import ConnectionType, WSConnection
from wsproto.events import AcceptConnection, BytesMessage, Request, TextMessage
from wsproto.extensions import PerMessageDeflate

from host.wire.wsdeflate import COMPRESSED, MIN_BYTES, SharedDeflate
from tests.live import LiveServer, RawEngineIO

BIG = json.dumps({"scores": [{"seat": i, "name": f"P{i + 1}", "score": 0}
                             for i in range(200)]})


def pair() -> tuple[WSConnection, WSConnection, str]:
    """A browser-like client (permessage-deflate offered with its defaults) connected to a
    server that answers with SharedDeflate; returns both and the server's extension line."""
    client, server = WSConnection(ConnectionType.CLIENT), WSConnection(ConnectionType.SERVER)
    server.receive_data(client.send(Request(host="tourelle.local", target="/socket.io/",
                                            extensions=[PerMessageDeflate()])))
    (request,) = [e for e in server.events() if isinstance(e, Request)]
    accept = server.send(AcceptConnection(extensions=[SharedDeflate()]))
    client.receive_data(accept)
    (accepted,) = list(client.events())
    assert isinstance(accepted, AcceptConnection)
    line = [v.decode() for k, v in accepted.extra_headers
            if k.lower() == b"sec-websocket-extensions"]
    head = accept.split(b"\r\n\r\n", 1)[0].decode().lower()
    return client, server, head if not line else line[0]


def frames_of(server: WSConnection, text: str) -> bytes:
    return server.send(TextMessage(data=text))


def received(client: WSConnection, data: bytes) -> str:
    client.receive_data(data)
    messages = [e for e in client.events() if isinstance(e, (TextMessage, BytesMessage))]
    assert len(messages) == 1
    return str(messages[0].data)


def test_the_answer_asks_for_no_context_takeover_either_way() -> None:
    _client, _server, head = pair()
    assert "permessage-deflate" in head
    assert "server_no_context_takeover" in head
    assert "client_no_context_takeover" in head


def test_a_message_sent_to_many_connections_is_compressed_once_and_arrives_whole() -> None:
    pairs = [pair() for _ in range(5)]
    text = BIG + "-unique-to-this-test"
    misses = COMPRESSED.misses
    outputs = []
    for client, server, _ in pairs:
        data = frames_of(server, text)
        outputs.append(data)
        assert received(client, data) == text
    assert COMPRESSED.misses == misses + 1  # one compression for five connections
    assert len(set(outputs)) == 1  # the same bytes on every wire
    assert outputs[0][0] & 0x40  # RSV1: the frame is compressed
    assert len(outputs[0]) < len(text) / 3  # the scoreboard's repetitions compress well


def test_interleaved_messages_are_each_compressed_once() -> None:
    """A publication sends a few different messages (the public part, a seat's own part
    with it inside, the projector's view) interleaved across connections."""
    pairs = [pair() for _ in range(4)]
    texts = [BIG + "-interleaved-a", BIG + "-interleaved-b"]
    misses = COMPRESSED.misses
    for round_ in range(3):
        for index, (client, server, _) in enumerate(pairs):
            text = texts[(index + round_) % 2]
            assert received(client, frames_of(server, text)) == text
    assert COMPRESSED.misses == misses + 2


def test_each_message_stands_alone_so_any_connection_can_decode_it() -> None:
    """No context takeover: a message compressed for one connection decodes on its own,
    with a fresh inflater, whatever that connection received before."""
    client, server, _ = pair()
    first = frames_of(server, BIG + "-first")
    second = frames_of(server, BIG + "-second")
    assert received(client, first).endswith("-first")
    fresh, _, _ = pair()
    assert received(fresh, second).endswith("-second")
    # And by zlib alone: the payload (after a 4-byte header for this size) inflates with
    # the RFC 7692 tail and an empty window.
    payload = second[4:]
    inflater = zlib.decompressobj(-15)
    assert inflater.decompress(payload + b"\x00\x00\xff\xff").decode() == BIG + "-second"


def test_small_messages_go_uncompressed_and_client_messages_are_read() -> None:
    client, server, _ = pair()
    data = frames_of(server, "3")  # an engine.io pong
    assert not data[0] & 0x40 and received(client, data) == "3"
    data = frames_of(server, "x" * (MIN_BYTES - 1))
    assert not data[0] & 0x40 and received(client, data) == "x" * (MIN_BYTES - 1)
    data = frames_of(server, "x" * MIN_BYTES)
    assert data[0] & 0x40 and received(client, data) == "x" * MIN_BYTES
    # A compressed message from the browser (its side of the same extension).
    server.receive_data(client.send(TextMessage(data=BIG)))
    assert [e.data for e in server.events() if isinstance(e, TextMessage)] == [BIG]
    server.receive_data(client.send(TextMessage(data=BIG + "again")))
    assert [e.data for e in server.events() if isinstance(e, TextMessage)] == [BIG + "again"]


@pytest.mark.parametrize("async_mode", ["threading", "eventlet"])
def test_the_served_app_answers_a_browser_offer_and_its_messages_decode(
        tmp_path: Path, packs: Path, async_mode: str) -> None:
    """A real `tourelle serve` in each async mode: the answer asks for no context takeover
    either way, and what it sends (engine.io's open packet, then a Socket.IO connect
    answer) inflates on the browser's side of the extension."""
    server = LiveServer(data=tmp_path / "data", packs=packs, async_mode=async_mode).start()
    try:
        raw = RawEngineIO(server, offer=[PerMessageDeflate()])
        try:
            raw.read_until(lambda: raw.texts)
            (deflate,) = raw.accepted[0].extensions  # as the server's answer set it
            assert isinstance(deflate, PerMessageDeflate) and deflate.enabled()
            assert deflate.server_no_context_takeover and deflate.client_no_context_takeover
            assert raw.texts[0].startswith("0{") and '"sid"' in raw.texts[0]  # engine.io open
            raw.send("40/screen,")  # connect to /screen
            raw.read_until(lambda: any(t.startswith("40/screen,") for t in raw.texts))
        finally:
            raw.close()
    finally:
        server.stop()
