"""WebSocket compression: once per message for every connection, no zlib state kept per phone.

The handshakes and frames are wsproto's own (the library under simple-websocket), a real
`tourelle serve` answers the last test.
"""

from __future__ import annotations

import json
import socket
import zlib

from wsproto import ConnectionType, WSConnection
from wsproto.events import (AcceptConnection, BytesMessage, Request, TextMessage)
from wsproto.extensions import PerMessageDeflate

from host import wsdeflate
from host.wsdeflate import COMPRESSED, MIN_BYTES, SharedDeflate
from tests.live import LiveServer

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


def test_the_served_app_answers_a_browser_offer_with_the_shared_deflate(
        server: LiveServer) -> None:
    wsdeflate.install()  # idempotent; the server process installed its own
    port = int(server.url.rsplit(":", 1)[1])
    connection = WSConnection(ConnectionType.CLIENT)
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        sock.sendall(connection.send(Request(
            host=f"127.0.0.1:{port}", target="/socket.io/?EIO=4&transport=websocket",
            extensions=[PerMessageDeflate()])))
        answer = b""
        while b"\r\n\r\n" not in answer:
            chunk = sock.recv(4096)
            assert chunk, "the server closed the connection during the handshake"
            answer += chunk
    head = answer.split(b"\r\n\r\n", 1)[0].decode().lower()
    assert head.startswith("http/1.1 101")
    assert "server_no_context_takeover" in head and "client_no_context_takeover" in head
