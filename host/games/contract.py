"""One small contract for every game: the territory quiz and each card game.

A game engine is pure: `apply(state, event)` returns a new state and never
mutates its input; it reads no clock, does no I/O and draws randomness only
from the integer generator kept in its state (see `host.rng`). The Session is
the only caller that changes a running game.

Events are JSON-able dicts with a "type" key. Seat actions carry "seat";
answers carry "t_ns", the host-clock time of the lock-in. Events the Session
itself makes:

- {"type": "question", "request_id": ..., "question": {...}, "t_ns": <host time it went
  out>} when `needs(state)` asks for one (the quiz round's speed bonus counts from t_ns);
- {"type": "timeout", "timer": <id>} when the timer `timer(state)` asked for
  has run out (an engine refuses a timeout for a timer it no longer wants).

Audiences: "screen" (the projector: what the room may see), "host" (the
control page: everything, answers included) and "seat:<n>" (one phone: the
room's view plus that seat's own secrets).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

Event = dict[str, Any]
View = dict[str, Any]
Label = dict[str, str]  # {"fr": ..., "en": ...}


class GameError(ValueError):
    """An event the game refuses; the message says why, for the sender."""

    code = "illegal"


class OutOfTurn(GameError):
    code = "out_of_turn"


class StaleEvent(GameError):
    """A duplicate or late event: a double tap, a timeout already superseded."""

    code = "stale"


class BadEvent(GameError):
    """An event whose shape or values are wrong."""

    code = "bad_event"


class BadSettings(GameError):
    """Settings a game refuses when it is created; the message names the setting."""

    code = "bad_settings"


@dataclass(frozen=True)
class TimerRequest:
    """A timer the engine wants: when it runs out, the Session sends a timeout event.

    `timer_id` is unique within a game (it usually counts the engine's steps),
    so a timeout that arrives after the engine moved on is recognised as stale.
    `counted_from_ns`: the host time (the clock events are stamped with) that `seconds`
    counts from, when it is not "now": a buzz's settle wait counts from when the first
    press was heard, so the Session's own work before it arms the timer is not added to it.
    """

    timer_id: str
    seconds: float
    label: str = ""
    counted_from_ns: int | None = None


@dataclass(frozen=True)
class QuestionRequest:
    """The engine needs a question of this kind ("numeric" or "choice").

    `narrow`: a selection within the game's, for this question only (a quiz round's own
    categories, packs or difficulties): keys "categories", "packs" (lists of names),
    "min_difficulty", "max_difficulty"; "several": true also draws choice questions with
    several right options (host/quiz/several.py). The bank widens it as it widens any
    selection."""

    kind: str
    request_id: str
    narrow: dict[str, Any] | None = None


@dataclass(frozen=True)
class QuestionCount:
    """A game's need of `count` questions of a kind, within `narrow` (see QuestionRequest);
    `where` names the part of the game that asks them, for the host's message."""

    kind: str
    count: int
    narrow: dict[str, Any] | None = None
    where: str = ""


class Game(Protocol):
    """What the Session needs from a game engine. State is any value with a JSON form."""

    name: str

    def setup(self, settings: dict[str, Any], seats: list[dict[str, Any]], seed: int) -> Any:
        """The initial state. `seats` lists {"seat": n, "name": str, "bot": level|None}."""
        ...

    def apply(self, state: Any, event: Event) -> Any:
        """The next state; raises GameError (state untouched) when the event is refused."""
        ...

    def legal_actions(self, state: Any, seat: int) -> list[Event]:
        """Every action this seat may send now (empty when it is not its turn)."""
        ...

    def view(self, state: Any, audience: str) -> View:
        """What this audience may see, as JSON-able data."""
        ...

    def needs(self, state: Any) -> QuestionRequest | None:
        """A question the engine waits for, if any."""
        ...

    def timer(self, state: Any) -> TimerRequest | None:
        """The time limit now running, if any."""
        ...

    def is_over(self, state: Any) -> bool: ...

    def result(self, state: Any) -> dict[str, Any]:
        """The final result (also sensible mid-game, for the scoreboard)."""
        ...

    def to_json(self, state: Any) -> dict[str, Any]: ...

    def from_json(self, data: dict[str, Any]) -> Any: ...

    def undoable(self, event: Event) -> bool:
        """Whether host undo may take this event back (a decision, not a reveal of a secret)."""
        ...


    def undo_barrier(self, event: Event) -> bool:
        """Whether host undo must stop at this event: a move that showed a hidden card.

        Undo cuts the journal from the last undoable event on, taking back what
        followed it too, so undo never reaches past a barrier. The territory game
        and the buzzer board have none (a question shown is drawn afresh).
        """
        ...

