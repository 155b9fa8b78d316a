"""Importers from other quiz formats to pack questions.

Each `import_X(path, options)` returns an ImportResult: the questions in
pack form (checked, numbered) and warnings for what was skipped or guessed.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from host.quiz.importers.common import ImportOptions, ImportResult
from host.quiz.importers.csvfile import import_csv
from host.quiz.importers.gift import import_gift
from host.quiz.importers.kahoot import import_kahoot
from host.quiz.importers.opentdb import import_opentdb

Importer = Callable[[str | Path, ImportOptions | None], ImportResult]

IMPORTERS: dict[str, Importer] = {
    "opentdb": import_opentdb,
    "kahoot": import_kahoot,
    "gift": import_gift,
    "csv": import_csv,
}

__all__ = [
    "IMPORTERS",
    "ImportOptions",
    "ImportResult",
    "import_csv",
    "import_gift",
    "import_kahoot",
    "import_opentdb",
]
