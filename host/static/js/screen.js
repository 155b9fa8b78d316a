// The projector: lobby with QR code, then the game kind's own screen, pause banner, podium.
"use strict";

const socket = io("/screen", { transports: ["websocket"] });
let gameId = null;
let last = null; // the previous state: kinds compare with it for sounds and animations

const screenSlot = new KindSlot($("#game"), "screen", () => ({
  lang: T.lang,
  t: (key, params) => T.t(key, params),
  send: () => Promise.resolve({ ok: false, code: "forbidden", reason: "the projector sends nothing" }),
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

// A clip the browser will not play before a click (autoplay rules): the host page is told, so
// the host knows to click on the projector (PROTOCOL.md, `sound`). Sent again after a reconnect.
let soundBlocked = false;
document.addEventListener("tourelle:sound", (event) => {
  soundBlocked = event.detail.needs_click;
  socket.emit("sound", { needs_click: soundBlocked });
});
socket.on("connect", () => { if (soundBlocked) socket.emit("sound", { needs_click: true }); });

// The projector's screen stays on (no screensaver mid-game).
keepScreenAwake("click");
socket.on("state", render);

$("#mute").addEventListener("click", () => {
  Sound.toggle();
  muteLabel();
});
document.addEventListener("click", () => Sound.unlock(), { once: true });

function muteLabel() {
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
        " · " + T.t("team_phones", { n: s.team.length })) : null,
      // A team game: each team's own QR code joins that team's colour.
      s.team && !s.bot ? h("img", { class: "team-qr", alt: "QR", "data-team-qr": s.seat,
        src: "/qr.svg?data=" + encodeURIComponent(teamUrl(joinUrl, state.meta.game, s.seat)) }) : null)) : []);
  $("#lobby-note").textContent = !state ? T.t("no_game") : kindLabel(state.meta.kind)
    + (hall ? " · " + T.t("hall_named", { n: named.length, total: state.meta.seats.length }) : "");
}

function teamUrl(joinUrl, game, seat) {
  return joinUrl.replace(/\/?$/, "/") + "?room=" + roomCode(game) + "&team=" + seat;
}

function render(state) {
  T.use(languageOf(state));
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
    fitZoom($("#kind-over"));
  } else {
    show("game");
    $("#phase").textContent = kindLabel(meta.kind);
    screenSlot.update(state);
    fitZoom($("#game")); // a card table taller than the screen is drawn smaller, never cut
  }
  drawNightBoard(night, !!night && night.status !== "over" && (meta.status !== "running" || !view));
  last = state;
}

/** Between the games of a night (its lobby, a game's end): the night's running table. */
function drawNightBoard(night, shown) {
  $("#night-board").hidden = !shown;
  document.body.dataset.night = night ? night.status : "";
  if (!shown) return;
  $("#night-title").textContent = T.t("night_table", { name: night.name, n: night.standings.played.length });
  fill("#night-table", night.standings.table.map((t) =>
    h("tr", { "data-seat": t.seat, "data-points": t.points },
      h("td", { class: "place" }, t.place === null ? "" : String(t.place)), // a robot: no place
      h("td", {}, t.seat === null ? null : seatChip(t.seat), " ", h("strong", {}, t.name)),
      h("td", { class: "score" }, Number(t.points).toLocaleString(T.lang)))));
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
