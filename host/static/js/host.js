// The host's control page: its connection, the game it watches, the commands every kind takes,
// the results to download. Loaded last of the host page's scripts (host-night.js, host-form.js,
// host-seats.js hold their parts): it opens the connection and starts the page.
// The kind's own panel (judging, questions, buzz windows...) comes from js/kinds/<kind>.js.
// Needs the host key (from #key=... in the address, then kept in localStorage).
/* exported socket, gameId, state, command, ask, confirmed, watchCreated, hostKey */
"use strict";

const fromHash = new URLSearchParams(location.hash.slice(1)).get("key");
if (fromHash) {
  localStorage.setItem("tourelle.hostkey", fromHash);
  history.replaceState(null, "", location.pathname + location.search);
}
const hostKey = localStorage.getItem("tourelle.hostkey") || "";
const socket = io("/host", { auth: { key: hostKey }, transports: ["websocket"] });
let gameId = null;
let state = null;

T.apply();
$("#page-lang").value = T.lang;
$("#page-lang").addEventListener("change", () => { // the host's choice, on this device
  T.choose($("#page-lang").value);
  location.reload(); // every part of the page drawn again in its words
});
socket.on("connect", () => {
  $("#key-error").hidden = true;
  refreshGames();
  // The host's night and followed game live on the host (PROTOCOL.md, "The host page's
  // state"): a page reopened on any device comes back to them.
  socket.emit("host_state", {}, (ack) => {
    if (!ack || !ack.ok) return;
    projectorSound({ needs_click: ack.projector_needs_click, sound_on: ack.projector_sound_on });
    const restoring = !gameId && !!ack.game;
    refreshNights(ack.night ? ack.night.id : "");
    if (gameId || ack.game) socket.emit("watch", { game: gameId || ack.game });
    if (restoring) {
      $("#cmd-msg").textContent = T.t("restored");
      $("#cmd-msg").classList.remove("error"); // news, not a fault
    }
  });
});
// Another host page changed the night: this one follows.
socket.on("host_state", (hostState) => {
  const night = hostState.night ? hostState.night.id : "";
  if ($("#n-choose").value !== night) refreshNights(night);
});
// A projector's browser waits for a click before it plays sound, or says its sound plays
// (screen.js, from its start): a step of a game with clips (`meta.config.clips`, from its
// lobby), so the host unlocks it before the first clip, and may test it.
let projectorHeard = {};
function projectorSound(message) {
  projectorHeard = message || {};
  const clips = !!state && !!state.meta.config && !!state.meta.config.clips && state.meta.status !== "over";
  $("#projector-sound").hidden = !projectorHeard.needs_click;
  $("#projector-sound-on").hidden = !projectorHeard.sound_on;
  const music = document.body.dataset.breakMusic === "on"; // a break's music (host-break.js)
  $("#projector-sound-box").hidden = !(clips || music) || (!projectorHeard.needs_click && !projectorHeard.sound_on);
  $("#projector-sound-box").classList.toggle("blocked", !!projectorHeard.needs_click);
}
socket.on("projector_sound", projectorSound);
document.addEventListener("tourelle:break-music", () => projectorSound(projectorHeard));
$("#sound-test").addEventListener("click", () => socket.emit("sound_test", {}));
// Several server processes (serve --workers): the owner says when their link (Redis) is
// lost and when it is back; the text comes in both languages.
socket.on("link", (message) => {
  const banner = $("#link-lost");
  banner.textContent = (message.text || {})[T.lang] || "";
  banner.hidden = message.up;
});
socket.on("connect_error", () => { $("#key-error").hidden = false; });
socket.on("state", (payload) => {
  if (!state || state.meta.status !== payload.meta.status || state.meta.game !== payload.meta.game) {
    setTimeout(refreshGames, 0);
    document.dispatchEvent(new CustomEvent("tourelle:games-changed")); // editor.js: "N not asked yet"
    if (payload.meta.night) setTimeout(drawNight, 0); // a game of the night ended: its table
    if (!state || state.meta.game !== payload.meta.game) setTimeout(refreshBans, 0);
    // "Fait. Annuler" was about the game's last step: gone once it is over or another game shows.
    if (payload.meta.status === "over" || (state && state.meta.game !== payload.meta.game)) {
      if ($("#cmd-msg [data-undo-last]")) $("#cmd-msg").textContent = "";
    }
  }
  state = payload;
  gameId = payload.meta.game;
  projectorSound(projectorHeard); // a game with clips asks for the projector's sound
  render();
});

