// The host page's new-game form: the kind, its map, questions, settings and seats; create it.
// Its pack boxes (#q-packs) come from editor.js; it counts the questions they and the categories hold.
/* exported kindInfo, loadForm, readForm, fillForm */
"use strict";

let kinds = []; // from GET /api/kinds
let categoryCounts = null; // from GET /api/questions/categories
let seatCount = 4;

function kindInfo(name) {
  return kinds.find((k) => k.name === name)
    || { name, label: null, min_seats: 1, max_seats: 4, map: false, questions: false, bots: false, settings: [] };
}

function chosenKind() {
  return kindInfo($("#c-kind").value);
}

async function loadForm() {
  const [kindList, maps, counts] = await Promise.all([
    getJson("/api/kinds", { kinds: [] }), getJson("/api/maps", { maps: [] }),
    getJson("/api/questions/categories", null)]);
  if (!kindList.kinds.length) {  // the host did not answer: the form is empty without kinds
    setTimeout(loadForm, 2000);
    return;
  }
  kinds = kindList.kinds;
  categoryCounts = counts;
  const previous = $("#c-kind").value;
  fill("#c-kind", kinds.map((k) => h("option", { value: k.name }, kindLabel(k.name, k.label))));
  if (previous && kinds.some((k) => k.name === previous)) $("#c-kind").value = previous;
  const titles = maps.titles || {};
  fill("#c-map", maps.maps.map((n) => h("option", { value: n }, (titles[n] && titles[n][T.lang]) || n)),
    [[12, 1], [18, 2], [24, 3]].map(([size, seed]) => h("option", { value: `generated:${size}:${seed}` },
      T.t("generated_map", { n: size, seed }))));
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

const WIDE_CHOICE = 22; // characters: about what the form's field column shows at 1366x768

function settingsFields(kind) {
  fill("#c-settings", kind.settings.length ? kind.settings.map((s) => {
    const id = "s-" + s.key;
    let input;
    let wide = false; // a menu of long choices gets the row's whole width, under its label
    if (s.type === "choice") {
      const labels = s.choices.map((c) => localLabel(c.label, c.value));
      wide = labels.some((text) => text.length > WIDE_CHOICE);
      input = h("select", { id, "data-setting": s.key, "data-type": "choice" },
        s.choices.map((c, i) => h("option", { value: c.value, selected: c.value === s.default },
          labels[i])));
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
    return h("div", { class: wide ? "form-row form-row-stacked" : "form-row" },
      h("label", { for: id }, localLabel(s.label, s.key)), input,
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
    // The name field's hint: a colour for a phone's seat, "Robot" for a robot's (its name).
    const hint = () => { $("#seat-name-" + i).placeholder = type.value.startsWith("bot") ? "Robot" : T.colour(i); };
    const type = h("select", { id: "seat-kind-" + i, "aria-label": T.t("seats") + " " + (i + 1), onchange: hint },
      h("option", { value: "phone" }, T.t("seat_phone")),
      kind.bots ? [1, 2, 3, 4, 5].map((n) => h("option", { value: "bot" + n }, T.t("seat_bot", { n }))) : null,
      kind.paper ? h("option", { value: "paper" }, T.t("seat_paper")) : null, // a table without phones
      h("option", { value: "none" }, T.t("seat_none")));
    const before = old[i];
    type.value = before && [...type.options].some((o) => o.value === before.type) ? before.type
      : i < Math.max(kind.min_seats, 3) ? "phone" : "none";
    return h("div", { class: "seat-row" }, seatChip(i),
      type, h("input", {
        id: "seat-name-" + i, placeholder: type.value.startsWith("bot") ? "Robot" : T.colour(i),
        "aria-label": T.t("name"), value: before ? before.name : null,
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
    const seat = type === "phone" ? {} : type === "paper" ? { paper: true } : { bot: Number(type.slice(3)) };
    // An unnamed robot gets a robot's name from the server ("Robot 1"), never a colour.
    if (name || !seat.bot) seat.name = name || T.colour(seats.length);
    seats.push(seat);
  }
  const message = {
    kind: kind.name, language: $("#c-language").value,
    pace: Number($("#c-pace").value) || 1, settings: readSettings(), seats, start,
  };
  if (kind.map) message.map = $("#c-map").value;
  if (kind.questions) message.questions = readQuestions();
  // A night the host ended stays chosen to read its table; a new game is outside any night.
  const night = $("#n-choose").selectedOptions[0];
  if (night && night.value && night.dataset.status === "open") message.night = night.value;
  if ($("#c-teams").checked) {
    message.teams = true;
    message.team_answers = $("#c-team-answers").value;
  }
  return message;
}

/** The form set to a game as a plan keeps it (its `create` payload): readForm's way back, so a
 * planned game is changed with the form that creates games (host-plans.js). */
function fillForm(game) {
  $("#c-kind").value = game.kind;
  kindChanged();
  const kind = chosenKind();
  $("#c-language").value = game.language || T.lang;
  $("#c-pace").value = game.pace || 1;
  if (kind.map && game.map) {
    const known = [...$("#c-map").options].some((o) => o.value === game.map);
    if (!known) $("#c-map").append(h("option", { value: game.map }, game.map));
    $("#c-map").value = game.map;
  }
  $("#c-teams").checked = !!game.teams;
  $("#row-team-answers").hidden = !game.teams;
  $("#c-team-answers").value = game.team_answers || "first";
  const questions = game.questions || {};
  if (kind.questions) {
    $("#q-language").value = questions.language || game.language || T.lang;
    for (const box of document.querySelectorAll("#q-categories input")) box.remove();
    categoryBoxes();
    if (questions.categories) {
      const chosen = questions.categories;
      for (const box of document.querySelectorAll("#q-categories input")) box.checked = chosen.includes(box.value);
    }
    if (questions.min_difficulty) $("#q-min").value = questions.min_difficulty;
    if (questions.max_difficulty) $("#q-max").value = questions.max_difficulty;
    for (const box of document.querySelectorAll("#q-packs input[data-pack]")) {
      box.checked = !questions.packs || questions.packs.includes(box.value);
    }
    $("#q-images-phones").checked = !!questions.images_on_phones;
    countLine();
  }
  // The flat settings first: a kind's own editor (the quiz round's rounds) takes them as its defaults.
  const settings = game.settings || {};
  const inputs = [...document.querySelectorAll("#c-settings [data-setting]")];
  for (const input of inputs.filter((i) => i.dataset.type !== "json" && i.dataset.setting in settings)) {
    if (input.dataset.type === "bool") input.checked = !!settings[input.dataset.setting];
    else input.value = settings[input.dataset.setting];
  }
  for (const input of inputs.filter((i) => i.dataset.type === "json" && i.dataset.setting in settings)) {
    input.value = JSON.stringify(settings[input.dataset.setting]);
    input.dispatchEvent(new CustomEvent("tourelle:load", { detail: settings[input.dataset.setting] }));
  }
  const seats = game.seats || [];
  const hall = kind.max_seats > HALL_SEATS && seats.length > HALL_SEATS && seats.every((s) => !s.bot && !s.paper);
  $("#c-hall").value = hall ? seats.length : "";
  if (!hall) {
    seatCount = Math.max(seats.length, 1);
    seatRows();
    seats.forEach((seat, i) => {
      $("#seat-kind-" + i).value = seat.bot ? "bot" + seat.bot : seat.paper ? "paper" : "phone";
      $("#seat-kind-" + i).dispatchEvent(new Event("change"));
      $("#seat-name-" + i).value = seat.name || "";
    });
  }
  hallChanged();
}

function create(start) {
  const form = readForm(start);
  const seats = form.seats.map((s, seat) => ({ seat, name: s.name || "#" + (seat + 1), bot: s.bot || null }));
  // "Create and start" with seats for phones in a card game: none has a phone yet, so the start
  // asks first (startGame, host-seats.js).
  const empty = kindInfo(form.kind).leave_out ? seats.filter((s) => !s.bot) : [];
  if (start && empty.length) form.start = false;
  socket.emit("create", form, (ack) => {
    $("#create-msg").textContent = ack && ack.ok ? "" : T.refusal(ack);
    if (!ack || !ack.ok) return;
    watchCreated(ack.game);
    if (start && empty.length) startGame({ kind: form.kind, seats }, empty);
  });
}

$("#create").addEventListener("submit", (event) => {
  event.preventDefault();
  create(false);
});
$("#c-create-start").addEventListener("click", () => create(true));
$("#c-kind").addEventListener("change", kindChanged);
$("#c-teams").addEventListener("change", () => { // who answers only matters for teams
  $("#row-team-answers").hidden = !$("#c-teams").checked;
});
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
// The game's language (made-up names, the questions' language to start with); the page keeps
// the host's own (the header's menu, i18n.js).
// The questions' language follows, and what the host typed stays: the form was loaded again
// here, and its settings and seat names came back to their defaults (even typed while it
// loaded: a late answer undid them).
$("#c-language").addEventListener("change", () => {
  $("#q-language").value = $("#c-language").value;
  $("#q-language").dispatchEvent(new Event("change"));
});
