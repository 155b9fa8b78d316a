// The venue's look on the projector and the phones (host/room/venue.py): its logo and name in
// the header (the phone's top bar), the projector's lobby and podium, and its accent colour
// (`--venue`, app.css; today's accent without one). Drawn at once from the page (the body's
// data-venue-now), then from every `venue` event (the host changed it) and GET /api/venue on
// each (re)connection. Without a venue the pages look as they always did. Loaded after
// screen.js or phone.js (their socket).
/* global socket, fitSections */
"use strict";

(() => {
  const screen = document.body.classList.contains("screen");

  function refit() {
    if (screen) fitSections(); // screen.js: the lobby and the podium stay whole
  }

  function draw(venue) {
    const v = venue || {};
    const shown = !!(v.name || v.logo);
    const body = document.body;
    body.dataset.venue = shown ? "on" : "";
    body.dataset.venueColour = v.colour ? "on" : "";
    if (v.colour) body.style.setProperty("--venue", v.colour);
    else body.style.removeProperty("--venue");
    for (const slot of document.querySelectorAll(".venue-slot")) {
      slot.hidden = !shown;
      const logo = slot.querySelector(".venue-logo");
      logo.hidden = !v.logo;
      if (!v.logo) logo.removeAttribute("src");
      else if (logo.getAttribute("src") !== v.logo) {
        logo.onload = refit;
        logo.src = v.logo;
      }
      const name = slot.querySelector(".venue-name");
      name.textContent = v.name || "";
      name.hidden = !v.name;
    }
    refit();
  }

  try {
    draw(JSON.parse(document.body.dataset.venueNow || "null"));
  } catch {
    draw(null);
  }
  socket.on("venue", (message) => draw(message.venue));
  socket.on("connect", async () => {
    const found = await getJson("/api/venue", null); // unreachable: keep what is drawn
    if (found) draw(found.venue);
  });
})();