let gameNumbers = new Map(); // a game's number on this server, 1 first (the games' list order)

/** A game as a person names it: "Partie 3 · Quiz par équipes · its title", never its id. */
function gameWords(id, kind, title) {
  const n = gameNumbers.get(id);
  return [n ? T.t("game_n", { n }) : null, kindLabel(kind, kindInfo(kind).label), title || null]
    .filter(Boolean).join(" · ");
}

function refreshGames() {
  socket.emit("games", {}, (ack) => {
    if (!ack || !ack.ok) return;
    gameNumbers = new Map(ack.games.map((g, i) => [g.id, i + 1]));
    fill("#games", ack.games.slice().reverse().map((g) =>
      h("li", { "data-game": g.id, title: g.id }, gameWords(g.id, g.kind, g.title), " · ", T.t(g.status) + " ",
        h("button", { type: "button", onclick: () => socket.emit("watch", { game: g.id }) }, T.t("watch")))));
    if (state) render(); // the header's number
  });
}

/** A game this page just created: watched from now on (its state follows), listed. */
function watchCreated(id) {
  gameId = id;
  refreshGames();
}

// ----------------------------------------------------------------- driving

// Host decisions that `undo` can take back: after one, "Done. Undo" sits under the commands.
const NOT_UNDONE = ["start", "pause", "resume", "undo", "end", "delete", "release", "remove_phone", "unban",
  "captain", "rename"];

/** Follow the game the host's state names (the room's game once the followed one is gone). */
function followRoom() {
  socket.emit("host_state", {}, (ack) => {
    if (ack && ack.ok && ack.game) socket.emit("watch", { game: ack.game });
    refreshGames();
  });
}

/** Emit an /host "command" for the watched game; shows a refusal; resolves with the ack. */
function command(type, extra) {
  return new Promise((resolve) => {
    socket.emit("command", { game: gameId, type, ...(extra || {}) }, (ack) => {
      $("#cmd-msg").classList.toggle("error", !(ack && ack.ok)); // red only for a refusal
      const undone = !NOT_UNDONE.includes(type) && !(extra && "paper" in extra); // a paper table: no undo
      if (ack && ack.ok && undone && !(state && state.meta.status === "over")) {
        fill("#cmd-msg", T.t("done_undo") + " ", h("button", {
          type: "button", class: "small", "data-undo-last": type, onclick: () => command("undo"),
        }, T.t("undo")));
      } else {
        $("#cmd-msg").textContent = ack && ack.ok ? (type === "undo" ? T.t("undone") : "")
          : T.refusal(ack);
      }
      if (ack && ack.ok && type === "delete") followRoom(); // the deleted game is gone
      resolve(ack || { ok: false });
    });
  });
}

/**
 * A small in-page dialog in the page's language: the message, an optional choice (a
 * <select>'s options as [value, label], or a field: an <input>), "Confirm" and "Back".
 * Resolves with the chosen value (true without a choice), or null when the host goes back.
 * `title` replaces "Confirm?" (a rename's dialog is "Rename Red").
 */
function ask(message, choices, title) {
  const dialog = $("#confirm");
  $("#confirm-text").textContent = message;
  const field = choices instanceof Element;
  const select = field ? choices : choices ? h("select", { id: "confirm-choice" },
    choices.map(([value, label]) => h("option", { value }, label))) : null;
  fill("#confirm-extra", select);
  T.apply(dialog);
  if (title) $("#confirm-title").textContent = title;
  return new Promise((resolve) => {
    const done = (value) => {
      dialog.onclose = null;
      if (dialog.open) dialog.close();
      resolve(value);
    };
    $("#confirm-yes").onclick = () => done(select ? select.value : true);
    $("#confirm-no").onclick = () => done(null);
    dialog.onclose = () => done(null); // Escape
    if (field) select.onkeydown = (event) => { if (event.key === "Enter") done(select.value); };
    dialog.showModal();
    (field ? select : $("#confirm-no")).focus();
  });
}

/** A command that needs the host's yes first (ending, releasing, removing). */
async function confirmed(message, type, extra) {
  if (await ask(message)) return command(type, extra);
  return { ok: false, code: "cancelled" };
}

