"""One game's results, read from its journal: who played, their places and scores, and for a
quiz every question asked, each seat's answer, when it came and what it earned.

Built from the game's effective rows (undo applied) replayed through its engine, and its
stored result once over: what the journal says, after a reload of the host page or a
restart, and never another game's questions. Served by host/routes/results.py behind the
host key, as JSON or as CSV (players first, then one line per answer).

A question's `answers[].ms` is the answer's host time (its lock-in, mapped from the
phone's clock) minus the host time the question was journaled, less the host's pauses
between the two, in milliseconds. A game that scores each question itself (the quiz round's
`scored`: each seat's `right` and `points` once the question is revealed) gives each
answer its verdict and points; for the others `points` is what the seat's score gained
from that question until the next one (or the end): for territory, the land its answer won.
A host's score edit (`adjust`) is never a question's: `edits` lists each with its reason.
An ordering answer and the right order are written as the items (`value_text`,
`answer_text`), first first; so are a choice's ticks and its right options when it has
several (host/quiz/several.py), joined by " + " in the CSV.
"""

from __future__ import annotations

from typing import Any

from host.games import registry
from host.store.journal import GameRecord, Journal, JournalRow, effective
from host.people.names import renamed_in
from host.people.night import places_of
from host.people.teams import member_id

SESSION_ROWS = frozenset({"claim", "rename", "start", "pause", "resume", "undo", "hand"})


def _scores(game: Any, state: Any) -> dict[int, float]:
    if state is None:
        return {}
    players = game.result(state).get("players", [])
    return {int(p["seat"]): p.get("score") or 0 for p in players if isinstance(p.get("seat"), int)}


def _who(journal: Journal, record: GameRecord) -> dict[int, dict[str, Any]]:
    """Each seat's phones (short ids and names, the captain first) and its identity, as
    a night counts it (host/people/night.py)."""
    captains = journal.seat_bindings(record.id)
    teammates = journal.teammates(record.id)
    out: dict[int, dict[str, Any]] = {}
    for seat in record.config["seats"]:
        number = int(seat["seat"])
        phones = [(captains[number], "")] if number in captains else []
        for token, name in teammates.get(number, []):
            if phones and phones[0][0] == token:
                phones[0] = (token, name)
            else:
                phones.append((token, name))
        ids = [{"id": member_id(token), "name": name} for token, name in phones]
        team = bool(record.config.get("teams"))
        ident = (f"team:{ids[0]['id']}" if ids and team else
                 f"phone:{ids[0]['id']}" if ids else None)
        out[number] = {"phones": ids, "id": ident}
    return out


class _Question:
    def __init__(self, row: JournalRow, before: dict[int, float]) -> None:
        content = row.body.get("question") or {}
        self.row = row
        self.content = content
        self.before = before
        self.answers: list[dict[str, Any]] = []
        self.overrides: dict[int, bool] = {}
        self.points: dict[int, float] = {}
        self.edited: dict[int, float] = {}  # the host's score edits meanwhile: not its points
        self.scored: dict[int, dict[str, Any]] | None = None  # the game's own verdicts

    def texts(self, value: Any) -> Any:
        """An answer (or the right one) in words: an option, or an order's items."""
        options = self.content.get("options")
        if not isinstance(options, list) or not options:
            return None
        if isinstance(value, list):  # an order, or a choice's ticks (several right options)
            shown = [_option(options, index) for index in value]
            return None if None in shown else shown
        return _option(options, value)

    def as_json(self, names: dict[int, str]) -> dict[str, Any]:
        content = self.content
        options = content.get("options") if isinstance(content.get("options"), list) else None
        correct = content.get("answer")
        out: dict[str, Any] = {
            "request_id": self.row.body.get("request_id"), "id": content.get("id"),
            "kind": content.get("kind"), "prompt": content.get("prompt"), "answer": correct,
            "answer_text": self.texts(correct),
            "unit": content.get("unit"), "seq": self.row.seq, "answers": [],
        }
        scored = self.scored
        points = ({seat: row.get("points", 0) for seat, row in scored.items()}
                  if scored is not None else self.points)
        answered = {a["seat"] for a in self.answers}
        for answer in self.answers:
            seat, value = answer["seat"], answer["value"]
            entry = {**answer, "name": names.get(seat, str(seat)),
                     "value_text": self.texts(value), "points": points.get(seat, 0)}
            if isinstance(correct, int) and isinstance(value, int) and not options:
                entry["distance"] = abs(value - correct)
            if scored is not None and seat in scored:
                entry["correct"] = bool(scored[seat].get("right"))
            elif isinstance(correct, int) and isinstance(value, int) and options:
                entry["correct"] = self.overrides.get(seat, value == correct)
            elif seat in self.overrides:
                entry["correct"] = self.overrides[seat]
            out["answers"].append(entry)
        for seat, gained in sorted(points.items()):  # scored without answering (a buzz)
            if seat not in answered and (gained or scored is not None):
                entry = {"seat": seat, "name": names.get(seat, str(seat)), "value": None,
                         "ms": None, "points": gained}
                if scored is not None:
                    entry["correct"] = bool(scored[seat].get("right"))
                out["answers"].append(entry)
        return out


