// Quiz round, a question's sound or video clip: played by the projector (the room's speakers and
// screen), never by phones; the host page's play, pause and replay. A video is drawn in the
// question's slot (#qr-video-slot, above the question's text), full width. A browser that
// refuses to play sound until someone clicks (autoplay rules: a play() refused with
// NotAllowedError) gets a banner under the header line, the question readable below it: one
// click removes it and plays; meanwhile the page
// tells the server (a `tourelle:sound` event that screen.js sends as `sound`), so the host
// page says the projector waits for a click. The question's time waits for its clip: once the
// clip plays here the projector says so (`clip_heard`, the kind's screen action) and the server
// starts the time; the host may start it without the sound (`clip_no_sound`). The header's
// badge says the time waits, then that a clip plays. Loaded before quiz-round.js
// (KIND.page_helpers); offers window.QuizRoundClip.
"use strict";

window.QuizRoundClip = (() => {
  const { tr } = window.QuizRound;
  let audio = null;
  let video = null;
  let overlay = null;
  let seen = { src: null, plays: 0 };
  let last = null;
  let blocked = false;
  let retries = 0; // plays tried again for the newest state (see update)
  let send = null; // the projector's ctx.send: what it tells its game
  let told = null; // the step whose clip this projector said plays
  let badge = null;

  function mount(root, head) {
    badge = h("span", { id: "qr-clip", class: "qr-clip-badge", hidden: true });
    if (head) head.append(badge);
    audio = h("audio", { id: "qr-audio", preload: "auto" });
    video = h("video", { id: "qr-video", class: "qr-video", preload: "auto", playsinline: true });
    overlay = h("button", { type: "button", class: "qr-sound-overlay", id: "qr-sound-overlay", hidden: true },
      h("span", {}, "♪"), h("strong", {}, tr("sound_click")));
    for (const media of [audio, video]) {
      media.addEventListener("timeupdate", () => { // the clip's end
        if (media.dataset.end && media.currentTime >= Number(media.dataset.end)) media.pause();
      });
      media.addEventListener("playing", () => heard(media));
      media.addEventListener("pause", showBadge);
    }
    overlay.addEventListener("click", () => { // a click: the browser lets the page play sound now
      overlay.hidden = true;
      if (last) update(last);
    });
    root.append(audio);
    if (head && head.parentNode) head.after(overlay); // in the question's column, over none of it
    else root.append(overlay);
  }

  /** Whether the projector waits for a click to play sound: the overlay, and the server told. */
  function needClick(waiting) {
    overlay.hidden = !waiting;
    if (waiting === blocked) return;
    blocked = waiting;
    document.dispatchEvent(new CustomEvent("tourelle:sound", { detail: { needs_click: waiting } }));
  }

  /** The clip plays here: the question's time may start (the server's journaled event). */
  function heard(media) {
    showBadge();
    const view = last;
    if (!view || !view.clip || !view.clip.waiting || told === view.step || !send || media.muted) return;
    told = view.step;
    send({ type: "clip_heard", step: view.step });
  }

  function showBadge() {
    if (!badge) return;
    const clip = last && last.question ? last.clip : null;
    const media = clip && clip.video ? video : audio;
    const playing = !!clip && !media.paused;
    badge.hidden = !clip || (!playing && !clip.waiting);
    badge.textContent = playing ? tr("clip_on") : tr("clip_waiting");
    badge.classList.toggle("on", playing);
  }

  function stop(media) {
    media.pause();
    if (media.getAttribute("src")) {
      media.removeAttribute("src");
      media.load();
    }
  }

  /** The projector follows the room's `clip`: a new start goes back to the clip's start. */
  function update(view, sendAction) {
    if (sendAction) send = sendAction;
    if (last !== view) retries = 0;
    last = view;
    showBadge();
    const q = view.question;
    const src = view.clip ? (view.clip.video || (q && q.audio)) : null;
    if (!q || !src) {
      stop(audio);
      stop(video);
      video.remove();
      seen = { src: null, plays: 0 };
      needClick(false);
      return;
    }
    const media = view.clip.video ? video : audio;
    const other = media === video ? audio : video;
    if (other.getAttribute("src")) stop(other);
    if (media === video) {
      const slot = document.getElementById("qr-video-slot");
      if (slot && video.parentNode !== slot) slot.append(video);
    } else {
      video.remove();
    }
    const [start, end] = q.clip || [0, null];
    if (seen.src !== src) {
      media.src = src;
      seen = { src, plays: 0 };
    }
    media.dataset.end = end === null ? "" : String(end);
    if (seen.plays !== view.clip.plays) {
      seen.plays = view.clip.plays;
      media.currentTime = start;
    }
    const ended = end !== null && media.currentTime >= end;
    if (view.clip.playing && !ended) {
      media.play().then(() => {
        document.body.dataset.clipRefused = "";
        needClick(false);
        heard(media);
      }).catch((err) => {
        // What the last refused play() said, for a report (a test's failure prints it).
        document.body.dataset.clipRefused = (err && err.name) || "error";
        if (err && err.name === "NotAllowedError") needClick(true);
        // Interrupted (a new state redrew the question while it started) or not playable
        // yet (a slow host still sending the file): try again unless a newer state has
        // come since, which plays on its own. A fetch that failed stays failed (play()
        // refuses with NotSupportedError without fetching again): load it again first.
        // At most 40 tries (10 s) for one state: a file that is not there stays silent.
        else if (retries < 40) setTimeout(() => {
          if (last !== view) return;
          retries += 1;
          if (media.error) {
            media.load();
            seen.plays = null; // back to the clip's start once reloaded
          }
          update(view);
        }, 250);
      });
    } else {
      media.pause();
      overlay.hidden = true; // nothing to play (the host started the time without the sound)
    }
  }

  /** The host page's buttons for a question with a clip: [type, enabled, class]. */
  function hostButtons(view) {
    if (!view || !view.clip) return [];
    const buttons = [["clip_play", !view.clip.playing, ""], ["clip_pause", view.clip.playing, ""],
      ["clip_replay", true, ""]];
    if (view.clip.waiting) buttons.unshift(["clip_no_sound", true, "bad"]);
    return buttons;
  }

  return { mount, update, hostButtons };
})();
