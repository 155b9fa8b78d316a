// The host's control page: create a game of any kind, drive it, release seats, export.
// The kind's own panel (judging, questions, buzz windows...) comes from js/kinds/<kind>.js.
// Needs the host key (from #key=... in the address, then kept in localStorage).
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
let kinds = []; // from GET /api/kinds
let categoryCounts = null; // from GET /api/questions/categories
let seatCount = 4;

T.apply();
socket.on("connect", () => {
  $("#key-error").hidden = true;
  refreshGames();
  // The host's night and followed game live on the host (PROTOCOL.md, "The host page's
  // state"): a page reopened on any device comes back to them.
  socket.emit("host_state", {}, (ack) => {
    if (!ack || !ack.ok) return;
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
socket.on("connect_error", () => { $("#key-error").hidden = false; });
socket.on("state", (payload) => {
  if (!state || state.meta.status !== payload.meta.status || state.meta.game !== payload.meta.game) {
    setTimeout(refreshGames, 0);
    document.dispatchEvent(new CustomEvent("tourelle:games-changed")); // editor.js: "N not asked yet"
    if (payload.meta.night) setTimeout(drawNight, 0); // a game of the night ended: its table
    if (!state || state.meta.game !== payload.meta.game) setTimeout(refreshBans, 0);
  }
  state = payload;
  gameId = payload.meta.game;
  render();
});

function refreshGames() {
  socket.emit("games", {}, (ack) => {
    if (!ack || !ack.ok) return;
    fill("#games", ack.games.slice().reverse().map((g) =>
      h("li", {}, h("code", {}, g.id), " ", kindLabel(g.kind, kindInfo(g.kind).label), " · ", T.t(g.status) + " ",
        h("button", { type: "button", onclick: () => socket.emit("watch", { game: g.id }) }, T.t("watch")))));
  });
}

// ----------------------------------------------------------------- nights

/** The host's nights: open one, choose the one new games join, see its table, end it. */
async function refreshNights(select) {
  const nights = (await getJson("/api/nights", { nights: [] })).nights;
  const chosen = select !== undefined ? select : $("#n-choose").value;
  fill("#n-choose", [h("option", { value: "" }, T.t("night_none")),
    ...nights.filter((n) => n.status === "open" || n.id === chosen).map((n) =>
      h("option", { value: n.id }, n.name + (n.status === "over" ? " · " + T.t("over") : "")))]);
  $("#n-choose").value = nights.some((n) => n.id === chosen) ? chosen : "";
  await drawNight();
}

async function drawNight() {
  const id = $("#n-choose").value;
  $("#n-end").hidden = !id;
  $("#n-csv").hidden = !id;
  $("#n-json").hidden = !id;
  if (!id) {
    fill("#n-table");
    return;
  }
  const night = await getJson("/api/nights/" + id, null);
  if (!night) return;
  $("#n-csv").href = "/api/nights/" + id + ".csv";
  $("#n-json").href = "/api/nights/" + id;
  $("#n-json").download = "tourelle-night-" + id + ".json";
  $("#n-end").hidden = night.status !== "open";
  fill("#n-table", night.standings.table.map((t) =>
    h("tr", { "data-night-seat": t.seat, "data-night-id": t.id }, h("td", {}, String(t.place)),
      h("td", {}, t.seat === null ? null : seatChip(t.seat), " ", t.name),
      h("td", { class: "score" }, String(t.points)))));
}

$("#n-open").addEventListener("click", () => {
  const places = $("#n-places").value.split(/[,;\s]+/).filter(Boolean).map(Number);
  const rules = places.length ? { default: { places } } : undefined;
  socket.emit("night", { name: $("#n-name").value.trim(), rules }, (ack) => {
    $("#n-msg").textContent = ack && ack.ok ? "" : T.refusal(ack);
    if (ack && ack.ok) refreshNights(ack.night);
  });
});
$("#n-choose").addEventListener("change", async () => {
  socket.emit("host_state", { night: $("#n-choose").value || null }); // kept on the host
  await drawNight();
  nightTeamsInForm();
});

/** A night's teams keep their colour and name from game to game: the form's seats follow. */
async function nightTeamsInForm() {
  const id = $("#n-choose").value;
  const night = id ? await getJson("/api/nights/" + id, null) : null;
  if (!night) return;
  for (const team of night.standings.table) {
    const name = $("#seat-name-" + team.seat);
    const kind = $("#seat-kind-" + team.seat);
    if (!name || !kind) continue;
    name.value = team.name;
    if (kind.value === "none") kind.value = "phone";
  }
}
$("#n-end").addEventListener("click", async () => {
  const choice = $("#n-choose").selectedOptions[0];
  if (!(await ask(T.t("confirm_night_end", { name: choice ? choice.textContent : "" })))) return;
  socket.emit("night_end", { night: $("#n-choose").value }, (ack) => {
    $("#n-msg").textContent = ack && ack.ok ? "" : T.refusal(ack);
    drawNight();
  });
});

// ----------------------------------------------------------------- the new-game form

function kindInfo(name) {
  return kinds.find((k) => k.name === name)
    || { name, label: null, min_seats: 1, max_seats: 4, map: false, questions: false, bots: false, settings: [] };
}

function chosenKind() {
  return kindInfo($("#c-kind").value);
}

async function getJson(url, fallback) {
  try {
    const response = await fetch(url);
    return response.ok ? await response.json() : fallback;
  } catch {
    return fallback;
  }
}

async function loadForm() {
  const [kindList, maps, counts] = await Promise.all([
    getJson("/api/kinds", { kinds: [] }), getJson("/api/maps", { maps: [] }),
    getJson("/api/questions/categories", null)]);
  kinds = kindList.kinds;
  categoryCounts = counts;
  const previous = $("#c-kind").value;
  fill("#c-kind", kinds.map((k) => h("option", { value: k.name }, kindLabel(k.name, k.label))));
  if (previous && kinds.some((k) => k.name === previous)) $("#c-kind").value = previous;
  fill("#c-map", maps.maps.map((n) => h("option", { value: n }, n)),
    ["generated:12:1", "generated:18:2", "generated:24:3"].map((n) => h("option", { value: n }, n)));
  if (maps.default && maps.maps.includes(maps.default)) $("#c-map").value = maps.default; // the host's own default
  kindChanged();
}

/** Show the fields the chosen kind uses: map, questions, its settings, its seats. */
function kindChanged() {
  const kind = chosenKind();
  $("#row-map").hidden = !kind.map;
  $("#c-questions").hidden = !kind.questions;
  seatCount = Math.min(Math.max(kind.min_seats, 4), kind.max_seats);
  // A kind for more players than the rows show (the buzzer board: a hall of phones) also
  // takes a plain number of phone seats, named "#1", "#2"... until their phones name them.
  $("#row-hall").hidden = kind.max_seats <= HALL_SEATS;
  $("#c-hall").max = kind.max_seats;
  $("#c-hall").value = "";
  settingsFields(kind);
  categoryBoxes();
  seatRows();
}

function localLabel(label, fallback) {
  return (label && (label[T.lang] || label.en)) || fallback;
}

function settingsFields(kind) {
  fill("#c-settings", kind.settings.length ? kind.settings.map((s) => {
    const id = "s-" + s.key;
    let input;
    if (s.type === "choice") {
      input = h("select", { id, "data-setting": s.key, "data-type": "choice" },
        s.choices.map((c) => h("option", { value: c.value, selected: c.value === s.default },
          localLabel(c.label, c.value))));
    } else if (s.type === "bool") {
      input = h("input", { id, type: "checkbox", "data-setting": s.key, "data-type": "bool", checked: !!s.default });
    } else if (s.type === "json") { // a kind's own editor (the quiz round's rounds); it holds a data-setting input
      const own = window.TourelleKinds[kind.name];
      input = own && own.settingEditor ? own.settingEditor(s, id)
        : h("input", { id, "data-setting": s.key, "data-type": "json" });
    } else {
      input = h("input", {
        id, type: "number", step: 1, min: s.min, max: s.max, value: s.default,
        "data-setting": s.key, "data-type": "int",
      });
    }
    return h("div", { class: "form-row" }, h("label", { for: id }, localLabel(s.label, s.key)), input,
      s.help ? h("small", { class: "note setting-help" }, localLabel(s.help, "")) : null);
  }) : h("p", { class: "note" }, T.t("no_settings")));
}

function readSettings() {
  const settings = {};
  for (const input of document.querySelectorAll("#c-settings [data-setting]")) {
    const key = input.dataset.setting;
    if (input.dataset.type === "bool") settings[key] = input.checked;
    else if (input.dataset.type === "int") settings[key] = Math.round(Number(input.value));
    else if (input.dataset.type === "json") { if (input.value) settings[key] = JSON.parse(input.value); }
    else settings[key] = input.value;
  }
  return settings;
}

/** One checkbox per category with its number of questions in the chosen language. */
function categoryBoxes() {
  if (!categoryCounts) {
    fill("#q-categories");
    return;
  }
  const lang = $("#q-language").value;
  const counts = (categoryCounts.languages[lang] || { categories: {}, total: 0 });
  const checked = new Set([...document.querySelectorAll("#q-categories input:checked")].map((i) => i.value));
  const fresh = !document.querySelector("#q-categories input");
  fill("#q-categories", categoryCounts.categories.map((c) => {
    const n = counts.categories[c] || 0;
    return h("label", { class: "category" + (n ? "" : " empty") },
      h("input", {
        type: "checkbox", value: c, "data-category": c, checked: fresh ? n > 0 : checked.has(c), onchange: countLine,
      }),
      " " + T.t("cat_" + c) + " ", h("small", {}, "(" + n + ")"));
  }));
  $("#q-min").min = $("#q-max").min = categoryCounts.difficulty.min;
  $("#q-min").max = $("#q-max").max = categoryCounts.difficulty.max;
  countLine();
}

function countLine() {
  if (!categoryCounts) return;
  const counts = categoryCounts.languages[$("#q-language").value] || { categories: {} };
  const chosen = [...document.querySelectorAll("#q-categories input:checked")].map((i) => i.value);
  let n = chosen.reduce((sum, c) => sum + (counts.categories[c] || 0), 0);
  const packs = [...document.querySelectorAll("#q-packs input[data-pack]")]; // from editor.js
  if (packs.some((b) => !b.checked)) {
    n = packs.filter((b) => b.checked).map((b) => JSON.parse(b.dataset.categories))
      .reduce((sum, cats) => sum + chosen.reduce((s, c) => s + (cats[c] || 0), 0), 0);
  }
  $("#q-count").textContent = T.t("questions_chosen", { n });
}

/** Past games' questions are not drawn again until the selection runs out; this forgets them. */
function resetMemory() {
  socket.emit("reset_memory", {}, (ack) => {
    $("#q-count").textContent = ack && ack.ok ? T.t("reset_memory_done", { n: ack.forgotten })
      : T.refusal(ack);
    if (ack && ack.ok) document.dispatchEvent(new CustomEvent("tourelle:games-changed")); // "N not asked"
  });
}

function readQuestions() {
  const boxes = [...document.querySelectorAll("#q-categories input")];
  const chosen = boxes.filter((b) => b.checked).map((b) => b.value);
  const selection = { language: $("#q-language").value,
    min_difficulty: Number($("#q-min").value), max_difficulty: Number($("#q-max").value) };
  if (chosen.length && chosen.length < boxes.length) selection.categories = chosen;
  const packs = [...document.querySelectorAll("#q-packs input[data-pack]")]; // editor.js's boxes
  if (packs.some((b) => !b.checked)) selection.packs = packs.filter((b) => b.checked).map((b) => b.value);
  if ($("#q-images-phones") && $("#q-images-phones").checked) selection.images_on_phones = true;
  return selection;
}

function seatRows() {
  const kind = chosenKind();
  const old = [...Array(seatCount).keys()].map((i) => {
    const type = $("#seat-kind-" + i), name = $("#seat-name-" + i);
    return type ? { type: type.value, name: name.value } : null;
  });
  fill("#c-seats", [...Array(seatCount).keys()].map((i) => {
    const type = h("select", { id: "seat-kind-" + i, "aria-label": T.t("seats") + " " + (i + 1) },
      h("option", { value: "phone" }, T.t("seat_phone")),
      kind.bots ? [1, 2, 3, 4, 5].map((n) => h("option", { value: "bot" + n }, T.t("seat_bot", { n }))) : null,
      h("option", { value: "none" }, T.t("seat_none")));
    const before = old[i];
    type.value = before && [...type.options].some((o) => o.value === before.type) ? before.type
      : i < Math.max(kind.min_seats, 3) ? "phone" : "none";
    return h("div", { class: "seat-row" }, seatChip(i),
      type, h("input", {
        id: "seat-name-" + i, placeholder: T.colour(i), "aria-label": T.t("name"), value: before ? before.name : null,
      }));
  }));
  hallChanged();
}

/** A number of hall seats replaces the seat rows. */
function hallSeats() {
  return $("#row-hall").hidden ? 0 : Math.max(0, Math.floor(Number($("#c-hall").value) || 0));
}

function hallChanged() {
  const hall = hallSeats() > 0;
  $("#c-seats").hidden = hall;
  $("#c-add-seat").hidden = hall || seatCount >= Math.min(chosenKind().max_seats, HALL_SEATS);
}

function readForm(start) {
  const kind = chosenKind();
  const seats = [];
  const hall = hallSeats();
  for (let i = 0; i < hall; i++) seats.push({}); // "#1", "#2"... until a phone names it
  const rows = hall ? 0 : seatCount; // the seat rows, unless a hall's number replaces them
  for (let i = 0; i < rows; i++) {
    const type = $("#seat-kind-" + i).value;
    const name = $("#seat-name-" + i).value.trim();
    if (type === "none") continue;
    const seat = type === "phone" ? {} : { bot: Number(type.slice(3)) };
    seat.name = name || T.colour(seats.length);
    seats.push(seat);
  }
  const message = {
    kind: kind.name, language: $("#c-language").value,
    pace: Number($("#c-pace").value) || 1, settings: readSettings(), seats, start,
  };
  if (kind.map) message.map = $("#c-map").value;
  if (kind.questions) message.questions = readQuestions();
  if ($("#n-choose").value) message.night = $("#n-choose").value;
  if ($("#c-teams").checked) {
    message.teams = true;
    message.team_answers = $("#c-team-answers").value;
  }
  return message;
}

function create(start) {
  socket.emit("create", readForm(start), (ack) => {
    $("#create-msg").textContent = ack && ack.ok ? "" : T.refusal(ack);
    if (ack && ack.ok) {
      gameId = ack.game;
      refreshGames();
    }
  });
}

$("#create").addEventListener("submit", (event) => {
  event.preventDefault();
  create(false);
});
$("#c-create-start").addEventListener("click", () => create(true));
$("#c-kind").addEventListener("change", kindChanged);
$("#reset-memory").addEventListener("click", resetMemory);
$("#q-packs").addEventListener("change", countLine);
document.addEventListener("tourelle:packs-changed", async () => { // editor.js saved or imported a pack
  categoryCounts = await getJson("/api/questions/categories", categoryCounts);
  categoryBoxes();
});
$("#c-hall").addEventListener("input", hallChanged);
$("#c-add-seat").addEventListener("click", () => {
  seatCount += 1;
  seatRows();
});
$("#q-language").addEventListener("change", () => {
  for (const box of document.querySelectorAll("#q-categories input")) box.remove();
  categoryBoxes();
});
for (const id of ["#c-language", "#q-language"]) $(id).value = T.lang;
$("#c-language").addEventListener("change", () => {
  T.use($("#c-language").value);
  T.apply();
  $("#q-language").value = $("#c-language").value;
  fill("#q-categories");
  loadForm();
});

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
      if (ack && ack.ok && !NOT_UNDONE.includes(type)) {
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
 * <select>'s options as [value, label]), "Confirm" and "Back". Resolves with the chosen value
 * (true without a choice), or null when the host goes back.
 */
function ask(message, choices) {
  const dialog = $("#confirm");
  $("#confirm-text").textContent = message;
  const select = choices ? h("select", { id: "confirm-choice" },
    choices.map(([value, label]) => h("option", { value }, label))) : null;
  fill("#confirm-extra", select);
  T.apply(dialog);
  return new Promise((resolve) => {
    const done = (value) => {
      dialog.onclose = null;
      if (dialog.open) dialog.close();
      resolve(value);
    };
    $("#confirm-yes").onclick = () => done(select ? select.value : true);
    $("#confirm-no").onclick = () => done(null);
    dialog.onclose = () => done(null); // Escape
    dialog.showModal();
    $("#confirm-no").focus();
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
  seat: null,
  sounds: Sound,
  el: h,
  now: () => performance.timeOrigin + performance.now(),
}));

function render() {
  if (!state) return;
  T.use(languageOf(state));
  T.apply();
  const { meta, view } = state;
  $("#live").hidden = false;
  document.body.dataset.kind = meta.kind;
  $("#h-status").textContent =
    `${meta.game} · ${kindLabel(meta.kind, kindInfo(meta.kind).label)} · ${T.t(meta.status)}` +
    (meta.paused ? " · " + T.t("paused") : "") + (view && T.stage(view.stage) ? " · " + T.stage(view.stage) : "");
  renderCommands(meta);
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
  ];
  const confirms = {
    end: () => T.t(lobby ? "confirm_end_lobby" : "confirm_end", { game: meta.game }),
    delete: () => T.t("confirm_delete", { game: meta.game }),
  };
  fill("#commands", buttons.filter(([type, enabled]) => type !== "delete" || enabled).map(
    ([type, enabled, cls]) => h("button", {
      type: "button", "data-cmd": type, class: cls || null, disabled: !enabled,
      title: type === "undo" ? T.t("undo_hint") : null,
      onclick: () => (confirms[type] ? confirmed(confirms[type](), type) : command(type)),
    }, T.t(type === "delete" ? "delete_game" : type === "undo" ? "undo_last" : type))));
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

function renderSeats(meta, view) {
  const players = rankedPlayers(view);
  fill("#h-seats", meta.seats.map((s) => {
    const p = players.find((row) => row.seat === s.seat);
    return h("tr", { "data-seat": s.seat },
      h("td", {}, seatChip(s.seat), " ", T.colour(s.seat)),
      h("td", {}, s.name, s.bot ? h("em", {}, " · " + T.t("seat_bot", { n: s.bot })) : null,
        s.team ? teamList(s) : null),
      h("td", { class: "score" }, p ? Number(p.score).toLocaleString(T.lang) : ""),
      h("td", {}, s.bot ? null : h("button", {
        type: "button", "data-release": s.seat,
        onclick: () => confirmed(T.t("confirm_release", { seat: T.colour(s.seat), name: s.name }),
          "release", { seat: s.seat }),
      }, T.t("release")), s.bot || s.team ? null : h("button", {
        type: "button", "data-remove-seat": s.seat, onclick: () => removePhone(s, null, s.name),
      }, T.t("remove_phone_seat")), handSelect(meta, s), h("button", {
        type: "button", "data-rename": s.seat, onclick: () => rename(s),
      }, T.t("rename"))));
  }));
}

/** Who plays a seat: its people (phones) or a bot of a level; the host may switch mid-game. */
function handSelect(meta, seat) {
  if (meta.status === "over" || !kindInfo(meta.kind).bots) return null;
  const select = h("select", { "data-hand": seat.seat, "aria-label": T.t("played_by"),
    onchange: () => command("hand", { seat: seat.seat, bot: select.value ? Number(select.value) : null }) },
  h("option", { value: "" }, T.t("played_by_people")),
  [1, 2, 3, 4, 5].map((n) => h("option", { value: String(n) }, T.t("seat_bot", { n }))));
  select.value = seat.bot ? String(seat.bot) : "";
  return select;
}

/** Name a seat or team at any time (an empty name: a made-up one); journaled on the host. */
function rename(seat) {
  const name = window.prompt(T.t("rename_prompt", { max: NAME_MAX }), seat.name);
  if (name !== null) command("rename", { seat: seat.seat, name: name.trim() });
}

/** A team's phones, the captain first, with the host's two team commands. */
function teamList(seat) {
  return h("ul", { class: "team", "data-team": seat.seat },
    seat.team.map((phone) => h("li", { "data-phone": phone.id },
      (phone.name || "#" + phone.id) + (phone.captain ? " ★" : ""), " ",
      phone.captain ? null : h("button", {
        type: "button", class: "small", "data-captain": phone.id,
        onclick: () => command("captain", { seat: seat.seat, phone: phone.id }),
      }, T.t("make_captain")), " ",
      h("button", {
        type: "button", class: "small", "data-remove": phone.id,
        onclick: () => removePhone(seat, phone.id, phone.name || "#" + phone.id),
      }, T.t("remove_phone")))));
}

/** The phones kept out of the watched game or its night, each with "let back in". */
function refreshBans() {
  if (!gameId) return;
  socket.emit("bans", { game: gameId }, (ack) => drawBans(ack && ack.ok ? ack.bans : []));
}

function drawBans(list) {
  fill("#h-bans", list.length ? [T.t("kept_out") + " ", ...list.map((ban) => h("span", {
    class: "banned", "data-banned": ban.phone,
  }, "#" + ban.phone + " (" + T.t("ban_" + ban.scope) + ") ", h("button", {
    type: "button", class: "small", "data-unban": ban.phone,
    onclick: () => command("unban", { phone: ban.phone, scope: ban.scope }).then((ack) => {
      if (ack.ok) drawBans(ack.bans);
    }),
  }, T.t("let_back")), " "))] : null);
}

/** Take a phone off its seat (or team), after the host says whether it may come back. */
async function removePhone(seat, phone, name) {
  const choices = [["", T.t("ban_none")], ["game", T.t("ban_game")]];
  if (state && state.meta.night) choices.push(["night", T.t("ban_night")]);
  const scope = await ask(T.t("confirm_remove", { name, seat: T.colour(seat.seat) }), choices);
  if (scope === null) return;
  const extra = { seat: seat.seat };
  if (phone) extra.phone = phone;
  if (scope) extra.ban = scope;
  command("remove_phone", extra).then(refreshBans);
}

// ----------------------------------------------------------------- refused names

/** The host's own words for the name filter (`block_name`; kept in the data folder). */
function blockedWords(message) {
  socket.emit("block_name", message || {}, (ack) => {
    $("#nb-msg").textContent = ack && ack.ok ? "" : T.refusal(ack);
    if (!ack || !ack.ok) return;
    $("#nb-words").textContent = ack.words.length ? T.t("blocked_list", { words: ack.words.join(", ") })
      : T.t("blocked_none");
    if (message) $("#nb-word").value = "";
  });
}
socket.on("connect", () => blockedWords());
$("#nb-add").addEventListener("click", () => {
  const word = $("#nb-word").value.trim();
  if (word) blockedWords({ word });
});

// ----------------------------------------------------------------- export

/** The results come from the host's journal (GET /api/games/<id>/results.json and .csv,
 * host/results.py): that game's questions only, the same after a reload of this page. */
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

loadForm();

/** The header's join line: the address phones use, with its QR code one click away. */
joinAddress().then((found) => {
  $("#h-join-url").textContent = found.url.replace(/^https?:\/\//, "").replace(/\/$/, "");
  $("#h-join-url").href = found.url;
  $("#h-join-qr").href = "/qr.svg?data=" + encodeURIComponent(found.url);
  $("#h-join").title = [found.url].concat(found.mdns ? [found.mdns] : []).join("  ·  ");
  $("#h-join").hidden = false;
});
