"""The wire's JSON writer: orjson's own limits never stop a message (tests/core/test_fuzz.py
once saw a client's huge integer, echoed back in a refusal, fail to encode)."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from socketio.packet import BINARY_EVENT, EVENT, Packet

from host.wire import jsonwire
from host.app import create_app
from host.config import HostConfig


def test_an_integer_past_64_bits_is_written() -> None:
    message = {"ok": False, "value": 2**70, "nested": [{"n": -(2**80)}]}
    assert json.loads(jsonwire.dumps(message)) == message


def test_nesting_past_orjsons_limit_is_written() -> None:
    deep: list[object] = []
    for _ in range(300):
        deep = [deep]
    assert json.loads(jsonwire.dumps({"deep": deep})) == {"deep": deep}


def test_integer_keys_stay_strings_as_json_has_them() -> None:
    assert json.loads(jsonwire.dumps({1: "a"})) == {"1": "a"}


def payloads() -> list[Any]:
    """JSON-only payloads, payloads with bytes where the library looks (lists, dicts) and
    where it does not (tuples), and types orjson refuses (sets): seeded, nested."""
    rnd = random.Random(31)

    def value(depth: int) -> Any:
        makers: list[Any] = [
            lambda: None, rnd.random, lambda: "é" * rnd.randrange(4), lambda: 2**70,
            lambda: b"\x00",
            lambda: [value(depth + 1) for _ in range(rnd.randrange(4))],
            lambda: {f"k{i}": value(depth + 1) for i in range(rnd.randrange(4))},
            lambda: tuple(value(depth + 1) for _ in range(rnd.randrange(3))),
            lambda: {rnd.randrange(5)}]
        return makers[rnd.randrange(len(makers) if depth < 4 else 5)]()

    return [["state", value(0)] for _ in range(400)]


def test_the_packet_says_binary_exactly_when_the_librarys_walk_does() -> None:
    checked = {True: 0, False: 0}
    for data in payloads():
        expected = Packet.data_is_binary(data)
        assert jsonwire.Packet.data_is_binary(data) is expected, data
        checked[expected] += 1
    assert checked[True] > 20 and checked[False] > 20  # both answers were asked for


def test_a_payload_with_bytes_still_goes_as_a_binary_event() -> None:
    encoded = jsonwire.Packet(EVENT, data=["clip", {"audio": b"\x01\x02"}], namespace="/seat")
    assert encoded.packet_type == BINARY_EVENT
    assert encoded.encode()[1:] == [b"\x01\x02"]
    plain = jsonwire.Packet(EVENT, data=["state", {"view": {"floor": 3}}], namespace="/seat")
    assert plain.packet_type == EVENT
    assert plain.encode() == '2/seat,["state",{"view":{"floor":3}}]'


def test_the_host_emits_with_it(tmp_path: Path) -> None:
    _app, socketio, _hub = create_app(HostConfig(data_dir=tmp_path, resume=False,
                                                 bundled_packs=False))
    assert socketio.server.packet_class is jsonwire.Packet
