// A player's phone: join a seat, keep the phone's clock in step with the host,
// then let the game kind draw its controls (js/kinds/<kind>.js, phone part).
// The token in localStorage keeps the seat across a reload or a Wi-Fi drop.
"use strict";

// Quick retries: on a venue's Wi-Fi a dropped link is usually back within seconds.
const socket = io("/seat", { transports: ["websocket"], reconnectionDelay: 250, reconnectionDelayMax: 500 });
const CLOCK_ID = String(performance.timeOrigin); // this page's clock: samples survive a reconnect
let seated = false; // joined on the current connection: actions may go out
const token = localStorage.getItem("tourelle.token") || newToken();
let joined = JSON.parse(localStorage.getItem("tourelle.seat") || "null"); // {game, seat}
let state = null;
let games = [];
let freeSeats = {}; // game id -> {status, free: [seat]} from GET /api/seats
let pollHandle = null;
let previous = null; // the state the kind saw last (for sounds and vibrations on changes)

function newToken() {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  const value = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  localStorage.setItem("tourelle.token", value);
  return value;
}

function remember(value) {
  joined = value;
  if (value) localStorage.setItem("tourelle.seat", JSON.stringify(value));
  else localStorage.removeItem("tourelle.seat");
}

// ----------------------------------------------------------------- clock sync

/**
 * NTP-style samples for the host's estimate of this phone's clock: `ping` {c}
 * then, on its answer, `sync` {c0, h, c1}. All client times are
 * performance.timeOrigin + performance.now() in ms, the scale of a tap's
 * event.timeStamp. A burst after joining, then every 10 s; every 100 ms while
 * a kind asks for a heartbeat (a buzz window open: it also keeps the radio awake).
 */
const Clock = {
  SLOW_MS: 10000,
  FAST_MS: 100,
  fast: false,
  handle: null,
  samples: 0,
  now() {
    return performance.timeOrigin + performance.now();
  },
  waiting: 0, // performance.now() of the oldest unanswered ping (0: none)
  ping() {
    if (!socket.connected || !joined) return;
    const c0 = this.now();
    if (!this.waiting) this.waiting = performance.now();
    socket.emit("ping", { c: c0 }, (ack) => {
      this.waiting = 0;
      if (!ack || !ack.ok) return;
      socket.emit("sync", { c0, h: ack.h, c1: this.now() }, (done) => {
        if (!done || !done.ok) return;
        this.samples += 1;
        document.body.dataset.synced = done.synced ? "yes" : "no";
        document.body.dataset.syncs = String(this.samples);
      });
    });
  },
  schedule() {
    clearTimeout(this.handle);
    this.handle = setTimeout(() => {
      this.ping();
      this.schedule();
    }, this.fast ? this.FAST_MS : this.SLOW_MS);
  },
  /** Right after a join: a few quick samples, then the slow rhythm. */
  start() {
    for (let i = 0; i < 5; i++) setTimeout(() => this.ping(), i * 150);
    this.schedule();
  },
  heartbeat(on) {
    if (!!on === this.fast) return;
    this.fast = !!on;
    if (this.fast) this.ping();
    this.schedule();
  },
};

// ----------------------------------------------------------------- connection

