// The break's background music, on the projector only (host/room/break_sounds.py): an uploaded
// sound or a pack question's clip, looped (a clip between its start and end), at a sensible
// volume, faded in and out; it stops when the host stops it or the break ends. The phones never
// load this script. A browser that refuses to play before a click (autoplay rules) shows the
// break's "touch the screen to enable sound" line and tells the server, as a question's clip does
// (`tourelle:sound`, which screen.js sends as `sound`); the first click on the page plays it.
// Hears the break from breaks.js (`tourelle:break`). Its state for a reader: body[data-break-music]
// "playing", "waiting" (for a click), "stopped" or "".
"use strict";

(() => {
  const VOLUME = 0.6; // under a speaking host's voice: a background, not the show
  const FADE_MS = 1500;
  const audio = h("audio", { id: "break-audio", preload: "auto" });
  audio.loop = true;
  document.body.append(audio);
  let music = null; // the break's {url, clip, playing} or null
  let waiting = false; // the browser refused to play until a click
  let fading = null;

  function say(what) {
    document.body.dataset.breakMusic = what;
    $("#break-sound").hidden = what !== "waiting";
  }

  function needClick(wait) {
    if (wait === waiting) return;
    waiting = wait;
    document.dispatchEvent(new CustomEvent("tourelle:sound", { detail: { needs_click: wait } }));
  }

  /** Move the volume to `target` over FADE_MS, then `then()`. */
  function fade(target, then) {
    clearInterval(fading);
    const from = audio.volume, started = performance.now();
    fading = setInterval(() => {
      const done = Math.min(1, (performance.now() - started) / FADE_MS);
      audio.volume = from + (target - from) * done;
      if (done < 1) return;
      clearInterval(fading);
      fading = null;
      if (then) then();
    }, 50);
  }

  // A clip loops between its start and its end (a whole file loops by itself: `loop`).
  audio.addEventListener("timeupdate", () => {
    const clip = music && music.clip;
    if (clip && audio.currentTime >= clip[1]) audio.currentTime = clip[0];
  });

  function play() {
    clearInterval(fading); // a fade out under way: back up from where it is
    const wasFading = fading !== null;
    fading = null;
    if (audio.getAttribute("src") !== music.url) {
      audio.src = music.url;
      if (music.clip) audio.currentTime = music.clip[0];
    }
    audio.muted = !!Sound.muted;
    if (!audio.paused && !wasFading) return;
    audio.volume = audio.paused ? 0 : audio.volume;
    audio.play().then(() => {
      needClick(false);
      say("playing");
      fade(VOLUME);
    }).catch((err) => {
      if (err && err.name === "NotAllowedError") {
        needClick(true);
        say("waiting");
      }
    });
  }

  function stop(then) {
    if (audio.paused) {
      if (then) then();
      return;
    }
    fade(0, () => {
      audio.pause();
      if (then) then();
    });
  }

  function update(shown) {
    music = shown && shown.music ? shown.music : null;
    if (music && music.playing) {
      play();
      return;
    }
    needClick(false); // nothing to play: no click asked for
    say(music ? "stopped" : "");
    stop(() => {
      if (!music && audio.getAttribute("src")) { // the break is over: let the file go
        audio.removeAttribute("src");
        audio.load();
      }
    });
  }

  document.addEventListener("tourelle:break", (event) => update(event.detail));
  // The first click (or key) on the page: the browser lets it play now.
  for (const gesture of ["click", "keydown", "touchend"]) {
    document.addEventListener(gesture, () => { if (waiting && music && music.playing) play(); });
  }
  // The header's mute button (screen.js) silences the break's music too.
  $("#mute").addEventListener("click", () => { audio.muted = !!Sound.muted; });
})();
