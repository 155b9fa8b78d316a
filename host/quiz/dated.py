"""Facts that change carry their date: a question's `as_of` (a year, or an ISO date).

A population, a record or an office holder is true on a date; `as_of` says which.
`tourelle questions check` warns when a dated fact is older than a threshold the
host sets (`--max-age-years`, default 5), and a game may leave such questions out
(the quiz round's `max_fact_age` setting, given to the bank as a `Selection`'s
`facts_since`). A year counts as its last day: "as of 2021" is not yet more than
five years old on 2026-12-07, "as of 2020" is. Questions without `as_of` are not
dated and never left out.

Pure functions: the day to compare with ("today") is always an argument.
"""

from __future__ import annotations

import datetime
import re
from typing import Any

DEFAULT_MAX_AGE_YEARS = 5
MIN_YEAR = 1000
MAX_YEAR = 2999

_YEAR_RE = re.compile(r"^[0-9]{4}$")
_DATE_RE = re.compile(r"^[0-9]{4}-[0-9]{2}-[0-9]{2}$")


def as_of_text(value: Any) -> str | None:
    """The field's value as its text ("2023" or "2023-01-01"), or None if it is no date.

    YAML reads `as_of: 2023` as an integer and `as_of: 2023-01-01` as a date; a quoted
    value is a string; all three are accepted.
    """
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return str(value) if MIN_YEAR <= value <= MAX_YEAR else None
    if isinstance(value, datetime.datetime):
        return None  # a time of day is more than a fact's date says
    if isinstance(value, datetime.date):
        return value.isoformat()
    if isinstance(value, str):
        text = value.strip()
        if _YEAR_RE.match(text) and MIN_YEAR <= int(text) <= MAX_YEAR:
            return text
        if _DATE_RE.match(text):
            try:
                return datetime.date.fromisoformat(text).isoformat()
            except ValueError:
                return None
    return None


def check_as_of(value: Any) -> str | None:
    """What is wrong with an `as_of` field's value, or None when it is a year or a date."""
    if value is None or as_of_text(value) is not None:
        return None
    return (f"{value!r} is not a year ({MIN_YEAR} to {MAX_YEAR}) nor an ISO date "
            "(YYYY-MM-DD)")


def fact_date(as_of: str) -> datetime.date:
    """The day a checked `as_of` text stands for: a date itself, a year its last day."""
    if _YEAR_RE.match(as_of):
        return datetime.date(int(as_of), 12, 31)
    return datetime.date.fromisoformat(as_of)


def years_before(day: datetime.date, years: int) -> datetime.date:
    """The same day `years` years earlier (29 February becomes the 28th)."""
    try:
        return day.replace(year=day.year - years)
    except ValueError:
        return day.replace(year=day.year - years, day=28)


def is_stale(as_of: str | None, today: datetime.date, max_age_years: int) -> bool:
    """True when a dated fact is older than `max_age_years` on `today`; undated: False."""
    return as_of is not None and fact_date(as_of) < years_before(today, max_age_years)


def facts_since(today: datetime.date, max_age_years: int) -> str:
    """The oldest day a fact may be dated for a game leaving older ones out (ISO text)."""
    return years_before(today, max_age_years).isoformat()


def dated_narrow(narrow: dict[str, Any] | None, day: datetime.date) -> dict[str, Any] | None:
    """A game's narrowing of its selection with `max_age_years` (the quiz round's setting)
    turned into the `facts_since` day a Selection reads, counted back from `day` (the day the
    game was created); anything else as it is."""
    if not narrow or "max_age_years" not in narrow:
        return narrow
    out = {key: value for key, value in narrow.items() if key != "max_age_years"}
    years = narrow["max_age_years"]
    if isinstance(years, int) and not isinstance(years, bool) and years > 0:
        out["facts_since"] = facts_since(day, years)
    return out