# A game may also define `undo_context(state) -> Hashable`: what a player's move is about
# (the open question, a window). Host undo then takes back the decision only: the rows
# after it are replayed and kept where they still apply in the same context; a move that
# no longer applies is dropped and its phone told why (host/store/replay.py `plan_undo`).
#
# A game may also define `seats_out(state) -> list[int]`: seats its rules put out of play (a
# player knocked out). A phone joining late is not offered them (host/session/seats.py).
#
# A game may also define `pause_reason(state) -> str | None`: a pause the rules themselves
# call for (the territory game's "nobody_answered"); the Session then shows the game as paused
# and the host's `resume` sends the game's `continue`.
#
# A game may also define `headline(state) -> Hashable`: what the room must see the moment it
# changes (the buzzer board's floor, a reveal). A state whose headline differs from the last
# published one goes to the projector and host page at once instead of waiting for the
# screens' pacing (host/wire/broadcast.py); everything else stays coalesced.


@dataclass(frozen=True)
class BotPlan:
    """What a bot will do, and after how many seconds of "thinking"."""

    delay: float
    event: Event


# (game, state, seat, level, rng) -> (plan or None, rng): pure; the rng is the bot's own.
BotPlanner = Callable[[Game, Any, int, int, int], tuple[BotPlan | None, int]]
# (games, seed, players) -> tallies as JSON-able data: bot-vs-bot games without a Session.
class Simulator(Protocol):
    """(games, seed, players, levels=None, settings=None) -> the tally of bot games."""

    def __call__(self, games: int, seed: int, players: int, levels: list[int] | None = None,
                 settings: dict[str, Any] | None = None) -> dict[str, Any]: ...


@dataclass(frozen=True)
class GameKind:
    """Everything the host needs to offer and run one kind of game; each game package
    exports one as `KIND` in its `kind.py`, and host.games.registry collects them.

    - `make(config)` builds the Game from the creation config (map, settings...);
      it raises GameError for a bad map or bad settings, so they are refused at once.
    - `fields`: each action's fields and their allowed types, for the socket edge.
    - `timed_seat_actions` are stamped with the host time of the tap (an answer, a
      buzz); `timed_host_actions` with the host time the Session took them.
    - `press_action`: the seat action a buzzer device or a phone's buzz sends, if any.
    - `settings`: form fields (see host.games.forms) for the host page and the CLI.
    - `page`: the page script under host/static (None: the pages' generic view).
    - `private_keys`: the keys of a seat's view that are that seat's own (its hand, its
      answer, its status); the rest is the same for every seat and is sent once to all
      phones (host/session/phone_parts.py). The contract test checks that it is the same.
    - `secrets(state, audience)`: the strings (card codes...) this audience may not
      see, worked out from the rules rather than from the views code; the contract
      test checks every view against it (None: a generic check of the views).
    """

    name: str
    label: Label
    make: Callable[[dict[str, Any]], Game]
    min_seats: int
    max_seats: int
    seat_actions: frozenset[str]
    host_actions: frozenset[str]
    fields: dict[str, dict[str, tuple[type, ...]]]
    plan_bot: BotPlanner | None = None
    timed_seat_actions: frozenset[str] = frozenset()
    # What the projector (the `screen` role, no key) may say to its game: that a question's
    # clip plays, which starts its time (the quiz round's `clip_heard`).
    screen_actions: frozenset[str] = frozenset()
    timed_host_actions: frozenset[str] = frozenset()
    # Seat actions whose `value`, when text, is words a person typed (a quiz's typed answer):
    # the socket layer refuses one with a word the host blocked (host/people/names.py), as names.
    typed_text_actions: frozenset[str] = frozenset()
    press_action: str | None = None
    settings: tuple[dict[str, Any], ...] = ()
    uses_map: bool = False
    uses_questions: bool = False
    # The question kinds its games ask: a bank without one is refused at `create`.
    question_kinds: tuple[str, ...] = ()
    # How many questions of each kind a game with these settings asks (None: no fixed
    # number): a selection holding fewer is refused at `create`, saying how many it holds.
    question_counts: Callable[[dict[str, Any]], list[QuestionCount]] | None = None
    simulate: Simulator | None = None
    secrets: Callable[[Any, str], set[str]] | None = None
    private_keys: frozenset[str] = frozenset()
    page: str | None = None
    page_helpers: tuple[str, ...] = ()  # scripts the pages load before `page` (its own parts)
    order: int = 50  # the host form lists kinds by (order, name)
    # Whether the host may start the game without a seat no phone took (`start` `without`:
    # its engine deals the other seats only). The card games do; a game whose seats are
    # numbered 0..n-1 throughout does not.
    leave_out: bool = False
    # Whether the game stops until the seat on turn moves (turn by turn, no clock): then the
    # projector and the host page name a seat it waits on that has no phone. A buzzer board
    # or a quiz round waits on nobody (a press or an answer is the seat's choice).
    waits_on_turns: bool = False
    # Whether a seat may be a paper team: no phone, the host enters its answers from its
    # printed sheet (the quiz round: host/quiz_round/paper.py).
    paper_teams: bool = False

    @property
    def bots(self) -> bool:
        return self.plan_bot is not None
