"""The Hub: every Session of one host, created, resumed and found by id."""

from __future__ import annotations

import contextlib
import datetime
import itertools
import secrets
import threading
from pathlib import Path
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from host.clock import Clock, RealClock, Scheduler, ThreadScheduler
from host.games import registry
from host.games.contract import GameError, QuestionCount
from host.room import bans
from host.room.break_sounds import BreakSounds
from host.room.breaks import Breaks
from host.room.host_state import HostState
from host.room.plans import Plans
from host.room.venue import Venues
from host.people import night as night_rules
from host.store.journal import GameRecord, Journal, StorageError
from host.people.names import HALL_SEATS, NameFilter, clean, generated_name, robot_name
from host.quiz.bank import QuestionBank, Selection
from host.quiz.dated import dated_narrow
from host.quiz.errors import BankExhausted, SelectionError
from host.quiz.memory import QuestionMemory
from host.session.core import STORAGE_MESSAGES, Publisher, QuestionSource, Session
from host.session.snapshot import Snapshot
from host.people.teams import TeamRules, member_id


@dataclass(frozen=True)
class NightTable:
    """A night's table as one reader built it: the night's mark when it began (a change
    since: built again), the games' statuses and names' versions it was built for."""

    mark: int
    seen: dict[str, tuple[str | None, int]]
    summary: dict[str, Any]


class StorageRefused(GameError):
    """A new game cannot be written: the card is full, read-only or failing."""

    code = "storage"


class BankQuestions:
    """Questions for one game: the bank, the game's selection, and what past games used.

    The memory is opened for each read or write: a SQLite connection belongs to
    the thread that made it, and sessions run on their own threads.
    """

    def __init__(self, bank: QuestionBank, selection: Selection,
                 memory_path: Path | None, images_on_phones: bool = False,
                 day: datetime.date | None = None) -> None:
        self.day = day or datetime.date.today()  # the game's: its `max_age_years` counts from it
        self.bank = bank  # reloads in place when the host page saves a pack: the next draw sees it
        self.selection = selection
        self.images_on_phones = images_on_phones
        self.memory_path = memory_path
        self._remembered: dict[str, float] = {}
        if memory_path is not None:
            with QuestionMemory(memory_path) as memory:
                self._remembered = memory.used()

    def draw(self, kind: str, used_in_game: Sequence[str], rng_state: int,
             narrow: dict[str, Any] | None = None) -> dict[str, Any]:
        narrow = dated_narrow(narrow, self.day)
        picked = (narrow or {}).get("id")
        if isinstance(picked, str) and picked in self.bank:  # picked by hand, whatever its kind
            question = self.bank.picked(picked)  # as printed: the same options' order
            question.update(relaxed=False, reused=picked in used_in_game, reused_in_game=False)
        else:
            wider = {k: v for k, v in (narrow or {}).items() if k != "id"}
            question, _ = self.bank.draw(kind, self.selection.narrowed(wider), used_in_game,
                                         self._remembered, rng_state)
        if self.images_on_phones and question.get("image") and question["kind"] == "choice":
            question["image_on_phones"] = True  # the game's setting; the projector always shows it
        return question

    def remember(self, question_ids: list[str]) -> None:
        if self.memory_path is not None:
            with QuestionMemory(self.memory_path) as memory:
                memory.mark_used(question_ids)


def selection_from(config: dict[str, Any]) -> Selection:
    questions = config.get("questions", {})
    categories = questions.get("categories")
    packs = questions.get("packs")
    if packs is not None and not (isinstance(packs, list)
                                  and all(isinstance(p, str) for p in packs)):
        raise SelectionError("'packs' must be a list of pack ids")
    return Selection(
        language=questions.get("language", config.get("language")),
        categories=frozenset(categories) if categories else None,
        min_difficulty=int(questions.get("min_difficulty", 1)),
        max_difficulty=int(questions.get("max_difficulty", 5)),
        packs=None if packs is None else frozenset(packs),
    )


@contextlib.contextmanager
def storage_refused() -> Iterator[None]:
    """A host command's write that meets a storage fault is refused with what to do."""
    try:
        yield
    except StorageError as err:
        raise StorageRefused(STORAGE_MESSAGES.get(err.reason, str(err))) from err


