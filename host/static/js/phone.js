// A player's phone: join a seat, answer (keypad or four buttons), pick or attack on the map.
// The token in localStorage keeps the seat across a reload or a Wi-Fi drop.
"use strict";

const socket = io("/seat", { transports: ["websocket"] });
const token = localStorage.getItem("tourelle.token") || newToken();
let joined = JSON.parse(localStorage.getItem("tourelle.seat") || "null"); // {game, seat}
let state = null;
let typed = "";
let typedFor = null; // the question the keypad's digits belong to
let games = [];
let pollHandle = null;

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

socket.on("connect", () => {
  $("#net").hidden = true;
  if (joined) rejoin();
  else showJoin();
});
socket.on("disconnect", () => { $("#net").hidden = false; });
socket.on("state", (payload) => {
  state = payload;
  render();
});

function rejoin() {
  socket.emit("join", { token, game: joined.game }, (ack) => {
    if (ack && ack.ok) {
      remember({ game: ack.game, seat: ack.seat });
      render(); // the seat's state came just before this answer
    } else {
      remember(null);
      showJoin();
    }
  });
}

// ----------------------------------------------------------------- joining

function roomCode(id) {
  return (id || "").slice(0, 4).toUpperCase();
}

function chosenGame() {
  const code = $("#code").value.trim().toLowerCase();
  const matching = games.filter((g) => g.status !== "over" && (!code || g.id.startsWith(code)));
  return matching[matching.length - 1] || null;
}

async function showJoin() {
  T.apply();
  $("#join").hidden = false;
  $("#play").hidden = true;
  fill("#me");
  try {
    games = (await (await fetch("/api/games")).json()).games;
  } catch (err) {
    games = [];
  }
  const fromUrl = new URLSearchParams(location.search).get("room");
  if (fromUrl && !$("#code").value) $("#code").value = fromUrl.toUpperCase();
  const game = chosenGame();
  if (game && !$("#code").value) $("#code").value = roomCode(game.id);
  if (!$("#name").value) $("#name").value = localStorage.getItem("tourelle.name") || "";
  drawColours(game);
  clearTimeout(pollHandle);
  if (!joined) pollHandle = setTimeout(showJoin, game ? 5000 : 2000);
}

function drawColours(game) {
  if (!game) {
    fill("#colours", h("p", { class: "note" }, T.t("no_game")));
    return;
  }
  fill("#colours", game.seats.filter((s) => !s.bot).map((s) =>
    h("button", { type: "button", class: "colour-btn seat-bg-" + s.seat, "data-seat": s.seat, onclick: () => join(game, s.seat) },
      seatChip(s.seat), h("span", {}, T.colour(s.seat)), h("small", {}, s.name))));
}

function join(game, seat) {
  const name = $("#name").value.trim();
  localStorage.setItem("tourelle.name", name);
  const message = { token, game: game.id, seat };
  if (name) message.name = name;
  socket.emit("join", message, (ack) => {
    if (ack && ack.ok) {
      clearTimeout(pollHandle);
      remember({ game: ack.game, seat: ack.seat });
      $("#join-error").textContent = "";
      render();
    } else {
      $("#join-error").textContent = ack && ack.code === "taken" ? T.t("seat_taken") : (ack && ack.reason) || "?";
    }
  });
}

$("#code").addEventListener("input", () => drawColours(chosenGame()));

// ----------------------------------------------------------------- playing

function send(event, done) {
  socket.emit("action", { ...event, stage: state.meta.stage }, (ack) => {
    if (ack && ack.ok) {
      if (navigator.vibrate) navigator.vibrate(60);
      if (done) done();
    } else {
      $("#status").textContent = (ack && ack.reason) || "?";
    }
  });
}

