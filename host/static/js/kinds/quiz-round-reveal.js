// Quiz round, picture reveal: the projector's picture under tiles that come off step by step
// (or a blur that clears), with the points on offer; the phone's "watch the screen" and the
// points on offer now (never the picture: its view has none before the reveal); the steps'
// points at the reveal; the host page's line. The step drawn here follows the countdown the
// page is sent (Countdown in common.js); the step that counts is the engine's, from the
// lock-in's host time (host/quiz_round/reveal.py). Loaded after quiz-round-common.js and
// before quiz-round.js (KIND.page_helpers); offers window.QuizRoundReveal.
"use strict";

window.QuizRoundReveal = (() => {
  const tr = kindStrings(WORDS.kinds["quiz-round-reveal"]); // host/static/words/kinds/quiz-round-reveal.json

  linkStylesheet("quiz-round-reveal", "../../css/kinds/quiz-round-reveal.css",
    document.currentScript ? document.currentScript.src : location.origin + "/static/js/kinds/quiz-round-reveal.js");

  // What the ticker redraws: the projector's picture (kept for the same question, so the tiles'
  // fading is not restarted by each redraw) and the points lines on either page.
  const live = { key: null, holder: null, reveal: null, offers: [], running: false };

  /** The step shown now, 1 to n, from the countdown: each step an n-th of the question's time;
   * the whole picture once the answers are closed. */
  function stepNow(reveal, open) {
    const n = reveal.steps;
    if (!open || !Countdown.total) return n;
    const left = Countdown.paused ? Countdown.left : Math.max(0, (Countdown.due - performance.now()) / 1000);
    const elapsed = Math.max(0, Countdown.total - left);
    return Math.min(n, Math.floor((elapsed * n) / Countdown.total) + 1);
  }

  /** The projector's picture for a question revealed by steps: the image under its tiles. */
  function picture(view, url) {
    const key = view.step + "|" + url;
    if (live.key !== key) {
      const reveal = view.reveal;
      const img = h("img", { src: url, alt: T.t("question_image"), class: "q-image" });
      const tiles = reveal.style === "tiles" ? h("div", { class: "qr-tiles", id: "qr-tiles",
        style: `grid-template-columns:repeat(${reveal.columns},1fr);grid-template-rows:repeat(${reveal.rows},1fr)` },
      Array.from({ length: reveal.columns * reveal.rows },
        (_, i) => h("span", { class: "qr-tile", "data-tile": i }))) : null;
      live.holder = h("div", { class: "qr-picture qr-reveal " + reveal.style, id: "qr-picture" }, img, tiles);
      live.key = key;
      img.addEventListener("load", () => tick());
    }
    live.reveal = view.reveal;
    live.open = view.stage === "answering";
    start();
    tick();
    return live.holder;
  }

  /** The tiles' box over the picture as drawn (object-fit: contain leaves margins). */
  function fitTiles(holder, img, tiles) {
    const w = img.naturalWidth, hgt = img.naturalHeight, bw = holder.clientWidth, bh = holder.clientHeight;
    if (!w || !hgt || !bw || !bh) return;
    const scale = Math.min(bw / w, bh / hgt);
    const dw = w * scale, dh = hgt * scale;
    Object.assign(tiles.style,
      { left: (bw - dw) / 2 + "px", top: (bh - dh) / 2 + "px", width: dw + "px", height: dh + "px" });
  }

  function drawPicture() {
    const holder = live.holder, reveal = live.reveal;
    if (!holder || !holder.isConnected || !reveal) return;
    const step = stepNow(reveal, live.open);
    holder.dataset.revealStep = step;
    const img = holder.querySelector("img");
    if (reveal.style === "tiles") {
      const tiles = holder.querySelector(".qr-tiles");
      fitTiles(holder, img, tiles);
      const off = new Set(reveal.order.slice(0, reveal.uncovered[step - 1]));
      for (const tile of tiles.children) tile.classList.toggle("off", off.has(Number(tile.dataset.tile)));
    } else {
      const width = img.clientWidth || holder.clientWidth;
      img.style.filter = `blur(${((reveal.blur[step - 1] / 100) * width).toFixed(1)}px)`;
    }
  }

  /** A line of points on offer (projector or phone), redrawn by the ticker. */
  function offerLine(view, id) {
    const line = h("p", { class: "qr-reveal-offer", id });
    live.offers = live.offers.filter((o) => o.line.isConnected);
    live.offers.push({ line, reveal: view.reveal, open: view.stage === "answering", watch: id === "qr-p-reveal" });
    drawOffer(live.offers[live.offers.length - 1]);
    start();
    return line;
  }

  function drawOffer(offer) {
    const reveal = offer.reveal;
    const step = stepNow(reveal, offer.open);
    const points = reveal.points[step - 1];
    offer.line.dataset.points = points;
    offer.line.dataset.step = step;
    offer.line.textContent = offer.watch
      ? tr("reveal_watch") + " · " + tr("reveal_points_now", { p: points })
      : tr("reveal_offer", { k: step, n: reveal.steps, p: points });
  }

  function tick() {
    drawPicture();
    for (const offer of live.offers) if (offer.line.isConnected) drawOffer(offer);
  }

  function start() {
    if (live.running) return;
    live.running = true;
    setInterval(tick, 200);
    window.addEventListener("resize", tick);
  }

  /** The badge over a question revealed by steps, with the points on offer. */
  function badge(view) {
    return view.stage === "answering" ? offerLine(view, "qr-reveal-offer") : null; // the reveal needs the room
  }

  /** The round's line on its title card. */
  function introLine(view) {
    return view.reveal_steps ? h("p", { class: "qr-plan qr-reveal-round", id: "qr-reveal-round" },
      tr("reveal_round", { n: view.reveal_steps })) : null;
  }

  /** At the reveal: each step's points and how many teams were right at it ("✔ 2"). */
  function stepsPanel(outcome) {
    const r = outcome && outcome.reveal;
    if (!r) return null;
    return h("p", { class: "qr-reveal-steps", id: "qr-reveal-steps" }, h("b", {}, tr("reveal_steps", { n: r.steps })),
      r.points.map((p, i) => h("span", { class: r.right[i] ? "hit" : "", "data-step": i + 1 },
        String(p), r.right[i] ? " ✔" + r.right[i] : "")));
  }

  /** The phone while the picture is revealed: watch the screen, and the points on offer now. */
  function phoneLine(view, you) {
    if (!view.reveal || view.stage !== "answering") return null;
    if (you.locked !== null) return h("p", { class: "qr-reveal-offer", id: "qr-p-reveal" }, tr("reveal_watch"));
    return offerLine(view, "qr-p-reveal");
  }

  /** A phone's verdict: the step its team locked in at. */
  function verdictExtra(result, outcome) {
    return result && result.reveal_step && outcome && outcome.reveal
      ? " · " + tr("reveal_found", { k: result.reveal_step, n: outcome.reveal.steps }) : "";
  }

  function hostLine(view) {
    return view.reveal ? h("p", { class: "note", id: "qr-host-reveal" },
      tr("reveal_host", { n: view.reveal.steps, style: tr("style_" + view.reveal.style) })) : null;
  }

  return { tr, picture, badge, introLine, stepsPanel, phoneLine, verdictExtra, hostLine };
})();
