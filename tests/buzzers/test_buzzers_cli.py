from __future__ import annotations

import argparse
from pathlib import Path

import pytest
from gpiozero.pins.mock import MockFactory

from buzzers.cli import format_press, pin_factory_from_env, register, run_test
from buzzers.config import parse_config
from buzzers.press import Press
from buzzers.source import BuzzerError

CONFIG = parse_config({"seats": [{"seat": 1, "name": "Red", "pin": 17}]})


def test_register_adds_buzzers_test() -> None:
    parser = argparse.ArgumentParser()
    register(parser.add_subparsers(dest="command"))
    args = parser.parse_args(["buzzers", "test", "--config", "x.toml", "--no-keys"])
    assert args.func is run_test
    assert (args.config, args.no_keys, args.no_gpio) == ("x.toml", True, False)


def test_readout_shows_gap_by_host_time() -> None:
    earlier = Press(t_ns=5_000_000_000, seat=1, source="gpio")
    later_callback = Press(t_ns=4_998_500_000, seat=1, source="phone", uncertainty_ns=2_000_000)
    line = format_press(later_callback, earlier, CONFIG)
    assert "Red" in line and "phone" in line
    assert "gap     -1.500 ms" in line
    assert line.endswith("±2.000 ms")
    assert "gap" not in format_press(earlier, None, CONFIG)


def test_pin_factory_from_env(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GPIOZERO_PIN_FACTORY", "mock")
    factory = pin_factory_from_env()
    assert isinstance(factory, MockFactory)
    factory.close()
    monkeypatch.setenv("GPIOZERO_PIN_FACTORY", "abacus")
    with pytest.raises(BuzzerError, match="unknown GPIOZERO_PIN_FACTORY 'abacus'"):
        pin_factory_from_env()


def test_bad_config_is_reported(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "b.yaml"
    path.write_text("seats: 3\n")
    args = argparse.Namespace(config=str(path), no_gpio=False, no_keys=False, terminal=False)
    assert run_test(args) == 2
    assert "'seats' must be a non-empty list" in capsys.readouterr().out
