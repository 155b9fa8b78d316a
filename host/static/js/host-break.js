// The host page's break: a message and a countdown on the projector and the phones, and its
// background music on the projector only (host/room/break_sounds.py): a sound uploaded here or a
// pack question's clip, chosen before the break is shown; while it shows, whether it plays, and
// one tap to stop it or play it again (`break_music`). Drawn from `host_state` (host-plans.js
// calls window.HostBreak.draw) and each `break` event. Loaded before host-plans.js, after
// host.js (socket) and editor.js (Editor.api: requests with the host key).
"use strict";

window.HostBreak = (() => {
  let shown = null; // the break on the projector: {message, total, left, night, music} or null
  let choices = { sounds: [], clips: [] }; // GET /api/break/sounds
  let typed = false; // the host wrote their own message: the minutes no longer rewrite it

  /** "Reprise à 21 h 15" / "Back at 21:15": the restart's time, from the minutes chosen. */
  function restartText() {
    const at = new Date(Date.now() + Math.max(0, Number($("#break-minutes").value) || 0) * 60000);
    const hh = at.getHours(), mm = String(at.getMinutes()).padStart(2, "0");
    return T.t("break_default", { time: T.lang === "fr" ? `${hh} h ${mm}` : `${hh}:${mm}` });
  }

  async function loadSounds(chosen) {
    const answer = await Editor.api("/api/break/sounds");
    if (!answer.ok) return;
    choices = answer;
    // The break's own music while one shows (so "update the break" keeps it), else the choice.
    const now = shown && shown.music ? (shown.music.sound ? "sound:" + shown.music.sound
      : "question:" + shown.music.question) : "";
    const keep = chosen || $("#break-music").value || now;
    fill("#break-music", h("option", { value: "" }, T.t("break_music_none")),
      choices.sounds.length ? h("optgroup", { label: T.t("break_music_sounds") },
        choices.sounds.map((s) => h("option", { value: "sound:" + s.id }, s.name))) : null,
      choices.clips.length ? h("optgroup", { label: T.t("break_music_clips") },
        choices.clips.map((c) => h("option", { value: "question:" + c.question },
          `${c.prompt.length > 48 ? c.prompt.slice(0, 47) + "…" : c.prompt} (${c.pack})`))) : null);
    if ([...$("#break-music").options].some((o) => o.value === keep)) $("#break-music").value = keep;
  }

  function chosenMusic() {
    const value = $("#break-music").value;
    if (!value) return null;
    const at = value.indexOf(":");
    return { [value.slice(0, at)]: value.slice(at + 1) };
  }

  async function upload() {
    const input = $("#break-sound-file");
    if (!input.files.length) return;
    const form = new FormData();
    form.append("file", input.files[0]);
    $("#break-msg").textContent = "";
    const answer = await Editor.api("/api/break/sounds", { method: "POST", body: form });
    input.value = "";
    if (!answer.ok) {
      $("#break-msg").textContent = T.refusal(answer);
      return;
    }
    $("#break-music-saved").textContent = T.t("break_uploaded", { name: answer.sound.name });
    await loadSounds("sound:" + answer.sound.id);
  }

  function draw(message) {
    shown = message || null;
    $("#break-end").hidden = !shown;
    $("#break-show").textContent = T.t(shown ? "break_again" : "break_show");
    document.body.dataset.break = shown ? "on" : "";
    const music = shown && shown.music;
    $("#break-music-live").hidden = !music;
    document.body.dataset.breakMusic = music ? (music.playing ? "on" : "stopped") : "";
    if (music) {
      $("#break-music-state").textContent = T.t(music.playing ? "break_music_on" : "break_music_off",
        { name: music.name });
      $("#break-music-toggle").textContent = T.t(music.playing ? "break_music_stop" : "break_music_play");
    }
    document.dispatchEvent(new CustomEvent("tourelle:break-music")); // host.js: the projector's sound line
  }

  $("#break-minutes").addEventListener("input", () => { if (!typed) $("#break-message").value = restartText(); });
  $("#break-message").addEventListener("input", () => { typed = !!$("#break-message").value; });
  $("#break-box").addEventListener("toggle", () => {
    if (!typed) $("#break-message").value = restartText();
    if ($("#break-box").open) loadSounds();
  });
  $("#break-show").addEventListener("click", () => {
    const seconds = Math.round(Math.max(0, Number($("#break-minutes").value) || 0) * 60);
    socket.emit("break", { message: $("#break-message").value.trim(), seconds, music: chosenMusic() }, (ack) => {
      $("#break-msg").textContent = ack && ack.ok ? "" : T.refusal(ack);
    });
  });
  $("#break-end").addEventListener("click", () => socket.emit("break_end", {}));
  $("#break-music-toggle").addEventListener("click", () => {
    const playing = !(shown && shown.music && shown.music.playing);
    socket.emit("break_music", { playing }, (ack) => {
      $("#break-msg").textContent = ack && ack.ok ? "" : T.refusal(ack);
    });
  });
  $("#break-sound-file").addEventListener("change", upload);
  socket.on("break", (message) => draw(message.break));

  return { draw };
})();
