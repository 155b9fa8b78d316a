// The phone's waiting page (a game's lobby, a game over): the player's place in the game once
// it is over; their line in the night (PROTOCOL.md, "Nights"), their place and points so far
// as the projector's table shows them to the room; and in a lobby, a way to leave a colour
// tapped by mistake and, on a team's captain's phone, the team's name.
/* exported nightLine, lobbyParts, overVerdict, meHeader */
"use strict";

/** The header's seat: its chip, its colour and name (the colour word left out on a narrow
 * phone when the seat has a name of its own: the chip shows it), and in a team the number of its
 * phones (never cut) and who answered last (cut first). */
function meHeader(state, seat) {
  const colour = T.colour(seat), name = seatName(state, seat);
  const label = h("span", { class: "me-name" },
    name === colour ? null : h("span", { class: "me-colour" }, colour + " · "), name);
  const entry = (state.meta.seats || []).find((s) => s.seat === seat);
  if (!entry || !entry.team) return [seatChip(seat), label];
  const count = T.t(entry.team.length === 1 ? "team_phones_one" : "team_phones", { n: entry.team.length });
  return [seatChip(seat), label, h("small", { class: "team-count" }, " · " + count),
    h("small", { class: "team-line", "data-last-by": entry.last_by || "" },
      entry.last_by ? T.t("answered_by", { name: entry.last_by }) : "")]; // its " · ": css
}

/** The night's line for `seat` of the game `meta` describes, or null (no night, no game
 * finished yet, or a table whose seats are another game's). */
function nightLine(meta, seat) {
  const standings = meta.night && meta.night.standings;
  const played = standings ? standings.played : [];
  if (!played.length) return null;
  // A row's `seat` is its seat in the night's latest game: this one, in its lobby or just over.
  const latest = meta.status === "lobby" || played[played.length - 1].game === meta.game;
  const row = latest ? standings.table.find((r) => r.seat === seat) : null;
  if (!row) return null;
  const place = row.place === 1 ? T.t("first") : T.t("rank", { n: row.place });
  const points = Number(row.points).toLocaleString(T.lang);
  return h("div", { class: "night-line", id: "night-line" },
    h("strong", {}, meta.night.status === "over" ? T.t("night_final", { name: meta.night.name })
      : meta.night.name),
    h("span", {}, T.t(played.length === 1 ? "night_you_one" : "night_you",
      { place, points, n: played.length })));
}

/** A lobby's parts: on a team captain's phone the team's name (#team-name, shown again at
 * each render: phone.js's showOnly hides it), then the leave button. `joined` is {game, seat,
 * member}: `member` is this phone's id in its team (the join's ack). */
function lobbyParts(meta, joined, socket, unseat) {
  const entry = (meta.seats || []).find((s) => s.seat === joined.seat);
  const form = $("#team-name");
  form.hidden = !(entry && entry.team && entry.team.some((p) => p.captain && p.id === joined.member));
  if (!form.hidden) {
    teamSocket = socket;
    // The field keeps what the captain is typing; otherwise it shows the team's name now.
    if (document.activeElement !== $("#team-name-input")) $("#team-name-input").value = entry.name;
  }
  return leaveButton(meta, socket, unseat);
}

let teamSocket = null; // the page's /seat socket, once a lobby was drawn
$("#team-name-input").maxLength = NAME_MAX;
$("#team-name").addEventListener("submit", (event) => {
  event.preventDefault();
  const name = $("#team-name-input").value.trim();
  const note = $("#team-name-msg");
  if (!name || !teamSocket) return;
  $("#team-name-ok").disabled = true;
  teamSocket.emit("team_name", { name }, (ack) => {
    $("#team-name-ok").disabled = false;
    note.classList.toggle("error", !(ack && ack.ok));
    if (!ack || !ack.ok) {
      note.textContent = T.refusal(ack);
      return;
    }
    $("#team-name-input").value = ack.name;
    $("#team-name-input").blur(); // the team's name as the host has it, from now on
    note.textContent = ack.name_refused ? ack.name_refused[T.lang] || ack.name_refused.en
      : T.t("team_named", { name: ack.name });
  });
});

/** In a lobby: "change seat" (a team game: "change team"), the /seat `leave`; once left,
 * `unseat("")` takes the phone back to the join page. A refusal is said under the button. */
function leaveButton(meta, socket, unseat) {
  const button = h("button", { type: "button", class: "leave-seat", id: "leave-seat" },
    T.t(meta.teams ? "leave_team" : "leave_seat"));
  const error = h("p", { class: "error", id: "leave-error", role: "alert" });
  button.addEventListener("click", () => {
    button.disabled = true;
    socket.emit("leave", {}, (ack) => {
      button.disabled = false;
      if (ack && ack.ok) unseat("");
      else error.textContent = T.refusal(ack);
    });
  });
  return h("div", { class: "leave" }, button, error);
}

/** A game over: the player's place (a kind whose phones do not get every player's score says
 * it in `you.rank`) out of how many ("4ᵉ sur 4"), or null. Only a win is a success (green). */
function overVerdict(view, seat) {
  const rows = rankedPlayers(view);
  const mine = rows.find((p) => p.seat === seat); // tied seats share a place
  const place = view.you && view.you.rank ? view.you.rank : mine ? mine.place : 0;
  if (!place) return null;
  const rank = place === 1 ? T.t("first") : T.t("rank", { n: place });
  // Out of how many: when the rows hold every place (not a robot ahead, Challengers! solo).
  const of = mine && rows.length >= place && rows.length > 1 ? rows.length : 0;
  return h("div", { class: "verdict-big " + (place === 1 ? "good" : "none") },
    of ? T.t("you_placed_of", { rank, n: of }) : T.t("you_placed", { rank }));
}
