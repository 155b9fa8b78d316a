// Quiz round, a question's sound clip: played by the projector (the room's speakers), never
// by phones; the host page's play, pause and replay. A browser that blocks sound until
// someone clicks (autoplay rules) gets a note on the projector: one click on the page (its
// "♪ Son / ♪ Sound" button) lets it play. Loaded before quiz-round.js (KIND.page_helpers);
// offers window.QuizRoundClip.
"use strict";

window.QuizRoundClip = (() => {
  const { tr } = window.QuizRound;
  let audio = null;
  let note = null;
  let seen = { src: null, plays: 0 };
  let last = null;

  function mount(root) {
    audio = h("audio", { id: "qr-audio", preload: "auto" });
    note = h("p", { class: "qr-sound-note", id: "qr-sound-note", hidden: true }, tr("sound_blocked"));
    audio.addEventListener("timeupdate", () => { // the clip's end
      if (audio.dataset.end && audio.currentTime >= Number(audio.dataset.end)) audio.pause();
    });
    document.addEventListener("click", () => { if (last) update(last); }); // sound allowed now
    root.append(audio, note);
  }

  /** The projector follows the room's `clip`: a new start goes back to the clip's start. */
  function update(view) {
    last = view;
    const q = view.question;
    if (!q || !q.audio || !view.clip) {
      audio.pause();
      note.hidden = true;
      if (seen.src) {
        audio.removeAttribute("src");
        audio.load();
        seen = { src: null, plays: 0 };
      }
      return;
    }
    const [start, end] = q.clip || [0, null];
    if (seen.src !== q.audio) {
      audio.src = q.audio;
      seen = { src: q.audio, plays: 0 };
    }
    audio.dataset.end = end === null ? "" : String(end);
    if (seen.plays !== view.clip.plays) {
      seen.plays = view.clip.plays;
      audio.currentTime = start;
    }
    const ended = end !== null && audio.currentTime >= end;
    if (view.clip.playing && !ended) {
      audio.play().then(() => { note.hidden = true; }).catch(() => { note.hidden = false; });
    } else {
      audio.pause();
    }
  }

  /** The host page's buttons for a question with a sound: [type, enabled, class]. */
  function hostButtons(view) {
    if (!view || !view.clip) return [];
    return [["clip_play", !view.clip.playing, ""], ["clip_pause", view.clip.playing, ""], ["clip_replay", true, ""]];
  }

  return { mount, update, hostButtons };
})();
