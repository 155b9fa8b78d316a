// The host's break on the projector and on the phones (host/room/breaks.py): its message, a
// countdown to the restart on this device's clock (the host sends the seconds left), and on
// the projector the night's running table. Heard as `break` on the page's socket, read again
// from GET /api/break on each (re)connection (the projector's with its music, which it hands to
// break-music.js as `tourelle:break`; a phone is never sent it). Loaded after screen.js or phone.js.
/* global socket, nightTables, last */
"use strict";

(() => {
  const screen = document.body.classList.contains("screen");
  const at = (name) => $((screen ? "#break-" : "#p-break-") + name);
  const box = screen ? $("#break") : $("#p-break");
  let shown = null; // the break: {message, total, left, night} or null
  let ends = 0; // performance.now() when the countdown reaches 0
  let ticking = null;

  /** 14:05, or 1:02:09 past an hour. */
  function clockText(seconds) {
    const hours = Math.floor(seconds / 3600), minutes = Math.floor(seconds / 60) % 60;
    const secs = String(seconds % 60).padStart(2, "0");
    return hours ? `${hours}:${String(minutes).padStart(2, "0")}:${secs}` : `${minutes}:${secs}`;
  }

  function tick() {
    if (!shown) return;
    const left = Math.max(0, Math.ceil((ends - performance.now()) / 1000));
    document.body.dataset.breakLeft = String(left);
    at("count").hidden = !shown.total;
    at("count").classList.toggle("done", left === 0);
    const label = at("count").querySelector("span");
    label.textContent = T.t(left ? "break_in" : "break_now");
    at("clock").textContent = left ? clockText(left) : "";
  }

  /** The night's table under the countdown (the projector's newest state names the night). */
  function table() {
    if (!screen) return;
    const night = shown && last && last.meta.night;
    $("#break-night").hidden = !night;
    if (!night) {
      fill("#break-table");
      return;
    }
    $("#break-night").textContent = T.t("night_table", { name: night.name, n: night.standings.played.length });
    fill("#break-table", nightTables(night));
  }

  function draw(message) {
    shown = message || null;
    if (screen) document.dispatchEvent(new CustomEvent("tourelle:break", { detail: shown }));
    document.body.dataset.break = shown ? "on" : "";
    box.hidden = !shown;
    clearInterval(ticking);
    if (!shown) {
      delete document.body.dataset.breakLeft;
      return;
    }
    T.apply(box);
    at("message").textContent = shown.message;
    ends = performance.now() + shown.left * 1000;
    tick();
    table();
    ticking = setInterval(tick, 250);
    if (screen) fitZoom(box);
  }

  socket.on("break", (message) => draw(message.break));
  const url = screen ? "/api/break?for=screen" : "/api/break"; // the projector's with its music
  socket.on("connect", async () => draw((await getJson(url, { break: null })).break));
  if (screen) socket.on("state", () => setTimeout(table, 0)); // after screen.js kept it as `last`
})();
