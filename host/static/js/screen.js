// The projector: lobby with QR code, then the game kind's own screen, pause banner, podium.
/* exported nightTables */
"use strict";

const socket = io("/screen", { transports: ["websocket"] });
let gameId = null;
let last = null; // the previous state: kinds compare with it for sounds and animations

const screenSlot = new KindSlot($("#game"), "screen", () => ({
  lang: T.lang,
  t: (key, params) => T.t(key, params),
  // Only what the kind lets a projector say (`screen_actions`: a question's clip plays).
  send: (event) => new Promise((resolve) => socket.emit("action", { game: gameId, ...event }, resolve)),
  seat: null,
  sounds: Sound,
  el: h,
  now: () => performance.timeOrigin + performance.now(),
  previous: last,
  title: (text) => setPhase(text),
}));

function watch(game) {
  socket.emit("watch", game ? { game } : {}, (ack) => {
    if (ack && ack.ok) gameId = ack.game;
    else showLobby(null);
  });
}

socket.on("connect", () => watch(gameId));
socket.on("game_created", (message) => watch(message.game));
// The room moved (a lobby game deleted, ...): the projector shows the room's game.
socket.on("room", (message) => {
  if (message.game && message.game !== gameId) watch(message.game);
});

// Whether this browser plays sound (autoplay rules: a laptop's Chromium waits for a click on
// the page, the kiosk does not), told from the start, so the host unlocks it in the lobby,
// before the first clip (PROTOCOL.md, `sound`): an AudioContext that is not running, or a
// clip's play() refused. The header's sound button says so; any click on the page unlocks it.
// Sent again after a reconnect.
let soundBlocked = null;
function tellSound(blocked) {
  document.body.dataset.sound = blocked ? "blocked" : "on";
  const changed = blocked !== soundBlocked;
  soundBlocked = blocked;
  muteLabel();
  if (changed && socket.connected) socket.emit("sound", { needs_click: blocked });
}
document.addEventListener("tourelle:sound", (event) => tellSound(event.detail.needs_click));
socket.on("connect", () => { if (soundBlocked !== null) socket.emit("sound", { needs_click: soundBlocked }); });
// The host page's "test the sound": a chime, and this projector's state again.
socket.on("sound_test", () => {
  Sound.play("right");
  socket.emit("sound", { needs_click: !!soundBlocked });
});

// The projector's screen stays on (no screensaver mid-game).
keepScreenAwake("click");
socket.on("state", render);

$("#mute").addEventListener("click", () => {
  if (soundBlocked) return; // "touch to enable sound": this click unlocks it (below), not mutes
  Sound.toggle();
  muteLabel();
});
for (const gesture of ["click", "keydown", "touchend"]) document.addEventListener(gesture, () => Sound.unlock());
Sound.unlock(); // runs at once where the browser lets pages play sound (the kiosk), else waits
if (Sound.ctx) {
  Sound.ctx.addEventListener("statechange", () => tellSound(Sound.ctx.state !== "running"));
  tellSound(Sound.ctx.state !== "running");
}

function muteLabel() {
  if (soundBlocked) {
    $("#mute").textContent = "♪ " + T.t("sound_touch");
    return;
  }
  $("#mute").textContent = (Sound.muted ? "✕ " : "♪ ") + T.t(Sound.muted ? "mute" : "unmute");
}

function show(id) {
  for (const section of ["lobby", "game", "podium", "kind-over"]) $("#" + section).hidden = section !== id;
}

function roomCode(id) {
  return (id || "").slice(0, 4).toUpperCase();
}

let join = null; // {url, addresses, mdns} from joinAddress()
let lobbyState = null;
joinAddress().then((found) => {
  join = found;
  if (!$("#lobby").hidden) showLobby(lobbyState);
});

