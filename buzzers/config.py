"""The buzzer configuration file: which pin, LED and key belongs to which seat.

YAML (`.yaml`/`.yml`) or TOML (`.toml`), same shape; see docs/HARDWARE.md:

    holdoff_ms: 50          # ignore a seat's switch bounce for this long
    key_uncertainty_ms: 8   # USB keyboard polling interval (1 for most arcade encoders)
    seats:
      - seat: 1
        name: Red
        pin: 17             # BCM number of the button (to GND, internal pull-up)
        led: 27             # BCM number of the seat's LED (optional)
        key: KEY_1          # evdev key name or code (optional)
        char: "1"           # terminal fallback key (optional)
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml


class ConfigError(ValueError):
    """The buzzer configuration is malformed; the message names the bad entry."""


@dataclass(frozen=True)
class SeatConfig:
    seat: int
    name: str
    pin: int | None = None
    led: int | None = None
    key: str | int | None = None
    char: str | None = None


@dataclass(frozen=True)
class BuzzerConfig:
    seats: tuple[SeatConfig, ...]
    holdoff_ms: float = 50.0
    key_uncertainty_ms: float = 8.0

    @property
    def holdoff_ns(self) -> int:
        return round(self.holdoff_ms * 1_000_000)

    @property
    def key_uncertainty_ns(self) -> int:
        return round(self.key_uncertainty_ms * 1_000_000)

    def seat_name(self, seat: int) -> str:
        for entry in self.seats:
            if entry.seat == seat:
                return entry.name
        return f"seat {seat}"


_SEAT_KEYS = {"seat", "name", "pin", "led", "key", "char"}
_TOP_KEYS = {"seats", "holdoff_ms", "key_uncertainty_ms"}


def load_config(path: str | Path) -> BuzzerConfig:
    """Read and check a YAML or TOML buzzer configuration file."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise ConfigError(f"cannot read buzzer config {path}: {exc}") from exc
    try:
        if path.suffix == ".toml":
            data: Any = tomllib.loads(text)
        else:
            data = yaml.safe_load(text)
    except (tomllib.TOMLDecodeError, yaml.YAMLError) as exc:
        raise ConfigError(f"{path}: not valid {path.suffix.lstrip('.') or 'YAML'}: {exc}") from exc
    return parse_config(data)


def parse_config(data: Any) -> BuzzerConfig:
    """Check an already-parsed configuration mapping and build the config."""
    if not isinstance(data, Mapping):
        raise ConfigError("buzzer config must be a mapping with a 'seats' list")
    unknown = set(data) - _TOP_KEYS
    if unknown:
        raise ConfigError(f"unknown buzzer config keys: {sorted(unknown)}")
    raw_seats = data.get("seats")
    if not isinstance(raw_seats, list) or not raw_seats:
        raise ConfigError("'seats' must be a non-empty list")
    seats = tuple(_parse_seat(i, raw) for i, raw in enumerate(raw_seats))
    _check_unique(seats)
    return BuzzerConfig(
        seats=seats,
        holdoff_ms=_non_negative(data, "holdoff_ms", 50.0),
        key_uncertainty_ms=_non_negative(data, "key_uncertainty_ms", 8.0),
    )


def _non_negative(data: Mapping[str, Any], key: str, default: float) -> float:
    value = data.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int | float) or value < 0:
        raise ConfigError(f"'{key}' must be a number >= 0, got {value!r}")
    return float(value)


def _parse_seat(index: int, raw: Any) -> SeatConfig:
    where = f"seats[{index}]"
    if not isinstance(raw, Mapping):
        raise ConfigError(f"{where} must be a mapping")
    unknown = set(raw) - _SEAT_KEYS
    if unknown:
        raise ConfigError(f"{where}: unknown keys {sorted(unknown)}")
    seat = raw.get("seat")
    if isinstance(seat, bool) or not isinstance(seat, int) or seat < 0:
        raise ConfigError(f"{where}: 'seat' must be an integer >= 0, got {seat!r}")
    name = raw.get("name", f"seat {seat}")
    if not isinstance(name, str) or not name:
        raise ConfigError(f"{where}: 'name' must be a non-empty string")
    key = raw.get("key")
    if key is not None and (isinstance(key, bool) or not isinstance(key, str | int)):
        raise ConfigError(f"{where}: 'key' must be an evdev key name or code, got {key!r}")
    char = raw.get("char")
    if char is not None and (not isinstance(char, str) or len(char) != 1):
        raise ConfigError(f"{where}: 'char' must be a single character, got {char!r}")
    return SeatConfig(
        seat=seat,
        name=name,
        pin=_pin(where, raw, "pin"),
        led=_pin(where, raw, "led"),
        key=key,
        char=char,
    )


def _pin(where: str, raw: Mapping[str, Any], key: str) -> int | None:
    value = raw.get(key)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 27:
        raise ConfigError(f"{where}: '{key}' must be a BCM GPIO number 0-27, got {value!r}")
    return value


def _check_unique(seats: tuple[SeatConfig, ...]) -> None:
    _no_repeats("seat number", [s.seat for s in seats])
    _no_repeats("GPIO pin", [p for s in seats for p in (s.pin, s.led) if p is not None])
    _no_repeats("key", [s.key for s in seats if s.key is not None])
    _no_repeats("char", [s.char for s in seats if s.char is not None])


def _no_repeats(what: str, values: list[Any]) -> None:
    seen: set[Any] = set()
    for value in values:
        if value in seen:
            raise ConfigError(f"{what} {value!r} is used twice")
        seen.add(value)
