"""Input that has reached the host (host/wire/inbound.py), over real loopback TCP sockets: a
message's time is when the kernel received it, not when a thread read it, and a timer waits
for what reached the host before it fell due: queued, taken by a read not yet parsed,
or being handled; not for a busy thread's next bytes, nor past its cap."""

from __future__ import annotations

import select
import socket
import struct
import threading
import time
from collections.abc import Callable, Iterator
from typing import NamedTuple

import pytest

from host.wire import inbound
from host.wire.inbound import CAP_SECONDS, Inbound, Inlet, kernel_stamp_ns, on_host_clock

linux = pytest.mark.skipif(not inbound.stamp_arrivals(socket.socket()),
                           reason="the kernel gives no receive stamps here (not Linux)")


@pytest.fixture
def pair() -> Iterator[tuple[socket.socket, socket.socket]]:
    """(the client's end, the host's end) of a loopback TCP connection."""
    listener = socket.create_server(("127.0.0.1", 0))
    near = socket.create_connection(listener.getsockname())
    far, _ = listener.accept()
    listener.close()
    yield near, far
    near.close()
    far.close()


class Opened(NamedTuple):
    near: socket.socket  # the client's end
    far: socket.socket  # the host's end
    registry: Inbound
    inlet: Inlet  # the host's end, known to the registry


@pytest.fixture
def opened(pair: tuple[socket.socket, socket.socket]) -> Opened:
    registry = Inbound()
    return Opened(*pair, registry, registry.open(pair[1]))


def queued(sock: socket.socket) -> None:
    """Wait until `sock` has bytes to read (they reached the host)."""
    assert select.select([sock], [], [], 10)[0]


def arrive(near: socket.socket, far: socket.socket, data: bytes) -> None:
    """The client sends `data`; wait until it is at the host."""
    near.sendall(data)
    queued(far)


def read(inlet: Inlet, whole: bool = True) -> None:
    """The inlet's thread reads what is there and parses it (`whole`: a message)."""
    inlet.took(len(inlet.read(64)), whole=whole)


class Armed:
    def __init__(self) -> None:
        self.calls: list[tuple[float, Callable[[], None]]] = []

    def __call__(self, seconds: float, fn: Callable[[], None]) -> None:
        self.calls.append((seconds, fn))


@pytest.fixture
def stamping(pair: tuple[socket.socket, socket.socket]) -> Iterator[None]:
    """Receive stamps switched on in the kernel: the first socket asking for them turns
    them on for everyone, after a moment (a deferred work item), until the last one closes.
    This one asks, and stays open until its own bytes come stamped."""
    near, far = pair
    inbound.stamp_arrivals(far)
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        arrive(near, far, b"probe")
        _, ancillary, _, _ = far.recvmsg(64, inbound._ANCILLARY)
        if kernel_stamp_ns(ancillary) is not None:
            yield
            return
    pytest.fail("the kernel never stamped a received segment")


@linux
def test_a_message_is_timed_when_it_reached_the_host_not_when_it_was_read(
        stamping: None) -> None:
    listener = socket.create_server(("127.0.0.1", 0))
    near = socket.create_connection(listener.getsockname())
    far, _ = listener.accept()
    listener.close()
    inlet = Inbound().open(far)
    sent = time.monotonic_ns()
    arrive(near, far, b"buzz")
    seen_queued = time.monotonic_ns()  # it was there by now; the read comes after
    assert inlet.read(64) == b"buzz"
    assert sent <= inlet.arrived_ns <= seen_queued, (sent, inlet.arrived_ns, seen_queued)
    near.close()
    far.close()


def test_kernel_stamps_are_read_in_both_layouts_and_only_believed_if_plausible() -> None:
    new = struct.pack("qq", 1_700_000_000, 123)
    old = struct.pack("@ll", 1_700_000_000, 456)
    assert kernel_stamp_ns([(socket.SOL_SOCKET, 64, new)]) == 1_700_000_000_000_000_123
    assert kernel_stamp_ns([(socket.SOL_SOCKET, 35, old)]) == 1_700_000_000_000_000_456
    assert kernel_stamp_ns([(socket.SOL_SOCKET, 99, new)]) is None
    assert kernel_stamp_ns([]) is None
    before = time.monotonic_ns()
    wall_now = time.time_ns()
    assert abs(on_host_clock(wall_now - 2_000_000) - (before - 2_000_000)) < 1_000_000
    for unbelievable in (None, wall_now + 10**9, wall_now - 5 * 10**9):  # ahead; a step back
        assert before <= on_host_clock(unbelievable) <= time.monotonic_ns()


def test_a_timer_waits_for_bytes_queued_before_it_and_for_their_handling(
        opened: Opened) -> None:
    near, far, registry, inlet = opened
    assert registry.settled(time.monotonic_ns())
    arrive(near, far, b"press")
    due = time.monotonic_ns()
    fired: list[str] = []
    armed = Armed()
    registry.when_settled(lambda: fired.append("decide"), armed)
    assert fired == [] and armed.calls[0][0] == CAP_SECONDS  # queued, not read
    data = inlet.read(64)
    assert not registry.settled(due)  # taken by the read, not yet parsed
    inlet.took(len(data), whole=True)
    assert fired == [] and inlet.unhandled_since is not None
    assert inlet.unhandled_since <= due  # being handled, and it came before the timer
    registry.handed_over()  # the press is carried into its Session now (in_flight.py)
    assert fired == ["decide"]
    armed.calls[0][1]()  # the cap, afterwards: nothing more
    assert fired == ["decide"]