function showLobby(state) {
  show("lobby");
  lobbyState = state;
  if (!join && onLoopback()) { // wait for the host's LAN address rather than show localhost
    $("#join-url").textContent = "";
    $("#qr").removeAttribute("src");
  }
  const joinUrl = join ? join.url : location.origin + "/";
  const qr = "/qr.svg?data=" + encodeURIComponent(joinUrl);
  if (join || !onLoopback()) {
    if ($("#qr").getAttribute("src") !== qr) $("#qr").src = qr;
    $("#join-url").textContent = T.t("join_at", { url: joinUrl.replace(/^https?:\/\//, "").replace(/\/$/, "") });
    $("#join-url").dataset.url = joinUrl;
  }
  $("#room-code").textContent = state ? roomCode(state.meta.game) : "—";
  // A hall (a buzzer board of dozens or hundreds of phones): the names the phones gave,
  // newest first, in narrow columns, and how many of the seats have one.
  const hall = !!state && state.meta.seats.length > HALL_SEATS;
  const named = hall ? state.meta.seats.filter((s) => s.name !== "#" + (s.seat + 1)).reverse() : [];
  $("#lobby-seats").classList.toggle("hall", hall);
  fill("#lobby-seats", state ? (hall ? named : state.meta.seats).map((s) =>
    h("li", {}, seatChip(s.seat), hall ? null : h("span", {}, T.colour(s.seat)), " ", h("strong", {}, s.name),
      s.bot ? h("em", {}, " · " + T.t("bot")) : null,
      s.team ? h("em", { class: "team-count", "data-phones": s.team.length },
        " · " + T.t(s.team.length === 1 ? "team_phones_one" : "team_phones", { n: s.team.length })) : null,
      // A team game: each team's own QR code joins that team's colour.
      s.team && !s.bot ? h("img", { class: "team-qr", alt: "QR", "data-team-qr": s.seat,
        src: "/qr.svg?data=" + encodeURIComponent(teamUrl(joinUrl, state.meta.game, s.seat)) }) : null)) : []);
  $("#lobby-note").textContent = !state ? T.t("no_game") : kindLabel(state.meta.kind)
    + (hall ? " · " + T.t("hall_named", { n: named.length, total: state.meta.seats.length }) : "");
  fitZoom($("#lobby"));
}

function teamUrl(joinUrl, game, seat) {
  return joinUrl.replace(/\/?$/, "/") + "?room=" + roomCode(game) + "&team=" + seat;
}

function render(state) {
  T.apply();
  muteLabel();
  const { meta, view } = state;
  // For tests and CSS: what the page shows now.
  document.body.dataset.status = meta.status;
  document.body.dataset.kind = meta.kind;
  document.body.dataset.stage = view ? view.stage || view.phase || "" : "";
  $("#paused").hidden = !meta.paused;
  // A seat whose phone has been gone 20 s, or a seat the game waits on with no phone: the
  // host may hand it to a bot.
  if (!waitingNotice($("#away"), meta)) {
    const away = (meta.seats || []).filter((s) => s.away);
    $("#away").hidden = !away.length || meta.status === "over";
    $("#away").dataset.seats = away.map((s) => s.seat).join(",");
    $("#away").textContent = away.length ? T.t("away", { names: away.map((s) => s.name).join(", ") }) : "";
  }
  storageNotice(meta, false);
  const night = meta.night;
  if (night && night.status === "over") {
    $("#phase").textContent = night.name;
    showNightPodium(night);
  } else if (meta.status === "lobby" || !view) {
    $("#phase").textContent = kindLabel(meta.kind);
    showLobby(state);
  } else if (meta.status === "over" || view.stage === "over") {
    $("#phase").textContent = T.t("over");
    if (screenSlot.over($("#kind-over"), state)) show("kind-over");
    else showPodium(state);
  } else {
    show("game");
    $("#phase").textContent = kindLabel(meta.kind);
    screenSlot.update(state);
    fitZoom($("#game")); // a card table taller than the screen is drawn smaller, never cut
  }
  drawNightBoard(night, !!night && night.status !== "over" && (meta.status !== "running" || !view));
  fitSections();
  last = state;
}

/** The lobby and the podium stay on the screen whole, a night's table under them or not. */
function fitSections() {
  fitZoom($("#lobby"));
  fitZoom($("#podium"));
  fitZoom($("#kind-over")); // a card game's end (its ranking and boards), under the night's table
}
window.addEventListener("resize", fitSections);

/** Between the games of a night (its lobby, a game's end): the night's running table. */
function drawNightBoard(night, shown) {
  $("#night-board").hidden = !shown;
  document.body.dataset.night = night ? night.status : "";
  if (!shown) return;
  const played = night.standings.played.length;
  const words = played === 0 ? "night_table_none" : played === 1 ? "night_table_one" : "night_table";
  $("#night-title").textContent = T.t(words, { name: night.name, n: played });
  fill("#night-table", nightTables(night));
}

/** The night's running table as one or two tables of rows (the break shows it too). */
function nightTables(night) {
  const rows = night.standings.table.map((t) =>
    h("tr", { "data-seat": t.seat, "data-points": t.points },
      h("td", { class: "place" }, t.place === null ? "" : String(t.place)), // a robot: no place
      h("td", {}, t.seat === null ? null : seatChip(t.seat), " ", h("strong", {}, t.name)),
      h("td", { class: "score" }, Number(t.points).toLocaleString(T.lang))));
  // More than six rows: two columns side by side, half as tall, so the lobby keeps its room.
  const half = rows.length > 6 ? Math.ceil(rows.length / 2) : rows.length;
  return [rows.slice(0, half), rows.slice(half)].filter((part) => part.length)
    .map((part) => h("table", { class: "night-table" }, part));
}

/** The night is over: its podium, from the running totals. */
function showNightPodium(night) {
  show("podium");
  $("#podium h1").textContent = T.t("night_podium", { name: night.name });
  // People only: a robot's row has no place (host/people/night.py).
  drawPodium($("#podium-steps"), night.standings.table.filter((t) => !t.bot).map((t) =>
    ({ seat: t.seat, colour: t.colour, name: t.name, score: t.points, place: t.place })));
}

/** The kind may set the header's phase text (e.g. "Combat · Round 2/4"). */
function setPhase(text) {
  $("#phase").textContent = text;
}

function showPodium(state) {
  show("podium");
  drawPodium($("#podium-steps"), rankedPlayers(state.view));
}

T.apply(); // the lobby's words ("Scannez pour jouer", "Code de la salle") before any game exists
showLobby(null);
muteLabel();
