// The pack editor's sound or video of a question: its file uploaded beside the pack (the same way
// as a picture: POST /api/packs/<id>/clips, checked by the host, refusals said in the page's
// language) and its clip's start and end in seconds. Loaded after editor-form.js, which calls
// Editor.clipForm.open(question) and adds Editor.clipForm.fields() to what it checks and saves.
// The host may play the clip before saving, from its start to its end as the form holds them,
// the way the projector does (kinds/quiz-round-clip.js: set the start, pause at the end on
// `timeupdate`); an <audio src> cannot send the host key, so the file is fetched with it
// (GET /api/packs/<id>/clips/<name>, host/routes/pack_media.py) and played from an object URL.
"use strict";

(() => {
  const { ed, api, blob, whyRefused } = Editor;
  ed.clip = null; // {field: "audio" | "video", file: "<pack>.<digest>.<type>"}
  const player = { file: null, field: null, url: null, seq: 0 }; // the file fetched for playing
  const END_SLACK = 0.25; // seconds an end may pass the file's length (its last frame's rounding)

  function show() {
    const clip = ed.clip;
    $("#f-clip-name").textContent = clip
      ? T.t(clip.field === "video" ? "ed_clip_video" : "ed_clip_audio") + " · " + clip.file : T.t("ed_no_clip");
    $("#f-clip-remove").hidden = !clip || !(ed.pack && ed.pack.editable);
    playLabel();
  }

  // ----------------------------------------------------------------- playing before saving

  const mediaOf = (field) => (field === "video" ? $("#f-clip-video") : $("#f-clip-audio"));
  const playing = () => [$("#f-clip-audio"), $("#f-clip-video")].some((media) => !media.paused);

  function playLabel() {
    const button = $("#f-clip-play");
    button.hidden = !ed.clip;
    button.dataset.playing = playing() ? "1" : "";
    button.dataset.t = playing() ? "ed_clip_stop" // data-t: a language switch redraws it
      : ed.clip && ed.clip.field === "video" ? "ed_clip_watch" : "ed_clip_listen";
    button.textContent = T.t(button.dataset.t);
  }

  /** Stop playing; `forget`: also drop the fetched file (the form closed, the clip changed). */
  function stopClip(forget) {
    player.seq += 1; // a fetch or a start on its way no longer plays
    for (const media of [$("#f-clip-audio"), $("#f-clip-video")]) {
      media.pause();
      if (forget && media.getAttribute("src")) {
        media.removeAttribute("src");
        media.load();
      }
    }
    if (forget) {
      $("#f-clip-video").hidden = true;
      $("#f-clip-play-error").textContent = "";
      if (player.url) URL.revokeObjectURL(player.url);
      Object.assign(player, { file: null, field: null, url: null });
    }
    playLabel();
  }

  /** The clip's [start, end] in seconds of a file lasting `duration` (empty fields: the file's
   * start, its end: null), or {error} in the page's words. */
  function span(duration) {
    const read = (id) => {
      const text = $(id).value.trim();
      return text === "" ? null : Number(text);
    };
    const start = read("#f-clip-start") ?? 0;
    const end = read("#f-clip-end");
    if (!Number.isFinite(start) || start < 0 || (end !== null && !(Number.isFinite(end) && end > start))) {
      return { error: T.t("ed_clip_bad_times") };
    }
    if (Number.isFinite(duration) && (start >= duration || (end !== null && end > duration + END_SLACK))) {
      return { error: T.t("ed_clip_beyond", { s: (Math.round(duration * 10) / 10).toLocaleString(T.lang) }) };
    }
    return { start, end };
  }

  /** The media element with its metadata (its duration), false when the file cannot play. */
  function metadata(media) {
    if (media.readyState >= 1) return Promise.resolve(true);
    return new Promise((resolve) => {
      media.addEventListener("loadedmetadata", () => resolve(true), { once: true });
      media.addEventListener("error", () => resolve(false), { once: true });
    });
  }

  async function playClip() {
    const clip = ed.clip;
    if (!clip || !ed.pack) return;
    if (playing()) {
      stopClip(false);
      return;
    }
    const said = $("#f-clip-play-error");
    const fresh = player.file !== clip.file || player.field !== clip.field;
    if (fresh) stopClip(true);
    said.textContent = "";
    const seq = ++player.seq;
    const media = mediaOf(clip.field);
    const gone = () => seq !== player.seq || ed.clip !== clip; // stopped, or another clip since
    if (fresh) {
      $("#f-clip-play").textContent = T.t("ed_clip_loading");
      const data = await blob("/api/packs/" + encodeURIComponent(ed.pack.id) + "/clips/"
        + clip.file.split("/").map(encodeURIComponent).join("/") + "?kind=" + clip.field);
      if (gone()) return;
      if (!data) {
        said.textContent = T.t("ed_clip_unplayable");
        playLabel();
        return;
      }
      Object.assign(player, { file: clip.file, field: clip.field, url: URL.createObjectURL(data) });
      media.src = player.url;
    }
    const loaded = await metadata(media);
    if (gone()) return;
    const times = loaded ? span(media.duration) : { error: T.t("ed_clip_unplayable") };
    if (times.error) {
      said.textContent = times.error;
      playLabel();
      return;
    }
    media.dataset.end = times.end === null ? "" : String(times.end);
    media.currentTime = times.start;
    if (media.tagName === "VIDEO") media.hidden = false;
    try {
      await media.play();
    } catch (err) {
      if (!gone() && !(err && err.name === "AbortError")) said.textContent = T.t("ed_clip_unplayable");
    }
    playLabel();
  }

  for (const media of [$("#f-clip-audio"), $("#f-clip-video")]) {
    media.addEventListener("timeupdate", () => { // the clip's end, as the projector stops there
      if (media.dataset.end && media.currentTime >= Number(media.dataset.end)) media.pause();
    });
    media.addEventListener("playing", () => {
      media.dataset.state = "playing";
      playLabel();
    });
    media.addEventListener("pause", () => {
      const end = media.dataset.end ? Number(media.dataset.end) : media.duration;
      media.dataset.state = media.ended || media.currentTime >= end ? "ended" : "paused";
      playLabel();
    });
  }

  /** The form opened on a question (or a new one: null). */
  function open(q) {
    stopClip(true);
    const field = q && q.video ? "video" : q && q.audio ? "audio" : null;
    ed.clip = field ? { field, file: q[field] } : null;
    const times = q && Array.isArray(q.clip) ? q.clip : [];
    for (const [i, id, key] of [[0, "#f-clip-start", "ed_clip_start"], [1, "#f-clip-end", "ed_clip_end"]]) {
      $(id).value = times.length === 2 ? String(times[i]) : "";
      $(id).placeholder = T.t(key);
      $(id).setAttribute("aria-label", T.t(key));
    }
    $("#f-clip-file").value = "";
    for (const slot of document.querySelectorAll("#f-row-clip-file [data-error-for]")) slot.textContent = "";
    show();
  }

  /** "12.5" as a number, as a pack file would hold it; anything else as typed (refused with why). */
  function seconds(input) {
    const text = input.value.trim();
    return text !== "" && Number.isFinite(Number(text)) ? Number(text) : text;
  }

  /** The question's clip fields as the form holds them. */
  function fields() {
    const out = {};
    if (ed.clip) out[ed.clip.field] = ed.clip.file;
    const start = seconds($("#f-clip-start"));
    const end = seconds($("#f-clip-end"));
    if (start !== "" || end !== "") out.clip = [start, end];
    return out;
  }

  async function upload() {
    const file = $("#f-clip-file").files[0];
    if (!file || !ed.pack) return;
    const slot = $("#f-row-clip-file [data-error-for='audio']");
    const field = slot.closest(".ed-field");
    field.classList.remove("invalid");
    slot.textContent = "";
    if (ed.meta && file.size > ed.meta.limits.video_bytes) {
      slot.textContent = T.t("ed_clip_too_large", { mb: ed.meta.limits.video_bytes / 1e6 });
      field.classList.add("invalid");
      $("#f-clip-file").value = "";
      return;
    }
    const form = new FormData();
    form.append("file", file);
    $("#f-clip-name").textContent = T.t("ed_clip_sending");
    const answer = await api("/api/packs/" + encodeURIComponent(ed.pack.id) + "/clips", { method: "POST", body: form });
    $("#f-clip-file").value = "";
    if (!answer.ok) {
      show();
      slot.textContent = whyRefused(answer);
      field.classList.add("invalid");
      return;
    }
    stopClip(true);
    ed.clip = { field: answer.field, file: answer.file };
    show();
    Editor.scheduleCheck();
  }

  $("#f-clip-file").addEventListener("change", upload);
  $("#f-clip-play").addEventListener("click", playClip);
  for (const id of ["#f-clip-start", "#f-clip-end"]) { // a refusal of the old times goes
    $(id).addEventListener("input", () => { $("#f-clip-play-error").textContent = ""; });
  }
  // The form closed (or the editor folded away): the clip stops.
  new MutationObserver(() => { if ($("#e-form").hidden) stopClip(true); })
    .observe($("#e-form"), { attributes: true, attributeFilter: ["hidden"] });
  $("#editor").addEventListener("toggle", () => { if (!$("#editor").open) stopClip(false); });
  $("#f-clip-remove").addEventListener("click", () => {
    stopClip(true);
    ed.clip = null;
    show();
    Editor.scheduleCheck();
  });
  Editor.clipForm = { open, fields };
})();
