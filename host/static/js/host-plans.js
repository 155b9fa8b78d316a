// The host page's night plans: a night prepared ahead (its name, points, games in order, each
// the new-game form's own `create` payload), saved on the host (host/routes/plans.py), listed,
// copied, edited, deleted, exported and imported; started (its night and first game), then its
// next game in one tap, or left (the night stays). A planned game opens in the new-game form
// (host-form.js fillForm), is changed there and saved back into its plan.
// Loaded after host.js (its socket, ask) and editor.js (Editor.api: requests with the host key).
"use strict";

(() => {
  let plans = []; // GET /api/plans
  let editing = null; // {id: null | "p...", games: [...]} while the plan form is open
  let running = null; // host_state's "plan": {id, name, games, kinds, step, current, next}
  let opened = null; // {index, game} while a game of the plan form is open in the new-game form

  const api = (url, options) => Editor.api(url, options);
  const kindName = (kind) => kindLabel(kind, kindInfo(kind).label);
  /** A planned game's name: its title, else its kind's ("Quiz par équipes"). */
  const gameName = (game) => game.title || kindName(game.kind);

  /** A plan's game in a line: "Quiz · 2 équipes · fr". */
  function gameLine(game) {
    const seats = (game.seats || []).length;
    const parts = [kindName(game.kind),
      T.t(game.teams ? "plan_teams" : "plan_seats", { n: seats }), (game.language || "fr").toUpperCase()];
    if (game.title) parts.splice(1, 0, game.title);
    return parts.join(" · ");
  }

  async function load() {
    const answer = await api("/api/plans");
    if (!answer.ok) return;
    plans = answer.plans || [];
    draw();
  }

  function say(text, good) {
    $("#plan-msg").textContent = text || "";
    $("#plan-msg").classList.toggle("error", !good);
  }

  function draw() {
    fill("#plans-list", plans.length ? plans.map((plan) => h("tr", { "data-plan": plan.id },
      h("td", {}, h("strong", {}, plan.name), " ",
        h("small", { class: "note" }, T.t("plan_games", { n: plan.games.length }), " · ",
          plan.games.map((g) => kindName(g.kind)).join(", ")),
      h("div", { class: "plan-actions" },
        h("button", { type: "button", class: "primary", "data-plan-start": plan.id, onclick: () => start(plan) },
          T.t("plan_start")),
        h("button", { type: "button", "data-plan-edit": plan.id, onclick: () => edit(plan) }, T.t("plan_edit")),
        h("button", { type: "button", "data-plan-copy": plan.id, onclick: () => copy(plan) }, T.t("plan_copy")),
        h("button", { type: "button", "data-plan-print": plan.id, onclick: () => window.PlanPrint.start(plan, load) },
          T.t("plan_print")),
        h("a", { class: "button-link", "data-plan-export": plan.id, download: "",
          href: "/api/plans/" + plan.id + ".json?key=" + encodeURIComponent(hostKey) }, T.t("plan_export")),
        h("button", { type: "button", "data-plan-delete": plan.id, onclick: () => remove(plan) },
          T.t("plan_delete")))))) : h("tr", {}, h("td", { class: "note" }, T.t("plan_none"))));
  }

  // ------------------------------------------------------------- the plan form

  function edit(plan) {
    closeGame();
    editing = { id: plan ? plan.id : null, games: plan ? plan.games.map((g) => ({ ...g })) : [] };
    $("#plan-edit").hidden = false;
    $("#plan-edit-title").textContent = plan ? T.t("plan_edit_title", { name: plan.name }) : T.t("plan_new");
    $("#plan-name").value = plan ? plan.name : "";
    const places = plan && plan.rules && plan.rules.default && plan.rules.default.places;
    $("#plan-places").value = (places || [10, 6, 3]).join(", ");
    drawGames();
    say("");
    $("#plan-name").focus();
  }

  function drawGames() {
    const games = editing.games;
    const move = (i, by) => {
      const [game] = games.splice(i, 1);
      games.splice(i + by, 0, game);
      drawGames();
    };
    fill("#plan-games", games.length ? games.map((game, i) => h("li", { "data-plan-game": i },
      h("span", { class: "plan-game-line" }, gameLine(game)),
      h("span", { class: "plan-game-buttons" },
        h("button", { type: "button", class: "small", disabled: i === 0, "aria-label": T.t("ed_move_up"),
          onclick: () => move(i, -1) }, "↑"),
        h("button", { type: "button", class: "small", disabled: i === games.length - 1,
          "aria-label": T.t("ed_move_down"), onclick: () => move(i, 1) }, "↓"),
        h("button", { type: "button", class: "small", "data-plan-open": i, onclick: () => openGame(i) },
          T.t("plan_open")),
        h("button", { type: "button", class: "small", "data-plan-replace": i, title: T.t("plan_replace_help"),
          onclick: () => { games[i] = formGame(); drawGames(); } }, T.t("plan_replace")),
        h("button", { type: "button", class: "small", "data-plan-remove": i, "aria-label": T.t("plan_remove"),
          onclick: () => { games.splice(i, 1); drawGames(); } }, "✕"))))
      : h("li", { class: "note plan-empty" }, T.t("plan_no_games")));
  }

  /** The new-game form as it stands, as a plan keeps it: its create payload, without a night. */
  function formGame() {
    const game = readForm(false); // host-form.js
    delete game.start;
    delete game.night;
    return game;
  }

  /** A game of the plan in the new-game form, to change there and save back (saveGame). */
  function openGame(i) {
    opened = { index: i, game: editing.games[i] };
    fillForm(opened.game); // host-form.js
    $("#plan-form-bar").hidden = false;
    $("#plan-form-what").textContent = T.t("plan_form_editing", { n: i + 1,
      name: $("#plan-name").value.trim() || T.t("plan_new") });
    $("#plan-form-msg").textContent = "";
    $("#create").scrollIntoView({ block: "start" });
  }

  function closeGame() {
    opened = null;
    $("#plan-form-bar").hidden = true;
  }

  /** The form's game in the plan in place of the one opened, kept only when the host takes it
   * (each of its checks, as a new game's): a refusal names what is wrong and writes nothing. */
  async function saveGame() {
    if (!opened || !editing) return;
    const { index, game } = opened;
    const fresh = formGame();
    // What the form does not show stays as the plan had it (a title, a seed).
    for (const key of ["title", "seed"]) if (key in game && fresh.kind === game.kind) fresh[key] = game[key];
    editing.games[index] = fresh;
    const answer = await put();
    if (!answer.ok) {
      editing.games[index] = game;
      $("#plan-form-msg").textContent = T.refusal(answer);
      return;
    }
    editing.id = answer.plan.id;
    editing.games = answer.plan.games.map((g) => ({ ...g }));
    closeGame();
    drawGames();
    say(T.t("plan_game_saved", { n: index + 1, name: answer.plan.name }), true);
    await load();
    $("#plan-edit").scrollIntoView({ block: "start" });
  }

  function put() {
    return api(editing.id ? "/api/plans/" + editing.id : "/api/plans",
      { method: editing.id ? "PUT" : "POST", body: planBody() });
  }

  function planBody() {
    const places = $("#plan-places").value.split(/[,;\s]+/).filter(Boolean).map(Number);
    const body = { tourelle: "plan", version: 1, name: $("#plan-name").value.trim(), games: editing.games };
    if (places.length) body.rules = { default: { places } };
    return body;
  }

  async function save(event) {
    event.preventDefault();
    const answer = await put();
    if (!answer.ok) {
      say(T.refusal(answer));
      return;
    }
    closeGame();
    $("#plan-edit").hidden = true;
    editing = null;
    say(T.t("plan_saved", { name: answer.plan.name }), true);
    await load();
  }

  async function copy(plan) {
    const field = h("input", { id: "confirm-field", maxlength: 40, value: plan.name });
    const name = await ask(T.t("plan_copy_ask", { name: plan.name }), field, T.t("plan_copy"));
    if (name === null) return;
    const answer = await api("/api/plans/" + plan.id + "/copy", { method: "POST", body: { name: name.trim() } });
    say(answer.ok ? T.t("plan_saved", { name: answer.plan.name }) : T.refusal(answer), answer.ok);
    await load();
  }

  async function remove(plan) {
    if (!(await ask(T.t("plan_delete_ask", { name: plan.name })))) return;
    const answer = await api("/api/plans/" + plan.id, { method: "DELETE" });
    say(answer.ok ? T.t("plan_deleted", { name: plan.name }) : T.refusal(answer), answer.ok);
    await load();
  }

  async function importFile() {
    const input = $("#plan-import-file");
    if (!input.files.length) return;
    const form = new FormData();
    form.append("file", input.files[0]);
    const answer = await api("/api/plans/import", { method: "POST", body: form });
    input.value = "";
    say(answer.ok ? T.t("plan_imported", { name: answer.plan.name }) : T.refusal(answer), answer.ok);
    if (answer.ok) await load();
  }

  // ------------------------------------------------------------- running a plan

  function start(plan) {
    socket.emit("plan_start", { plan: plan.id }, (ack) => {
      say(ack && ack.ok ? T.t("plan_started", { name: plan.name }) : T.refusal(ack), ack && ack.ok);
      if (ack && ack.ok) {
        watchCreated(ack.game); // host.js
        refreshNights(ack.night); // host-night.js
      }
    });
  }

  /** Where the host is in its plan, under the game's commands: "Jeu 2 sur 4 : Quiz par équipes",
   * its next game in one tap, and the way out of the plan. */
  function drawRun() {
    const over = !state || state.meta.status === "over";
    $("#plan-live").hidden = !running;
    if (!running) return;
    $("#plan-name-live").textContent = T.t("plan_live_name", { name: running.name });
    $("#plan-where").textContent = running.current ? T.t("plan_where",
      { n: running.current.number, total: running.games, game: gameName(running.current) }) : "";
    const next = running.next;
    $("#plan-next").hidden = !next;
    if (next) {
      $("#plan-next").textContent = T.t("plan_next", { n: next.number, kind: gameName(next) });
      $("#plan-next").classList.toggle("primary", over); // the game is over: this is the step
    }
  }

  async function next() {
    const live = state && state.meta.status === "running";
    if (live && !(await ask(T.t("plan_next_running", { game: state.meta.game })))) return;
    socket.emit("plan_next", {}, (ack) => {
      $("#cmd-msg").textContent = ack && ack.ok ? "" : T.refusal(ack);
      if (ack && ack.ok) watchCreated(ack.game);
    });
  }

  function hostState(message) {
    running = message && message.plan ? message.plan : null;
    window.HostBreak.draw(message ? message.break : null); // host-break.js
    drawRun();
  }

  /** "Programme « Quiz du jeudi » : la soirée reste" before plan_stop: the night goes on. */
  async function leave() {
    if (!running) return;
    const night = $("#n-choose").selectedOptions[0];
    const ok = await ask(T.t("plan_stop_ask", { name: running.name,
      night: night && night.value ? night.textContent : running.name }), null, T.t("plan_stop"));
    if (!ok) return;
    socket.emit("plan_stop", {}, (ack) => {
      $("#cmd-msg").textContent = ack && ack.ok ? T.t("plan_stopped", { name: running ? running.name : "" })
        : T.refusal(ack);
    });
  }

  $("#plan-new").addEventListener("click", () => edit(null));
  $("#plan-cancel").addEventListener("click", () => { $("#plan-edit").hidden = true; editing = null; closeGame(); });
  $("#plan-form-save").addEventListener("click", saveGame);
  $("#plan-form-cancel").addEventListener("click", closeGame);
  $("#plan-add-game").addEventListener("click", () => { editing.games.push(formGame()); drawGames(); });
  $("#plan-edit").addEventListener("submit", save);
  $("#plan-import-file").addEventListener("change", importFile);
  $("#plan-next").addEventListener("click", next);
  $("#plan-stop").addEventListener("click", leave);
  socket.on("host_state", hostState);
  socket.on("state", () => setTimeout(drawRun, 0)); // after host.js took the new state
  socket.on("connect", () => socket.emit("host_state", {}, (ack) => { if (ack && ack.ok) hostState(ack); }));
  if (socket.connected) socket.emit("host_state", {}, (ack) => { if (ack && ack.ok) hostState(ack); });
  load();
})();
