"""A Session's seats: who sits where, under which name, and whether anyone is there.

A phone claims a seat (its token binds it; the same token gets the same seat
back); in a team game a taken seat takes the phone into its team (host/people/teams.py:
captain, who answers). The host frees a seat, names it, hands it to a bot or back
to people, and in a team game makes a phone captain or removes it. A seat named
after the start keeps the engine's name inside the engine: `renames` puts the new
name in every view and in the result (host/people/names.py). Every journal row about
seats and phones (bind, unbind, teammates, names) is written here.
"""

from __future__ import annotations

from typing import Any

from host.people import names as naming
from host.games.contract import Event
from host.session.terms import SESSION, Origin, Outcome
from host.people.teams import SeatPhones, member_id
from host.session.shape import SessionShape



class Seating:
    """The phones on the seats (the journaled bindings' copy), who of a team acted last,
    when a seat's last phone left, and the seats' names as the engine knows them."""

    AWAY_SECONDS = 20.0  # a seat without a connected phone this long shows as away

    def __init__(self, session: SessionShape) -> None:
        self.session = session
        self.phones = SeatPhones()
        self.answered: dict[int, str] = {}  # team games: seat -> which phone acted last
        self.offline: dict[int, int] = {}  # seat -> host ns when its last phone left
        self.engine_names: dict[int, str] = {}  # seat -> the name the engine was set up with
        self.names_version = 0  # counts names and phones taking seats (a night's table reads)
        self._renames: tuple[Any, dict[int, str]] = (None, {})  # renames(), cached
        self.named_before: dict[int, str] = {}  # seat -> its name before a phone named it

    def load(self) -> None:
        """The bindings as the journal has them (start-up, reload)."""
        s = self.session
        self.phones = SeatPhones.load(s.journal.seat_bindings(s.id), s.journal.teammates(s.id))

    def entry(self, seat: dict[str, Any]) -> dict[str, Any]:
        """A seat as meta lists it; in a team game with its phones and which one acted last
        (`last_by`: so every phone of the team sees who answered)."""
        people = not seat.get("bot") and not seat.get("out") and not seat.get("paper")
        entry = {"seat": seat["seat"], "name": seat["name"], "bot": seat.get("bot"),
                 "away": people and self.away(seat["seat"]),
                 # A seat of people no phone has taken yet (the host's start asks about it).
                 "empty": people and not self.phones.taken(seat["seat"])}
        if seat.get("paper"):  # a table without phones: the host enters its answers
            entry["paper"] = True
        if seat.get("out"):  # left out at the start (the host's `start` `without`)
            entry["out"] = True
        if self.session.teams.enabled:
            entry["team"] = self.phones.team(seat["seat"])
            entry["last_by"] = self.answered.get(seat["seat"])
        return entry

    def joinable_seats(self) -> list[int]:
        """The seats a new phone may take: no bot's, and no phone's yet (in a team game
        every team takes more phones), and still in play: not left out at the start, not
        knocked out of the game (the game's optional `seats_out`)."""
        s = self.session
        out = self.seats_out()
        return [seat["seat"] for seat in s.seats if not seat.get("bot")
                and not seat.get("paper") and seat["seat"] not in out
                and (s.teams.enabled or not self.phones.taken(seat["seat"]))]

    def seats_out(self) -> set[int]:
        """Seats no longer in play: left out at the start, or out of the game by its rules."""
        s = self.session
        out = {int(seat["seat"]) for seat in s.seats if seat.get("out")}
        rules_out = getattr(s.game, "seats_out", None)
        if rules_out is not None and s.state is not None:
            out.update(int(seat) for seat in rules_out(s.state))
        return out

    def waiting(self) -> list[int]:
        """The seats of people the running game waits on (they have a move to make) with no
        phone there: none taken yet, or its phone gone (`away`). The projector and the host
        page name them, so a game never waits silently. A game whose clock runs (a
        question's time, a turn's limit) moves on by itself: it waits on nobody."""
        s = self.session
        if (not s.kind.waits_on_turns or s.state is None or s.status != "running"
                or s.game.timer(s.state) is not None):
            return []
        return [seat["seat"] for seat in s.seats
                if not seat.get("bot") and not seat.get("out") and not seat.get("paper")
                and (not self.phones.taken(seat["seat"]) or self.away(seat["seat"]))
                and s.game.legal_actions(s.state, seat["seat"])]

    # -- phones claiming seats ---------------------------------------------------
    def claim(self, origin: Origin, event: Event) -> Outcome:
        """A phone asks for a seat. Its token binds it; the same token gets the same seat back.
        In a team game a taken seat takes the phone into its team (host/people/teams.py)."""
        s = self.session
        token = event.get("token_hash")
        if not isinstance(token, str):
            return Outcome.refuse("bad_event", "a claim needs a token")
        if s.status == "deleted":  # the host deleted this lobby: nobody sits in it now
            return Outcome.refuse("stale", "that game is gone")
        refusal = s.kept_out(token)  # a ban is decided here, on the worker (removal.py)
        if refusal is not None:
            return refusal
        seat_of = self.phones.seat_of(token)
        if seat_of is not None:
            return Outcome(True, data={"seat": seat_of, "rejoined": True,
                                       **self._captaincy(seat_of, token)})
        if s.status == "over":
            return Outcome.refuse("over", "this game is over")
        wanted = event.get("seat")
        free = [seat for seat in self.joinable_seats() if not self.phones.taken(seat)]
        if wanted is not None:
            if wanted not in [seat["seat"] for seat in s.seats]:
                return Outcome.refuse("bad_event", "there is no such seat")
            if int(wanted) in self.seats_out():
                return Outcome.refuse("seat_out", "that seat is out of the game")
            if s.seats[int(wanted)].get("paper"):
                return Outcome.refuse("taken", "that table answers on paper; ask the host")
            if wanted not in self.joinable_seats():
                return Outcome.refuse("taken", "that seat is taken; ask the host to free it")
            seat = int(wanted)
        elif free:
            seat = free[0]
        elif s.status == "running" and self.seats_out():
            return Outcome.refuse("full", "every seat still in play is taken")
        else:
            return Outcome.refuse("full", "every seat is taken")
        given, refused = self._phone_name(event.get("name"), seat)
        captain = self.phones.add(seat, token, given)
        self._captain_again(seat, token, captain)
        self.names_version += 1
        if s.names_changed is not None:  # a night's table: a phone is a player
            s.defer(s.names_changed)
        if captain:
            s.stage(s.journal.op_bind(s.id, seat, token))
            s.changed()  # the seat has a phone now: the host page's "no phone yet" goes
        if s.teams.enabled:
            s.stage(s.journal.op_add_teammate(s.id, seat, token, given))
            s.changed()  # the projector counts the team's phones
        seq = None
        if (captain and not s.teams.enabled and s.status != "over"
                and given != s.seats[seat]["name"]):
            # The phone on a seat names it, in the lobby or after the start (a team phone's
            # name is its own, not the team's).
            self.named_before[seat] = s.seats[seat]["name"]
            seq = self._set_name(origin, seat, given)
        elif captain and s.teams.enabled and s.status != "over":
            seq = self._team_name(origin, seat, token)
        return Outcome(True, seq=seq, data={"seat": seat, "rejoined": False, "name": given,
                                            **refused, **self._captaincy(seat, token)})

    def _captain_again(self, seat: int, token: str, first: bool) -> None:
        """In a night, a team's phone that led it in its latest team game leads it again,
        though a teammate came back first (unless that one led a team more lately)."""
        s = self.session
        if first or not s.teams.enabled or s.status == "over" or s.night_captain is None:
            return
        leading = self.phones.captain(seat)
        led = s.night_captain(token)
        if leading is None or led is None:
            return
        before = s.night_captain(leading.token_hash)
        if before is not None and before >= led:
            return
        self.phones.make_captain(seat, token)
        s.stage(s.journal.op_bind(s.id, seat, token))

    def _team_name(self, origin: Origin, seat: int, token: str) -> int | None:
        """A team's first phone in a night's game brings the team's name (a team of a night
        is its phones and its name), unless this game's seat was named already (the host)."""
        s = self.session
        if s.night_team_name is None:
            return None
        created = next((str(c["name"]) for c in s.config.get("seats", [])
                        if int(c.get("seat", -1)) == seat), None)
        name = s.night_team_name(token)
        if name is None or s.seats[seat]["name"] != created or name == created:
            return None
        return self._set_name(origin, seat, name)

    def _phone_name(self, typed: Any, seat: int) -> tuple[str, dict[str, Any]]:
        """The name a phone plays under: what it typed, cut to naming.MAX_NAME; when empty,
        the seat's own name (a host-named seat), else a generated one; a rude one is
        refused and replaced (the ack's `name_refused` says so, in French and English)."""
        s = self.session
        name = naming.clean(typed)
        language = str(s.config.get("language") or "fr")
        taken = {seat["name"] for seat in s.seats}
        if name and s.name_filter is not None and s.name_filter.blocked(name):
            made = naming.generated_name(language, taken)
            return made, {"name_refused": {lang: text.format(name=made)
                                           for lang, text in naming.REFUSED_TEXT.items()}}
        if name:
            return name, {}
        own = s.seats[seat]["name"]
        if not s.teams.enabled and not naming.is_placeholder(own):
            return own, {}
        return naming.generated_name(language, taken), {"name_generated": True}

    # -- names -------------------------------------------------------------------
    def _set_name(self, origin: Origin, seat: int, name: str) -> int:
        """Journal a seat's new name: a `claim` row in the lobby (as always), a `rename` row
        once started (the engine keeps its names: `renames` puts the new one in its views
        and result). A finished game's stored result is named again."""
        s = self.session
        started = s.state is not None
        seq = s.append(origin, {"type": "rename" if started else "claim", "seat": seat,
                                "name": name})
        s.seats[seat]["name"] = name
        self.names_version += 1
        if s.status == "over" and s.state is not None:
            result = naming.renamed_in(s.game.result(s.state), self.renames())
            s.stage(s.journal.op_status(s.id, "over", result))
        if s.names_changed is not None:
            s.defer(s.names_changed)
        s.after_change(publish_only=True)
        return seq

    def renames(self) -> dict[int, str]:
        """Seats named otherwise than when the engine was set up: seat -> its name now
        (kept until a name, the seats or the engine's names change: every view asks)."""
        s = self.session
        key = (self.names_version, id(s.seats), id(self.engine_names), s.state is None)
        if self._renames[0] != key:
            found = {} if s.state is None else {
                int(seat["seat"]): seat["name"] for seat in s.seats
                if seat["name"] != self.engine_names.get(int(seat["seat"]))}
            self._renames = (key, found)
        return self._renames[1]

    def rename(self, origin: Origin, seat: int, name: str) -> Outcome:
        """Host: name a seat (a team) at any time, even once the game is over; an empty
        name gets a generated one. Journaled (`claim` in the lobby, `rename` after)."""
        s = self.session
        if not 0 <= seat < len(s.seats):
            return Outcome.refuse("bad_event", "there is no such seat")
        name = naming.clean(name) or naming.generated_name(
            str(s.config.get("language") or "fr"), {seat["name"] for seat in s.seats})
        if name == s.seats[seat]["name"]:
            return Outcome(True, data={"name": name})
        return Outcome(True, seq=self._set_name(origin, seat, name), data={"name": name})

    def name_team(self, origin: Origin, typed: str) -> Outcome:
        """A team names itself from its captain's phone (lobby or game, not once over): the
        name passes the filter as a player's does (a rude one is replaced by a made-up one,
        `name_refused`); journaled as the host's renames are."""
        s = self.session
        if not s.teams.enabled:
            return Outcome.refuse("illegal", "this game has no teams")
        seat = self.phones.seat_of(origin.token)
        if seat is None:
            return Outcome.refuse("stale", "this phone has no seat in this game")
        captain = self.phones.captain(seat)
        if captain is None or captain.token_hash != origin.token:
            return Outcome.refuse("forbidden", "only the team's captain names the team")
        if s.status == "over":
            return Outcome.refuse("over", "this game is over")
        if not naming.clean(typed):
            return Outcome.refuse("bad_event", "a team's name cannot be empty")
        name, refused = self._phone_name(typed, seat)
        seq = None if name == s.seats[seat]["name"] else self._set_name(origin, seat, name)
        return Outcome(True, seq=seq, data={"seat": seat, "name": name, **refused})

    def keep_names(self, origin: Origin, names: dict[int, str]) -> None:
        """After an undo's rebuild: undo takes back a decision, never a seat's new name."""
        s = self.session
        for seat in s.seats:
            if names.get(int(seat["seat"]), seat["name"]) != seat["name"]:
                s.append(origin, {"type": "rename", "seat": seat["seat"],
                                  "name": names[int(seat["seat"])]})
                seat["name"] = names[int(seat["seat"])]
                self.names_version += 1

    # -- teams -------------------------------------------------------------------
    def _captaincy(self, seat: int, token: str) -> dict[str, Any]:
        if not self.session.teams.enabled:
            return {}
        captain = self.phones.captain(seat)
        return {"captain": captain is not None and captain.token_hash == token,
                "member": member_id(token)}

    def team_check(self, origin: Origin) -> Outcome | None:
        """Who of a team may act: any of its phones, or its captain's only."""
        assert origin.seat is not None
        if self.phones.phone(origin.seat, origin.token) is None:
            return Outcome.refuse("forbidden", "this phone is no longer on that team; join again")
        captain = self.phones.captain(origin.seat)
        if self.session.teams.answers == "captain" and (captain is None
                                                        or captain.token_hash != origin.token):
            name = captain.name if captain is not None and captain.name else "your captain"
            return Outcome.refuse("not_captain", f"only your team's captain ({name}) answers")
        return None

    def second_answer(self, origin: Origin, code: str) -> Outcome | None:
        """A team's second answer, which the engine refused as a seat's second answer."""
        by = self.answered.get(origin.seat) if origin.seat is not None else None
        if origin.member and code == "stale" and by is not None:
            return Outcome.refuse("stale", f"your team has already answered ({by}): its "
                                           "first answer counts")
        return None

    def note_answer(self, origin: Origin) -> None:
        """A team's phone acted: every phone of the team sees who (meta's `last_by`)."""
        if origin.member and origin.seat is not None:
            phone = self.phones.phone(origin.seat, origin.token)
            self.answered[origin.seat] = (phone.name if phone and phone.name
                                          else origin.member)

    def release(self, seat: int, scope: str | None = None, let_go: bool = True) -> Outcome:
        """Host: free a seat's binding so another phone can take it; once committed, the
        freed phones' connections are let go (told so: `removed`, with the ban's `scope`)."""
        s = self.session
        if not 0 <= seat < len(s.seats):
            return Outcome.refuse("bad_event", "there is no such seat")
        if let_go:
            for phone in self.phones.seats.get(seat, []):
                self._let_go(phone.token_hash, scope)
        if s.status != "over":  # a finished game's bindings say who played (night.py)
            s.stage(s.journal.op_unbind(s.id, seat))
            s.stage(s.journal.op_clear_team(s.id, seat))
        self.phones.clear(seat)
        s.changed()
        return Outcome(True)

    def team_command(self, event: Event) -> Outcome:
        """Host, in a team game: make a phone the team's captain, or remove it."""
        s = self.session
        if not s.teams.enabled:
            return Outcome.refuse("illegal", "this game has no teams")
        seat, action = int(event["seat"]), event["action"]
        phone = self.phones.find(seat, str(event["phone"]))
        if phone is None:
            return Outcome.refuse("bad_event", "that team has no such phone")
        captain = self.phones.captain(seat)
        assert captain is not None
        if action == "captain":
            self.phones.make_captain(seat, phone.token_hash)
            s.stage(s.journal.op_bind(s.id, seat, phone.token_hash))
        elif action == "remove":
            if event.get("let_go", True):
                self._let_go(phone.token_hash, event.get("ban"))
            self.phones.remove(seat, phone.token_hash)
            s.stage(s.journal.op_remove_teammate(s.id, phone.token_hash))
            successor = self.phones.captain(seat)
            if successor is None:
                s.stage(s.journal.op_unbind(s.id, seat))
            elif phone is captain:  # the next phone to have joined leads the team
                s.stage(s.journal.op_bind(s.id, seat, successor.token_hash))
        else:
            return Outcome.refuse("bad_event", "a team command is 'captain' or 'remove'")
        s.changed()
        return Outcome(True, data={"removed": member_id(phone.token_hash)}
                       if action == "remove" else {})

    def close_lobby(self, delete: bool) -> Outcome:
        """Host, on a game still in its lobby: end it (over, with no result: it counts for
        nothing) or delete it (gone from every list; the journal keeps its row as `deleted`).
        Its phones then follow the room (host/room/following.py). On the worker (`_lobby`)."""
        s = self.session
        if s.state is not None or s.status != "lobby":
            return Outcome.refuse("illegal", "only a game still in its lobby can be "
                                  + ("deleted" if delete else "ended this way"))
        status = "deleted" if delete else "over"
        s.stage(s.journal.op_status(s.id, status))
        s.status = status
        s.scheduler.cancel_all()
        s.changed()
        return Outcome(True, data={"status": status})

    def leave(self, origin: Origin) -> Outcome:
        """A phone leaves its seat, or its team, before the start: a colour tapped by
        mistake is cheap (after the start only the host frees a seat). A seat the phone had
        named gets back the name it had before (the create-time name after a restart)."""
        s = self.session
        seat = self.phones.seat_of(origin.token)
        if seat is None:
            return Outcome.refuse("stale", "this phone has no seat in this game")
        if s.status != "lobby" or s.state is not None:
            return Outcome.refuse("illegal", "the game has started: ask the host to free "
                                             "your seat")
        if s.teams.enabled:  # the phone's own connection leaves (host/sockets/seat.py)
            return self.team_command({"seat": seat, "action": "remove", "let_go": False,
                                      "phone": member_id(origin.token)})
        phone = self.phones.captain(seat)
        named = phone is not None and phone.name == s.seats[seat]["name"]
        left = self.release(seat, let_go=False)
        before = self.named_before.pop(seat, None) or self._created_name(seat)
        if left.ok and named and before != s.seats[seat]["name"]:
            self._set_name(origin, seat, before)
        return Outcome(True, data={"seat": seat})

    def _let_go(self, token: str, scope: str | None) -> None:
        """Once the batch is committed: the socket layer lets this phone's connections go."""
        let_go = self.session.let_go
        if let_go is not None:
            self.session.defer(lambda: let_go(token, scope))

    def _created_name(self, seat: int) -> str:
        return str(self.session.config["seats"][seat]["name"])

    # -- the start -----------------------------------------------------------------
    def starting_seats(self, without: Any) -> tuple[list[dict[str, Any]], Outcome | None]:
        """The seats as the start journals them: those the host leaves out (`without`: seats
        of people no phone took) marked "out", never dealt in; or the refusal."""
        s = self.session
        if not isinstance(without, list) or any(
                isinstance(n, bool) or not isinstance(n, int) for n in without):
            return [], Outcome.refuse("bad_event", "'without' lists seat numbers")
        if without and not s.kind.leave_out:
            return [], Outcome.refuse("illegal", f"{s.kind.name} cannot leave a seat out")
        seats = [dict(seat) for seat in s.seats]
        for number in without:
            if not 0 <= number < len(seats):
                return [], Outcome.refuse("bad_event", "there is no such seat")
            if seats[number].get("bot") or self.phones.taken(number):
                return [], Outcome.refuse("illegal", "only a seat with no phone can be left out")
            seats[number]["out"] = True
        return seats, None

    # -- bots or people ----------------------------------------------------------
    def hand(self, origin: Origin, event: Event) -> Outcome:
        """Host: a bot plays the seat from now on ({"bot": 1-5}), or people again ({"bot":
        null}); the seat's phones stay bound, and act again once it is handed back. Or, in a
        kind with paper teams, before the start, people without phones ({"bot": null,
        "paper": true}: `paper`)."""
        s = self.session
        seat, level = event.get("seat"), event.get("bot")
        if not isinstance(seat, int) or not 0 <= seat < len(s.seats):
            return Outcome.refuse("bad_event", "there is no such seat")
        if "paper" in event:
            return self.paper(origin, seat, event["paper"])
        if level is not None and (isinstance(level, bool) or not isinstance(level, int)
                                  or not 1 <= level <= 5):
            return Outcome.refuse("bad_event", "a bot level is 1 to 5, or null for people")
        if level is not None and s.kind.plan_bot is None:
            return Outcome.refuse("illegal", f"{s.kind.name} has no bots")
        if s.seats[seat].get("bot") == level:
            return Outcome.refuse("stale", "the seat is already played that way")
        seq = s.append(origin, {"type": "hand", "seat": seat, "bot": level})
        s.seats[seat]["bot"] = level
        s.timers.forget_bot(seat)
        s.scheduler.cancel(f"bot:{seat}")
        s.after_change()  # a bot plans its move at once
        return Outcome(True, seq=seq)

    def paper(self, origin: Origin, seat: int, paper: Any) -> Outcome:
        """Host: the seat is a paper team (a table without phones, named by the host, whose
        answers the host enters from its sheet: host/quiz_round/paper.py), or played on
        phones again. Before the start only (the engine is dealt its paper teams), and only
        on a seat no phone or bot holds. Journaled as a `hand` row with "paper"."""
        s = self.session
        if not isinstance(paper, bool):
            return Outcome.refuse("bad_event", "'paper' is true or false")
        if not s.kind.paper_teams:
            return Outcome.refuse("illegal", f"{s.kind.name} has no paper teams")
        if s.state is not None or s.status != "lobby":
            return Outcome.refuse("illegal", "a paper team is marked before the game starts")
        if bool(s.seats[seat].get("paper")) == paper:
            return Outcome.refuse("stale", "the seat is already played that way")
        if paper and (s.seats[seat].get("bot") or self.phones.taken(seat)):
            return Outcome.refuse("illegal", "only a seat without a phone can be a paper "
                                             "team; free it first")
        seq = s.append(origin, {"type": "hand", "seat": seat, "bot": None, "paper": paper})
        s.seats[seat]["bot"] = None
        if paper:
            s.seats[seat]["paper"] = True
        else:
            s.seats[seat].pop("paper", None)
        s.changed()
        return Outcome(True, seq=seq)

    # -- presence ------------------------------------------------------------------
    def presence(self, seat: int, connected: bool) -> None:
        """The seat's first phone connected, or its last one left (`_presence`)."""
        s = self.session
        if connected:
            if self.offline.pop(seat, None) is not None:
                s.changed()
            return
        self.offline[seat] = s.clock.now_ns()
        s.scheduler.call_later(f"away:{seat}", self.AWAY_SECONDS * s.pace + 0.05,
                               lambda: s.submit_nowait(SESSION, {"type": "_away_check"}))

    def away(self, seat: int) -> bool:
        s = self.session
        left = self.offline.get(seat)
        return left is not None and (s.clock.now_ns() - left
                                     >= self.AWAY_SECONDS * s.pace * 1e9)
