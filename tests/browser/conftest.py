from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser.driver import CHROMIUM, chromium


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Everything in tests/browser is a browser test (make test runs them on their own);
    without Debian's chromium they are skipped."""
    here = Path(__file__).parent
    for item in items:
        if here in Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.browser)
    if CHROMIUM.exists():
        return
    skip = pytest.mark.skip(reason=f"{CHROMIUM} is missing (apt-get install chromium)")
    for item in items:
        if "browser" in item.keywords:
            item.add_marker(skip)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    if not CHROMIUM.exists():
        pytest.skip(f"{CHROMIUM} is missing")
    with chromium() as launched:
        yield launched



@pytest.fixture(autouse=True)
def phones_go_home(request: pytest.FixtureRequest) -> Iterator[None]:
    """After each test its pages close, as its players go home: phones left open on a
    module's shared server would follow the room into the next test's game (PROTOCOL.md,
    "Phones follow the room") and take its seats."""
    yield
    if "browser" in request.fixturenames:
        for context in list(request.getfixturevalue("browser").contexts):
            context.close()
