"""One writer for every WebSocket: screens first, a slow phone spilled to its own thread in
order, never a blocked writer; and the served app's connections through it."""

from __future__ import annotations

import json
import queue
from collections import deque
import socket
import threading
from pathlib import Path
from typing import Any, cast

import pytest
from wsproto import ConnectionType, WSConnection
from wsproto.events import AcceptConnection, Request, TextMessage

from host.wire.outbox import Link, LinkedSocket, Outbox, Spilled
from tests.live import LiveServer, Peer, RawEngineIO


class Recorder:
    """What the outbox touches of a link: `write`, and its own bookkeeping on it."""

    def __init__(self, name: str, log: list[str]) -> None:
        self.name, self.log = name, log
        self.waiting: deque[Any] = deque()
        self.lane: str | None = None
        self.writing = False

    def write(self, data: Any) -> None:
        self.log.append(f"{self.name}:{data}")


def wire(kind: int, namespace: str, data: Any, ack: int | None = None) -> str:
    """A Socket.IO packet as engine.io hands it to the outbox (`Packet.encode()`)."""
    from engineio import packet as eio
    from socketio import packet as sio

    inner = sio.Packet(kind, data=data, namespace=namespace, id=ack).encode()
    return str(eio.Packet(eio.MESSAGE, data=inner).encode())


PHONE_STATE = wire(2, "/seat", ["private", {}])  # an EVENT to a phone: '42/seat,[...]'
SCREEN_STATE = wire(2, "/screen", ["state", {}])
PHONE_ACK = wire(3, "/seat", [{"ok": True}], ack=7)  # the answer to a phone's press


def test_screens_and_acknowledgements_go_before_the_phones_round_posted_earlier() -> None:
    """A screen's state or a phone's acknowledgement to a connection with nothing waiting is
    written at once by the thread that sends it; phones' states wait their turn."""
    assert PHONE_STATE.startswith("42/seat,") and PHONE_ACK.startswith("43/seat,7")
    box = Outbox(thread=False)
    log: list[str] = []
    phones = [Recorder(f"phone{i}", log) for i in range(3)]
    screen = Recorder("screen", log)
    for phone in phones[:2]:
        box.post(cast(Link, phone), PHONE_STATE)
    assert log == [] and box.pending() == (0, 2)
    assert box.write_one()  # the round began
    box.post(cast(Link, screen), SCREEN_STATE)
    box.post(cast(Link, phones[2]), PHONE_ACK)
    assert [entry.split(":")[0] for entry in log] == ["phone0", "screen", "phone2"]
    box.post(cast(Link, phones[2]), PHONE_STATE)
    while box.write_one():
        pass
    assert [entry.split(":")[0] for entry in log] == ["phone0", "screen", "phone2", "phone1",
                                                       "phone2"]
    assert log[2] == f"phone2:{PHONE_ACK}" and log[4] == f"phone2:{PHONE_STATE}"


def test_one_connection_keeps_its_order_and_an_urgent_message_takes_it_up_the_queue() -> None:
    """A phone's acknowledgement behind its own state still waiting goes after that state
    (each connection's order is the library's), and the two go before other phones'."""
    box = Outbox(thread=False)
    log: list[str] = []
    first, second = Recorder("first", log), Recorder("second", log)
    box.post(cast(Link, first), PHONE_STATE)
    box.post(cast(Link, second), PHONE_STATE)
    box.post(cast(Link, second), PHONE_ACK)
    assert log == [] and box.pending() == (1, 2)
    while box.write_one():
        pass
    assert log == [f"second:{PHONE_STATE}", f"second:{PHONE_ACK}", f"first:{PHONE_STATE}"]


def test_a_message_posted_while_its_connection_is_written_follows_that_write() -> None:
    box = Outbox(thread=False)
    log: list[str] = []
    screen = Recorder("screen", log)
    screen.writing = True  # another thread is writing to it now
    box.post(cast(Link, screen), SCREEN_STATE)
    assert log == [] and not box.write_one()  # not beside the write under way
    box._write(cast(Link, screen), [])  # that write ends: the message is in a lane again
    assert box.write_one() and log == [f"screen:{SCREEN_STATE}"]


def test_a_failing_link_does_not_stop_the_writer() -> None:
    box = Outbox(thread=False)
    log: list[str] = []

    class Broken:
        def write(self, data: Any) -> None:
            raise RuntimeError("a bug in one connection")

    broken = Recorder("broken", log)
    broken.write = Broken().write  # type: ignore[method-assign]
    box.post(cast(Link, broken), PHONE_STATE)
    box.post(cast(Link, Recorder("next", log)), PHONE_STATE)
    assert box.write_one() and box.write_one()
    assert log == [f"next:{PHONE_STATE}"]
    box.post(cast(Link, broken), SCREEN_STATE)  # written at once, in this thread: no raise
    assert not broken.writing


class Wire:
    """engineio's WebSocket wrapper as the link sees it: `.ws` is simple-websocket's Server
    (`.ws` its wsproto connection, `.connected`), `send(text)` frames and writes a whole
    message (blocking), as the library's writer thread does."""

    def __init__(self, sock: socket.socket, connection: WSConnection) -> None:
        self.sock = sock
        self.ws = type("Server", (), {})()
        self.ws.ws = connection
        self.ws.connected = True

    def send(self, text: str) -> None:
        self.sock.sendall(self.ws.ws.send(TextMessage(data=text)))