let everConnected = false; // the "connecting" word is for the first connection only
socket.on("connect", () => {
  everConnected = true;
  Clock.waiting = 0; // pings of the last connection will never be answered
  $("#net").hidden = true;
  if (joined) rejoin();
  else showJoin();
});
// The first connection: the join page is drawn from HTTP alone, without waiting for the
// socket; a socket still not open 2 s later is said (a join tapped meanwhile waits for it).
setTimeout(() => { // once the whole script has run (showJoin reads names declared below)
  if (!joined && !socket.connected) showJoin();
}, 0);
setTimeout(() => {
  if (everConnected) return; // connected, or lost since: the reconnect banner says so
  $("#net").dataset.t = "connecting";
  $("#net").textContent = T.t("connecting");
  $("#net").hidden = false;
  document.body.dataset.net = "connecting";
}, 2000);
socket.on("disconnect", () => {
  seated = false;
  $("#net").dataset.t = "reconnecting";
  $("#net").textContent = T.t("reconnecting");
  $("#net").hidden = false;
  document.body.dataset.net = "reconnecting";
});
// A link that stalls without closing (the socket stays "connected"): no answer to a
// ping for 1.5 s shows the same banner until an answer comes.
setInterval(() => {
  const stalled = socket.connected && Clock.waiting > 0 && performance.now() - Clock.waiting > 1500;
  if (!socket.connected) return;
  $("#net").hidden = !stalled;
  document.body.dataset.net = stalled ? "stalled" : seated ? "ok" : document.body.dataset.net;
}, 250);
// A seat's state comes in two parts (PROTOCOL.md, "Phones: public and private parts"):
// `public`, the same for every phone of the game, and `private` (its own hand, answer,
// status and legal moves), sent only when it changed and then with the public part of the
// same publication inside it (one message per phone). The page draws the merge.
let own = null;
socket.on("private", (payload) => {
  own = payload;
  if (payload.public) {
    state = mergeParts(payload.public, own);
    render();
  }
});
socket.on("public", (payload) => {
  state = mergeParts(payload, own);
  render();
});

function mergeParts(shared, mine) {
  if (!mine || mine.meta.game !== shared.meta.game) return shared;
  const meta = { ...shared.meta, ...mine.meta, seq: shared.meta.seq };
  delete meta.seat;
  return { meta, view: shared.view === null ? null : { ...shared.view, ...mine.view } };
}

/**
 * The room moved (PROTOCOL.md, "Phones follow the room"): the host created a game, ended or
 * deleted one, or ended the night. A phone whose game is not going on joins again with its
 * game, and the host takes it to the room's game on its own seat (or team), or tells it to
 * choose one (`moved`). A phone on the join page shows the room's game.
 */
let roomNow = null; // the room's game as last announced (`room`)
let followedFrom = null; // the game this phone last asked to leave (once per game)
socket.on("room", (room) => {
  roomNow = room.game;
  if (!joined) {
    if (!$("#join").hidden) showJoin();
    return;
  }
  const playing = state && state.meta.game === joined.game && state.meta.status === "running";
  if (room.game && room.game !== joined.game && !playing) rejoin();
});

/** The host took this phone off its seat (and maybe keeps it out): back to the join page. */
socket.on("removed", (message) => {
  if (!joined || message.game !== joined.game) return;
  unseat(T.t(message.scope ? "banned_" + message.scope : "removed"));
});

/** Back to the join page: the host took this phone off its seat, or it left it (lobby). */
function unseat(notice) {
  seated = false;
  remember(null);
  own = null;
  state = null;
  showJoin(notice);
}

function rejoin() {
  const message = { token, game: joined.game, clock: CLOCK_ID };
  const name = localStorage.getItem("tourelle.name");
  if (name) message.name = name; // names its seat when the room moved it to a new game
  socket.emit("join", message, (ack) => {
    if (ack && ack.ok) {
      if (ack.game !== joined.game) { // the room moved: this seat's parts come from the new game
        own = null;
        state = null;
      }
      remember({ game: ack.game, seat: ack.seat, member: ack.member });
      seated = true;
      document.body.dataset.net = "ok";
      document.body.dataset.followed = ack.moved_from ? ack.moved_from : "";
      Clock.start();
      render(); // the seat's state follows (its private part, then the public one)
      Outbox.flush(); // what was tapped while cut off
    } else {
      seated = false;
      remember(null);
      own = null;
      state = null;
      refusedJoin(ack);
    }
  });
}

/** A join the host refused: the room moved (choose a seat there), an old room code, a ban. */
function refusedJoin(ack) {
  const code = ack && ack.code;
  if ((code === "moved" || code === "not_shown") && ack.game) {
    roomGame = ack.game;
    $("#code").value = roomCode(ack.game);
    $("#code").dataset.auto = "1";
    showJoin(T.t(code === "moved" ? "room_moved" : "old_code"), "room");
  } else if (code === "banned") {
    showJoin(T.t("banned_" + (ack.scope || "game")));
  } else {
    showJoin();
  }
}

// ----------------------------------------------------------------- joining

