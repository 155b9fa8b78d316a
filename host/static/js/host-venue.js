// The host page's "Venue" card: the venue's name, accent colour and logo, on the projector and
// the phones (host/routes/venue.py). A colour that reads badly on the pages is refused with
// its ratio, and the nearest colour that reads well is offered in one tap. A logo is checked
// by the host (its first bytes, its size): a refusal says why and keeps the previous one.
// Another host page's change arrives as `venue`. Loaded after host.js (socket, ask) and
// editor.js (Editor.api: requests with the host key).
"use strict";

(() => {
  const api = (url, options) => Editor.api(url, options);
  let proposal = null; // the colour the host refusal proposed

  function say(id, text, good) {
    $(id).textContent = text || "";
    $(id).classList.toggle("error", !good);
  }

  function colourCode() {
    $("#venue-colour").disabled = !$("#venue-colour-on").checked;
    $("#venue-colour-code").textContent = $("#venue-colour-on").checked ? $("#venue-colour").value
      : T.t("venue_no_colour");
  }

  /** The preview in the card: the venue as the pages show it. */
  function preview(venue) {
    const v = venue || {};
    const slot = $("#venue-preview .venue-slot");
    slot.hidden = !(v.name || v.logo);
    slot.style.setProperty("--venue", v.colour || "");
    const logo = slot.querySelector(".venue-logo");
    logo.hidden = !v.logo;
    if (v.logo) logo.src = v.logo;
    else logo.removeAttribute("src");
    slot.querySelector(".venue-name").textContent = v.name || "";
    $("#venue-logo-remove").hidden = !v.logo;
    $("#venue-clear").hidden = !(v.name || v.logo || v.colour);
  }

  /** The saved venue into the form (on load, and when another host page changed it). */
  function show(venue) {
    const v = venue || {};
    if (document.activeElement !== $("#venue-name")) $("#venue-name").value = v.name || "";
    $("#venue-colour-on").checked = !!v.colour;
    if (v.colour) $("#venue-colour").value = v.colour;
    colourCode();
    preview(v);
  }

  function offer(colour) {
    proposal = colour;
    $("#venue-proposal").hidden = !colour;
    if (!colour) return;
    $("#venue-use .venue-swatch").style.background = colour;
    $("#venue-use-label").textContent = T.t("venue_use", { colour });
  }

  async function save(event) {
    if (event) event.preventDefault();
    const colour = $("#venue-colour-on").checked ? $("#venue-colour").value : null;
    const answer = await api("/api/venue", { method: "PUT", body: { name: $("#venue-name").value, colour } });
    offer(answer.ok ? null : answer.proposal || null);
    say("#venue-msg", answer.ok ? T.t("venue_saved") : T.refusal(answer), answer.ok);
    if (answer.ok) show(answer.venue);
  }

  async function upload() {
    const file = $("#venue-logo-file").files[0];
    if (!file) return;
    const form = new FormData();
    form.append("file", file);
    const answer = await api("/api/venue/logo", { method: "POST", body: form });
    $("#venue-logo-file").value = ""; // the same file again is a new choice
    say("#venue-logo-msg", answer.ok ? T.t("venue_logo_saved") : T.refusal(answer), answer.ok);
    if (answer.ok) preview(answer.venue);
  }

  async function removeLogo() {
    const answer = await api("/api/venue/logo", { method: "DELETE" });
    say("#venue-logo-msg", answer.ok ? T.t("venue_logo_removed") : T.refusal(answer), answer.ok);
    if (answer.ok) preview(answer.venue);
  }

  async function clear() {
    if (!(await ask(T.t("venue_clear_ask")))) return;
    const answer = await api("/api/venue", { method: "DELETE" });
    say("#venue-msg", answer.ok ? T.t("venue_cleared") : T.refusal(answer), answer.ok);
    say("#venue-logo-msg", "");
    offer(null);
    if (answer.ok) show(answer.venue);
  }

  $("#venue-colour").setAttribute("aria-label", T.t("venue_colour_pick"));
  $("#venue-colour").addEventListener("input", () => {
    offer(null);
    colourCode();
  });
  $("#venue-colour-on").addEventListener("change", colourCode);
  $("#venue-form").addEventListener("submit", save);
  $("#venue-use").addEventListener("click", () => {
    $("#venue-colour").value = proposal;
    $("#venue-colour-on").checked = true;
    colourCode();
    save();
  });
  $("#venue-logo-file").addEventListener("change", upload);
  $("#venue-logo-remove").addEventListener("click", removeLogo);
  $("#venue-clear").addEventListener("click", clear);
  socket.on("venue", (message) => show(message.venue));
  socket.on("connect", async () => {
    const found = await getJson("/api/venue", null);
    if (found) show(found.venue);
  });
  getJson("/api/venue", null).then((found) => { if (found) show(found.venue); });
})();
