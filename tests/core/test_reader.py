"""Each WebSocket read by the thread that handles its messages (host/wire/reader.py): messages,
pings and the close handshake as simple-websocket's own reader did them, with no thread of
its own; and the served app's connections cost two threads each, not three."""

from __future__ import annotations

import socket
import threading
from pathlib import Path
from typing import Any

import pytest
import simple_websocket
from wsproto import ConnectionType, WSConnection
from wsproto.events import (AcceptConnection, CloseConnection, Ping, Pong, Request,
                            TextMessage)

from host.wire import reader
from tests.live import LiveServer, Peer


def handshaken(receive_bytes: int = 4096) -> tuple[Any, socket.socket, WSConnection]:
    """An inline-read server over a loopback TCP pair, its WebSocket opened by a wsproto
    client: (server, the client's socket, the client's connection)."""
    listener = socket.create_server(("127.0.0.1", 0))
    near = socket.create_connection(listener.getsockname())
    far, _ = listener.accept()
    listener.close()
    client = WSConnection(ConnectionType.CLIENT)
    request = client.send(Request(host="tourelle.local", target="/socket.io/"))
    environ: dict[str, Any] = {"werkzeug.socket": far}
    for line in request.decode().split("\r\n")[1:]:
        if ": " in line:
            name, value = line.split(": ", 1)
            environ["HTTP_" + name.upper().replace("-", "_")] = value
    server = reader._server_class()(environ, receive_bytes=receive_bytes)
    near.settimeout(10)
    client.receive_data(near.recv(4096))
    assert isinstance(next(client.events()), AcceptConnection)
    return server, near, client


def read_events(sock: socket.socket, client: WSConnection, want: type) -> list[Any]:
    """The client's events until one of type `want` came."""
    events: list[Any] = []
    while not any(isinstance(event, want) for event in events):
        data = sock.recv(4096)
        client.receive_data(data or None)
        events.extend(client.events())
        if not data:
            break
    return events


def test_messages_are_read_whole_by_the_thread_that_asks_for_them() -> None:
    threads = threading.active_count()
    server, near, client = handshaken(receive_bytes=7)  # a message takes several reads
    assert threading.active_count() == threads  # no reader thread of its own
    near.sendall(client.send(TextMessage("42/seat,[\"buzz\",{}]"))
                 + client.send(TextMessage("été ⏱")))
    assert server.receive() == "42/seat,[\"buzz\",{}]"
    assert server.receive() == "été ⏱"
    near.sendall(client.send(Ping(b"are you there")) + client.send(TextMessage("after")))
    assert server.receive() == "after"  # a ping answered on the way
    pongs = [e for e in read_events(near, client, Pong) if isinstance(e, Pong)]
    assert pongs[0].payload == b"are you there"
    near.close()
    server.sock.close()


def test_a_close_from_the_client_is_answered_and_ends_the_reading() -> None:
    server, near, client = handshaken()
    near.sendall(client.send(TextMessage("last")) + client.send(CloseConnection(1000)))
    assert server.receive() == "last"  # what came before the close is still read
    with pytest.raises(simple_websocket.ConnectionClosed):
        server.receive()
    assert not server.connected and server.sock.fileno() == -1  # the socket released
    assert any(isinstance(e, CloseConnection) for e in read_events(near, client,
                                                                   CloseConnection))
    near.close()


def test_a_client_gone_without_a_close_ends_the_reading() -> None:
    server, near, client = handshaken()
    near.sendall(client.send(TextMessage("half")))
    near.close()
    assert server.receive() == "half"
    with pytest.raises(simple_websocket.ConnectionClosed):
        server.receive()
    assert server.sock.fileno() == -1


def test_a_timeout_is_refused_rather_than_ignored() -> None:
    server, near, _ = handshaken()
    with pytest.raises(ValueError):
        server.receive(timeout=0.1)
    near.close()
    server.sock.close()


def test_install_is_idempotent_and_leaves_eventlet_alone() -> None:
    from engineio.async_drivers import threading as driver

    reader.install()
    installed = driver._async["websocket"]
    reader.install()
    assert driver._async["websocket"] is installed and installed._tourelle_inline


def test_each_websocket_of_the_served_app_costs_two_threads_not_three(
        tmp_path: Path, packs: Path) -> None:
    """A real `tourelle serve`: 15 phones joined add two threads each (the connection's
    handler, which reads it, and engine.io's writer for what the outbox spills), where the
    library's reading added a third (46 here); their joins and the opening still flow."""
    server = LiveServer(data=tmp_path / "data", packs=packs).start()
    peers: list[Peer] = []
    try:
        host = Peer(server, "/host", auth={"key": server.key})
        peers.append(host)
        game = host.call("create", {"kind": "buzzer", "start": True,
                                    "seats": [{"name": f"P{i}"} for i in range(16)]})["game"]

        def join(seat: int) -> None:
            phone = Peer(server, "/seat")
            peers.append(phone)
            assert phone.call("join", {"game": game, "seat": seat,
                                       "token": f"reader-token-{seat:04d}"})["ok"]

        join(0)  # the game's own threads (its worker, its publisher) are running now
        before = server.get("/healthz")["threads"]
        for seat in range(1, 16):
            join(seat)
        assert host.call("command", {"game": game, "type": "open", "mode": "first"})["ok"]
        for phone in peers[1:]:
            phone.wait_for(lambda state: (state.get("view") or {}).get("phase") == "armed")
        added = server.get("/healthz")["threads"] - before
        assert 0 < added <= 2 * 15 + 1, added
    finally:
        for peer in peers:
            peer.close()
        server.stop()
