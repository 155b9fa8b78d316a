// Buzzer board: the projector shows the window and who buzzed first (huge, in the
// seat's colour and pattern) with the others' margins; the phone is one giant BUZZ
// button; the host opens windows and marks answers right or wrong.
"use strict";

(() => {
  const tr = kindStrings(WORDS.kinds.buzzer); // host/static/words/kinds/buzzer.json

  /** armed / locked / decided / settling / idle: what the room is told about the window. */
  function windowState(view) {
    if (view.phase === "armed") return view.settling ? "settling" : "armed";
    if (view.phase === "floor") return "locked";
    if (view.phase === "closed") return view.final ? "decided" : "settling";
    return view.ranking.length || view.marks.length ? "decided" : "idle";
  }

  /** "+304 ms après le premier" (the gap to the first, never to the place before: that
   *  would make a later player look faster), or "égalité ± 4 ms" when the order is
   *  within the clocks' uncertainty. */
  function margin(view, row) {
    const first = view.ranking[0];
    if (row.tie) return tr("tie", { ms: Math.max(1, Math.round(row.u_ms + (first ? first.u_ms : 0))) });
    return behind(row.behind_ms);
  }

  function behind(ms) {
    return tr("behind", { ms: Math.round(ms).toLocaleString(T.lang) });
  }

  /** A time in ms with one decimal, in the page's language ("304,1" in French). */
  function tenths(ms) {
    return ms.toLocaleString(T.lang, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  }

  /** The first place's lead: "Ana seul", "Ana d’avance de 3 ms ± 4 ms" (arbiter.describe_lead's facts). */
  function leadText(view) {
    const [first, second] = view.ranking;
    if (!first) return "";
    if (!second) return tr("lead_alone", { who: first.name });
    const u = first.u_ms + second.u_ms;
    const num = (x) => x.toLocaleString(T.lang, { maximumFractionDigits: 2 });
    const text = tr(u ? "lead_by_u" : "lead_by", { who: first.name, ms: num(second.margin_ms), u: num(u) });
    return second.tie ? text + " (" + tr("lead_tie") + ")" : text;
  }

  /** Where a press came from, in the page's words (an unknown source as it is named). */
  function sourceText(source) {
    const known = ["phone", "gpio", "key"].includes(source);
    return known ? tr("src_" + source) : source;
  }

  /** The seat in words: its colour ("Rouge") or, past the named colours, "buzzer 5" (a bare
   *  "#5" beside "premier" read like a rank). "" when the player's name already says it. */
  function seatWord(seat, name) {
    const colour = T.colour(seat);
    if (name === colour) return "";
    return colour === "#" + (seat + 1) ? tr("seat_no", { n: seat + 1 }) : colour;
  }

  function lastMark(view) {
    return view.marks.length ? view.marks[view.marks.length - 1] : null;
  }

  // ------------------------------------------------------------- projector

  let screen = null;

  function mountScreen(root) {
    screen = {
      status: h("div", { class: "bz-status", id: "bz-status" }),
      winner: h("div", { class: "bz-winner", id: "bz-winner" }),
      others: h("ol", { class: "bz-others", id: "bz-others" }),
      mark: h("p", { class: "bz-mark", id: "bz-mark" }),
      scores: h("ol", { class: "scores bz-scores", id: "bz-scores" }),
    };
    root.append(h("div", { class: "bz-screen" },
      h("div", { class: "bz-main" }, screen.status, screen.winner, screen.mark, screen.others),
      h("aside", { class: "bz-side" }, h("h2", {}, tr("scores")), screen.scores)));
  }

  /** " · Fenêtre 3", or nothing before the first window is opened (no "Window 0"). */
  function windowPart(view) {
    return view.window ? " · " + tr("window", { n: view.window }) : "";
  }

  function updateScreen(state, ctx) {
    const view = state.view;
    const phase = windowState(view);
    if (ctx.title) ctx.title(tr("label") + windowPart(view));
    screen.status.className = "bz-status " + phase;
    screen.status.dataset.state = phase;
    screen.status.textContent = tr(phase);
    const shown = phase !== "armed" && phase !== "settling" && view.ranking.length;
    const first = shown ? view.ranking[0] : null;
    screen.winner.hidden = !first && phase !== "decided";
    if (first) {
      screen.winner.className = "bz-winner seat-" + seatLook(first.seat);
      screen.winner.dataset.seat = first.seat;
      const word = seatWord(first.seat, first.name);
      fill(screen.winner, h("span", { class: "bz-name" }, first.name),
        h("span", { class: "bz-colour" },
          (word ? word + " · " : "") + (view.floor === first.seat ? tr("has_floor") : tr("first_in"))));
    } else {
      screen.winner.className = "bz-winner empty";
      delete screen.winner.dataset.seat;
      fill(screen.winner,
        phase === "decided" && !view.marks.length ? h("span", { class: "bz-none" }, tr("no_press")) : null);
    }
    // The places after the first, one under the other ("2ᵉ", "3ᵉ"...): the host's tie rule
    // orders even a tie, so no two share a place. Past eight they run down two columns.
    const others = shown ? view.ranking.slice(1) : [];
    screen.others.classList.toggle("two", others.length > 8);
    fill(screen.others, others.map((row, i) =>
      h("li", { class: "bz-other" + (view.out.includes(row.seat) ? " out" : ""), "data-seat": row.seat },
        h("span", { class: "bz-place" }, T.place(i + 2)), seatChip(row.seat), h("span", { class: "who" }, row.name),
        h("span", { class: "bz-margin" }, margin(view, row)),
        view.out.includes(row.seat) ? h("em", {}, tr("locked_out")) : null)));
    const mark = lastMark(view);
    screen.mark.className = "bz-mark" + (mark ? (mark.right ? " good" : " bad") : "");
    screen.mark.textContent = mark
      ? tr(mark.right ? "mark_right" : "mark_wrong", { who: seatName(state, mark.seat) }) : "";
    const players = rankedPlayers(view);
    fill(screen.scores, players.map((p) => {
      const word = seatWord(p.seat, p.name);
      return h("li", { class: "score-row" + (view.floor === p.seat ? " turn" : ""), "data-seat": p.seat },
        seatChip(p.seat), h("span", { class: "who" }, word ? h("small", {}, word) : null, p.name),
        h("span", { class: "pts" }, Number(p.score).toLocaleString(T.lang)));
    }));
    // Every row on the screen up to a board of rows (16 seats); a hall's are cut at the bottom.
    if (others.length <= HALL_SEATS) fitText(screen.others, 0.5);
    if (players.length <= HALL_SEATS) fitText(screen.scores, 0.45);
    // Last: the list under it decides the box's height. A 24-character name on two lines inside.
    if (first) fitText(screen.winner.firstChild, 0.3);
    sounds(ctx.previous, state, ctx.sounds);
  }

  /** A buzz when someone takes the floor (or a ranking is final); right/wrong on a mark. */
  function sounds(before, now, sound) {
    if (!before || !before.view || before.meta.game !== now.meta.game) return;
    const b = before.view, v = now.view;
    if (v.floor !== null && v.floor !== b.floor) sound.play("buzz");
    else if (v.phase === "closed" && v.final && !b.final) sound.play("buzz");
    if (v.marks.length > b.marks.length || (v.window !== b.window && v.marks.length)) {
      sound.play(v.marks[v.marks.length - 1].right ? "right" : "wrong");
    }
  }

  // ------------------------------------------------------------- phone

  let phone = null;

  function mountPhone(root, ctx) {
    const word = h("span", { class: "bz-word" });
    const button = h("button", { type: "button", class: "bz-button", id: "bz-button" },
      h("span", {}, tr("buzz")), word);
    const press = (event) => {
      if (event.type === "keydown" && event.key !== " " && event.key !== "Enter") return;
      event.preventDefault();
      if (button.disabled) return;
      // The press's own time, on the clock-sync scale (performance.timeOrigin + timeStamp).
      const tClient = performance.timeOrigin + event.timeStamp;
      // Closed (greyed, "fermé"): the tap is still sent, as a press before the opening is the
      // anticipation the early lock-out is for, and the phone says why nothing happened.
      const closed = button.getAttribute("aria-disabled") === "true";
      if (closed) phone.note.textContent = tr("closed_tap");
      else {
        if (navigator.vibrate) navigator.vibrate(40);
        button.classList.add("pressed");
      }
      phone.ctx.send({ type: "buzz", t_client: tClient }).then((ack) => {
        button.classList.remove("pressed");
        if (!ack.ok && ack.code !== "stale") phone.note.textContent = T.refusal(ack);
      });
    };
    button.addEventListener("pointerdown", press);
    button.addEventListener("keydown", press);
    button.addEventListener("contextmenu", (event) => event.preventDefault());
    phone = {
      button, word, ctx,
      status: h("p", { class: "bz-you", id: "bz-you", "aria-live": "polite" }),
      note: h("p", { class: "note" }),
    };
    root.append(h("div", { class: "bz-phone" }, phone.status, button, phone.note));
  }

  function updatePhone(state, ctx) {
    phone.ctx = ctx;
    const view = state.view;
    const you = view.you || { status: "waiting" };
    let key = "you_" + you.status;
    if (you.early_lockout) key = "you_early";
    const lost = you.status !== "floor" && view.floor !== null;
    // A ranking window decided: a phone that pressed reads its place, not "settling".
    const placed = you.status === "buzzed" && view.mode === "ranking" && view.final
      && typeof you.place === "number";
    const place = placed && T.place(you.place + 1);
    const gap = placed && you.place > 0 && typeof you.behind_ms === "number" ? " · " + behind(you.behind_ms) : "";
    const text = lost && you.status !== "out" ? tr("you_lost", { who: view.floor_name })
      : placed ? tr("you_ranked", { place }) + gap : tr(key);
    phone.status.textContent = text;
    phone.status.className = "bz-you " + you.status;
    document.body.dataset.buzz = you.status;
    const canPress = !state.meta.paused && (you.status === "live" || you.status === "waiting") && !lost;
    phone.button.disabled = !canPress;
    // Between windows the button looks closed (grey, "fermé", aria-disabled) but takes the tap.
    const closed = canPress && view.phase !== "armed";
    if (closed) phone.button.setAttribute("aria-disabled", "true");
    else phone.button.removeAttribute("aria-disabled");
    phone.word.textContent = closed ? tr("closed") : "";
    phone.button.className = "bz-button " + you.status + (closed ? " closed" : "")
      + (view.phase === "armed" ? " armed" : "");
    const before = ctx.previous;
    // A note (why a tap did nothing) stays until the window or this phone's status moves on.
    const was = before && before.view ? before.view : null;
    if (!was || was.phase !== view.phase || was.window !== view.window || !was.you || was.you.status !== you.status) {
      phone.note.textContent = "";
    }
    // Fast clock pings while a window is open or about to be (keeps the radio awake too).
    ctx.heartbeat(view.phase === "armed" || view.phase === "floor" || view.phase === "closed");
    if (before && before.view && before.view.you && before.view.you.status !== you.status) {
      if (you.status === "floor") {
        ctx.sounds.play("buzz");
        if (navigator.vibrate) navigator.vibrate([80, 40, 80]);
      } else if (you.status === "out") {
        ctx.sounds.play("wrong");
      }
    }
  }

  // ------------------------------------------------------------- host page

  let host = null;

  function hostPanel(root) {
    host = {
      buttons: h("div", { class: "buttons", id: "bz-commands" }),
      order: h("div", { id: "bz-order" }),
    };
    root.append(h("div", { class: "card" }, h("h2", {}, tr("label")), host.buttons, host.order));
  }

  function updateHost(state, ctx) {
    const { meta, view } = state;
    const running = meta.status === "running" && !meta.paused;
    const phase = view ? view.phase : "idle";
    const windowOpen = phase === "armed" || phase === "floor" || (phase === "closed" && !(view && view.final));
    const ranking = view && view.mode === "ranking" && phase === "closed" && view.final;
    const buttons = [
      // A decided ranking (marked or not) does not wait for "close": the next window opens.
      ["open-first", "open", { mode: "first" }, running && !windowOpen, "primary"],
      ["open-ranking", "open", { mode: "ranking" }, running && !windowOpen],
      ["right", "right", {}, running && (phase === "floor" || ranking), "good"],
      ["wrong", "wrong", {}, running && (phase === "floor" || ranking), "bad"],
      // A decided ranking is closed already ("Fermer" then would end its marks).
      ["close", "close", {}, running && phase !== "idle" && !ranking],
    ];
    commandButtons(host.buttons, buttons.map(([id, type, extra, enabled, cls]) => ({
      cmd: id, enabled, cls, label: tr(id.replace("-", "_")),
      onclick: () => ctx.send({ type, ...extra }),
    })));
    if (!view) {
      fill(host.order, h("p", { class: "note" }, T.t("host_not_started")));
      return;
    }
    const entries = view.entries || [];
    const t0 = entries.length ? Math.min(...entries.map((e) => e.t_ns)) : 0;
    fill(host.order,
      h("p", { class: "bz-host-state" }, tr(windowState(view)), windowPart(view),
        view.ranking.length ? " · " + leadText(view) : ""),
      view.ranking.length ? h("ol", { class: "bz-host-ranking" }, view.ranking.map((row, i) =>
        h("li", { "data-seat": row.seat }, seatChip(row.seat), " ", row.name, " ", i ? margin(view, row) : "",
          " · ", sourceText(row.source),
          view.out.includes(row.seat) ? " · " + tr("locked_out") : ""))) : null,
      entries.length ? h("table", { class: "live-table" },
        h("tr", {}, h("th", {}, tr("host_times")), h("th", {}, tr("host_after")), h("th", {}, "± ms")),
        entries.map((e) => h("tr", {}, h("td", {}, seatChip(e.seat), " ", seatName(state, e.seat)),
          h("td", {}, "+" + tenths((e.t_ns - t0) / 1e6)), h("td", {}, tenths(e.u_ns / 1e6))))) : null);
  }

  registerKind("buzzer", {
    label: { fr: "Buzzers", en: "Buzzer board" },
    screen: { mount: mountScreen, update: updateScreen },
    phone: { mount: mountPhone, update: updatePhone },
    host: { panel: hostPanel, update: updateHost },
  });
})();