const roomCode = (id) => (id || "").slice(0, 4).toUpperCase();

let roomGame = null; // the room's current game (the projector's), from GET /api/seats

/** The game the code names; no code: the room's game. A lobby game the room left is not
 * offered (an old code: the host refuses it as `not_shown`). */
function chosenGame() {
  const code = $("#code").value.trim().toLowerCase();
  const current = games.find((g) => g.id === roomGame && g.status !== "over");
  if (!code) return current || null;
  const matching = games.filter((g) => g.status !== "over" && g.id.startsWith(code)
    && (g.status !== "lobby" || g.id === roomGame));
  return matching[matching.length - 1] || null;
}

/** A code typed earlier or kept in the address that names a game the room left: the room's. */
function staleCode() {
  const code = $("#code").value.trim().toLowerCase();
  if (!code || !roomGame || roomGame.startsWith(code)) return false;
  return !games.some((g) => g.id.startsWith(code) && g.status === "running");
}

function showOnly(id) {
  for (const section of ["join", "wait", "play"]) $("#" + section).hidden = section !== id;
  $("#team-name").hidden = true; // a captain's lobby shows it again (phone-wait.js, lobbyParts)
}

async function showJoin(notice, about = "") { // about "room": the notice goes with the room's game
  T.apply();
  showOnly("join");
  slot.reset();
  fill("#me");
  $("#my-score").textContent = "";
  if (notice !== undefined) {
    Object.assign($("#join-notice"), { textContent: notice, hidden: !notice }).dataset.about = about;
  }
  games = (await getJson("/api/games", { games: [] }, 1)).games;
  const seats = await getJson("/api/seats", { games: {}, current: roomGame }, 1);
  freeSeats = seats.games || {};
  roomGame = seats.current || null;
  // The room code is filled in for the player only while the field is empty and not being
  // typed in: set under a player's fingers (or a test's `fill`, which focuses, selects,
  // then types), the typed code was appended to ours ("221A221A", no game found).
  const code = $("#code");
  const typing = document.activeElement === code;
  const fromUrl = new URLSearchParams(location.search).get("room");
  if (fromUrl && !code.value && !typing) code.value = fromUrl.toUpperCase();
  if (!typing && staleCode()) { // the room moved on: never a lobby the projector left
    if (code.dataset.auto !== "1") {
      Object.assign($("#join-notice"), { textContent: T.t("old_code"), hidden: false }).dataset.about = "room";
    }
    code.value = "";
  }
  const game = chosenGame();
  if (!game && $("#join-notice").dataset.about === "room") $("#join-notice").hidden = true;
  if (game && !code.value && !typing) {
    code.value = roomCode(game.id);
    code.dataset.auto = "1";
  }
  if (!$("#name").value) $("#name").value = localStorage.getItem("tourelle.name") || "";
  drawColours(game);
  clearTimeout(pollHandle);
  if (!joined) pollHandle = setTimeout(showJoin, game ? 5000 : 2000);
}

/** The colour buttons (or a hall's one button), redrawn at every poll and state: kept from one
 * drawing to the next, only their look and words change (a button replaced between a tap's
 * press and release loses the tap: a phone that never got its seat). */
