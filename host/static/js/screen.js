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
  fill("#lobby-seats", state ? state.meta.seats.map((s) =>
    h("li", {}, seatChip(s.seat), h("span", {}, T.colour(s.seat)), " ", h("strong", {}, s.name),
      s.bot ? h("em", {}, " · " + T.t("bot")) : null,
      s.team ? h("em", { class: "team-count", "data-phones": s.team.length },
        " · " + T.t("team_phones", { n: s.team.length })) : null)) : []);
  $("#lobby-note").textContent = state ? kindLabel(state.meta.kind) : T.t("no_game");
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
  storageNotice(meta, false);
  if (meta.status === "lobby" || !view) {
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
  }
  last = state;
}

/** The kind may set the header's phase text (e.g. "Combat · Round 2/4"). */
function setPhase(text) {
  $("#phase").textContent = text;
}

function showPodium(state) {
  show("podium");
  drawPodium($("#podium-steps"), rankedPlayers(state.view));
}

showLobby(null);
muteLabel();
