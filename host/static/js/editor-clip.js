// The pack editor's sound or video of a question: its file uploaded beside the pack (the same way
// as a picture: POST /api/packs/<id>/clips, checked by the host, refusals said in the page's
// language) and its clip's start and end in seconds. Loaded after editor-form.js, which calls
// Editor.clipForm.open(question) and adds Editor.clipForm.fields() to what it checks and saves.
"use strict";

(() => {
  const { ed, api, whyRefused } = Editor;
  ed.clip = null; // {field: "audio" | "video", file: "<pack>.<digest>.<type>"}

  function show() {
    const clip = ed.clip;
    $("#f-clip-name").textContent = clip
      ? T.t(clip.field === "video" ? "ed_clip_video" : "ed_clip_audio") + " · " + clip.file : T.t("ed_no_clip");
    $("#f-clip-remove").hidden = !clip || !(ed.pack && ed.pack.editable);
  }

  /** The form opened on a question (or a new one: null). */
  function open(q) {
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
    ed.clip = { field: answer.field, file: answer.file };
    show();
    Editor.scheduleCheck();
  }

  $("#f-clip-file").addEventListener("change", upload);
  $("#f-clip-remove").addEventListener("click", () => {
    ed.clip = null;
    show();
    Editor.scheduleCheck();
  });
  Editor.clipForm = { open, fields };
})();