function render() {
  if (!joined || !state) return;
  T.use(languageOf(state));
  T.apply();
  $("#join").hidden = true;
  $("#play").hidden = false;
  const seat = joined.seat;
  const { meta, view } = state;
  document.body.dataset.seat = seat;
  document.body.dataset.status = meta.status;
  document.body.dataset.stage = view ? view.stage : "";
  fill("#me", seatChip(seat), h("span", {}, T.colour(seat) + " · " + seatName(state, seat)));
  const me = view && view.players.find((p) => p.seat === seat);
  $("#my-score").textContent = me ? me.score.toLocaleString(T.lang) : "";
  Countdown.set(meta, $("#p-bar"), null);
  $("#p-bar").parentNode.hidden = !meta.timer;
  fill("#controls");
  $("#p-prompt").textContent = "";
  if (!view) {
    $("#status").textContent = meta.status === "over" ? T.t("over") : T.t("waiting_start");
    fill("#p-map");
    return;
  }
  if (meta.paused) $("#status").textContent = T.t("paused");
  const q = view.question;
  let mapOptions = {};
  if (meta.status === "over" || view.stage === "over") {
    renderOver(view, seat);
  } else if (q && q.content && view.stage === "answering") {
    renderQuestion(q, seat);
  } else if (q && q.content && view.stage === "reveal") {
    renderReveal(q, seat);
  } else if (view.stage === "pick" || view.stage === "attack") {
    mapOptions = renderTurn(view, seat);
  } else {
    $("#status").textContent = T.t("waiting_host");
  }
  const mapWanted = !(view.stage === "answering" && q && q.seats.includes(seat) && !q.your_answer);
  if (!mapWanted) {
    fill("#p-map");
    return;
  }
  const current = state;
  Maps.load(meta.config.map).then((gameMap) => {
    if (current !== state) return;
    const legal = mapOptions.tap ? legalTargets(gameMap, view, meta.config.settings, seat) : [];
    drawMap($("#p-map"), gameMap, view, { legal, onTap: mapOptions.tap });
  });
}

function renderQuestion(q, seat) {
  $("#p-prompt").textContent = q.content.prompt;
  if (!q.seats.includes(seat)) {
    $("#status").textContent = questionTitle(q);
    return;
  }
  if (q.your_answer) {
    $("#status").textContent = T.t("locked_in", { v: formatAnswer(q.content, q.your_answer.value) });
    return;
  }
  $("#status").textContent = questionTitle(q);
  if (typedFor !== q.request_id) {
    typed = "";
    typedFor = q.request_id;
  }
  if (q.content.kind === "choice") fill("#controls", choiceButtons(q));
  else fill("#controls", keypad());
}

function choiceButtons(q) {
  return h("div", { class: "choices" }, q.content.options.map((text, i) =>
    h("button", { type: "button", class: "choice choice-" + i, "data-choice": i, onclick: () => send({ type: "answer", value: i }) },
      h("b", {}, "ABCD"[i]), h("span", {}, text))));
}

function keypad() {
  const display = h("output", { class: "typed", "aria-live": "polite" }, typed || "0");
  const press = (key) => {
    if (key === "⌫") typed = typed.slice(0, -1);
    else if (key === "±") typed = typed.startsWith("-") ? typed.slice(1) : "-" + typed;
    else if (typed.replace("-", "").length < 12) typed = (typed === "0" ? "" : typed) + key;
    display.textContent = typed || "0";
  };
  const keys = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "±", "0", "⌫"];
  const lockIn = () => {
    const value = parseInt(typed || "0", 10);
    if (Number.isNaN(value)) return;
    send({ type: "answer", value });
  };
  return h("div", { class: "keypad" }, display,
    h("div", { class: "keys" }, keys.map((k) => h("button", { type: "button", class: "key", "data-key": k, onclick: () => press(k) }, k))),
    h("button", { type: "button", class: "key ok", "data-key": "ok", onclick: lockIn }, T.t("ok")));
}

function renderReveal(q, seat) {
  $("#p-prompt").textContent = q.content.prompt;
  const row = q.outcome && q.outcome.answers.find((r) => r.seat === seat);
  const truth = T.t("answer_was", { v: formatAnswer(q.content, q.content.answer) });
  if (!row) {
    $("#status").textContent = truth;
    return;
  }
  const good = row.correct !== undefined ? row.correct : row.rank === 1;
  const verdict = !row.answered ? T.t("no_answer") : good ? "✔ " + T.t("right") : "✘ " + T.t("wrong");
  fill("#controls", h("div", { class: "verdict-big " + (row.answered ? (good ? "good" : "bad") : "none") }, verdict,
    row.rank ? h("small", {}, row.rank === 1 ? T.t("first") : T.t("rank", { n: row.rank })) : null));
  $("#status").textContent = truth;
}

function renderTurn(view, seat) {
  if (view.turn_seat !== seat) {
    const key = view.stage === "pick" ? "picks" : "attacks";
    $("#status").textContent = T.t(key, { who: seatLabel(state, view.turn_seat) });
    return {};
  }
  $("#status").textContent = T.t(view.stage === "pick" ? "your_pick" : "your_attack");
  return { tap: (id) => send({ type: view.stage, territory: id }) };
}

function renderOver(view, seat) {
  const order = view.ranking;
  const place = order.indexOf(seat) + 1;
  $("#status").textContent = T.t("over");
  fill("#controls", h("div", { class: "verdict-big good" }, T.t("you_placed", { rank: place === 1 ? T.t("first") : T.t("rank", { n: place }) })));
}

T.apply();
