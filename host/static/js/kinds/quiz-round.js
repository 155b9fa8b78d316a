// Quiz round: every team answers the same question on its phone. The projector shows the
// round's title card, the question with its countdown, the reveal (a bar per option, or the
// closest numbers) and the leaderboard; the phone is big buttons or a keypad, then its own
// result and place; the host page moves on, closes, skips and edits scores.
// Styles: css/kinds/quiz-round.css (prefix "qr-"). Rules: docs/rules/quiz-round.md. Strings,
// formatting and the host form's round builder: quiz-round-common.js (loaded first).
"use strict";

(() => {
  const { tr, LETTERS, roundTitle, num, signed, secondsOf, answerText, placeText, showPicture,
    planLine } = window.QuizRound;
  const Typed = window.QuizRoundTyped; // typed answers: quiz-round-typed.js
  const Clip = window.QuizRoundClip; // a question's sound on the projector: quiz-round-clip.js
  const Order = window.QuizRoundOrder; // ordering questions: quiz-round-order.js
  const Wager = window.QuizRoundWager; // wager questions, the streak bonus: quiz-round-wager.js
  const Risk = window.QuizRoundRisk; // wipeout, double or nothing: quiz-round-risk.js
  const Knockout = window.QuizRoundKnockout; // the knock-out round: quiz-round-knockout.js
  const Several = window.QuizRoundSeveral; // several right options, ticked: quiz-round-several.js
  const Reveal = window.QuizRoundReveal; // picture reveal: quiz-round-reveal.js
  const CatchUp = window.QuizRoundCatchUp; // the half-time catch-up: quiz-round-catchup.js
  const BOARD_ROWS = 40; // the projector's leaderboard: the top 40, in columns

  // ------------------------------------------------------------- projector

  let screen = null;

  function mountScreen(root) {
    screen = {
      head: h("div", { class: "qr-head" }, h("span", { id: "qr-where" }),
        h("span", { id: "qr-count", class: "qr-count" }),
        h("span", { id: "qr-seconds", class: "qr-seconds" })),
      bar: h("div", { class: "timer qr-timer" }, h("div", { id: "qr-bar", class: "timer-bar" })),
      body: h("div", { id: "qr-body", class: "qr-body" }),
      edits: h("p", { id: "qr-edits", class: "qr-edits" }),
    };
    root.append(h("div", { class: "qr-screen" }, screen.head, screen.bar, screen.body, screen.edits));
    Clip.mount(root, screen.head);
  }

  function updateScreen(state, ctx) {
    const { meta, view } = state;
    if (ctx.title) ctx.title(tr("label") + " · " + roundTitle(view));
    document.body.dataset.qrStage = view.stage;
    const asking = ["answering", "review", "reveal"].includes(view.stage);
    $("#qr-where").textContent = [tr("round_of", { n: view.round, of: view.rounds }), view.round_title,
      asking ? tr("question_of", { n: view.number, of: view.of }) : ""].filter(Boolean).join(" · ");
    $("#qr-count").textContent = view.stage === "answering" && !view.buzz
      ? tr("answered", { n: view.answered, of: view.knockout ? view.knockout.in : view.teams }) : "";
    const timed = view.stage === "answering" || view.stage === "wager";
    screen.bar.hidden = !timed;
    Countdown.set(meta, $("#qr-bar"), timed ? $("#qr-seconds") : null);
    if (!timed) $("#qr-seconds").textContent = "";
    const body = screen.body;
    body.className = "qr-body qr-" + view.stage;
    if (view.stage === "intro") drawIntro(body, view);
    else if (view.stage === "wager") fill(body, Wager.screen(view));
    else if (asking) drawQuestion(body, view, state);
    else if (view.stage === "board") drawBoard(body, view);
    else fill(body, h("p", { class: "qr-wait" }, tr("drawing")));
    fill(screen.edits, (view.corrections || []).slice(-2).map(correctionLine),
      view.edits.slice(-2).map((e) => h("span", { class: e.points > 0 ? "good" : "bad" },
        tr("edit", { who: e.name, pts: signed(e.points), why: e.reason }))));
    sounds(ctx.previous, state, ctx.sounds);
    Clip.update(view, ctx.send);
  }

  /** A correction after the reveal, as the room reads it: which question, why, who it moved. */
  function correctionLine(fix) {
    const q = tr("q_of_round", { n: fix.number, r: fix.round });
    return h("span", { class: "qr-fix", "data-question": fix.question },
      tr(fix.kind === "void" ? "voided" : "corrected", { q, why: fix.reason }),
      fix.changes.map((c) => h("b", { class: c.points > 0 ? "good" : "bad" },
        " · " + c.name + " " + signed(c.points))));
  }

  function drawIntro(body, view) {
    fill(body, h("div", { class: "qr-intro" },
      h("p", { class: "qr-round-no" }, tr("round_of", { n: view.round, of: view.rounds })),
      h("h1", {}, roundTitle(view)),
      h("p", { class: "qr-plan" }, planLine(view)), Wager.introLine(view), Risk.introLines(view),
      Knockout.introLines(view), Reveal.introLine(view), CatchUp.introLine(view),
      h("p", { class: "note" }, tr("joker_hint"))));
  }

  function drawQuestion(body, view) {
    const q = view.question;
    const outcome = view.stage === "reveal" ? view.outcome : null;
    let picture = h("div", { class: "qr-picture", id: "qr-picture" });
    if (view.reveal && q.image) picture = Reveal.picture(view, q.image); // tiles or blur, by step
    else showPicture(picture, q.image || null);
    const parts = [h("p", { class: "qr-prompt", id: "qr-prompt" }, T.prose(q.prompt))];
    if (view.buzz) parts.unshift(buzzBanner(view.buzz));
    if (view.wager) parts.unshift(Wager.badge());
    if (view.risk) parts.unshift(Risk.badge(view));
    if (view.knockout) parts.unshift(Knockout.badge(view));
    if (q.several) parts.push(Several.screenHint(view));
    if (view.reveal) parts.unshift(Reveal.badge(view));
    if (q.kind === "choice") parts.push(optionBars(q, outcome));
    else if (q.kind === "text") parts.push(Typed.screenPanel(view, outcome));
    else if (q.kind === "order") parts.push(Order.screenPanel(q, outcome, view));
    else parts.push(numericPanel(q, outcome));
    if (outcome && outcome.buzz) {
      parts.push(h("p", { class: "qr-summary", id: "qr-summary" }, outcome.buzz.map((m) =>
        h("span", { class: m.right ? "good" : "bad" }, (m.right ? "✔ " : "✘ ") + m.name + " "))));
    } else if (outcome) {
      const fast = outcome.fastest;
      parts.push(h("p", { class: "qr-summary", id: "qr-summary" },
        tr("right_count", { n: outcome.right, of: view.teams }),
        fast ? " · " + tr("fastest", { who: fast.name, s: secondsOf(fast.ms, 1) }) : ""));
      parts.push(Wager.stakesPanel(outcome), Risk.revealPanel(outcome), Knockout.revealPanel(outcome),
        Reveal.stepsPanel(outcome));
    }
    if (outcome && (outcome.void || outcome.corrected)) {
      const q = tr("q_of_round", { n: view.number, r: view.round });
      parts.push(h("p", { class: "qr-fixed bad", id: "qr-fixed" },
        tr(outcome.void ? "voided" : "corrected", { q, why: outcome.void || outcome.corrected })));
    }
    if (outcome && outcome.explain) parts.push(h("p", { class: "qr-explain", id: "qr-explain" }, outcome.explain));
    // A video clip above the text, full width (quiz-round-clip.js puts its <video> in the slot).
    const film = view.clip && view.clip.video ? h("div", { class: "qr-video-slot", id: "qr-video-slot" }) : null;
    const layout = film ? " with-video" : q.image ? " with-picture" : "";
    fill(body, h("div", { class: "qr-question" + layout }, film || (q.image ? picture : null),
      h("div", { class: "qr-text" }, parts)));
  }

  /** A buzz question: who has the floor (huge), or that the buzzers are live; who was wrong. */
  function buzzBanner(buzz) {
    const floor = buzz.floor !== null;
    return h("div", { class: "qr-floor" + (floor ? " taken" : ""), id: "qr-floor",
      "data-floor": floor ? buzz.floor : "" },
      floor ? [seatChip(buzz.floor), " ", tr("has_floor", { who: buzz.floor_name })] : tr("buzz_now"),
      buzz.marks.filter((m) => !m.right).map((m) => h("small", { class: "bad" }, " ✘ " + m.name)));
  }

  /** The options; at the reveal each has a bar: how many teams chose it, the right one lit
   * (a buzz question has no counts: the right one is lit; several right options: each lit,
   * each bar the teams that ticked it). */
  function optionBars(q, outcome) {
    if (outcome && !outcome.counts) outcome = { ...outcome, counts: null };
    const most = outcome && outcome.counts ? Math.max(1, ...outcome.counts) : 1;
    return h("ol", { class: "qr-options n" + q.options.length, id: "qr-options" }, q.options.map((text, i) => {
      const right = outcome && Several.isRight(outcome.answer, i);
      const count = outcome && outcome.counts ? outcome.counts[i] : null;
      const lit = outcome ? (right ? " right" : " dim") : "";
      return h("li", { class: "qr-option choice-" + i + lit, "data-option": i },
        h("b", {}, LETTERS[i]), h("span", { class: "qr-text-opt" }, text),
        count !== null ? h("span", { class: "qr-bar-holder" },
          h("span", { class: "qr-bar", style: `width:${(100 * count / most).toFixed(1)}%` }),
          h("span", { class: "qr-n", "data-count": count }, String(count))) : null);
    }));
  }

  function numericPanel(q, outcome) {
    if (!outcome) return h("p", { class: "qr-numeric-hint" }, q.unit ? "(" + q.unit + ")" : "");
    return h("div", { class: "qr-numeric" },
      h("p", { class: "qr-truth", id: "qr-truth" }, tr("answer", { v: answerText(q, outcome.answer) })),
      outcome.closest.length ? h("ol", { class: "qr-closest" }, outcome.closest.map((row) =>
        h("li", { "data-seat": row.seat }, h("span", { class: "qr-place" }, placeText(row.place)),
          seatChip(row.seat), h("span", { class: "who" }, row.name),
          h("span", { class: "qr-val" }, answerText(q, row.value)),
          h("span", { class: "pts" }, row.points ? signed(row.points) + (row.joker ? " ★" : "") : "")))) : null,
      outcome.spread ? h("p", { class: "note qr-spread" },
        tr("spread", { low: answerText(q, outcome.spread[0]), high: answerText(q, outcome.spread[1]) })) : null);
  }

  /** The leaderboard: the top 40 in columns (what the back of the room can read), then a count. */
  function drawBoard(body, view) {
    const half = view.round_end && view.rounds > 1 && view.round * 2 === view.rounds; // half-time
    const title = view.final ? tr("final") : half ? tr("half_time")
      : view.round_end ? tr("board_round", { n: view.round }) : tr("board");
    const shown = view.players.slice(0, BOARD_ROWS);
    const rows = shown.length > 20 ? " many" : shown.length > 10 ? " some" : "";
    fill(body, h("div", { class: "qr-board" },
      h("h1", {}, title),
      h("ol", { class: "qr-board-list" + rows, id: "qr-board-list" }, shown.map((p) =>
        h("li", { class: "qr-row" + (p.place <= 3 ? " top" : "") + (p.out ? " out" : ""), "data-seat": p.seat },
          h("span", { class: "qr-place" }, String(p.place)), seatChip(p.seat),
          h("span", { class: "who" }, p.name, p.joker ? " ★" : "", Risk.boardMarks(p), Knockout.boardMarks(p),
            CatchUp.tag(p)),
          h("span", { class: "qr-gain" + (p.round < 0 ? " loss" : "") }, p.round ? signed(p.round) : ""),
          h("span", { class: "pts" }, num(p.score))))),
      view.players.length > BOARD_ROWS
        ? h("p", { class: "note" }, tr("more", { n: view.players.length - BOARD_ROWS })) : null,
      CatchUp.boardLine(view)));
  }

  /** Time up at a reveal (right/wrong after a buzz question); a buzz when a team takes the floor. */
  function sounds(before, now, sound) {
    if (!before || !before.view || before.meta.game !== now.meta.game) return;
    const was = before.view.buzz, is = now.view.buzz;
    if (["answering", "review"].includes(before.view.stage) && now.view.stage === "reveal") {
      const buzzed = now.view.outcome && now.view.outcome.buzz;
      sound.play(buzzed && buzzed.length ? (now.view.outcome.right ? "right" : "wrong") : "timeup");
    } else if (is && is.floor !== null && (!was || was.floor !== is.floor)) {
      sound.play("buzz");
    } else if (is && was && is.marks.length > was.marks.length) {
      sound.play("wrong");
    }
  }

  // ------------------------------------------------------------- phone

  let phone = null;

  function mountPhone(root) {
    phone = {
      status: h("p", { class: "status qr-status", id: "qr-status", "aria-live": "polite" }),
      bar: h("div", { class: "timer" }, h("div", { id: "qr-p-bar", class: "timer-bar" })),
      picture: h("div", { class: "qr-picture", id: "qr-p-picture" }),
      reveal: h("div", { class: "qr-p-reveal" }), // a picture being revealed: watch the screen
      prompt: h("p", { class: "prompt qr-p-prompt", id: "qr-p-prompt" }),
      controls: h("div", { class: "qr-controls", id: "qr-controls" }),
      typed: "", typedFor: null, state: null, ctx: null,
    };
    root.append(h("div", { class: "qr-phone" }, phone.status, phone.bar, phone.reveal, phone.picture, phone.prompt,
      phone.controls));
  }

  function tapTime(event) {
    return performance.timeOrigin + (event && event.timeStamp ? event.timeStamp : performance.now());
  }

  function act(event) {
    return phone.ctx.send({ ...event, stage: phone.state.meta.stage }).then((ack) => {
      if (ack && ack.ok) {
        if (navigator.vibrate) navigator.vibrate(60);
      } else {
        phone.status.textContent = refusal(ack);
      }
      return ack;
    });
  }

  /** A refusal in the page's language: the server's reasons are English, its codes are not. */
  function refusal(ack) {
    const reason = (ack && ack.reason) || "";
    const typed = Typed.refusal(reason) || Wager.refusal(reason) || Risk.refusal(reason)
      || Knockout.refusal(reason);
    if (typed) return typed;
    const team = reason.match(/already answered \(([^)]+)\)/);
    if (team) return tr("team_answered", { who: team[1] });
    if (/out for this question/.test(reason)) return tr("you_out");
    if (/^too early/.test(reason)) return tr("you_early");
    if (/has the floor/.test(reason)) {
      const buzz = phone.state && phone.state.view && phone.state.view.buzz;
      return buzz && buzz.floor_name ? tr("you_lost", { who: buzz.floor_name }) : tr("floor_taken");
    }
    const key = "refused_" + ((ack && ack.code) || "");
    return tr(key) !== key ? tr(key) : reason || "?";
  }

  function updatePhone(state, ctx) {
    phone.state = state;
    phone.ctx = ctx;
    const { meta, view } = state;
    const you = view.you;
    const q = view.question;
    const answering = view.stage === "answering" && q;
    Countdown.set(meta, $("#qr-p-bar"), null);
    phone.bar.hidden = !answering && view.stage !== "wager";
    ctx.heartbeat(view.stage === "answering" || view.stage === "drawing");
    showPicture(phone.picture, q && q.image && q.image_on_phones && view.stage !== "board" ? q.image : null);
    fill(phone.reveal, Reveal.phoneLine(view, you)); // the view holds no picture yet
    phone.prompt.textContent = q && ["answering", "review", "reveal"].includes(view.stage) ? T.prose(q.prompt) : "";
    // A text field being typed in stays as it is (its text, focus and keyboard) while other
    // teams' answers change the view.
    const typing = answering && q.kind === "text" && you.locked === null && !meta.paused
      && phone.typedFor === view.step && phone.controls.querySelector("#qr-text");
    // The answer buttons stay while other teams' answers change the view: a button replaced
    // between a tap's press and its release loses the tap (taps come as others lock in).
    const picking = answering && !meta.paused && you.locked === null && !you.buzz
      && !(you.knockout && you.knockout.out) && (view.legal || []).length > 0;
    const pickKey = picking ? [view.step, q.kind, !!q.several, JSON.stringify(q.options || []),
      (view.legal || []).join(), T.lang].join("|") : "";
    const keep = picking && phone.controls.dataset.pick === pickKey;
    if (!typing && !keep) {
      fill(phone.controls);
      phone.controls.dataset.pick = "";
    }
    phone.status.className = "status qr-status";
    if (meta.paused) {
      phone.status.textContent = T.t("paused");
    } else if (view.stage === "intro") {
      phone.status.textContent = roundTitle(view) + " · " + planLine(view);
      fill(phone.controls, jokerControl(view, you), Risk.phone(view, you, act),
        CatchUp.phoneLine(view, you));
    } else if (view.stage === "wager") {
      fill(phone.controls, Wager.phone(view, you, act, phone.status));
    } else if (answering && you.knockout && you.knockout.out) {
      phone.status.textContent = tr("question_of", { n: view.number, of: view.of });
      fill(phone.controls, Knockout.phone(you));
    } else if (answering && you.buzz) {
      fill(phone.controls, buzzButton(view, you));
    } else if (answering) {
      phone.status.textContent = tr("question_of", { n: view.number, of: view.of });
      if (you.locked !== null && q.kind === "order") {
        phone.status.textContent = Order.tr("order_locked");
        phone.status.classList.add("locked");
        fill(phone.controls, Order.lockedList(q, you.locked));
      } else if (you.locked !== null && q.several) {
        phone.status.textContent = Several.tr("ticked");
        phone.status.classList.add("locked");
        fill(phone.controls, Several.lockedList(q, you.locked));
      } else if (you.locked !== null) {
        phone.status.textContent = tr("locked", { v: answerText(q, you.locked) });
        phone.status.classList.add("locked");
      } else if (typing || keep) {
        // the field, or the answer buttons, stay
      } else if ((view.legal || []).length) {
        phone.controls.dataset.pick = pickKey;
        if (phone.typedFor !== view.step) {
          phone.typed = "";
          phone.negative = false;
          phone.typedFor = view.step;
        }
        const lockIn = (value, event) => act({ type: "answer", value, t_client: tapTime(event) });
        fill(phone.controls, q.several ? Several.picker(q, view.step, lockIn)
          : q.kind === "choice" ? choiceButtons(q)
          : q.kind === "order" ? Order.picker(q, view.step, lockIn)
          : q.kind === "text" ? Typed.field((value, event) => act({ type: "answer", value, t_client: tapTime(event) }),
            q.language)
            : keypad(q));
      }
    } else if (view.stage === "review" && q) {
      phone.status.textContent = you.locked !== null ? tr("locked", { v: answerText(q, you.locked) }) : tr("none");
      fill(phone.controls, h("p", { class: "note", id: "qr-p-review" }, tr("review_wait")));
    } else if (view.stage === "reveal" && view.outcome && q.kind === "order") {
      phone.status.textContent = Order.tr("order_right");
      fill(phone.controls, you.result ? Order.verdict(q, you) : verdict(you, view.outcome),
        Order.phoneReveal(q, view.outcome, you));
    } else if (view.stage === "reveal" && view.outcome && q.several) {
      phone.status.textContent = Several.tr("right_ones");
      fill(phone.controls, Several.verdict(view.outcome, you), Several.phoneReveal(q, view.outcome, you),
        view.outcome.explain ? h("p", { class: "qr-explain", id: "qr-p-explain" }, view.outcome.explain) : null);
    } else if (view.stage === "reveal" && view.outcome) {
      phone.status.textContent = tr("answer", { v: answerText(q, view.outcome.answer) });
      const yours = you.result && you.result.value !== null && you.result.value !== undefined
        ? h("p", { class: "note qr-yours", id: "qr-p-yours" }, tr("yours", { v: answerText(q, you.result.value) }))
        : null;
      const fixed = view.outcome.void || view.outcome.corrected;
      fill(phone.controls, !you.result && Knockout.phone(you) || verdict(you, view.outcome), yours,
        fixed ? h("p", { class: "note qr-fixed", id: "qr-p-fixed" }, tr(view.outcome.void ? "voided" : "corrected",
          { q: tr("q_of_round", { n: view.number, r: view.round }), why: fixed })) : null, Risk.phone(view, you, act),
        view.outcome.explain ? h("p", { class: "qr-explain", id: "qr-p-explain" }, view.outcome.explain) : null);
    } else if (view.stage === "board") {
      phone.status.textContent = view.final ? tr("final") : tr("board");
      fill(phone.controls, myPlace(view, you), view.final ? null : Risk.phone(view, you, act),
        CatchUp.phoneLine(view, you));
    } else {
      phone.status.textContent = tr("wait_next");
    }
  }

  /** A buzz question: one big button (on pointerdown, its own time), and who has the floor. */
  function buzzButton(view, you) {
    const before = phone.ctx.previous && phone.ctx.previous.view && phone.ctx.previous.view.you;
    if (you.buzz === "floor" && (!before || before.buzz !== "floor")) {
      phone.ctx.sounds.play("buzz");
      if (navigator.vibrate) navigator.vibrate([80, 40, 80]);
    }
    const floor = view.buzz.floor_name;
    const lost = view.buzz.floor !== null && you.buzz !== "floor";
    phone.status.textContent = lost ? tr("you_lost", { who: floor }) : tr("you_" + you.buzz);
    phone.status.classList.toggle("locked", you.buzz === "floor");
    const button = h("button", { type: "button", class: "qr-buzz " + you.buzz, id: "qr-buzz",
      disabled: lost || !["live", "early"].includes(you.buzz) }, tr("buzz"));
    button.addEventListener("pointerdown", (event) => {
      event.preventDefault();
      if (!button.disabled) act({ type: "buzz", t_client: tapTime(event) });
    });
    return button;
  }

  function jokerControl(view, you) {
    if (you.joker === "on") return h("p", { class: "verdict-big good qr-joker-on" }, "★ " + tr("joker_on"));
    if (you.joker === "played") return h("p", { class: "note" }, tr("joker_done"));
    const legal = (view.legal || []).some((a) => a.type === "joker");
    return h("button", { type: "button", class: "qr-joker", id: "qr-joker", disabled: !legal,
      onclick: () => act({ type: "joker" }) }, "★ " + tr("joker"));
  }

  function choiceButtons(q) {
    return h("div", { class: "choices qr-choices n" + q.options.length }, q.options.map((text, i) =>
      h("button", { type: "button", class: "choice choice-" + i + " qr-choice", "data-choice": i,
        onclick: (event) => act({ type: "answer", value: i, t_client: tapTime(event) }) },
      h("b", {}, LETTERS[i]), h("span", {}, text))));
  }

  /** The number keypad: digits, "00", ⌫, and ± beside the number (every number question has
   * it, so it never hints that an answer is below zero). OK with nothing typed sends nothing
   * and says so: an empty keypad is not a 0. */
  function keypad(q) {
    const display = h("output", { class: "typed", id: "qr-typed", "aria-live": "polite" });
    const show = () => {
      const typed = phone.typed;
      display.classList.toggle("empty", !typed);
      display.textContent = (phone.negative ? "−" : "") + (typed ? num(Number(typed)) : "?");
    };
    const press = (key) => {
      let typed = phone.typed;
      if (key === "⌫") typed = typed.slice(0, -1);
      else if (typed.length < 12) typed = (typed === "0" ? "" : typed) + key;
      phone.typed = typed;
      show();
    };
    const sign = () => {
      phone.negative = !phone.negative;
      show();
    };
    const keys = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "0", "00", "⌫"];
    const lockIn = (event) => {
      if (!phone.typed) {
        phone.status.textContent = tr("number_first");
        return;
      }
      const value = (phone.negative ? -1 : 1) * parseInt(phone.typed, 10);
      if (!Number.isNaN(value)) act({ type: "answer", value, t_client: tapTime(event) });
    };
    show();
    return h("div", { class: "keypad qr-keypad" }, h("div", { class: "qr-typed-line" },
      h("button", { type: "button", class: "key qr-sign", "data-key": "-", "aria-label": tr("sign"),
        onclick: sign }, "±"), display,
      q.unit ? h("span", { class: "qr-unit" }, q.unit) : null),
    h("div", { class: "keys" },
      keys.map((k) => h("button", { type: "button", class: "key", "data-key": k, onclick: () => press(k) }, k))),
    h("button", { type: "button", class: "key ok", "data-key": "ok", onclick: lockIn }, T.t("ok")));
  }

  function verdict(you, outcome) {
    const result = you.result;
    if (!result) return h("div", { class: "verdict-big none", id: "qr-verdict" }, tr("none"));
    // A numeric answer off the mark may still score by its rank: not a "wrong" red.
    const near = !result.right && result.points > 0 && result.place;
    const look = "verdict-big " + (result.right ? "good" : near ? "good part" : "bad");
    return h("div", { class: look, id: "qr-verdict", "data-points": result.points },
      result.right ? "✔ " + tr("right")
        : near ? tr("place_of", { n: result.place }) : "✘ " + tr("wrong"),
      h("small", {}, (result.points < 0 ? result.points + " points" : tr("points", { n: result.points }))
        + (result.bonus ? " · " + tr("bonus", { n: result.bonus }) : "") + Wager.verdictExtra(result)
        + Risk.verdictExtra(result) + Knockout.verdictExtra(result)
        + Reveal.verdictExtra(result, outcome)));
  }

  /** The phone's own place and the top five: a 40-team board does not fit a phone. */
  function myPlace(view, you) {
    return h("div", { class: "qr-myplace" },
      // Green is for the lead only: a last place is told plainly, not as a success.
      h("p", { class: you.place === 1 ? "verdict-big good" : "verdict-big plain", id: "qr-place" },
        tr("your_place", { place: placeText(you.place), of: view.teams }),
        h("small", {}, num(you.score) + " pts")),
      h("h3", {}, tr("top")),
      h("ol", { class: "qr-top" }, view.players.slice(0, 5).map((p) =>
        h("li", { class: p.seat === you.seat ? "mine" : "" }, // not "me": the phone's header line
          h("span", { class: "qr-place" }, String(p.place)), seatChip(p.seat),
          h("span", { class: "who" }, p.name), h("span", { class: "pts" }, num(p.score))))));
  }

  registerKind("quiz-round", {
    settingEditor: window.QuizRound.settingEditor,
    label: { fr: "Quiz par équipes", en: "Quiz round" },
    screen: { mount: mountScreen, update: updateScreen },
    phone: { mount: mountPhone, update: updatePhone },
    host: { panel: window.QuizRoundHost.panel, update: window.QuizRoundHost.update },
  });
})();