def _option(options: list[Any] | None, index: Any) -> Any:
    if options and isinstance(index, int) and 0 <= index < len(options):
        return options[index]
    return None


def game_results(journal: Journal, game_id: str) -> dict[str, Any] | None:
    """The game's results (see the module's docstring), or None for no such game."""
    record = journal.game(game_id)
    if record is None:
        return None
    kind = registry.kind(record.kind)
    game = kind.make(record.config)
    seats = [dict(seat) for seat in record.config["seats"]]
    engine_names: dict[int, str] = {}
    state: Any = None
    questions: list[_Question] = []
    current: _Question | None = None
    edits: list[dict[str, Any]] = []
    scored = getattr(game, "scored", None)
    for row in effective(journal.rows(game_id)):
        body, kind_of = row.body, row.body.get("type")
        if kind_of in ("claim", "rename"):
            seats[int(body["seat"])]["name"] = body["name"]
        elif kind_of == "start":
            seats = [dict(seat) for seat in body["seats"]]
            engine_names = {int(seat["seat"]): seat["name"] for seat in seats}
            state = game.setup(record.config.get("settings", {}), seats, int(record.config["seed"]))
        elif kind_of == "hand":
            seats[int(body["seat"])]["bot"] = body["bot"]
        elif kind_of not in SESSION_ROWS:
            if kind_of == "question":
                _close(current, _scores(game, state))
                current = _Question(row, _scores(game, state))
                questions.append(current)
            elif current is not None and kind_of == "answer" and isinstance(body.get("seat"), int):
                current.answers.append({
                    "seat": body["seat"], "value": body.get("value"),
                    "ms": _answer_ms(current.row, body),
                    "by": row.origin.get("member") or row.origin.get("role")})
            elif (current is not None and kind_of == "override"
                  and isinstance(body.get("seat"), int)):
                current.overrides[int(body["seat"])] = bool(body.get("correct"))
            elif kind_of == "adjust" and isinstance(body.get("seat"), int):
                seat, points = int(body["seat"]), body.get("points") or 0
                edits.append({"seat": seat, "points": points, "reason": body.get("reason"),
                              "question": len(questions) or None, "seq": row.seq})
                if current is not None:
                    current.edited[seat] = current.edited.get(seat, 0) + points
            state = game.apply(state, body)
            verdicts = scored(state) if scored is not None and current is not None else None
            if current is not None and verdicts is not None:
                current.scored = {int(v["seat"]): v for v in verdicts}
    _close(current, _scores(game, state))
    names = {int(s["seat"]): s["name"] for s in seats}
    renames = {seat: name for seat, name in names.items() if engine_names.get(seat) != name}
    result = record.result if record.result is not None else (
        renamed_in(game.result(state), renames) if state is not None else None)
    return {"game": record.id, "kind": record.kind, "status": record.status,
            "created": record.created, "night": record.config.get("night"),
            "title": record.config.get("title") or "", "language": record.config.get("language"),
            "players": _players(seats, result, _who(journal, record)),
            "questions": [q.as_json(names) for q in questions],
            "edits": [{**edit, "name": names.get(edit["seat"], str(edit["seat"]))}
                      for edit in edits]}


