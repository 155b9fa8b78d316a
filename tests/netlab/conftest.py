from __future__ import annotations

from collections.abc import Iterator

import pytest

from bench.netlab import WifiLab


@pytest.fixture
def lab() -> Iterator[WifiLab]:
    """A Wi-Fi lab (profile `wifi`), torn down even when the test fails."""
    with WifiLab("wifi", seed=5) as made:
        yield made
