// The host page's nights: open one, choose the one new games join, see its table, end it.
/* exported refreshNights, drawNight */
"use strict";

/** The host's nights: open one, choose the one new games join, see its table, end it. */
async function refreshNights(select) {
  const nights = (await getJson("/api/nights", { nights: [] })).nights;
  const chosen = select !== undefined ? select : $("#n-choose").value;
  fill("#n-choose", [h("option", { value: "" }, T.t("night_none")),
    ...nights.filter((n) => n.status === "open" || n.id === chosen).map((n) =>
      h("option", { value: n.id, "data-status": n.status },
        n.name + (n.status === "over" ? " · " + T.t("night_over") : "")))]);
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
  $("#n-csv").href = "/api/nights/" + id + ".csv?key=" + encodeURIComponent(hostKey); // host key
  $("#n-json").href = "/api/nights/" + id;
  $("#n-json").download = "tourelle-night-" + id + ".json";
  $("#n-end").hidden = night.status !== "open";
  fill("#n-table", night.standings.table.map((t) =>
    h("tr", { "data-night-seat": t.seat, "data-night-id": t.id }, h("td", {}, t.place === null ? "" : String(t.place)),
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
    refreshNights(); // its option reads "over": the next game is created outside it
  });
});
