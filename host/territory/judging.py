"""Judging answers: a choice is right or wrong; numeric answers rank by distance, then by
the host time of their lock-in (a silent seat the host judged right comes after every
timed answer)."""

from __future__ import annotations

from host.territory.state import Attack, Question

_LATE = 1 << 62  # lock-in time given to a silent seat the host judged right


def is_correct_choice(question: Question, seat: int) -> bool:
    """A duel answer is right if it names the right option, unless the host ruled otherwise."""
    ruled = question.override_of(seat)
    if ruled is not None:
        return ruled
    answer = question.answer_of(seat)
    return (
        answer is not None
        and question.content is not None
        and answer.value == question.content["answer"]
    )


NumericKey = tuple[int, int, int]  # (silent?, distance, lock-in time); smaller ranks first
_SILENT: NumericKey = (1, 0, 0)


def numeric_key(question: Question, seat: int) -> NumericKey:
    """Closest first, then earliest lock-in; silent seats (or judged wrong) after everyone."""
    ruled = question.override_of(seat)
    answer = question.answer_of(seat)
    if ruled is False:
        return _SILENT
    if ruled is True:
        if answer is None:  # docs/rules/territory.md: ranked after all timed answers
            return (0, _LATE, 0)
        return (0, 0, answer.t_ns)
    if answer is None or question.content is None:
        return _SILENT
    return (0, abs(answer.value - question.content["answer"]), answer.t_ns)


def numeric_blocks(question: Question) -> list[tuple[int, ...]]:
    """The question's seats ranked in blocks of equal key (an exact tie shares a block)."""
    keyed = sorted((numeric_key(question, seat), seat) for seat in question.seats)
    blocks: list[list[int]] = []
    last: NumericKey | None = None
    for key, seat in keyed:
        if key != last:
            blocks.append([])
            last = key
        blocks[-1].append(seat)
    return [tuple(block) for block in blocks]


def expansion_order(question: Question) -> list[int]:
    """Seats that answered, best first; an exact tie falls back to seat order."""
    return [
        seat
        for seat in sorted(question.seats, key=lambda s: (numeric_key(question, s), s))
        if numeric_key(question, seat) != _SILENT
    ]


def duel_result(question: Question, attack: Attack) -> str:
    """The outcome of a duel's choice question: "hold", "attacker_wins" or "speed_question"."""
    if not is_correct_choice(question, attack.attacker):
        return "hold"
    if not is_correct_choice(question, attack.defender):
        return "attacker_wins"
    return "speed_question"


def speed_outcome(question: Question, attack: Attack) -> tuple[bool, bool]:
    """(attacker wins the duel, defender earned the tie-break win) for a speed question.

    The attacker must rank strictly ahead to win; an exact tie or two silent
    seats leave the territory with the defender, who has not "won" the question.
    """
    a_key = numeric_key(question, attack.attacker)
    d_key = numeric_key(question, attack.defender)
    return a_key < d_key, d_key < a_key