function drawColours(game) {
  const seats = freeSeats[game ? game.id : ""];
  const full = !!game && !!seats && seats.free.length === 0;
  const teamGame = game && game.seats.some((s) => s.team); // the name shows to the team, not the room
  $("#name-hint").textContent = T.t(teamGame ? "name_hint_team" : "name_hint", { max: NAME_MAX });
  // No free seat: say why and offer to watch, instead of an empty colour list.
  $("#full").hidden = !full;
  $("#choose-colour").hidden = full || !game;
  document.body.dataset.full = full ? "yes" : "no";
  const box = $("#colours");
  const hall = !!game && game.seats.length > HALL_SEATS; // one button takes the next free seat
  const shown = full || !game ? [] : hall ? [{ seat: "hall" }] : game.seats.filter((s) => !s.bot);
  const drawn = T.lang + ":" + (game ? game.id : "") + ":" + shown.map((s) => s.seat).join(",");
  drawKeyed(box, drawn, () => fill(box, !game && !full ? h("p", { class: "note" }, T.t("no_game"))
    : shown.map((s) => h("button", hall ? { type: "button", class: "primary join-hall", id: "join-hall" }
      : { type: "button", "data-seat": s.seat }))));
  if (full) $("#watch").href = "/screen";
  if (hall) $("#choose-colour").hidden = true;
  const taken = (s) => !!seats && !seats.free.includes(s.seat);
  const out = (s) => (seats && (seats.out || []).includes(s.seat) ? T.t("seat_out") + " · " : ""); // knocked out
  const team = new URLSearchParams(location.search).get("team"); // ?team=N: a team's QR code, its colour
  const cls = (s) => (taken(s) ? " taken" : "") + (team !== null && String(s.seat) === team ? " suggested" : "");
  shown.forEach((s, i) => {
    const button = box.children[i];
    const words = hall ? T.t("take_seat") + (seats ? "\n" + T.t("free_seats", { n: seats.free.length }) : "")
      : T.colour(s.seat) + "\n" + out(s) + s.name;
    if (button.dataset.words !== words) { // its inside only: the button itself stays
      button.dataset.words = words;
      button.replaceChildren(...(hall ? [T.t("take_seat"), seats ? h("small", {}, T.t("free_seats",
        { n: seats.free.length })) : ""] : [seatChip(s.seat), h("span", {}, T.colour(s.seat)),
        h("small", {}, out(s) + s.name)]));
    }
    if (!hall) button.className = "colour-btn seat-bg-" + seatLook(s.seat) + cls(s);
    if (!hall && taken(s)) button.setAttribute("aria-disabled", "true");
    else button.removeAttribute("aria-disabled");
    button.onclick = () => join(game, hall ? null : s.seat);
  });
}

function join(game, seat) {
  const name = $("#name").value.trim();
  localStorage.setItem("tourelle.name", name);
  const message = { token, game: game.id, clock: CLOCK_ID };
  if (seat !== null) message.seat = seat; // none: the host gives the next free seat
  if (name) message.name = name;
  socket.emit("join", message, (ack) => {
    if (ack && ack.ok) {
      clearTimeout(pollHandle);
      nameNote(ack);
      remember({ game: ack.game, seat: ack.seat, member: ack.member });
      seated = true;
      $("#join-error").textContent = "";
      $("#join-notice").hidden = true;
      Clock.start();
      render();
    } else if (ack && ["moved", "not_shown", "banned"].includes(ack.code)) {
      refusedJoin(ack);
    } else {
      $("#join-error").textContent = ack && ack.code === "taken" ? T.t("seat_taken") : T.refusal(ack);
    }
  });
}

/** The name the host gave instead of a refused one (host/people/names.py): said, and kept here. */
let nameRefused = null; // {fr, en}: shown in the page's language until tapped
function nameNote(ack) {
  if (!ack.name_refused) return;
  $("#name").value = ack.name;
  localStorage.setItem("tourelle.name", ack.name);
  nameRefused = ack.name_refused;
  $("#name-note").hidden = false;
  drawNameNote();
}
function drawNameNote() {
  if (nameRefused) $("#name-note").textContent = nameRefused[T.lang] || nameRefused.en;
}
$("#name-note").addEventListener("click", () => {
  $("#name-note").hidden = true;
  nameRefused = null;
});
$("#name").maxLength = NAME_MAX;

$("#code").addEventListener("input", () => {
  $("#code").dataset.auto = "";
  drawColours(chosenGame());
});
document.addEventListener("pointerdown", () => Sound.unlock(), { once: true });
// While paused the layer over the controls (#play::after) takes the taps: say so, visibly.
$("#play").addEventListener("pointerdown", () => {
  if (document.body.dataset.paused !== "yes") return;
  const banner = $("#p-paused");
  banner.textContent = T.t("paused_tap");
  banner.classList.remove("refused");
  void banner.offsetWidth; // restart the shake
  banner.classList.add("refused");
  if (navigator.vibrate) navigator.vibrate([30, 30, 30]);
}, true);

// ----------------------------------------------------------------- playing

