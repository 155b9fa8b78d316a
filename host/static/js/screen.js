// The projector: lobby with QR code, the map, scores, question, reveal, podium.
"use strict";

const socket = io("/screen", { transports: ["websocket"] });
let gameId = null;
let last = null; // the previous state, to spot changes worth a sound or an animation

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
  for (const section of ["lobby", "game", "podium"]) $("#" + section).hidden = section !== id;
}

function roomCode(id) {
  return (id || "").slice(0, 4).toUpperCase();
}

function showLobby(state) {
  show("lobby");
  const joinUrl = location.origin + "/";
  const qr = "/qr.svg?data=" + encodeURIComponent(joinUrl);
  if ($("#qr").getAttribute("src") !== qr) $("#qr").src = qr;
  $("#join-url").textContent = T.t("join_at", { url: joinUrl.replace(/^https?:\/\//, "") });
  $("#room-code").textContent = state ? roomCode(state.meta.game) : "—";
  fill("#lobby-seats", state ? state.meta.seats.map((s) =>
    h("li", {}, seatChip(s.seat), h("span", {}, T.colour(s.seat)), " ", h("strong", {}, s.name),
      s.bot ? h("em", {}, " · " + T.t("bot")) : null)) : []);
  $("#lobby-note").textContent = state ? "" : T.t("no_game");
}

function render(state) {
  T.use(languageOf(state));
  T.apply();
  muteLabel();
  const { meta, view } = state;
  // For tests and CSS: what the page shows now.
  document.body.dataset.status = meta.status;
  document.body.dataset.stage = view ? view.stage : "";
  $("#paused").hidden = !meta.paused;
  if (meta.status === "lobby" || !view) {
    $("#phase").textContent = "";
    showLobby(state);
  } else if (meta.status === "over" || view.stage === "over") {
    $("#phase").textContent = T.t("over");
    showPodium(state);
  } else {
    $("#phase").textContent = phaseTitle(view);
    show("game");
    renderGame(state);
  }
  sounds(last, state);
  last = state;
}

function renderGame(state) {
  const { meta, view } = state;
  Maps.load(meta.config.map).then((gameMap) => {
    gameMap && state === latest() && drawMap($("#map"), gameMap, view, { names: true });
    renderTurn(state, gameMap);
  });
  renderScores(state);
  renderQuestion(state);
}

function latest() {
  return last;
}

function renderScores(state) {
  const { view } = state;
  fill("#scores", view.ranking.map((seat) => {
    const p = view.players.find((row) => row.seat === seat);
    return h("li", { class: "score-row" + (p.eliminated ? " out" : "") + (view.turn_seat === seat ? " turn" : "") },
      seatChip(seat),
      h("span", { class: "who" }, h("small", {}, T.colour(seat)), p.name),
      h("span", { class: "pts" }, p.score.toLocaleString(T.lang)),
      p.eliminated ? h("em", {}, T.t("out")) : null);
  }));
}

function territoryName(gameMap, id) {
  const t = gameMap && gameMap.byId[id];
  return t ? (T.lang === "fr" ? t.name_fr : t.name_en) : id;
}

function renderTurn(state, gameMap) {
  const { view } = state;
  const parts = [];
  if (view.attack) {
    const a = view.attack;
    parts.push(h("p", { class: "attack-line" }, seatChip(a.attacker), " ",
      T.t("attack_on", { a: seatLabel(state, a.attacker), d: seatLabel(state, a.defender), t: territoryName(gameMap, a.target) })));
    const target = view.territories.find((t) => t.id === a.target);
    if (target && target.castle) parts.push(h("p", {}, T.t("tower_left", { n: target.towers })));
  } else if (view.stage === "pick") {
    parts.push(h("p", {}, seatChip(view.turn_seat), " ", T.t("picks", { who: seatLabel(state, view.turn_seat) })));
  } else if (view.stage === "attack") {
    parts.push(h("p", {}, seatChip(view.turn_seat), " ", T.t("attacks", { who: seatLabel(state, view.turn_seat) })));
  }
  if (view.stage === "pick" || view.stage === "attack") {
    const bar = h("div", { class: "timer" }, h("div", { class: "timer-bar" }));
    parts.push(bar);
    fill("#turn", parts);
    Countdown.set(state.meta, bar.firstChild, null);
  } else {
    fill("#turn", parts);
  }
}

function renderQuestion(state) {
  const { meta, view } = state;
  const q = view.question;
  const panel = $("#question");
  const asking = !!(q && q.content);
  $("#game").classList.toggle("asking", asking);
  panel.hidden = !asking;
  if (!asking) return;
  panel.dataset.purpose = q.purpose;
  const revealed = view.stage === "reveal";
  panel.classList.toggle("revealed", revealed);
  $("#q-title").textContent = questionTitle(q);
  $("#q-prompt").textContent = q.content.prompt;
  const correct = revealed ? q.content.answer : null;
  fill("#q-options", (q.content.options || []).map((text, i) =>
    h("li", { class: "option" + (revealed && i === correct ? " correct" : "") }, h("b", {}, "ABCD"[i]), text)));
  fill("#q-count", q.seats.map((seat) =>
    h("span", { class: "lock" + (q.answered.includes(seat) ? " in" : ""), title: seatName(state, seat) }, seatChip(seat))));
  Countdown.set(meta, $("#q-bar"), null);
  $("#q-bar").parentNode.hidden = revealed;
  fill("#q-result", revealed ? revealRows(state, q) : []);
}

/** Each answer at the reveal: who, what, right or wrong, and the timing. */
function revealRows(state, q) {
  const rows = [];
  if (q.content.kind === "numeric") rows.push(h("p", { class: "truth" }, T.t("answer_was", { v: formatAnswer(q.content, q.content.answer) })));
  const outcome = q.outcome || { answers: [] };
  for (const row of outcome.answers) {
    const answer = (q.answers || []).find((a) => a.seat === row.seat);
    const good = row.correct !== undefined ? row.correct : row.rank === 1;
    const detail = [];
    if (row.distance !== undefined && row.distance !== null) detail.push(T.t("off_by", { d: row.distance }));
    if (row.rank) detail.push(row.rank === 1 ? T.t("first") : T.t("rank", { n: row.rank }));
    if (row.margin_ms !== null && row.margin_ms !== undefined) detail.push("+" + Math.round(row.margin_ms) + " ms");
    rows.push(h("div", { class: "reveal-row " + (row.answered ? (good ? "good" : "bad") : "none") },
      seatChip(row.seat), h("span", { class: "who" }, seatName(state, row.seat)),
      h("span", { class: "val" }, answer ? formatAnswer(q.content, answer.value) : T.t("no_answer")),
      h("span", { class: "mark" }, row.answered ? (good ? "✔ " + T.t("right") : "✘ " + T.t("wrong")) : ""),
      h("span", { class: "detail" }, detail.join(" · "))));
  }
  const quick = fastest(q.answers);
  if (quick) rows.push(h("p", { class: "margin" }, T.t("by_ms", { who: T.colour(quick.seat), ms: quick.ms })));
  if (outcome.result) rows.push(h("p", { class: "verdict" }, T.t(outcome.result)));
  if (outcome.pickers) rows.push(h("p", { class: "verdict" }, T.t("pickers", { who: outcome.pickers.map((s) => seatName(state, s)).join(", ") })));
  return rows;
}

function showPodium(state) {
  show("podium");
  const { view } = state;
  const order = view.ranking;
  const steps = [1, 0, 2].filter((i) => i < order.length).map((i) => {
    const seat = order[i];
    const p = view.players.find((row) => row.seat === seat);
    return h("div", { class: "step place-" + (i + 1), "data-seat": seat },
      h("div", { class: "who" }, seatChip(seat), h("strong", {}, p.name), h("small", {}, T.colour(seat))),
      h("div", { class: "block seat-bg-" + seat }, h("span", {}, String(i + 1)), h("small", {}, p.score.toLocaleString(T.lang))));
  });
  fill("#podium-steps", steps);
}

/** Buzz on each lock-in; right, wrong or time up at the reveal. */
function sounds(before, now) {
  if (!before || !before.view || !now.view) return;
  const q0 = before.view.question, q1 = now.view.question;
  if (q0 && q1 && q0.request_id === q1.request_id && q1.answered.length > q0.answered.length) Sound.play("buzz");
  if (before.view.stage === "answering" && now.view.stage === "reveal" && q1) {
    if (q1.answered.length < q1.seats.length) Sound.play("timeup");
    const rows = (q1.outcome && q1.outcome.answers) || [];
    const anyRight = rows.some((r) => r.correct === true || r.rank === 1);
    setTimeout(() => Sound.play(anyRight ? "right" : "wrong"), 450);
  }
}

showLobby(null);
muteLabel();
