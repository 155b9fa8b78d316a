// The host's control page: create a game, drive it, judge, release seats, export.
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
const history_ = new Map(); // request_id -> the question as last seen (for the export)

T.apply();
socket.on("connect", () => {
  $("#key-error").hidden = true;
  refreshGames();
  if (gameId) socket.emit("watch", { game: gameId });
});
socket.on("connect_error", () => { $("#key-error").hidden = false; });
socket.on("state", (payload) => {
  if (!state || state.meta.status !== payload.meta.status || state.meta.game !== payload.meta.game) setTimeout(refreshGames, 0);
  state = payload;
  gameId = payload.meta.game;
  const q = payload.view && payload.view.question;
  if (q && q.content) history_.set(q.request_id, { q, seq: payload.meta.seq });
  render();
});

function refreshGames() {
  socket.emit("games", {}, (ack) => {
    if (!ack || !ack.ok) return;
    fill("#games", ack.games.slice().reverse().map((g) =>
      h("li", {}, h("code", {}, g.id), " ", g.kind, " · ", T.t(g.status) + " ",
        h("button", { type: "button", onclick: () => socket.emit("watch", { game: g.id }) }, T.t("watch")))));
  });
}

// ----------------------------------------------------------------- creating

const SEAT_DEFAULTS = ["phone", "phone", "phone", "none"];

function seatRows() {
  fill("#c-seats", SEAT_DEFAULTS.map((kind, i) => {
    const type = h("select", { id: "seat-kind-" + i, "aria-label": T.t("seats") + " " + (i + 1) },
      h("option", { value: "phone" }, T.t("seat_phone")),
      [1, 2, 3, 4, 5].map((n) => h("option", { value: "bot" + n }, T.t("seat_bot", { n }))),
      h("option", { value: "none" }, T.t("seat_none")));
    type.value = kind;
    return h("div", { class: "seat-row" }, seatChip(i),
      type, h("input", { id: "seat-name-" + i, placeholder: T.colour(i), "aria-label": T.t("name") }));
  }));
}

async function loadMaps() {
  let names = [];
  try {
    names = (await (await fetch("/api/maps")).json()).maps;
  } catch (err) {
    names = [];
  }
  fill("#c-map", names.map((n) => h("option", { value: n }, n)),
    ["generated:12:1", "generated:18:2", "generated:24:3"].map((n) => h("option", { value: n }, n)));
}

function readForm(start) {
  const settings = { attack_adjacency: $("#s-attack_adjacency").value, defence_bonus: $("#s-defence_bonus").value };
  for (const key of ["numeric_seconds", "choice_seconds", "pick_seconds", "reveal_seconds"]) {
    settings[key] = Number($("#s-" + key).value);
  }
  const seats = [];
  for (let i = 0; i < SEAT_DEFAULTS.length; i++) {
    const kind = $("#seat-kind-" + i).value;
    const name = $("#seat-name-" + i).value.trim();
    if (kind === "none") continue;
    const seat = kind === "phone" ? {} : { bot: Number(kind.slice(3)) };
    seat.name = name || T.colour(seats.length);
    seats.push(seat);
  }
  return {
    kind: $("#c-kind").value, map: $("#c-map").value, language: $("#c-language").value,
    pace: Number($("#c-pace").value) || 1, settings, seats, start,
  };
}

