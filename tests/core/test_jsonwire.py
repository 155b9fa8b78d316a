"""The wire's JSON writer: orjson's own limits never stop a message (tests/core/test_fuzz.py
once saw a client's huge integer, echoed back in a refusal, fail to encode)."""

from __future__ import annotations

import json

from host import jsonwire


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
