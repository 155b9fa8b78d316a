// The host page's seats and phones: who plays each seat (release, remove, rename, a bot's hand,
// a team's captain), the phones kept out, and the names the host refuses.
/* exported renderSeats, refreshBans, blockedWords, startGame */
"use strict";

/**
 * A row is drawn again only when what it shows changed: with bots at a quick pace the states
 * come every few tens of milliseconds, and a row drawn anew closes the host's open menu
 * (a bot's hand) under their finger.
 */
function renderSeats(meta, view) {
  const players = rankedPlayers(view);
  const table = $("#h-seats");
  const rows = meta.seats.map((s) => {
    const p = players.find((row) => row.seat === s.seat);
    const key = JSON.stringify([meta.game, s, p ? p.score : null, meta.status, meta.kind, T.lang]);
    const old = table.querySelector(`tr[data-seat='${s.seat}']`);
    return old && old.dataset.key === key ? old : seatRow(meta, s, p, key);
  });
  rows.forEach((row, i) => {
    const here = table.children[i];
    if (here === row) return;
    if (here && !rows.includes(here)) here.replaceWith(row);
    else table.insertBefore(row, here || null);
  });
  while (table.children.length > rows.length) table.lastElementChild.remove();
}

function seatRow(meta, s, p, key) {
  return h("tr", { "data-seat": s.seat, "data-key": key },
    h("td", {}, seatChip(s.seat), " ", T.colour(s.seat)),
    h("td", {}, s.name, s.bot ? h("em", {}, " · " + T.t("seat_bot", { n: s.bot })) : null,
      s.out ? h("em", { "data-out": s.seat }, " · " + T.t("seat_left_out")) : null,
      s.paper ? h("em", { class: "paper-team", "data-paper-team": s.seat }, " · " + T.t("seat_paper")) : null,
      s.empty && !s.out && meta.status !== "over" ? h("em", { class: "no-phone", "data-empty": s.seat },
        " · " + T.t("seat_no_phone")) : null,
      s.team ? teamList(s) : null),
    h("td", { class: "score" }, p ? Number(p.score).toLocaleString(T.lang) : ""),
    h("td", {}, s.bot ? null : h("button", {
      type: "button", "data-release": s.seat,
      onclick: () => confirmed(T.t("confirm_release", { seat: T.colour(s.seat), name: s.name }),
        "release", { seat: s.seat }),
    }, T.t("release")), s.bot || s.team || s.paper ? null : h("button", {
      type: "button", "data-remove-seat": s.seat, onclick: () => removePhone(s, null, s.name),
    }, T.t("remove_phone_seat")), handSelect(meta, s), paperButton(meta, s), h("button", {
      type: "button", "data-rename": s.seat, onclick: () => rename(s),
    }, T.t("rename"))));
}

/** In the lobby of a kind with paper teams, a seat no phone took becomes a table without phones
 * (the host names it and enters its answers from its sheet), or goes back to phones. */
function paperButton(meta, seat) {
  if (meta.status !== "lobby" || !kindInfo(meta.kind).paper || seat.bot || !(seat.paper || seat.empty)) return null;
  return h("button", { type: "button", "data-paper": seat.seat, title: T.t("seat_paper_help"),
    onclick: () => command("hand", { seat: seat.seat, paper: !seat.paper }) },
  T.t(seat.paper ? "seat_paper_off" : "seat_paper"));
}

/** Who plays a seat: its people (phones) or a bot of a level; the host may switch mid-game. */
function handSelect(meta, seat) {
  if (meta.status === "over" || !kindInfo(meta.kind).bots) return null;
  const select = h("select", { "data-hand": seat.seat, "aria-label": T.t("played_by"),
    onchange: () => command("hand", { seat: seat.seat, bot: select.value ? Number(select.value) : null }) },
  h("option", { value: "" }, T.t("played_by_people")),
  [1, 2, 3, 4, 5].map((n) => h("option", { value: String(n) }, T.t("seat_bot", { n }))));
  select.value = seat.bot ? String(seat.bot) : "";
  return h("label", { class: "hand-pick" }, h("span", {}, T.t("played_by")), select);
}

/**
 * Start the watched game. In a game that waits on each seat's turn (the card games: their kind
 * can leave a seat out) the seats of people no phone took yet (`empty`) are named first, and the
 * host chooses: wait for their phones, a bot plays them, or start without them (with enough
 * seats left). Other kinds' clocks move on without a seat: its row says "no phone yet".
 */
async function startGame(meta, empty) {
  const info = kindInfo(meta.kind);
  if (!empty.length || !info.leave_out) return command("start");
  const names = empty.slice(0, 6).map((s) => T.colour(s.seat) + " · " + s.name).join(", ")
    + (empty.length > 6 ? " …" : "");
  const choices = [["wait", T.t("start_wait")]];
  if (info.bots) choices.push(["bot", T.t("start_bots")]);
  if (meta.seats.length - empty.length >= (info.min_seats || 1)) {
    choices.push(["without", T.t("start_without")]);
  }
  const choice = await ask(T.t("start_empty", { names, n: empty.length }), choices);
  if (choice === null || choice === "wait") return { ok: false, code: "cancelled" };
  if (choice === "without") return command("start", { without: empty.map((s) => s.seat) });
  if (choice === "bot") {
    for (const s of empty) {
      const ack = await command("hand", { seat: s.seat, bot: 3 });
      if (!ack.ok) return ack;
    }
  }
  return command("start");
}

/** Name a seat or team at any time (an empty name: a made-up one), in the page's own dialog;
 * journaled on the host. */
async function rename(seat) {
  const input = h("input", { id: "rename-name", value: seat.name, maxlength: NAME_MAX,
    autocomplete: "off", "aria-label": T.t("name") });
  const name = await ask(T.t("rename_hint", { max: NAME_MAX }), input,
    T.t("rename_title", { seat: T.colour(seat.seat) }));
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
$("#nb-add").addEventListener("click", () => {
  const word = $("#nb-word").value.trim();
  if (word) blockedWords({ word });
});
