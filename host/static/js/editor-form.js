// The pack editor's question form: create and edit a question with live validation (the host's
// own checks, the same as `tourelle questions check`), its picture, save and delete (its sound or
// video: editor-clip.js). Uses `Editor`
// (editor.js) and gives it openForm and closeForm.
"use strict";

(() => {
  const { ed, api, blob, whyRefused, showFindings, announce, loadPacks, openPack } = Editor;

  // ----------------------------------------------------------------- the question form

  function optionInputs() {
    return [...document.querySelectorAll("#e-form [data-option]")];
  }

  /** A choice's "right" tick boxes, one beside each option (several right answers). */
  function rightBoxes() {
    return [...document.querySelectorAll("#e-form [data-option-right]")];
  }

  /** Several right answers: the ticked options' texts, in the options' order. */
  function tickedOptions() {
    const inputs = optionInputs();
    return rightBoxes().map((box, i) => (box.checked ? inputs[i].value.trim() : ""))
      .filter(Boolean);
  }

  /** An ordering question's item fields, numbered 1 to 6 in their right order. */
  function itemInputs() {
    return [...document.querySelectorAll("#e-form [data-order-item]")];
  }

  /** The items up to the last one filled: an empty field between two items stays, so the
   * check's "item 2 ..." names the field numbered 2. */
  function orderItems() {
    const items = itemInputs().map((input) => input.value.trim());
    while (items.length && !items[items.length - 1]) items.pop();
    return items;
  }

  /** Swap an item with the one above or below it (its ↑ or ↓ button). */
  function moveItem(button) {
    const inputs = itemInputs();
    const at = inputs.indexOf(button.closest("li").querySelector("[data-order-item]"));
    const to = at + Number(button.dataset.move);
    if (at < 0 || to < 0 || to >= inputs.length) return;
    [inputs[at].value, inputs[to].value] = [inputs[to].value, inputs[at].value];
    inputs[to].focus();
    scheduleCheck();
  }

  /** A list pasted into an item field (one item a line) fills it and the fields after it. */
  function pasteItems(event) {
    const lines = (event.clipboardData.getData("text") || "").split(/\r?\n/)
      .map((line) => line.trim()).filter(Boolean);
    if (lines.length < 2) return;
    event.preventDefault();
    const inputs = itemInputs();
    const at = inputs.indexOf(event.target);
    lines.slice(0, inputs.length - at).forEach((line, i) => { inputs[at + i].value = line; });
    scheduleCheck();
  }

  /** The item fields' and buttons' names for screen readers, in the page's language. */
  function nameItems() {
    itemInputs().forEach((input, i) => input.setAttribute("aria-label", T.t("ed_order_item", { n: i + 1 })));
    rightBoxes().forEach((box, i) => {
      box.setAttribute("aria-label", T.t("ed_option_right") + " " + (i + 1));
      box.title = T.t("ed_option_right");
    });
    for (const button of document.querySelectorAll("#e-form [data-move]")) {
      const name = T.t(button.dataset.move === "1" ? "ed_move_down" : "ed_move_up");
      button.setAttribute("aria-label", name);
      button.title = name;
    }
  }

  function openForm(item) {
    const q = item ? item.question : null;
    const form = $("#e-form");
    form.hidden = false;
    ed.replaces = q ? q.id : null;
    ed.image = q && q.image ? q.image : null;
    $("#f-heading").textContent = q ? q.id : T.t("ed_new_question");
    $("#f-id").value = q ? q.id : "";
    $("#f-id").placeholder = T.t("ed_id_auto");
    $("#f-kind").value = q && ["numeric", "text", "order"].includes(q.kind) ? q.kind : "choice";
    $("#f-accept").value = q && Array.isArray(q.accept) ? q.accept.join("\n") : "";
    $("#f-similarity").value = q && q.similarity !== undefined && q.similarity !== null ? q.similarity : "";
    $("#f-category").value = (q && q.category) || "";
    $("#f-difficulty").value = q && q.difficulty !== undefined ? q.difficulty : 3;
    $("#f-prompt").value = (q && q.prompt) || "";
    const options = q && Array.isArray(q.options) ? q.options : [];
    optionInputs().forEach((input, i) => { input.value = options[i] !== undefined ? String(options[i]) : ""; });
    const ordered = q && q.kind === "order" && Array.isArray(q.answer);
    const several = q && q.kind === "choice" && Array.isArray(q.answer); // several right answers
    $("#f-several").checked = Boolean(several);
    rightBoxes().forEach((box, i) => { box.checked = Boolean(several && q.answer.includes(options[i])); });
    $("#f-answer").value = q && !ordered && !several && q.answer !== undefined && q.answer !== null
      ? String(q.answer) : "";
    const items = ordered ? q.answer : [];
    itemInputs().forEach((input, i) => { input.value = items[i] !== undefined ? String(items[i]) : ""; });
    nameItems();
    $("#f-unit").value = (q && q.unit) || "";
    $("#f-source").value = (q && q.source) || "";
    $("#f-image-file").value = "";
    ed.imageRefusal = null;
    showImage(null);
    Editor.clipForm.open(q); // its sound or video (editor-clip.js)
    const editable = ed.pack && ed.pack.editable;
    for (const input of form.querySelectorAll("input, select, textarea")) {
      if (input.id !== "f-id") input.disabled = !editable;
    }
    const moves = [...form.querySelectorAll("[data-move]")]; // the first ↑ and the last ↓ never move
    moves.forEach((button, i) => { button.disabled = !editable || i === 0 || i === moves.length - 1; });
    $("#f-save").hidden = !editable;
    $("#f-delete").hidden = !editable || !q;
    $("#f-msg").textContent = "";
    showFindings(form, []);
    kindChanged();
    form.dataset.valid = "";
    // A new question's fields say what is wrong once the host has been in them (or saved):
    // not a wall of errors for fields not yet reached. null: every field (a saved question).
    ed.touched = q ? null : new Set();
    if (editable && q) scheduleCheck(); // a new question is checked from its first keystroke
    form.scrollIntoView({ block: "nearest" });
  }

  function closeForm() {
    $("#e-form").hidden = true;
    ed.replaces = null;
    ed.image = null;
    clearTimeout(ed.checkTimer);
    ed.checkSeq += 1; // a check still on its way no longer counts
  }

  function kindChanged() {
    const numeric = $("#f-kind").value === "numeric";
    const typed = $("#f-kind").value === "text";
    const order = $("#f-kind").value === "order";
    const several = !numeric && !typed && !order && $("#f-several").checked;
    $("#f-row-options").hidden = numeric || typed || order;
    $("#f-row-answer").hidden = order || several; // several: ticked beside the options
    for (const box of rightBoxes()) box.hidden = !several;
    $("#f-several-error").hidden = !several;
    $("#f-row-order").hidden = !order;
    $("#f-row-unit").hidden = !numeric;
    $("#f-row-accept").hidden = !typed;
    $("#f-row-similarity").hidden = !typed;
    $("#f-answer").inputMode = numeric ? "numeric" : "text";
  }

  /** "12" is sent as a number so the checks see what a pack file would hold; "douze" stays text
   * and is refused with its reason. */
  function numberOrText(value) {
    const text = value.trim();
    return /^-?\d+$/.test(text) ? Number(text) : text;
  }

  function collect() {
    const kind = $("#f-kind").value;
    const q = {
      id: $("#f-id").value.trim() || undefined,
      category: $("#f-category").value,
      difficulty: numberOrText(String($("#f-difficulty").value)),
      kind,
      prompt: $("#f-prompt").value.trim(),
    };
    if (kind === "choice") {
      q.options = optionInputs().map((input) => input.value.trim()).filter(Boolean);
      q.answer = $("#f-several").checked ? tickedOptions() : $("#f-answer").value.trim();
    } else if (kind === "order") { // the items in their right order, the first one first
      q.answer = orderItems();
    } else if (kind === "text") { // typed answers: other spellings one a line, a typo threshold
      q.answer = $("#f-answer").value.trim();
      const accept = $("#f-accept").value.split("\n").map((line) => line.trim()).filter(Boolean);
      if (accept.length) q.accept = accept;
      if (String($("#f-similarity").value).trim()) q.similarity = numberOrText(String($("#f-similarity").value));
    } else {
      q.answer = numberOrText($("#f-answer").value);
      if ($("#f-unit").value.trim()) q.unit = $("#f-unit").value.trim();
    }
    q.source = $("#f-source").value.trim();
    if (ed.image) q.image = ed.image;
    return Object.assign(q, Editor.clipForm.fields());
  }

  function scheduleCheck() {
    clearTimeout(ed.checkTimer);
    $("#e-form").dataset.valid = ""; // unknown until the check of what the form holds now
    ed.checkTimer = setTimeout(check, 300);
  }

  /** Live validation: the host's checks on the form as it is; nothing is written. */
  async function check() {
    if (!ed.pack || !ed.pack.editable || $("#e-form").hidden) return;
    const seq = ++ed.checkSeq;
    const answer = await api("/api/packs/" + encodeURIComponent(ed.pack.id) + "/check", {
      method: "POST", body: { question: collect(), replaces: ed.replaces } });
    if (seq !== ed.checkSeq) return; // a newer check (or a close) came after
    if (answer.status !== 200) {
      $("#f-msg").className = "host-msg error";
      $("#f-msg").textContent = T.t("ed_error", { reason: T.refusal(answer) });
      return;
    }
    if (!$("#f-id").value && answer.question) $("#f-id").placeholder = answer.question.id;
    const shown = (answer.findings || []).filter((f) => !ed.touched || !f.field || ed.touched.has(f.field));
    const loose = showFindings($("#e-form"), shown);
    showImageRefusal();
    $("#e-form").dataset.valid = answer.findings.length ? "0" : "1";
    $("#f-msg").className = "host-msg " + (loose.length ? "error" : "ok");
    $("#f-msg").textContent = loose.length ? loose.join(" · ") : answer.findings.length ? "" : T.t("ed_check_ok");
  }

  async function save(event) {
    event.preventDefault();
    clearTimeout(ed.checkTimer);
    ed.checkSeq += 1;
    const answer = await api("/api/packs/" + encodeURIComponent(ed.pack.id) + "/questions", {
      method: "POST", body: { question: collect(), replaces: ed.replaces } });
    if (!answer.ok) {
      ed.touched = null; // a save tried: every field says what is wrong
      const loose = showFindings($("#e-form"), answer.findings || []);
      showImageRefusal();
      $("#e-form").dataset.valid = "0";
      $("#f-msg").className = "host-msg error";
      // Each field's error beside it; the line says where to look (the server's whole reason
      // only when no field holds it).
      const beside = (answer.findings || []).length > 0;
      $("#f-msg").textContent = T.t("ed_refused", { reason: loose.join(" · ")
        || (beside ? T.t("ed_fix_fields") : T.refusal(answer)) });
      return;
    }
    const id = answer.question.id;
    await openPack(ed.pack.id);
    await loadPacks();
    announce();
    $("#e-pack-info").append(h("span", { class: "ok", id: "e-saved", "data-saved": id },
      " · " + T.t("ed_saved", { id })));
  }

  async function remove() {
    if (!ed.replaces || !window.confirm(T.t("ed_confirm_delete", { id: ed.replaces }))) return;
    const id = ed.replaces;
    const answer = await api("/api/packs/" + encodeURIComponent(ed.pack.id) + "/questions/" + encodeURIComponent(id),
      { method: "DELETE" });
    if (!answer.ok) {
      $("#f-msg").className = "host-msg error";
      $("#f-msg").textContent = T.t("ed_error", { reason: T.refusal(answer) });
      return;
    }
    await openPack(ed.pack.id);
    await loadPacks();
    announce();
  }

  // ----------------------------------------------------------------- pictures

  async function showImage(localFile) {
    const name = ed.image;
    $("#f-image-name").textContent = name || T.t("ed_no_image");
    $("#f-image-remove").hidden = !name || !(ed.pack && ed.pack.editable);
    const preview = $("#f-image-preview");
    if (preview.src && preview.src.startsWith("blob:")) URL.revokeObjectURL(preview.src);
    preview.hidden = true;
    preview.removeAttribute("src");
    if (!name) return;
    const data = localFile || await blob("/api/packs/" + encodeURIComponent(ed.pack.id) + "/images/"
      + encodeURIComponent(name));
    if (!data || ed.image !== name) return;
    preview.src = URL.createObjectURL(data);
    preview.hidden = false;
  }

  /** A refused picture stays said beside its field: the form's live check, which redraws
   * every field's findings, came after it and wiped it (the refusal flashed, then vanished). */
  function showImageRefusal() {
    if (!ed.imageRefusal) return;
    const slot = $("#e-form [data-error-for='image']");
    slot.textContent = [slot.textContent, ed.imageRefusal].filter(Boolean).join(" · ");
    slot.closest(".ed-field").classList.add("invalid");
  }

  async function uploadImage() {
    const file = $("#f-image-file").files[0];
    if (!file || !ed.pack) return;
    if (ed.meta && file.size > ed.meta.limits.image_bytes) {
      ed.imageRefusal = T.t("ed_image_too_large", { mb: ed.meta.limits.image_bytes / 1e6 });
      showImageRefusal();
      $("#f-image-file").value = "";
      return;
    }
    const form = new FormData();
    form.append("file", file);
    const answer = await api("/api/packs/" + encodeURIComponent(ed.pack.id) + "/images",
      { method: "POST", body: form });
    $("#f-image-file").value = "";
    if (!answer.ok) {
      ed.imageRefusal = whyRefused(answer);
      showImageRefusal();
      return;
    }
    ed.imageRefusal = null;
    ed.image = answer.image;
    await showImage(file);
    scheduleCheck();
  }

  // ----------------------------------------------------------------- wiring

  $("#e-new").addEventListener("click", () => openForm(null));
  $("#e-form").addEventListener("input", (event) => {
    if (event.target.id === "f-image-file" || event.target.id === "f-clip-file") return;
    if (event.target.id === "f-kind" || event.target.id === "f-several") kindChanged();
    const field = event.target.closest(".ed-field");
    const slot = field && field.querySelector("[data-error-for]");
    if (ed.touched && slot) ed.touched.add(slot.dataset.errorFor);
    if (ed.touched && event.target.matches("[data-option-right], #f-several")) ed.touched.add("answer");
    scheduleCheck();
  });
  $("#e-form").addEventListener("submit", save);
  $("#f-cancel").addEventListener("click", closeForm);
  for (const button of document.querySelectorAll("#e-form [data-move]")) {
    button.addEventListener("click", () => moveItem(button));
  }
  for (const input of itemInputs()) input.addEventListener("paste", pasteItems);
  $("#f-delete").addEventListener("click", remove);
  $("#f-image-file").addEventListener("change", uploadImage);
  $("#f-image-remove").addEventListener("click", () => {
    ed.image = null;
    ed.imageRefusal = null;
    showImage(null);
    scheduleCheck();
  });
  Object.assign(Editor, { openForm, closeForm, scheduleCheck });
})();
