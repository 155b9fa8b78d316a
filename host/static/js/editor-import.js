// The pack editor's new pack and import forms: a new empty pack (its id from its title), and a
// file of questions (a Tourelle pack, Kahoot, Moodle GIFT, CSV, Open Trivia DB...) imported as a pack.
// Uses `Editor` (editor.js).
"use strict";

(() => {
  const { api, said, whyRefused, showFindings, announce, loadPacks, openPack } = Editor;

  // ----------------------------------------------------------------- new pack, import

  function slugOf(text) {
    return text.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase()
      .replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "");
  }

  $("#np-title").addEventListener("input", () => {
    if (!$("#np-id").dataset.touched) $("#np-id").value = slugOf($("#np-title").value);
  });
  $("#np-id").addEventListener("input", () => { $("#np-id").dataset.touched = "1"; });
  $("#e-new-pack").addEventListener("submit", async (event) => {
    event.preventDefault();
    const answer = await api("/api/packs", { method: "POST", body: {
      pack: $("#np-id").value.trim(), title: $("#np-title").value.trim(), language: $("#np-language").value,
    } });
    showFindings($("#e-new-pack"), answer.ok ? [] : answer.findings || []);
    $("#np-msg").textContent = answer.ok ? "" : T.t("ed_error", { reason: T.refusal(answer) });
    if (!answer.ok) return;
    $("#np-title").value = "";
    $("#np-id").value = "";
    delete $("#np-id").dataset.touched;
    await loadPacks();
    announce();
    await openPack(answer.pack.id);
    $("#e-pack").scrollIntoView({ block: "start" }); // the new pack, in view (it opens above the form)
  });

  $("#e-import").addEventListener("submit", async (event) => {
    event.preventDefault();
    const file = $("#im-file").files[0];
    const msg = $("#im-msg");
    fill("#im-warnings");
    if (!file) {
      msg.className = "host-msg error";
      msg.textContent = T.t("ed_choose_file");
      return;
    }
    const form = new FormData();
    form.append("file", file);
    form.append("language", $("#im-language").value);
    if ($("#im-format").value) form.append("format", $("#im-format").value);
    if ($("#im-category").value) form.append("category", $("#im-category").value);
    if ($("#im-title").value.trim()) form.append("title", $("#im-title").value.trim());
    msg.className = "host-msg";
    msg.textContent = T.t("ed_importing");
    const answer = await api("/api/packs/import", { method: "POST", body: form });
    msg.className = "host-msg " + (answer.ok ? "ok" : "error");
    msg.textContent = answer.ok ? T.t("ed_imported", { n: answer.imported, id: answer.pack.id })
      : T.t("ed_error", { reason: whyRefused(answer) });
    const warnings = (answer.warnings || []).map((w, i) => said((answer.warnings_text || [])[i], w));
    fill("#im-warnings", warnings.slice(0, 20).map((w) => h("li", {}, w)));
    // A file that names no category (GIFT, CSV without one): the page asks for it.
    const needsCategory = answer.code === "needs_category";
    $("#im-category").setAttribute("aria-invalid", needsCategory ? "true" : "false");
    if (needsCategory) $("#im-category").focus();
    if (!answer.ok) return;
    $("#im-file").value = "";
    showImportFile();
    $("#im-title").value = "";
    await loadPacks();
    announce();
  });

  /** The import's chosen file, in the page's words (the browser's own file input would
   * speak the browser's language: "Choose File", "No file chosen"). */
  function showImportFile() {
    const file = $("#im-file").files[0];
    $("#im-file-name").textContent = file ? file.name : T.t("ed_no_file");
  }

  $("#im-file").addEventListener("change", showImportFile);
  for (const id of ["#np-language", "#im-language"]) $(id).value = T.lang;
})();