class Hub:
    def __init__(
        self,
        journal: Journal,
        bank: QuestionBank,
        publish: Publisher,
        memory_path: Path | None = None,
        clock: Clock | None = None,
        scheduler_factory: Callable[[], Scheduler] | None = None,
        threaded: bool = True,
        listening: Callable[[str, str], bool] | None = None,
    ) -> None:
        self.listening = listening
        self.journal = journal
        self.bank = bank
        self.memory_path = memory_path
        self.publish = publish
        self.clock = clock or RealClock()
        self._scheduler_factory = scheduler_factory or (lambda: ThreadScheduler(self.clock))
        self.threaded = threaded
        self.sessions: dict[str, Session] = {}
        self._lock = threading.Lock()
        self.on_created: list[Callable[[Session], None]] = []
        self.on_finished: list[Callable[[Session], None]] = []
        # A night's table, cached: one value per night, replaced whole by one assignment
        # (readers on many threads build it); a change to the night marks it (`_night_moved`).
        self._nights: dict[str, NightTable] = {}
        self._night_marks: dict[str, int] = {}  # night id -> the mark of its last change
        self._ticks = itertools.count(1)
        self.names = NameFilter(journal.folder)  # phones' names (host/people/names.py)
        # The room moved (a game created, over or deleted; a night ended): host/room/following.py.
        self.on_room: list[Callable[[], None]] = []
        # A phone freed from its seat (game id, token hash, ban scope): the socket layer lets
        # its connections go; called by the game's worker once the release is committed.
        self.on_let_go: list[Callable[[str, str, str | None], None]] = []
        self.deleted: dict[str, Session] = {}  # lobby games deleted since the host started
        self.host_state = HostState(journal)
        folder = journal.folder
        self.plans = Plans(None if folder is None else folder / "plans", self._check_game)
        self.breaks = Breaks(self.host_state)
        self.break_sounds = BreakSounds(None if folder is None else folder / "sounds")
        self.venue = Venues(None if folder is None else folder / "venue")  # its look

    def _check_game(self, kind: str, seats: list[dict[str, Any]],
                    options: dict[str, Any]) -> None:
        """A night plan's game: every check `create_game` makes, nothing written."""
        self.game_config(kind, seats, **options)

    def _open(self, game_id: str) -> Session:
        record = self.journal.game(game_id)
        if record is None:
            raise LookupError(game_id)
        kind = registry.kind(record.kind)
        questions: QuestionSource = BankQuestions(
            self.bank, selection_from(record.config),
            None if record.config.get("demo") else self.memory_path,
            images_on_phones=record.config.get("questions", {}).get("images_on_phones") is True,
            day=datetime.date.fromtimestamp(record.created),
        )
        return Session(record, kind, self.journal, self.clock, self._scheduler_factory(),
                       questions, self.publish, threaded=self.threaded,
                       listening=self.listening, on_finished=self._finished,
                       wire=lambda session: self._wire(session, game_id, record))

    def _wire(self, session: Session, game_id: str, record: GameRecord) -> None:
        """The Session's links to the room, set before its worker starts (its first snapshot
        names the night)."""
        session.name_filter = self.names
        session.let_go = lambda token, scope: self._let_go(game_id, token, scope)
        night = record.config.get("night")
        if night is not None:
            session.night_summary = lambda: self.night(night)
            session.names_changed = lambda: self._renamed_in_night(night)
            session.night_team_name = lambda token: self._team_name(night, game_id, token)
            session.night_captain = lambda token: self._was_captain(night, game_id, token)

    def _last_team(self, night_id: str, game_id: str,
                   token: str) -> tuple[int, Snapshot, int] | None:
        """The night's latest team game before `game_id` a phone played in: its place in the
        host's order, what its worker last committed, and the phone's seat there; None: none."""
        games = list(self.sessions.values())  # a copy: in the order the host created them
        before = next((i for i, s in enumerate(games) if s.id == game_id), len(games))
        for index in range(before - 1, -1, -1):
            other = games[index]
            if other.config.get("night") != night_id or not other.teams.enabled:
                continue
            seen = other.snapshot
            seat = seen.seat_of.get(token)
            if seat is not None:
                return index, seen, seat
        return None

    def _team_name(self, night_id: str, game_id: str, token: str) -> str | None:
        """The name of the team a phone played in at the night's latest team game before
        `game_id` (None: none): a team of a night is its phones and its name."""
        found = self._last_team(night_id, game_id, token)
        return None if found is None else found[1].names().get(found[2])

    def _was_captain(self, night_id: str, game_id: str, token: str) -> int | None:
        """When a phone led its team in the night's latest team game it played before
        `game_id`: that game's place in the host's order (a later one leads), else None."""
        found = self._last_team(night_id, game_id, token)
        return found[0] if found is not None and found[1].captain(found[2]) == token else None

    def _let_go(self, game_id: str, token: str, scope: str | None) -> None:
        for callback in self.on_let_go:
            callback(game_id, token, scope)
        if scope == "night":
            bans.keep_out_of_night(list(self.sessions.values()), game_id, token)

    def _renamed_in_night(self, night_id: str) -> None:
        """A seat of a night's game has a new name: the night's table names it so."""
        self._night_moved(night_id)

    def _night_moved(self, night_id: str) -> None:
        """The night's table changed (in the journal, already): a table whose build began
        before this is not kept (a fresh mark: one assignment, from any thread)."""
        self._night_marks[night_id] = next(self._ticks)

    def _finished(self, session: Session) -> None:
        night = session.config.get("night")
        if night is not None:
            self._night_moved(night)  # its points count now
        for callback in self.on_finished:
            callback(session)
        self.room_changed()

    def room_changed(self) -> None:
        """Tell the phones and projectors the room may have moved (host/room/following.py)."""
        for callback in self.on_room:
            callback()

    def forget(self, session: Session) -> None:
        """A lobby game the host deleted: no longer listed, found or followed."""
        with self._lock:
            self.sessions.pop(session.id, None)
            self.deleted[session.id] = session
        night = session.config.get("night")
        if night is not None:
            self._night_moved(night)
        session.stop()
        self.room_changed()

    # -- nights (host/people/night.py) ------------------------------------------------
    def open_night(self, name: str, rules: Any = None) -> str:
        parsed = night_rules.parse_rules(rules)
        name = name.strip()[:40]
        if not name:
            raise GameError("a night needs a name")
        night_id = "n" + secrets.token_hex(4)
        with storage_refused():
            self.journal.create_night(night_id, name, parsed.as_json())
        return night_id

    def end_night(self, night_id: str) -> None:
        found = self.night(night_id)
        if found is None:
            raise GameError(f"there is no night {night_id!r}")
        with storage_refused():
            self.journal.end_night(night_id)
        self._night_moved(night_id)
        for session in list(self.sessions.values()):
            if session.config.get("night") == night_id:
                session.republish()  # the projector shows the night's podium
        self.room_changed()

    def night(self, night_id: str) -> dict[str, Any] | None:
        """{"id", "name", "status", "rules", "standings"}: computed from the journal's
        results of its games, kept until one of them ends or a game joins."""
        # A game of the night ended (or was created) since: its ack may come before the
        # callback that marks the night, so the games' statuses are checked too.
        mark = self._night_marks.get(night_id, 0)  # before the journal is read
        seen = {s.id: (s.snapshot.status, s.snapshot.names_version)
                for s in list(self.sessions.values()) if s.config.get("night") == night_id}
        cached = self._nights.get(night_id)
        if cached is not None and cached.mark == mark and cached.seen == seen:
            return cached.summary
        found = next((n for n in self.journal.nights() if n["id"] == night_id), None)
        if found is None:
            return None
        rules = night_rules.parse_rules(found["rules"])
        records = [r for r in self.journal.games()
                   if r.config.get("night") == night_id and r.status != "deleted"]
        games = [night_rules.PlayedGame(r.id, r.kind, r.status, self._who_sat(r), r.result)
                 for r in records]
        summary = {"id": night_id, "name": found["name"], "status": found["status"],
                   "rules": found["rules"], "standings": night_rules.standings(rules, games)}
        # Kept with the statuses the journal gave, not the games' own: a game's status runs
        # ahead of its commit, and a table read before a result was stored must not pass
        # for one with it (its game's "over" differs, so the next read builds it again).
        stored = {r.id: r.status for r in records}
        self._nights[night_id] = NightTable(
            mark, {i: (stored.get(i), names) for i, (_, names) in seen.items()}, summary)
        return summary

    def _who_sat(self, record: GameRecord) -> list[dict[str, Any]]:
        """A night's game's seats: their names now, and their phones (member ids, the
        captain first) from the journal's bindings, which outlive the game."""
        session = self.sessions.get(record.id)
        names = session.snapshot.names() if session else {}
        captains = self.journal.seat_bindings(record.id)
        teammates = self.journal.teammates(record.id)
        seats = []
        for seat in record.config["seats"]:
            number = int(seat["seat"])
            phones = [captains[number]] if number in captains else []
            phones += [token for token, _ in teammates.get(number, []) if token not in phones]
            seats.append({**seat, "name": names.get(number, seat["name"]),
                          "phones": [member_id(token) for token in phones],
                          "team": bool(record.config.get("teams"))})
        return seats

    RECENT_FINISHED = 10  # finished games reloaded at start-up, to show their podium

    def resume_all(self) -> list[Session]:
        """At start-up: every unfinished game comes back where it was; recent finished ones
        are loaded too (nothing to arm), so a projector can still show their result."""
        records = self.journal.games()
        finished = [r for r in records
                    if r.status == "over" and not r.config.get("demo")][-self.RECENT_FINISHED:]
        resumed = []
        for record in records:
            if record.id in self.sessions:
                continue
            if record.status == "deleted":
                continue
            if record.status == "over":
                if record in finished:
                    self.sessions[record.id] = self._open(record.id)
                continue
            session = self._open(record.id)
            self.sessions[record.id] = session
            session.resume_after_restart()
            resumed.append(session)
        return resumed

    def create_game(self, kind_name: str, seats: list[dict[str, Any]], *,
                    night: str | None = None, **options: Any) -> Session:
        config = self.game_config(kind_name, seats, night=night, **options)
        game_id = secrets.token_hex(4)
        with self._lock:
            with storage_refused():
                self.journal.create_game(game_id, kind_name, config)
            session = self._open(game_id)
            self.sessions[game_id] = session
            if night is not None:
                self._night_moved(night)  # its table lists the new game's teams
        for callback in self.on_created:
            callback(session)
        session.republish()
        self.room_changed()
        return session

    def game_config(self, kind_name: str, seats: list[dict[str, Any]], *,
                    settings: dict[str, Any] | None = None, game_map: str | None = None,
                    seed: int | None = None, language: str = "fr", title: str = "",
                    questions: dict[str, Any] | None = None, demo: bool = False,
                    pace: float = 1.0, teams: TeamRules | None = None,
                    night: str | None = None) -> dict[str, Any]:
        """A game's journal config, every check `create_game` makes passed (GameError says
        why not); nothing is written: a night plan's games are checked so when saved."""
        kind = registry.kind(kind_name)
        if not kind.min_seats <= len(seats) <= kind.max_seats:
            raise GameError(
                f"{kind_name} needs {kind.min_seats} to {kind.max_seats} seats, not {len(seats)}"
            )
        if kind.plan_bot is None and any(s.get("bot") for s in seats):
            raise GameError(f"{kind_name} has no bots: every seat is a person")
        if not kind.paper_teams and any(s.get("paper") for s in seats):
            raise GameError(f"{kind_name} has no paper teams: every seat plays on a phone")
        given = {clean(s.get("name")) for s in seats}
        unnamed: list[str] = []  # a seat the host left unnamed gets a friendly made-up name;
        robots = 0  # a robot's is a robot's name ("Robot 1", the same in both languages)
        for i, seat in enumerate(seats):  # a hall's ("#12") waits for its phone's (names.py)
            taken = given | set(unnamed)
            if clean(seat.get("name")):
                unnamed.append("")
            elif seat.get("bot"):
                robots += 1
                unnamed.append(robot_name(robots, taken))
            else:
                unnamed.append(generated_name(language, taken)
                               if len(seats) <= HALL_SEATS else f"#{i + 1}")
        config: dict[str, Any] = {
            "seed": secrets.randbits(48) if seed is None else int(seed),
            "settings": settings or {},
            "seats": [
                {"seat": i, "name": clean(s.get("name")) or unnamed[i],
                 "bot": int(s["bot"]) if s.get("bot") else None,
                 **({"paper": True} if s.get("paper") else {})}  # no phone (paper.py)
                for i, s in enumerate(seats)
            ],
            "language": language,
            "title": title,
            "questions": questions or {"language": language},
            "demo": demo,
            "pace": pace,
        }
        if not 0.001 <= pace <= 100:
            raise GameError("the pace is a factor between 0.001 and 100")
        if game_map is not None:
            config["map"] = game_map
        if teams is not None and teams.enabled:
            config["teams"] = teams.as_config()
        if night is not None:
            found = self.night(night)
            if found is None:
                raise GameError(f"there is no open night {night!r}")
            if found["status"] != "open":  # said with its name: the host knows no ids
                raise GameError(f"the night “{found['name']}” is over: create the game "
                                "outside any night, or open a new night")
            config["night"] = night
        try:  # a bad selection is refused before anything is written
            selection = selection_from(config)
            self.bank.require_kinds(kind.question_kinds, selection)
        except (BankExhausted, SelectionError) as err:
            raise GameError(str(err)) from None
        if kind.question_counts is not None:
            wanted = kind.question_counts(config["settings"])
            self._check_counts(wanted, selection)
            # Its questions may play a clip on the projector: the host page asks for the
            # projector's sound from this game's lobby (docs/SCREENS.md, "Projector").
            config["clips"] = self._may_play_clips(wanted, selection)
        kind.make(config)  # so is an unknown map
        return config

    def _check_counts(self, wanted: list[QuestionCount], selection: Selection) -> None:
        """Refuse a game that asks more questions of a kind than its selection holds."""
        short = []
        for need in wanted:
            ids = (need.narrow or {}).get("ids")
            if ids:  # questions picked by hand
                missing = [qid for qid in ids if qid not in self.bank]
                if missing:
                    raise GameError(f"{need.where}: no question {', '.join(missing[:5])} in "
                                    "the bank")
                continue
            try:
                narrowed = selection.narrowed(dated_narrow(need.narrow, datetime.date.today()))
                self.bank.require_kinds((), narrowed)  # unknown packs
            except SelectionError as err:
                raise GameError(f"{need.where}: {err}" if need.where else str(err)) from None
            held = len(self.bank.matching(need.kind, narrowed))
            if held < need.count:
                where = f"{need.where}: " if need.where else ""
                short.append(f"{where}{need.count} {need.kind} questions but the selection "
                             f"holds {held}")
        if short:
            raise GameError(f"not enough questions: {'; '.join(short)}; choose more packs "
                            "or categories, or ask fewer questions")

    def _may_play_clips(self, wanted: list[QuestionCount], selection: Selection) -> bool:
        """Whether a question the game may draw has a sound or video clip."""
        for need in wanted:
            ids = (need.narrow or {}).get("ids")
            if ids:
                found = [self.bank.get(qid) for qid in ids]
            else:
                narrowed = selection.narrowed(dated_narrow(need.narrow, datetime.date.today()))
                found = self.bank.matching(need.kind, narrowed)
            if any(q.audio or q.video for q in found):
                return True
        return False

    def get(self, game_id: str) -> Session | None:
        return self.sessions.get(game_id)

    def latest(self) -> Session | None:
        """The room's current game (host/room/following.py), which a projector shows and phones
        join: the newest game the host created and did not delete (over: its podium)."""
        with self._lock:
            newest = next(reversed(self.sessions.values()), None)
        return newest

    def close(self) -> None:
        for session in self.sessions.values():
            session.stop()
