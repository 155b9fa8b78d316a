from __future__ import annotations

from pathlib import Path

import pytest

from buzzers.config import ConfigError, load_config, parse_config

YAML = """\
holdoff_ms: 40
key_uncertainty_ms: 1
seats:
  - {seat: 1, name: Red, pin: 17, led: 27, key: KEY_1, char: "1"}
  - {seat: 2, name: Blue, pin: 22}
"""

TOML = """\
holdoff_ms = 40
key_uncertainty_ms = 1
[[seats]]
seat = 1
name = "Red"
pin = 17
led = 27
key = "KEY_1"
char = "1"
[[seats]]
seat = 2
name = "Blue"
pin = 22
"""


@pytest.mark.parametrize(("name", "text"), [("b.yaml", YAML), ("b.toml", TOML)])
def test_yaml_and_toml_give_the_same_config(tmp_path: Path, name: str, text: str) -> None:
    path = tmp_path / name
    path.write_text(text)
    config = load_config(path)
    assert config.holdoff_ns == 40_000_000
    assert config.key_uncertainty_ns == 1_000_000
    assert [(s.seat, s.name, s.pin, s.led, s.key, s.char) for s in config.seats] == [
        (1, "Red", 17, 27, "KEY_1", "1"),
        (2, "Blue", 22, None, None, None),
    ]
    assert config.seat_name(2) == "Blue"


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"seats": []}, "non-empty list"),
        ({"seats": [{"seat": 1}], "holdoff": 3}, "unknown buzzer config keys"),
        ({"seats": [{"seat": -1}]}, "'seat' must be an integer"),
        ({"seats": [{"seat": 1, "pin": 40}]}, "BCM GPIO number"),
        ({"seats": [{"seat": 1, "pin": 4}, {"seat": 2, "led": 4}]}, "GPIO pin 4 is used twice"),
        ({"seats": [{"seat": 1}, {"seat": 1}]}, "seat number 1 is used twice"),
        ({"seats": [{"seat": 1, "char": "ab"}]}, "single character"),
        ({"seats": [{"seat": 1}], "holdoff_ms": -5}, "'holdoff_ms' must be a number"),
    ],
)
def test_bad_configs_say_what_is_wrong(data: object, message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        parse_config(data)


def test_unreadable_and_malformed_files(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="cannot read"):
        load_config(tmp_path / "missing.yaml")
    broken = tmp_path / "broken.yaml"
    broken.write_text("seats: [\n")
    with pytest.raises(ConfigError, match="not valid yaml"):
        load_config(broken)