const panel = new KindSlot($("#kind-panel"), "host", () => ({
  lang: T.lang,
  t: (key, params) => T.t(key, params),
  send: (action) => {
    const { type, ...rest } = action;
    return command(type, rest);
  },
  ask: (message) => ask(message), // the page's own yes/back dialog, for a kind's commands
  seat: null,
  sounds: Sound,
  el: h,
  now: () => performance.timeOrigin + performance.now(),
}));

function render() {
  if (!state) return;
  T.apply();
  const { meta, view } = state;
  $("#live").hidden = false;
  document.body.dataset.kind = meta.kind;
  // The stage after the status, unless it says the same ("Partie terminée · terminée").
  const stage = view && view.stage !== meta.status ? T.stage(view.stage) : "";
  Object.assign($("#h-status").dataset, { game: meta.game });
  $("#h-status").title = meta.game; // the id stays at hand (a support question), not in the words
  $("#h-status").textContent =
    `${gameWords(meta.game, meta.kind, (meta.config || {}).title)} · ${T.t(meta.status)}` +
    (meta.paused ? " · " + T.t("paused") : "") + (stage ? " · " + stage : "");
  renderCommands(meta);
  waitingNotice($("#h-waiting"), meta);
  storageNotice(meta, true);
  panel.update(state);
  renderSeats(meta, view);
  renderDownloads();
}

/** The commands every kind takes; the kind's panel adds its own (next, skip, open, right...). */
function renderCommands(meta) {
  const running = meta.status === "running";
  const lobby = meta.status === "lobby";
  const buttons = [
    ["start", lobby, "primary"],
    ["pause", running && !meta.paused],
    ["resume", running && meta.paused],
    ["undo", running],
    ["end", running || lobby],
    ["delete", lobby],
  ].filter(([type, enabled]) => type !== "delete" || enabled);
  commandButtons("#commands", buttons.map(([type, enabled, cls]) => ({
    cmd: type, enabled, cls, title: type === "undo" ? T.t("undo_hint") : null,
    label: T.t(type === "delete" ? "delete_game" : type === "undo" ? "undo_last" : type),
    onclick: () => runCommand(type, meta),
  })));
}

/** A tap on one of the commands: ending and deleting ask first. */
function runCommand(type, meta) {
  const lobby = meta.status === "lobby";
  if (type === "end") {
    return confirmed(T.t(lobby ? "confirm_end_lobby" : "confirm_end", { game: meta.game }), type);
  }
  if (type === "delete") return confirmed(T.t("confirm_delete", { game: meta.game }), type);
  if (type === "start") return startGame(meta, meta.seats.filter((s) => s.empty));
  return command(type);
}

/** Ctrl+Z (Cmd+Z) outside a text field: the same undo as the button. */
document.addEventListener("keydown", (event) => {
  const field = event.target.closest && event.target.closest("input, textarea, select");
  if (field || !(event.ctrlKey || event.metaKey) || event.key.toLowerCase() !== "z") return;
  if (state && state.meta.status === "running") {
    event.preventDefault();
    command("undo");
  }
});

// ----------------------------------------------------------------- export

/** The results come from the host's journal (GET /api/games/<id>/results.json and .csv,
 * host/room/results.py): that game's questions only, the same after a reload of this page. */
function renderDownloads() {
  const game = state.meta.game;
  const base = "/api/games/" + encodeURIComponent(game) + "/results.";
  const key = "key=" + encodeURIComponent(hostKey);
  const shown = document.querySelector("#downloads a[data-export]");
  if (shown && shown.dataset.game === game) return;
  fill("#downloads",
    h("a", { href: base + "csv?" + key, download: `tourelle-${game}-results.csv`,
      "data-export": "csv", "data-game": game }, T.t("export_csv")), " ",
    h("a", { href: base + "json?download=1&" + key, download: `tourelle-${game}-results.json`,
      "data-export": "json", "data-game": game }, T.t("export_json")));
}

socket.on("connect", () => blockedWords()); // the name filter's words (host-seats.js)
loadForm(); // host-form.js

/** The header's join line: the address phones use, with its QR code one click away. */
joinAddress().then((found) => {
  $("#h-join-url").textContent = found.url.replace(/^https?:\/\//, "").replace(/\/$/, "");
  $("#h-join-url").href = found.url;
  $("#h-join-qr").href = "/qr.svg?data=" + encodeURIComponent(found.url);
  $("#h-join").title = [found.url].concat(found.mdns ? [found.mdns] : []).join("  ·  ");
  $("#h-join").hidden = false;
});