def _answer_ms(question: JournalRow, body: dict[str, Any]) -> float | None:
    """An answer's time after its question, in ms, the host's pauses between them left out
    (the Session stamps its pauses so far on both rows: `paused_ns`)."""
    t_ns = body.get("t_ns")
    if not isinstance(t_ns, int):
        return None
    paused = int(body.get("paused_ns") or 0) - int(question.body.get("paused_ns") or 0)
    return round((t_ns - question.mono_ns - max(0, paused)) / 1e6, 1)


def _close(question: _Question | None, after: dict[int, float]) -> None:
    """A question's points by its seats' scores (for a game that does not score it itself):
    the change until the next question, less the host's score edits meanwhile."""
    if question is not None and not question.points:
        gained = {seat: after.get(seat, 0) - question.before.get(seat, 0)
                  - question.edited.get(seat, 0) for seat in after}
        question.points = {seat: points for seat, points in gained.items() if points}


def _players(seats: list[dict[str, Any]], result: dict[str, Any] | None,
             who: dict[int, dict[str, Any]]) -> list[dict[str, Any]]:
    ranked = [p for p in (result or {}).get("players", []) if isinstance(p.get("seat"), int)]
    numbered = all(isinstance(p.get("score"), int | float) for p in ranked)
    places = places_of(ranked) if ranked and (numbered or all("place" in p for p in ranked)) \
        else {}
    scores = {int(p["seat"]): p.get("score") for p in ranked}
    players = []
    for seat in seats:
        number = int(seat["seat"])
        found = who.get(number, {"phones": [], "id": None})
        players.append({"seat": number, "name": seat["name"], "bot": seat.get("bot"),
                        "id": found["id"] or f"name:{seat['name']}", "phones": found["phones"],
                        "score": scores.get(number), "place": places.get(number)})
    return sorted(players, key=lambda p: (p["place"] is None, p["place"] or 0, p["seat"]))


ORDER_JOIN = " → "  # an order's items in one cell, first first
TICKS_JOIN = " + "  # a choice's right options, or a team's ticks, in one cell


def _cell(value: Any, kind: str | None = "order") -> Any:
    if not isinstance(value, list):
        return value
    return (TICKS_JOIN if kind == "choice" else ORDER_JOIN).join(str(v) for v in value)


def csv_rows(results: dict[str, Any]) -> list[list[Any]]:
    """Players (place, seat, name, score), then one line per answer to each question (its
    verdict and points), then one line per score edit with its reason."""
    rows: list[list[Any]] = [["place", "seat", "name", "id", "score"]]
    rows += [[p["place"], p["seat"], p["name"], p["id"], p["score"]] for p in results["players"]]
    if results["questions"]:
        rows.append([])
        rows.append(["question", "question_id", "prompt", "correct_answer", "seat", "name",
                     "answer", "ms", "correct", "distance", "points"])
        for number, question in enumerate(results["questions"], start=1):
            correct = question["answer_text"] if question["answer_text"] is not None \
                else question["answer"]
            if not question["answers"]:
                rows.append([number, question["id"], question["prompt"],
                             _cell(correct, question["kind"])])
            for answer in question["answers"]:
                given = answer.get("value_text") if answer.get("value_text") is not None \
                    else answer.get("value")
                rows.append([number, question["id"], question["prompt"],
                             _cell(correct, question["kind"]), answer["seat"], answer["name"],
                             _cell(given, question["kind"]), answer.get("ms"),
                             answer.get("correct"), answer.get("distance"),
                             answer.get("points")])
    if results.get("edits"):
        rows.append([])
        rows.append(["score_edit", "question", "seat", "name", "points", "reason"])
        rows += [[number, edit["question"], edit["seat"], edit["name"], edit["points"],
                  edit["reason"]] for number, edit in enumerate(results["edits"], start=1)]
    return [["" if cell is None else cell for cell in row] for row in rows]
