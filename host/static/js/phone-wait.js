// The phone's waiting page (a game's lobby, a game over): the player's place in the game once
// it is over; their line in the night (PROTOCOL.md, "Nights"), their place and points so far
// as the projector's table shows them to the room; and in a lobby, a way to leave a colour
// tapped by mistake.
/* exported nightLine, leaveButton, overVerdict */
"use strict";

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
 * it in `you.rank`), or null. */
function overVerdict(view, seat) {
  const mine = rankedPlayers(view).find((p) => p.seat === seat); // tied seats share a place
  const place = view.you && view.you.rank ? view.you.rank : mine ? mine.place : 0;
  return place ? h("div", { class: "verdict-big good" },
    T.t("you_placed", { rank: place === 1 ? T.t("first") : T.t("rank", { n: place }) })) : null;
}