def connected_pair() -> tuple[socket.socket, socket.socket, WSConnection, WSConnection]:
    """A loopback TCP pair with small buffers, and an open WebSocket over it (server side
    first)."""
    listener = socket.create_server(("127.0.0.1", 0))
    reader = socket.socket()
    reader.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    reader.connect(listener.getsockname())
    writer, _ = listener.accept()
    listener.close()
    writer.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 8192)
    server, client = WSConnection(ConnectionType.SERVER), WSConnection(ConnectionType.CLIENT)
    server.receive_data(client.send(Request(host="x", target="/")))
    request = next(server.events())
    client.receive_data(server.send(AcceptConnection()))
    assert isinstance(request, Request) and isinstance(next(client.events()), AcceptConnection)
    return writer, reader, server, client


def test_what_the_kernel_does_not_take_goes_to_the_connection_thread_in_order() -> None:
    """A phone that stops reading: the shared writer never waits for it (each write returns
    while nobody reads) and its messages queue for its own thread. When it reads again,
    room comes back before that thread has written them: a later message still goes
    behind them, and every message arrives whole and in order."""
    writer, reader, server, client = connected_pair()
    own: queue.Queue[Any] = queue.Queue()
    link = Link(Wire(writer, server), writer, own)
    messages = [f"4{n:04d}" + "x" * 3000 for n in range(200)]  # 600 KB, far over the buffers

    def shared_writer() -> None:
        for text in messages[:150]:
            link.write(text)

    first = threading.Thread(target=shared_writer)
    first.start()
    first.join(timeout=20)
    assert not first.is_alive(), "the shared writer waited for a phone that does not read"
    assert link.spilled == own.qsize() > 0
    received: list[str] = []
    buffer: list[str] = []

    def read_until(count: int) -> None:
        while len(received) < count:
            client.receive_data(reader.recv(65536))
            for event in client.events():
                assert isinstance(event, TextMessage)
                buffer.append(event.data)
                if event.message_finished:
                    received.append("".join(buffer))
                    buffer.clear()

    spilled = own.qsize()
    read_until(150 - spilled)  # what was written at once: room again, none spilled yet
    for text in messages[150:]:
        link.write(text)
    assert own.qsize() == link.spilled == spilled + 50  # behind the spilled, not direct

    def own_thread() -> None:  # python-engineio's writer loop, on the spilled messages
        wire = LinkedSocket(Wire(writer, server), link)
        while (message := own.get()) is not None:
            wire.send(message.encode())

    thread = threading.Thread(target=own_thread)
    thread.start()
    read_until(len(messages))
    own.put(None)
    thread.join(timeout=10)
    assert received == messages
    assert link.spilled == 0
    writer.close()
    reader.close()


def test_a_spilled_message_written_by_its_thread_is_counted_even_when_the_write_fails() -> None:
    writer, reader, server, _ = connected_pair()
    link = Link(Wire(writer, server), writer, queue.Queue())
    with link.state:
        link._spill(Spilled("4late", framed=False))
    reader.close()
    writer.close()
    with pytest.raises(OSError):
        LinkedSocket(Wire(writer, server), link).send(Spilled("4late", framed=False))
    assert link.spilled == 0  # the connection's later messages are not held behind a ghost


def test_the_served_app_writes_each_connection_in_order_through_the_outbox(
        tmp_path: Path, packs: Path) -> None:
    """A real `tourelle serve` (threading, the outbox installed): through 40 publications in
    a row, a projector read straight off the wire (python-socketio's client runs each
    message's handler in a thread of its own, so its order is not the wire's) gets sequence
    numbers that never go back, and the last window's state reaches it and a phone."""
    server = LiveServer(data=tmp_path / "data", packs=packs).start()
    try:
        host = Peer(server, "/host", auth={"key": server.key})
        made = host.call("create", {"kind": "buzzer", "start": True,
                                    "seats": [{"name": f"P{i}"} for i in range(4)]})
        game = made["game"]
        raw = RawEngineIO(server)
        raw.read_until(lambda: raw.texts)  # engine.io's open packet
        raw.send("40/screen,")
        raw.read_until(lambda: any(t.startswith("40/screen,") for t in raw.texts))
        raw.send("42/screen,1" + json.dumps(["watch", {"game": game}]))  # ack id 1
        raw.read_until(lambda: any(t.startswith("43/screen,1") for t in raw.texts))
        phone = Peer(server, "/seat")
        assert phone.call("join", {"game": game, "seat": 1, "token": "phone-token-0001"})["ok"]
        for _ in range(20):
            assert host.call("command", {"game": game, "type": "open", "mode": "first"})["ok"]
            assert host.call("command", {"game": game, "type": "close"})["ok"]

        def last_window(state: dict[str, Any]) -> bool:
            view = state.get("view") or {}
            return view.get("window") == 20 and view.get("phase") != "open"

        def states() -> list[dict[str, Any]]:
            events = [json.loads(t[len("42/screen,"):]) for t in raw.texts
                      if t.startswith("42/screen,")]
            return [args[1] for args in events if args[0] == "state"]

        raw.read_until(lambda: any(last_window(state) for state in states()))
        phone.wait_for(last_window)
        seqs = [state["meta"]["seq"] for state in states()]
        assert len(seqs) >= 20 and seqs == sorted(seqs), seqs  # a state may come twice
        raw.close()
        for peer in (host, phone):
            peer.close()
    finally:
        server.stop()