/**
 * Actions wait here until the host acks them: each has an id (`aid`), is sent
 * once per connection once the seat is joined, and again after a reconnect if
 * no ack came (the host answers a repeat with the first ack): exactly once.
 */
const Outbox = {
  pending: new Map(), // aid -> {action, resolve, sentOn}
  count: 0,
  add(action, resolve) {
    const aid = CLOCK_ID.slice(-6) + "-" + Date.now().toString(36) + "-" + (++this.count);
    this.pending.set(aid, { action: { ...action, aid }, resolve, sentOn: -1 });
    this.flush();
  },
  flush() {
    document.body.dataset.outbox = String(this.pending.size);
    if (!socket.connected || !seated) return;
    const connection = socket.id;
    for (const [aid, item] of this.pending) {
      if (item.sentOn === connection) continue;
      item.sentOn = connection;
      socket.emit("action", item.action, (ack) => {
        if (!this.pending.has(aid)) return;
        this.pending.delete(aid);
        document.body.dataset.outbox = String(this.pending.size);
        item.resolve(ack || { ok: false, reason: "?" });
      });
    }
    document.body.dataset.outbox = String(this.pending.size);
  },
};

/** Send an /seat "action" (kept until acked, across reconnects); resolves with its ack. */
function send(action) {
  return new Promise((resolve) => Outbox.add(action, resolve));
}

const slot = new KindSlot($("#play"), "phone", () => ({
  lang: T.lang,
  t: (key, params) => T.t(key, params),
  send,
  seat: joined ? joined.seat : null,
  sounds: Sound,
  el: h,
  now: () => Clock.now(),
  heartbeat: (on) => Clock.heartbeat(on),
  previous,
}));

/** This seat's score from whichever list the kind's view has. */
function myScore(view, seat) {
  if (!view) return null;
  if (view.you && view.you.score !== undefined) return view.you.score;
  const row = (view.players || view.scores || []).find((p) => p.seat === seat);
  return row ? row.score : null;
}

/** In a team game: how many phones the team has, and which one answered last. */
function render() {
  if (!joined || !state) return;
  T.apply();
  drawNameNote();
  const seat = joined.seat;
  const { meta, view } = state;
  document.body.dataset.seat = seat;
  document.body.dataset.status = meta.status;
  document.body.dataset.kind = meta.kind;
  document.body.dataset.stage = view ? view.stage || view.phase || "" : "";
  fill("#me", meHeader(state, seat)); // phone-wait.js
  const score = myScore(view, seat);
  $("#my-score").textContent = score === null ? "" : scoreText(score);
  $("#p-paused").hidden = !meta.paused;
  const undone = view && view.undone;  // the host's undo could not keep this move: why
  Object.assign($("#p-undone"), { hidden: !undone, textContent: undone ? undone[T.lang] || undone.en : "" });
  // Paused: the controls greyed under the banner "En pause" (css), and a tap on them says it is not sent.
  document.body.dataset.paused = meta.paused ? "yes" : "no";
  if (!view) {
    showOnly("wait");
    Clock.heartbeat(false);
    $("#wait-status").textContent = meta.status === "over" ? T.t("over") : T.t("waiting_start");
    fill("#wait-detail", h("p", { class: "note" }, kindLabel(meta.kind)), nightLine(meta, seat),
      meta.status === "lobby" ? lobbyParts(meta, joined, socket, unseat) : null);
  } else if (meta.status === "over" || view.stage === "over") {
    showOnly("wait");
    Clock.heartbeat(false);
    $("#wait-status").textContent = T.t("over");
    // The room moved before this game's end reached the phone (the next game was made
    // while this one ran): follow it now.
    if (roomNow && roomNow !== joined.game && followedFrom !== joined.game) {
      followedFrom = joined.game;
      setTimeout(rejoin, 0);
    }
    fill("#wait-detail", overVerdict(view, seat), nightLine(meta, seat));
  } else {
    showOnly("play");
    slot.update(state);
  }
  previous = state;
}

// The screen stays on all night (a phone that sleeps drops out); some browsers want a gesture.
keepScreenAwake("pointerdown");

T.apply();