function create(start) {
  socket.emit("create", readForm(start), (ack) => {
    $("#create-msg").textContent = ack && ack.ok ? "" : (ack && ack.reason) || "?";
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
$("#c-language").value = T.lang;
$("#c-language").addEventListener("change", () => {
  T.use($("#c-language").value);
  T.apply();
  seatRows();
});

// ----------------------------------------------------------------- driving

function command(type, extra) {
  socket.emit("command", { game: gameId, type, ...(extra || {}) }, (ack) => {
    $("#cmd-msg").textContent = ack && ack.ok ? "" : (ack && ack.reason) || "?";
  });
}

function render() {
  if (!state) return;
  T.use(languageOf(state));
  T.apply();
  const { meta, view } = state;
  $("#live").hidden = false;
  $("#h-status").textContent = `${meta.game} · ${T.t(meta.status)}` + (meta.paused ? " · " + T.t("paused") : "") +
    (view ? " · " + phaseTitle(view) + " · " + view.stage : "");
  renderCommands(meta, view);
  renderQuestion(view);
  renderSeats(meta, view);
  renderDownloads();
  if (view) Maps.load(meta.config.map).then((m) => drawMap($("#h-map"), m, view, { names: true }));
  else fill("#h-map");
}

function renderCommands(meta, view) {
  const stage = view ? view.stage : null;
  const running = meta.status === "running";
  const buttons = [
    ["start", meta.status === "lobby", "primary"],
    ["pause", running && !meta.paused],
    ["resume", running && meta.paused],
    ["continue", running && stage === "reveal", "primary"],
    ["skip", running && (stage === "answering" || stage === "reveal")],
    ["undo", running],
    ["end", running],
  ];
  fill("#commands", buttons.map(([type, enabled, cls]) =>
    h("button", { type: "button", "data-cmd": type, class: cls || null, disabled: !enabled, onclick: () => command(type) }, T.t(type))));
}

function renderQuestion(view) {
  const q = view && view.question;
  if (!q || !q.content) {
    fill("#h-question", h("h2", {}, T.t("lock_ins")), h("p", { class: "note" }, view ? view.stage : T.t("waiting_start")));
    return;
  }
  const first = Math.min(...(q.answers || []).map((a) => a.t_ns));
  const judged = Object.fromEntries(((q.outcome && q.outcome.answers) || []).map((r) => [r.seat, r]));
  const rows = q.seats.map((seat) => {
    const answer = (q.answers || []).find((a) => a.seat === seat);
    const row = judged[seat] || {};
    const good = row.correct !== undefined ? row.correct : row.rank === 1;
    const reveal = view.stage === "reveal";
    return h("tr", { "data-seat": seat },
      h("td", {}, seatChip(seat), " ", seatName(state, seat)),
      h("td", {}, answer ? formatAnswer(q.content, answer.value) : "…"),
      h("td", {}, answer ? "+" + Math.round((answer.t_ns - first) / 1e6) + " ms" : ""),
      h("td", {}, reveal ? (good ? "✔" : "✘") : ""),
      h("td", {}, reveal ? [
        h("button", { type: "button", "data-override": "right", onclick: () => command("override", { seat, correct: true }) }, T.t("mark_right")),
        " ",
        h("button", { type: "button", "data-override": "wrong", onclick: () => command("override", { seat, correct: false }) }, T.t("mark_wrong")),
      ] : null));
  });
  fill("#h-question",
    h("h2", {}, questionTitle(q)),
    h("p", { class: "prompt" }, q.content.prompt),
    h("p", { class: "answer-key" }, T.t("correct_answer", { v: formatAnswer(q.content, q.content.answer) })),
    h("table", { class: "live-table" }, h("tr", {}, h("th", {}, T.t("players")), h("th", {}, T.t("lock_ins")), h("th", {}, "ms"), h("th", {}), h("th", {})), rows));
}

function renderSeats(meta, view) {
  fill("#h-seats", meta.seats.map((s) => {
    const p = view ? view.players.find((row) => row.seat === s.seat) : null;
    return h("tr", {},
      h("td", {}, seatChip(s.seat), " ", T.colour(s.seat)),
      h("td", {}, s.name, s.bot ? h("em", {}, " · " + T.t("seat_bot", { n: s.bot })) : null),
      h("td", {}, p ? p.score.toLocaleString(T.lang) : ""),
      h("td", {}, s.bot ? null : h("button", { type: "button", "data-release": s.seat, onclick: () => command("release", { seat: s.seat }) }, T.t("release"))));
  }));
}

// ----------------------------------------------------------------- export

/** The results as plain rows, built here from the states received (no server round trip). */
function results() {
  const { meta, view } = state;
  const order = view ? view.ranking : meta.seats.map((s) => s.seat);
  const players = meta.seats.map((s) => {
    const p = view ? view.players.find((row) => row.seat === s.seat) : null;
    return {
      rank: order.indexOf(s.seat) + 1, seat: s.seat, colour: T.colour(s.seat), name: s.name,
      bot: s.bot || null, score: p ? p.score : 0, bonus: p ? p.bonus : 0, eliminated: p ? p.eliminated : false,
    };
  }).sort((a, b) => a.rank - b.rank);
  const questions = [...history_.values()].map(({ q }) => ({
    request_id: q.request_id, purpose: q.purpose, kind: q.kind, id: q.content.id, prompt: q.content.prompt,
    answer: q.content.answer, answers: q.answers || [],
  }));
  return { game: meta.game, status: meta.status, map: meta.config.map || null, players, questions };
}

function csvCell(value) {
  const text = value === null || value === undefined ? "" : String(value);
  return /[",\n;]/.test(text) ? '"' + text.replace(/"/g, '""') + '"' : text;
}

function renderDownloads() {
  const data = results();
  const header = ["rank", "seat", "colour", "name", "bot", "score", "bonus", "eliminated"];
  const csv = [header.join(",")].concat(data.players.map((p) => header.map((k) => csvCell(p[k])).join(","))).join("\n") + "\n";
  for (const old of document.querySelectorAll("#downloads a")) URL.revokeObjectURL(old.href);
  const link = (text, body, type, ext) => h("a", {
    href: URL.createObjectURL(new Blob([body], { type })), download: `tourelle-${data.game}.${ext}`, "data-export": ext,
  }, text);
  fill("#downloads", link(T.t("export_csv"), csv, "text/csv", "csv"),
    link(T.t("export_json"), JSON.stringify(data, null, 2), "application/json", "json"));
}

seatRows();
loadMaps();