def test_a_message_that_came_after_the_timer_fell_due_is_not_waited_for(
        opened: Opened) -> None:
    near, far, registry, inlet = opened
    due = time.monotonic_ns()
    arrive(near, far, b"late")
    read(inlet)
    assert inlet.unhandled_since is not None and inlet.unhandled_since > due
    assert registry.settled(due) and not registry.settled(time.monotonic_ns())


def test_a_partial_message_read_is_not_waited_for(
        opened: Opened) -> None:
    near, far, registry, inlet = opened
    arrive(near, far, b"half a fr")
    assert not registry.settled(time.monotonic_ns())
    read(inlet, whole=False)  # the rest has not come: nothing whole
    assert registry.settled(time.monotonic_ns())


def test_a_busy_threads_next_bytes_are_not_waited_for_but_its_message_is(
        opened: Opened) -> None:
    near, far, registry, inlet = opened
    arrive(near, far, b"one")
    read(inlet)
    registry.current.inlet = None  # another thread asks
    arrive(near, far, b"two")  # behind the message its thread is handling
    assert not registry.settled(time.monotonic_ns())  # "one" is being handled
    inlet.unhandled_since = None  # handed over: its thread is still busy with it
    assert registry.settled(time.monotonic_ns())  # "two": its time is known once read
    inlet.idle()  # the thread reads again: "two" is waited for now
    assert not registry.settled(time.monotonic_ns())


def test_bytes_queued_before_the_connection_was_known_are_waited_for(
        pair: tuple[socket.socket, socket.socket]) -> None:
    near, far = pair
    arrive(near, far, b"early")
    registry = Inbound()
    registry.open(far)
    assert not registry.settled(time.monotonic_ns())


def test_the_cap_fires_once_and_a_closed_connection_is_not_waited_for(
        opened: Opened) -> None:
    near, far, registry, inlet = opened
    arrive(near, far, b"never read")
    fired: list[str] = []
    armed = Armed()
    registry.when_settled(lambda: fired.append("decide"), armed)
    armed.calls[0][1]()  # the cap: a stuck reader never freezes the game
    assert fired == ["decide"]
    registry.close(inlet)
    assert fired == ["decide"] and len(registry) == 0
    assert registry.settled(time.monotonic_ns())


def test_a_waiter_is_told_from_the_reading_thread(
        opened: Opened) -> None:
    """The timer's waiter fires from the thread whose reading settled it."""
    near, far, registry, inlet = opened
    arrive(near, far, b"press")
    fired = threading.Event()
    registry.when_settled(fired.set, Armed())

    def read_and_handle() -> None:
        read(inlet)
        inlet.idle()  # handled

    reader = threading.Thread(target=read_and_handle)
    reader.start()
    reader.join()
    assert fired.wait(10)


def test_the_inline_reader_marks_what_it_reads_and_forgets_a_closed_connection() -> None:
    import simple_websocket
    from wsproto.events import CloseConnection, TextMessage

    from tests.core.test_reader import handshaken

    server, near, client = handshaken()
    inlet: Inlet = server.inlet
    assert inlet in inbound.INBOUND._inlets.values()
    sent = time.monotonic_ns()
    near.sendall(client.send(TextMessage("42/seat,[\"buzz\",{}]")))
    assert server.receive() == "42/seat,[\"buzz\",{}]"
    assert inlet.busy and inlet.unhandled_since is not None and inlet.unhandled_since >= sent
    assert inbound.INBOUND.arrived_ns() == inlet.unhandled_since  # what a handler reads
    near.sendall(client.send(CloseConnection(1000)))
    with pytest.raises(simple_websocket.ConnectionClosed):
        server.receive()
    assert inlet not in inbound.INBOUND._inlets.values()
    near.close()


def test_any_message_put_in_a_sessions_queue_is_no_longer_waited_for(
        pair: tuple[socket.socket, socket.socket]) -> None:
    """A host command or a join handled when the timer falls due: once its event is queued
    (Session.submit's `queued`), the timeout goes in behind it; the timer need not wait for
    its outcome, which a batch held for that timeout would only give after it."""
    from host.session.in_flight import InFlight

    near, far = pair
    registry = Inbound()
    inlet = registry.open(far)
    arrive(near, far, b"command")
    read(inlet)
    flight, fired = InFlight(None, registry), []
    flight.fire_after_heard(lambda: fired.append("decide"), Armed())
    assert fired == []
    flight.queued()  # its event is in the queue; its handler still waits for the outcome
    assert fired == ["decide"] and inlet.busy


def test_input_on_another_connection_after_the_timer_fell_due_does_not_hold_it() -> None:
    """A burst: the timer waits for what was there when it fell due, not for presses that
    keep coming on other connections after."""
    listener = socket.create_server(("127.0.0.1", 0))
    ends = []
    for _ in range(2):
        near = socket.create_connection(listener.getsockname())
        far, _ = listener.accept()
        ends.append((near, far))
    listener.close()
    (near_a, far_a), (near_b, far_b) = ends
    registry = Inbound()
    inlet_a, inlet_b = registry.open(far_a), registry.open(far_b)
    arrive(near_a, far_a, b"early press")
    fired: list[str] = []
    registry.when_settled(lambda: fired.append("decide"), Armed())
    arrive(near_b, far_b, b"later press")  # came after the timer fell due
    read(inlet_a)
    inlet_a.idle()  # handled
    assert fired == ["decide"]
    assert inlet_b.unread()  # still unread, and not waited for
    for near, far in ends:
        near.close()
        far.close()
