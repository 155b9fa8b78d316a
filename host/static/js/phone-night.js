// The phone's line about the night between games (PROTOCOL.md, "Nights"): on the waiting
// page of a night's game, in its lobby or once it is over, the player reads their place in
// the night and their points so far, as the projector's table shows them to the room.
/* exported nightLine */
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
